//! The Connect Four CPU (7 × 6).
//!
//! - [`position`]: the solver's view of a position and its bit tricks;
//! - [`table`]: the exact solver's packed transposition table;
//! - [`solver`]: the exact solver (strong and weak) and [`solve`];
//! - [`pool`]: solvers kept between moves ([`pool::take_solver`],
//!   [`pool::give_back`]);
//! - [`book`]: the opening book, read and generated;
//! - [`levels`]: easy, medium and hard (through [`crate::cpu::Cpu`]).

pub mod book;
pub mod levels;
pub mod pool;
pub mod position;
pub mod solver;
pub mod table;

pub use levels::MEDIUM_DEPTH;
pub use position::{winning_spots, Position};
pub use solver::{solve, solve_weak, Aborted, Solver};
pub use table::Table;

use std::path::PathBuf;

/// The folder of the public test sets (`Test_L3_R1` ...), read by the
/// solver's tests and its benchmark: `shared/testdata/connect4` beside the
/// checkout.
pub fn test_data_dir() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/testdata/connect4"
    ))
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
