//! Hints: the move to play, and what the CPU proved about it. A hint that
//! throws away a win is worse than none, so a hint says plainly whether
//! its move is proved (wins, holds the draw, every move loses) or only the
//! best guess the search found in time.
//!
//! - Connect Four: the exact solver (win in N moves, draw, the slowest
//!   loss), else the move-by-move weak proof (win, draw, loss), else a
//!   guess among the moves not proved worse than the best one proved;
//! - Dots and Boxes: exact once its solver answers within the budget (few
//!   enough free lines), else the hard level's move as a guess;
//! - Connect Four 3D and for three: the hard level's move, as a guess.

use crate::cpu::dots::levels::hint_verdict as dots_verdict;
use crate::cpu::search::{Budget, Cpu, Level};
use crate::game::{AnyGame, Move};
use rand::Rng;
use std::time::Duration;

/// The time a hint may think: it runs deferred, with no 3-second window
/// to meet (the asker sees "thinking…" until it answers), so it gets more
/// than a CPU move. Most Connect Four hints answer within 1 s; the hardest
/// positions of plies 6 to 9 need 5 to 7 s on a busy 2-core machine
/// (`boardbot hint-check`, BENCHMARKS.md), hence 10 s.
pub const HINT_TIME: Duration = Duration::from_secs(10);

/// What a hint proved about its move, for the player who asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// `mv` wins. `in_moves`: the asker's moves up to and including the
    /// winning one, when the solver knows it (the fastest win).
    Wins { mv: Move, in_moves: Option<u32> },
    /// `mv` holds the draw (and no move wins).
    Draws { mv: Move },
    /// Every move loses. `lasts_moves`: the asker's moves before the loss,
    /// this one counted, when the solver knows `mv` resists longest.
    Loses { mv: Move, lasts_moves: Option<u32> },
    /// Nothing proved in time: the best move the search found.
    Guess { mv: Move },
}

impl Verdict {
    /// The move the hint suggests.
    pub fn mv(&self) -> Move {
        match *self {
            Verdict::Wins { mv, .. }
            | Verdict::Draws { mv }
            | Verdict::Loses { mv, .. }
            | Verdict::Guess { mv } => mv,
        }
    }

    /// True unless the verdict is only a guess.
    pub fn is_proved(&self) -> bool {
        !matches!(self, Verdict::Guess { .. })
    }
}

/// The hint for the side to move in `game`, or `None` when the game is
/// over. Returns within the budget (a guess when cancelled early).
pub fn hint(game: &AnyGame, budget: &Budget) -> Option<Verdict> {
    hint_with(game, budget, &mut rand::thread_rng())
}

/// [`hint`] with the caller's random numbers (seeded in tests).
pub fn hint_with<R: Rng + ?Sized>(game: &AnyGame, budget: &Budget, rng: &mut R) -> Option<Verdict> {
    match game {
        AnyGame::Connect4(g) => crate::cpu::connect4::levels::verdict(g, budget, rng),
        AnyGame::Dots(g) => dots_verdict(g, budget, rng),
        AnyGame::Connect4ThreeD(g) => g
            .choose(Level::Hard, budget, rng)
            .map(|mv| Verdict::Guess { mv }),
        AnyGame::Connect4ThreePlayer(g) => g
            .choose(Level::Hard, budget, rng)
            .map(|mv| Verdict::Guess { mv }),
    }
}
