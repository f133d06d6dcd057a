//! Reviews of finished matches ([`crate::cpu::review`]): every position
//! judged on the search pool, one position per job, so that a review never
//! holds a worker for long and the tables in play keep their answers.

use super::pool::Search;
use super::Service;
use crate::cpu::review::{self, position_time, Judged, Review, REVIEW_TIME};
use crate::cpu::Level;
use crate::table::MatchRecord;
use std::sync::Arc;
use std::time::Instant;

impl Service {
    /// The review of a finished match, or `None` when its record does not
    /// replay. Positions are judged from the last to the first: the late
    /// ones are quick and fill the solver's table for the earlier ones.
    pub async fn review(&self, record: &MatchRecord) -> Option<Review> {
        let (kind, moves) = record.replay()?;
        let positions = review::positions(kind, &moves)?;
        let per_position = position_time(kind);
        let until = Instant::now() + REVIEW_TIME;
        let mut judged = vec![Judged::UNKNOWN; positions.len()];
        for (i, position) in positions.iter().enumerate().rev() {
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            let search = Search {
                table: record.table,
                game: position.clone(),
                level: Level::Hard,
                time: per_position.min(left),
                cancel: Arc::default(),
            };
            if let Ok(Some(j)) = self.pool.judge(search).await {
                judged[i] = j;
            }
        }
        Some(review::grade(&positions, &moves, &judged))
    }
}
