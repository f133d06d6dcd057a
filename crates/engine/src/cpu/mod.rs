//! CPU players and solvers. They depend on `game` only.
//!
//! Search runs on a blocking thread (never on the async runtime) inside a
//! [`Budget`]: a deadline and a cancel flag the table raises when the
//! position the search started from is no longer current.
//!
//! One folder per game, on a thin shared layer:
//!
//! - [`search`]: the budget and the node counter that watches it (one check
//!   interval), the one transposition-table type, mate scores, the tactical
//!   root, and the [`Cpu`] trait: `game.choose(level, &budget, &mut rng)`;
//! - [`arena`]: CPU players against each other, for every game's strength
//!   measurement (and `boardbot arena`);
//! - [`connect4`]: `hard` plays perfectly with the exact solver (best score:
//!   fastest win, slowest loss); the first plies come from the opening book,
//!   and a position the solver cannot finish in time gets a move that keeps
//!   the win or draw (weak solve), or else the deepest heuristic search.
//!   `medium` searches 7 plies with a threat-counting evaluation; `easy`
//!   takes wins, blocks half the time and otherwise plays at random, centre
//!   first;
//! - [`dots`]: `hard` solves the rest of the game exactly once few enough
//!   lines are free and plays by the theory before that (long-chain rule,
//!   all-but-two); `medium` avoids third sides and gives the smallest chain;
//!   `easy` often takes boxes, sometimes gives them;
//! - [`connect4_3d`]: PVS with a transposition table and threat-first
//!   ordering, exact once few cells are free;
//! - [`hint`]: the move for a person, with what was proved about it
//!   ([`Verdict`]: wins, draws, every move loses, or a plain guess; in
//!   [`verdict`], which the levels that prove it import, not `hint`);
//! - [`connect4_3p`]: paranoid alpha-beta (measured against Best-Reply
//!   Search) with per-seat line counts.
//!
//! Tools: `boardbot solve|cpu|arena|book ...` (the bot's `cli`) and
//! `cargo bench --bench connect4_solver -- [SET...]`.

pub mod arena;
pub mod connect4;
pub mod connect4_3d;
pub mod connect4_3p;
pub mod dots;
pub mod hint;
pub mod puzzle;
pub mod review;
pub mod search;
pub mod time;
pub mod verdict;

pub use hint::{hint, HINT_CAP, HINT_NODES, HINT_TIME};
pub use search::{Budget, Cpu, Level};
pub use verdict::Verdict;

use crate::game::{AnyGame, Move};

impl Cpu for AnyGame {
    fn choose<R: rand::Rng + ?Sized>(
        &self,
        level: Level,
        budget: &Budget,
        rng: &mut R,
    ) -> Option<Move> {
        match self {
            AnyGame::Connect4(game) => game.choose(level, budget, rng),
            AnyGame::Dots(game) => game.choose(level, budget, rng),
            AnyGame::Connect4ThreeD(game) => game.choose(level, budget, rng),
            AnyGame::Connect4ThreePlayer(game) => game.choose(level, budget, rng),
        }
    }
}

/// The move a CPU of `level` plays in `position`, or `None` when the game is
/// over. Returns within the budget (a legal move even when cancelled early).
pub fn choose_move(position: &AnyGame, level: Level, budget: &Budget) -> Option<Move> {
    position.choose(level, budget, &mut rand::thread_rng())
}

/// [`choose_move`] with the caller's random numbers (seeded in tests).
pub fn choose_move_with(
    position: &AnyGame,
    level: Level,
    budget: &Budget,
    rng: &mut impl rand::Rng,
) -> Option<Move> {
    position.choose(level, budget, rng)
}
