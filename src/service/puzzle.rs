//! The daily puzzle: found once a day per game, on the pool's long-job
//! lane (never in front of a CPU move), kept in the store so that a
//! restart does not search again; people asking at once wait for the same
//! search.

use super::{Host, Service, ServiceError};
use crate::cpu::puzzle::{self, Spec};
use crate::cpu::Level;
use crate::game::GameKind;
use crate::store::DailyPuzzle;
use crate::table::{Opening, Puzzle, Rules, Table};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::OnceCell;
use tracing::warn;

/// A day's puzzle of one game: found once, by the first asker; the others
/// wait for the same search.
type Found = Arc<OnceCell<Option<Spec>>>;

/// The days' puzzles known to this process, or being found.
#[derive(Default)]
pub(super) struct Puzzles {
    by_day: Mutex<HashMap<(GameKind, u64), Found>>,
}

impl Puzzles {
    fn cell(&self, kind: GameKind, day: u64) -> Found {
        let mut map = self.by_day.lock().unwrap_or_else(|e| e.into_inner());
        // Yesterday's may still be asked for around midnight; older go.
        map.retain(|&(_, d), _| d + 1 >= day);
        map.entry((kind, day)).or_default().clone()
    }
}

/// The store's name of a game's puzzles: the game and its board.
fn puzzle_key(kind: GameKind) -> String {
    match kind {
        GameKind::Dots { width, height } => format!("dots-{width}x{height}"),
        other => other.command().to_owned(),
    }
}

impl Service {
    /// Whether today's puzzle of `kind` is known without a search (an
    /// answer may then come at once).
    pub fn puzzle_ready(&self, kind: GameKind) -> bool {
        let day = puzzle::day_of(self.now());
        self.puzzles.cell(kind, day).initialized()
    }

    /// Today's puzzle of `kind`: from memory, from the store, or found on
    /// the long-job lane (and stored). `None` for a game without puzzles.
    pub async fn daily_puzzle(&self, kind: GameKind) -> Option<Spec> {
        if !puzzle::PUZZLE_GAMES.contains(&kind) {
            return None;
        }
        let day = puzzle::day_of(self.now());
        let cell = self.puzzles.cell(kind, day);
        // A failed search is not kept: the next asker tries again.
        let found = cell.get_or_try_init(|| self.find_puzzle(kind, day)).await;
        found.ok().cloned().flatten()
    }

    async fn find_puzzle(&self, kind: GameKind, day: u64) -> Result<Option<Spec>, ()> {
        let key = puzzle_key(kind);
        match self.store.daily_puzzle(&key, day).await {
            Ok(Some(kept)) => {
                return Ok(Some(Spec {
                    kind,
                    day,
                    start: kept.start,
                    solution: kept.solution,
                    goal: kept.goal,
                }))
            }
            Ok(None) => {}
            Err(e) => warn!("could not read the day's {key} puzzle: {e}; searching"),
        }
        let found = match self.pool.run_long(move || puzzle::daily(kind, day)).await {
            Ok(Some(found)) => found,
            Ok(None) => return Ok(None),
            Err(e) => {
                warn!("the day's {key} puzzle could not be found: {e:?}");
                return Err(());
            }
        };
        let kept = DailyPuzzle {
            start: found.start.clone(),
            solution: found.solution,
            goal: found.goal,
        };
        if let Err(e) = self.store.save_daily_puzzle(&key, day, &kept).await {
            warn!("could not keep the day's {key} puzzle: {e}");
        }
        Ok(Some(found))
    }

    /// Opens a table in `host`'s channel with today's puzzle of `kind`,
    /// against the hard CPU; `None` when there is no puzzle today.
    pub async fn open_daily_puzzle(
        self: &Arc<Self>,
        host: Host,
        kind: GameKind,
    ) -> Result<Option<Table>, ServiceError> {
        let Some(spec) = self.daily_puzzle(kind).await else {
            return Ok(None);
        };
        let opening = Opening {
            no: host.no,
            guild: host.guild,
            channel: host.channel,
            kind,
            host: host.user,
            host_name: host.name,
            level: Level::Hard,
            invited: Vec::new(),
            self_play: false,
            host_seat: None,
            lang: host.lang,
            open: false,
            rules: Rules::default(),
            ranked: false,
        };
        let puzzle = Puzzle {
            day: spec.day,
            start: spec.start,
            goal: spec.goal,
            solvers: 0,
        };
        self.open_puzzle(opening, puzzle).await.map(Some)
    }
}
