//! The Dots and Boxes CPU: an exact solver for small and late positions and
//! play by the classic theory (Berlekamp, "The Dots and Boxes Game") before
//! that.
//!
//! - [`geometry`]: which lines bound which boxes, symmetries, box counting;
//! - [`endgame`]: the value of a loony endgame of chains and loops;
//! - [`solver`]: the exact solver and [`solve`];
//! - [`theory`]: play by the theory when the solver cannot finish;
//! - [`levels`]: easy, medium and hard (through [`crate::cpu::Cpu`]);
//! - [`handover`]: how well hard plays before the exact solver takes over;
//! - [`measure`]: figures for `cargo bench --bench dots`.
//!
//! The tests check all of it against a plain exhaustive minimax.

pub mod endgame;
pub mod geometry;
pub mod handover;
pub mod levels;
pub mod measure;
pub mod solver;
pub mod theory;

pub use levels::{hard_exact_free_lines, hint_exact_free_lines};
pub use solver::solve;

#[cfg(test)]
mod tests;
