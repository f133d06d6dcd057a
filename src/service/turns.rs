//! CPU turns and the actions no person waits for: a CPU seat's search on
//! the pool, its move applied (retried while the store fails), and a legal
//! move when the search gives none.

use super::pool::{Search, SearchError};
use super::{think_time, Live, Notice, Service, ServiceError, Slot};
use crate::game::{AnyGame, Game, Move};
use crate::table::{Action, Player};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tracing::{error, warn};

impl Service {
    pub(super) fn start_cpu(self: &Arc<Self>, slot: &Arc<Slot>, live: &mut Live, stamp: u64) {
        if live.table.stamp() != stamp || live.search.is_some() {
            return;
        }
        let Some(Player::Cpu { level }) = live.table.player_to_move().cloned() else {
            return;
        };
        let cancel = Arc::new(AtomicBool::new(false));
        live.search = Some((stamp, cancel.clone()));
        let game = live.table.game().clone();
        let service = self.clone();
        let slot = slot.clone();
        tokio::spawn(async move {
            let search = Search {
                table: slot.no,
                game: game.clone(),
                level,
                time: think_time(level),
                cancel: cancel.clone(),
            };
            let started = std::time::Instant::now();
            let found = service.pool.search(search).await;
            crate::metrics::metrics().cpu_move(
                game.kind().command(),
                level.name(),
                started.elapsed(),
            );
            let mv = match found {
                Ok(Some(mv)) => mv,
                Err(SearchError::Cancelled) => return,
                other => {
                    if cancel.load(Ordering::Relaxed) {
                        return;
                    }
                    warn!(
                        "table {}: the CPU search gave no move ({other:?}); playing a legal one",
                        slot.no
                    );
                    let Some(mv) = fallback_move(&game, &mut service.rng()) else {
                        return;
                    };
                    mv
                }
            };
            service
                .apply_retrying(&slot, Action::CpuMove { mv, stamp }, Some(stamp))
                .await;
        });
    }

    /// Applies an action that no person waits for (a CPU move, a clock),
    /// retrying while the store fails, then asks for the board to be
    /// published. `search` is the stamp of the CPU search that produced it.
    pub(super) async fn apply_retrying(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        action: Action,
        search: Option<u64>,
    ) {
        let mut wait = Duration::from_millis(200);
        loop {
            let mut live = slot.live.lock().await;
            if let Some(stamp) = search {
                if live.search.as_ref().is_some_and(|(s, _)| *s == stamp) {
                    live.search = None;
                }
            }
            match self
                .apply_locked(slot, &mut live, action.clone(), None)
                .await
            {
                Ok(_) => {
                    drop(live);
                    self.notify(Notice::Board(slot.no));
                    return;
                }
                // The table moved on (a person resigned, say): drop it, and
                // keep its clocks armed.
                Err(ServiceError::Refused(_) | ServiceError::Busy(_)) => {
                    let next = live.table.next_deadline(self.idle_ms());
                    if next.is_some_and(|at| at > self.now()) {
                        self.arm_deadline(slot, &mut live);
                    }
                    return;
                }
                Err(ServiceError::Store(e)) => {
                    error!(
                        "table {}: could not store {action:?}: {e}; retrying",
                        slot.no
                    );
                    if let Some(stamp) = search {
                        // Keep the seat marked as searching while we retry.
                        live.search = Some((stamp, Arc::default()));
                    }
                }
            }
            drop(live);
            tokio::time::sleep(wait).await;
            wait = (wait * 2).min(Duration::from_secs(30));
        }
    }
}

/// A legal move when the search gave none: a winning move if there is one,
/// else any legal move.
pub(super) fn fallback_move(game: &AnyGame, rng: &mut StdRng) -> Option<Move> {
    let moves = game.legal_moves();
    let winning = moves.iter().copied().find(|&mv| {
        let mut next = game.clone();
        next.play(mv).is_ok()
            && next
                .outcome()
                .and_then(|o| o.winner())
                .is_some_and(|w| w == game.to_move())
    });
    winning.or_else(|| moves.choose(rng).copied())
}
