//! What a hint proved about its move. A module of its own so that the
//! levels that prove it and `hint`, which picks a game's levels, both
//! import it without importing each other.

use crate::game::Move;

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
