//! Hints: the move for a person, searched on the pool within the hint's
//! budget, refused while one is pending for the same person.

use super::*;
use crate::i18n::{tr, Lang};

impl Service {
    /// Whether `user` may have a hint at the table drawn at `stamp`, the
    /// table's own rule ([`Table::check_hint`]), answered before any search.
    pub async fn check_hint(&self, at: At, stamp: u64, user: UserId) -> Result<(), ServiceError> {
        let slot = self.find(at).await?;
        let live = slot.live.lock().await;
        live.table.check_hint(user, stamp)?;
        Ok(())
    }

    /// The move to play for `user`, who is to move at table `no` drawn at
    /// `stamp`, with what the search proved about it ([`crate::cpu::hint`], on
    /// the pool's hint lane with the game's hint budget,
    /// [`crate::cpu::hint::budget_for`]: the answer is deferred, so it may
    /// think far longer than a CPU move). One hint per table at a time.
    pub async fn hint(
        self: &Arc<Self>,
        at: At,
        stamp: u64,
        user: UserId,
    ) -> Result<HintAnswer, ServiceError> {
        // The hint's time counts from here: waiting for the lane comes off it.
        let asked = std::time::Instant::now();
        let cap = self.limits().hints_per_person;
        let _held = self
            .busy
            .take(&[(limits::Count::Hints(user), cap, Busy::Hints)])
            .map_err(ServiceError::Busy)?;
        let slot = self.find(at).await?;
        let (game, cancel) = {
            let mut live = slot.live.lock().await;
            live.table.check_hint(user, stamp)?;
            if live.hint.is_some() {
                return Err(Refusal::HintPending.into());
            }
            let cancel = Arc::new(AtomicBool::new(false));
            live.hint = Some((stamp, cancel.clone()));
            (live.table.game().clone(), cancel)
        };
        let result = self
            .pool
            .hint(
                Search {
                    table: slot.no,
                    game: game.clone(),
                    level: Level::Hard,
                    time: crate::cpu::hint::time_for(&game),
                    cancel: cancel.clone(),
                },
                asked,
            )
            .await;
        {
            let mut live = slot.live.lock().await;
            if live
                .hint
                .as_ref()
                .is_some_and(|(_, c)| Arc::ptr_eq(c, &cancel))
            {
                live.hint = None;
            }
        }
        let verdict = match result {
            Ok(verdict) => verdict,
            Err(SearchError::Cancelled) => return Err(Refusal::StaleBoard.into()),
            Err(SearchError::Full) => return Err(ServiceError::Busy(Busy::HintQueue)),
            // Its time passed while it waited: the best guess, at once.
            Err(SearchError::Expired) => {
                fallback_move(&game, &mut self.rng()).map(|mv| crate::cpu::Verdict::Guess { mv })
            }
            Err(SearchError::Failed(e)) => {
                warn!("table {}: the hint search failed ({e})", slot.no);
                fallback_move(&game, &mut self.rng()).map(|mv| crate::cpu::Verdict::Guess { mv })
            }
        };
        Ok(HintAnswer {
            best: verdict.map(|v| v.mv()),
            game,
            verdict,
        })
    }
}

/// What a hint found.
#[derive(Debug, Clone)]
pub struct HintAnswer {
    /// The position the hint is for.
    pub game: AnyGame,
    /// The move it suggests (`verdict`'s move).
    pub best: Option<Move>,
    /// What the search proved about that move (a plain guess when it
    /// proved nothing in time, or the search failed).
    pub verdict: Option<crate::cpu::Verdict>,
}

impl HintAnswer {
    /// What a hint says: the move to play and what the search proved about it
    /// (wins, holds the draw, every move loses), or that it is a best guess.
    pub fn text(&self, lang: Lang) -> String {
        match self.verdict {
            Some(verdict) => {
                use crate::cpu::Verdict;
                let name = self.game.move_name(verdict.mv());
                let (key, moves) = match verdict {
                    Verdict::Wins {
                        in_moves: Some(1), ..
                    } => ("hint-wins-now", None),
                    Verdict::Wins {
                        in_moves: Some(n), ..
                    } => ("hint-wins", Some(n)),
                    Verdict::Wins { in_moves: None, .. } => ("hint-wins-proved", None),
                    Verdict::Draws { .. } => ("hint-draws", None),
                    Verdict::Loses {
                        lasts_moves: Some(1),
                        ..
                    } => ("hint-loses-now", None),
                    Verdict::Loses {
                        lasts_moves: Some(n),
                        ..
                    } => ("hint-loses", Some(n)),
                    Verdict::Loses {
                        lasts_moves: None, ..
                    } => ("hint-loses-proved", None),
                    Verdict::Guess { .. } => ("hint-guess", None),
                };
                let moves = moves.unwrap_or_default();
                tr(lang, key, &[("move", &name), ("moves", &moves)])
            }
            None => tr(lang, "hint-none", &[]),
        }
    }
}
