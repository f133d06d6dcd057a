//! Replays of finished matches ([`crate::replay`]): encoded on the pool's
//! review lane (never in front of a CPU move), one at a time per table,
//! and kept a few minutes, so that a second request for the same match
//! (the other player pressing Replay too) gets the same GIF at once.

use super::{Service, ServiceError};
use crate::cpu::review::{self, Review};
use crate::i18n::Lang;
use crate::render::Animation;
use crate::table::MatchRecord;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tracing::warn;

/// How long a replay is kept after it was made.
pub const KEEP_REPLAY_MS: u64 = 5 * 60 * 1000;

/// Most replays kept at once (the newest stay; each is at most a few
/// hundred KB).
const KEPT: usize = 32;

/// What a kept replay was made of: the match, the language of its words,
/// and whether a review's turning points are marked on it.
type Key = (u64, Lang, bool);

/// The replays made lately, and the one being made at each table.
#[derive(Default)]
pub(super) struct Replays {
    made: Mutex<HashMap<Key, (u64, Arc<Animation>)>>,
    making: Mutex<HashMap<u64, Arc<tokio::sync::Mutex<()>>>>,
}

impl Replays {
    fn kept(&self, key: Key, now: u64) -> Option<Arc<Animation>> {
        let mut made = self.made.lock().unwrap_or_else(|e| e.into_inner());
        made.retain(|_, (at, _)| at.saturating_add(KEEP_REPLAY_MS) > now);
        made.get(&key).map(|(_, animation)| Arc::clone(animation))
    }

    fn keep(&self, key: Key, now: u64, animation: &Arc<Animation>) {
        let mut made = self.made.lock().unwrap_or_else(|e| e.into_inner());
        if made.len() >= KEPT {
            let oldest = made.iter().min_by_key(|(_, (at, _))| *at).map(|(k, _)| *k);
            if let Some(oldest) = oldest {
                made.remove(&oldest);
            }
        }
        made.insert(key, (now, Arc::clone(animation)));
    }

    /// The turn of table `table`: whoever holds it makes its replay.
    fn turn(&self, table: u64) -> Arc<tokio::sync::Mutex<()>> {
        let mut making = self.making.lock().unwrap_or_else(|e| e.into_inner());
        making.entry(table).or_default().clone()
    }

    fn done(&self, table: u64, turn: &Arc<tokio::sync::Mutex<()>>) {
        let mut making = self.making.lock().unwrap_or_else(|e| e.into_inner());
        // Only the last one waiting forgets the turn (the map holds one).
        if making.get(&table).is_some_and(|t| Arc::ptr_eq(t, turn)) && Arc::strong_count(turn) <= 2
        {
            making.remove(&table);
        }
    }
}

impl Service {
    /// The replay of finished match `id` with its words in `lang`, or
    /// `None` when its record does not replay. The turning points of a
    /// review stored for it are marked (a replay starts no review). A
    /// replay made in the last [`KEEP_REPLAY_MS`] is answered at once;
    /// a table's replays are made one at a time, later askers waiting for
    /// the one being made.
    pub async fn replay(
        &self,
        id: u64,
        record: &MatchRecord,
        lang: Lang,
    ) -> Result<Option<Arc<Animation>>, ServiceError> {
        let review = self.stored_review(id, record).await;
        let key = (id, lang, review.is_some());
        if let Some(kept) = self.replays.kept(key, self.now()) {
            return Ok(Some(kept));
        }
        let turn = self.replays.turn(record.table);
        let made = {
            let _turn = turn.lock().await;
            // Whoever held the turn before may have made this one.
            match self.replays.kept(key, self.now()) {
                Some(kept) => Some(kept),
                None => {
                    let record = record.clone();
                    let making = self.pool.run_beside_reviews(move || {
                        crate::replay::animation(lang, id, &record, review.as_ref())
                    });
                    match making.await {
                        Ok(Some(animation)) => {
                            let animation = Arc::new(animation);
                            self.replays.keep(key, self.now(), &animation);
                            Some(animation)
                        }
                        Ok(None) => None,
                        Err(e) => {
                            warn!("match {id}: its replay could not be made: {e:?}");
                            None
                        }
                    }
                }
            }
        };
        self.replays.done(record.table, &turn);
        Ok(made)
    }

    /// Match `id`'s review, when it has been judged and stored.
    async fn stored_review(&self, id: u64, record: &MatchRecord) -> Option<Review> {
        let (kind, moves) = record.replay()?;
        let positions = review::positions(kind, &moves)?;
        let judged = match self.store.match_review(id).await {
            Ok(judged) => judged?,
            Err(e) => {
                warn!("match {id}: its review could not be read for its replay: {e}");
                return None;
            }
        };
        (judged.len() == positions.len()).then(|| review::grade(&positions, &moves, &judged))
    }

    /// The finished match `match_no` of table `table`, with its number,
    /// if it was played in `channel` (the Replay button of its board).
    pub async fn match_of_table(
        &self,
        table: u64,
        match_no: u32,
        channel: u64,
    ) -> Result<Option<(u64, MatchRecord)>, ServiceError> {
        let found = self.store.match_of_table(table, match_no).await?;
        Ok(found.filter(|(_, record)| record.channel == channel))
    }
}
