//! CPU players and solvers. They depend on `game` only.
//!
//! Search runs on a blocking thread (never on the async runtime) inside a
//! [`Budget`]: a deadline and a cancel flag the table raises when the
//! position the search started from is no longer current.
//!
//! - Connect Four ([`connect4`]): `hard` plays perfectly with the exact
//!   solver (best score: fastest win, slowest loss); the first plies come
//!   from the opening book ([`book`]), and a position the solver cannot
//!   finish in time gets a move that keeps the win or draw (weak solve), or
//!   else the deepest heuristic search. `medium` searches 7 plies with a
//!   threat-counting evaluation; `easy` takes wins, blocks half the time
//!   and otherwise plays at random, centre first.
//! - Dots and Boxes ([`dots`]): `hard` solves the rest of the game exactly
//!   once few enough lines are free and plays by the theory before that
//!   (long-chain rule, all-but-two); `medium` avoids third sides and gives
//!   the smallest chain; `easy` often takes boxes, sometimes gives them.
//! - Connect Four 3D ([`connect4_3d`]): PVS with a transposition table and
//!   threat-first ordering, exact once few cells are free.
//! - Connect Four for three ([`connect4_3p`]): paranoid alpha-beta (measured
//!   against Best-Reply Search) with per-seat line counts.
//!
//! Tools: `boardbot solve|cpu|arena|book ...` ([`crate::cli`]) and
//! `cargo bench --bench connect4_solver -- [SET...]`.

pub mod book;
pub mod connect4;
pub mod connect4_3d;
pub mod connect4_3p;
pub mod dots;
mod pool;

use crate::game::{AnyGame, Move};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How strong a CPU seat plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Easy,
    #[default]
    Medium,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    pub fn parse(name: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(name.trim()))
    }
}

/// Time and cancellation for one search.
#[derive(Debug, Clone)]
pub struct Budget {
    pub deadline: Instant,
    pub cancel: Arc<AtomicBool>,
}

impl Budget {
    /// The wall-time budget of a hard move.
    pub const HARD: Duration = Duration::from_millis(1500);

    pub fn new(time: Duration) -> Budget {
        Budget {
            deadline: Instant::now() + time,
            cancel: Arc::new(AtomicBool::new(false)),
        }
    }

    /// True once the deadline passed or the table cancelled the search.
    pub fn expired(&self) -> bool {
        self.cancel.load(Ordering::Relaxed) || Instant::now() >= self.deadline
    }
}

/// The move a CPU of `level` plays in `position`, or `None` when the game is
/// over. Returns within the budget (a legal move even when cancelled early).
pub fn choose_move(position: &AnyGame, level: Level, budget: &Budget) -> Option<Move> {
    choose_move_with(position, level, budget, &mut rand::thread_rng())
}

/// [`choose_move`] with the caller's random numbers (seeded in tests).
pub fn choose_move_with(
    position: &AnyGame,
    level: Level,
    budget: &Budget,
    rng: &mut impl rand::Rng,
) -> Option<Move> {
    match position {
        AnyGame::Connect4(game) => connect4::choose(game, level, budget, rng),
        AnyGame::Dots(game) => dots::choose_with(game, level, budget, rng),
        AnyGame::Connect4ThreeD(game) => connect4_3d::choose_with(game, level, budget, rng),
        AnyGame::Connect4ThreePlayer(game) => {
            connect4_3p::choose_cpu(game, level.into(), budget, rng)
        }
    }
}
