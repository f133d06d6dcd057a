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
use crate::cpu::verdict::Verdict;
use crate::game::AnyGame;
use rand::Rng;
use std::time::Duration;

/// The time a hint may think in Dots and Boxes, Connect Four 3D and for
/// three: it runs deferred, with no 3-second window to meet (the asker
/// sees "thinking…" until it answers), so it gets more than a CPU move.
pub const HINT_TIME: Duration = Duration::from_secs(10);

/// A Connect Four hint's budget in nodes: its result does not depend on
/// how busy the machine is. Every position of plies 6 to 9 in
/// `boardbot hint-check --plies 6-9 --count 200` is proved within it (the
/// hardest, `211635`, needs 53 million nodes for the root weak solve, which
/// gets 80 % of the budget; BENCHMARKS.md). Most hints use a small part
/// of it and answer within a second.
pub const HINT_NODES: u64 = 100_000_000;

/// A Connect Four hint's safety cap in wall time, should the machine be
/// too busy to search [`HINT_NODES`] nodes: the solver visits 5 to 8
/// million nodes a second on one core, so the full budget takes 12 to 20
/// s with a core to itself, and the cap leaves room for a machine three
/// times slower than that before the hint becomes a guess. A deferred
/// answer may be edited for 15 minutes; a person should not wait longer
/// than this for one.
pub const HINT_CAP: Duration = Duration::from_secs(60);

/// The wall time a hint for `game` may take, counted from its start: the
/// safety cap for Connect Four (whose hint counts nodes), else
/// [`HINT_TIME`].
pub fn time_for(game: &AnyGame) -> Duration {
    match game {
        AnyGame::Connect4(_) => HINT_CAP,
        _ => HINT_TIME,
    }
}

/// `budget` (a deadline and cancel flag from [`time_for`]) with the hint's
/// node budget for `game`: [`HINT_NODES`] for Connect Four, none otherwise
/// (their hints think for [`HINT_TIME`]).
pub fn limited(game: &AnyGame, budget: &Budget) -> Budget {
    match game {
        AnyGame::Connect4(_) => budget.with_nodes(HINT_NODES),
        _ => budget.clone(),
    }
}

/// A hint's own budget for `game`, starting now: what the service gives
/// it ([`time_for`] and [`limited`]).
pub fn budget_for(game: &AnyGame) -> Budget {
    limited(game, &Budget::new(time_for(game)))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameKind;

    #[test]
    fn connect_four_hints_count_nodes_the_others_think_for_a_time() {
        let c4 = AnyGame::new(GameKind::Connect4).unwrap();
        assert_eq!(time_for(&c4), HINT_CAP);
        assert_eq!(budget_for(&c4).nodes, Some(HINT_NODES));
        // A smaller node budget given by the caller stays.
        assert_eq!(limited(&c4, &Budget::of_nodes(1000)).nodes, Some(1000));
        for kind in [
            GameKind::Connect4ThreeD,
            GameKind::Connect4ThreePlayer,
            GameKind::Dots {
                width: 5,
                height: 4,
            },
        ] {
            let game = AnyGame::new(kind).unwrap();
            assert_eq!(time_for(&game), HINT_TIME);
            assert_eq!(budget_for(&game).nodes, None);
        }
    }
}
