//! Reviews of finished matches ([`crate::cpu::review`]): every position
//! judged on the pool's review lane, one position per job, so that a
//! review never holds a worker for long and never delays a CPU move. A
//! match is judged once: its judgements are stored, and while one review
//! of it is being prepared later askers wait for that one.

use super::limits::{Busy, Count};
use super::pool::Search;
use super::{Service, ServiceError};
use crate::cpu::review::{self, position_time, Judged, Review, REVIEW_TIME};
use crate::cpu::Level;
use crate::game::{AnyGame, GameKind};
use crate::table::{MatchRecord, UserId};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tracing::warn;

impl Service {
    /// Sets how long a review thinks on each position and in all, instead
    /// of the engine's [`position_time`] and [`REVIEW_TIME`]: for tests
    /// that count a review's searches or its limits rather than grade it.
    pub fn set_review_time(&self, per_position: Duration, whole: Duration) {
        *self.review_time.lock().unwrap_or_else(|e| e.into_inner()) = Some((per_position, whole));
    }

    /// The review of finished match `id`, asked by `asker` in `guild`, or
    /// `None` when its record does not replay. A stored review is answered
    /// at once; a new one is refused when the asker (or the server) waits
    /// for as many as the fair-use limits allow.
    pub async fn review(
        &self,
        id: u64,
        record: &MatchRecord,
        asker: UserId,
        guild: u64,
    ) -> Result<Option<Review>, ServiceError> {
        let Some((kind, moves)) = record.replay() else {
            return Ok(None);
        };
        let Some(positions) = review::positions(kind, &moves) else {
            return Ok(None);
        };
        let stored = |judged: Option<Vec<Judged>>| judged.filter(|j| j.len() == positions.len());
        if let Some(judged) = stored(self.store.match_review(id).await?) {
            return Ok(Some(review::grade(&positions, &moves, &judged)));
        }
        let limits = self.limits();
        let _asking = self
            .busy
            .take(&[(
                Count::Reviews(asker),
                limits.reviews_per_person,
                Busy::Reviews,
            )])
            .map_err(ServiceError::Busy)?;
        let once = self
            .reviewing
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(id)
            .or_default()
            .clone();
        let _turn = once.lock().await;
        // Whoever held the turn before may have judged it meanwhile.
        let judged = match stored(self.store.match_review(id).await?) {
            Some(judged) => judged,
            None => {
                let _judging = self
                    .busy
                    .take(&[(
                        Count::ServerReviews(guild),
                        limits.reviews_per_server,
                        Busy::ServerReviews,
                    )])
                    .map_err(ServiceError::Busy)?;
                let judged = self.judge_all(record.table, kind, &positions).await;
                if let Err(e) = self.store.save_match_review(id, &judged, self.now()).await {
                    warn!("match {id}: could not keep its review: {e}");
                }
                judged
            }
        };
        {
            let mut reviewing = self.reviewing.lock().unwrap_or_else(|e| e.into_inner());
            if reviewing.get(&id).is_some_and(|o| Arc::ptr_eq(o, &once)) {
                reviewing.remove(&id);
            }
        }
        Ok(Some(review::grade(&positions, &moves, &judged)))
    }

    /// Judges `positions` from the last to the first: the late ones are
    /// quick and fill the solver's table for the earlier ones.
    async fn judge_all(&self, table: u64, kind: GameKind, positions: &[AnyGame]) -> Vec<Judged> {
        let set = *self.review_time.lock().unwrap_or_else(|e| e.into_inner());
        let (per_position, whole) = set.unwrap_or((position_time(kind), REVIEW_TIME));
        let until = Instant::now() + whole;
        let mut judged = vec![Judged::UNKNOWN; positions.len()];
        for (i, position) in positions.iter().enumerate().rev() {
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            let search = Search {
                table,
                game: position.clone(),
                level: Level::Hard,
                time: per_position.min(left),
                cancel: Arc::default(),
            };
            if let Ok(Some(j)) = self.pool.judge(search).await {
                judged[i] = j;
            }
        }
        judged
    }
}
