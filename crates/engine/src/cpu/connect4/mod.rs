//! The Connect Four CPU (7 × 6).
//!
//! - [`position`]: the solver's view of a position and its bit tricks;
//! - [`table`]: the exact solver's packed transposition table;
//! - [`solver`]: the exact solver (strong and weak);
//! - [`pool`]: solvers kept between moves ([`pool::take_solver`],
//!   [`pool::give_back`]);
//! - [`book`]: the opening book, read and generated;
//! - [`openings`]: the opening database (every early position's result);
//! - [`proof`]: move-by-move weak proofs that keep what they proved when
//!   the budget runs out;
//! - [`levels`]: easy, medium and hard (through [`crate::cpu::Cpu`]) and
//!   the hint's verdict ([`levels::verdict`]);
//! - here: [`solve`] and [`solve_weak`], the exact value of a game.

pub mod book;
pub mod levels;
pub mod openings;
pub mod pool;
pub mod position;
pub mod proof;
pub mod solver;
pub mod table;

pub use levels::MEDIUM_DEPTH;
pub use position::{winning_spots, Position};
pub use solver::{Aborted, Solver};
pub use table::Table;

use crate::game::{Connect4, Game};
use std::path::PathBuf;

/// The folder of the public test sets (`Test_L3_R1` ...), read by the
/// solver's tests and its benchmark: `tests/data/connect4` in the
/// repository.
pub fn test_data_dir() -> PathBuf {
    // Part of the repository: a clone tests green without anything beside it.
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/connect4"))
}

/// The exact score of a Connect Four position for the player to move. A
/// finished game scores as lost for the player to move (or 0 when drawn).
pub fn solve(game: &Connect4) -> i32 {
    if let Some(score) = finished_score(game) {
        return score;
    }
    let mut solver = pool::take_solver();
    solver.reset();
    let result = solver.solve(&Position::from_game(game));
    pool::give_back(solver);
    result.unwrap_or(0)
}

/// -1, 0 or 1: whether the player to move loses, draws or wins.
pub fn solve_weak(game: &Connect4) -> i32 {
    if let Some(score) = finished_score(game) {
        return score.signum();
    }
    let mut solver = pool::take_solver();
    solver.reset();
    let result = solver.solve_weak(&Position::from_game(game));
    pool::give_back(solver);
    result.unwrap_or(0)
}

/// The score of a game that is over (lost for the side to move, or 0 when
/// drawn), `None` while it goes on.
pub fn finished_score(game: &Connect4) -> Option<i32> {
    let outcome = game.outcome()?;
    Some(match outcome.winner() {
        // The winner played (plies + 1) / 2 stones.
        Some(_) => -(22 - (game.plies() as i32 + 1) / 2),
        None => 0,
    })
}

/// One test set as (moves, exact score) lines.
#[cfg(test)]
pub(crate) fn load_set(name: &str) -> Vec<(String, i32)> {
    let dir = test_data_dir();
    assert!(
        dir.is_dir(),
        "Connect Four test data missing: expected the folder {} (shared/ beside the checkout)",
        dir.display()
    );
    let path = dir.join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let (moves, score) = l.split_once(' ').expect("line: moves score");
            (moves.to_string(), score.trim().parse().expect("score"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finished_games_score_as_lost() {
        // Red wins on the fourth stone (ply 7): 22 - 4 = 18.
        let g = Connect4::from_digits("1212121").unwrap();
        assert_eq!(solve(&g), -18);
        assert_eq!(solve_weak(&g), -1);
        let g = Connect4::from_digits("121212").unwrap();
        assert_eq!(solve(&g), 18);
    }
}
