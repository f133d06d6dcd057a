//! The Connect Four for three CPU (9 × 9, seats 0, 1, 2 in turn).
//!
//! - [`state`]: discs of every seat, windows, threats, evaluation;
//! - [`searcher`]: paranoid and Best-Reply Search;
//! - [`levels`]: easy, medium and hard (through [`crate::cpu::Cpu`]).

pub mod levels;
pub mod searcher;
pub mod state;

pub use levels::choose_searching;
pub use searcher::{Search3p, HARD_SEARCH};
