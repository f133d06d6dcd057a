//! The Connect Four 3D CPU (4 × 4 × 4 with gravity).
//!
//! Positions are searched as two bitboards, the side to move first
//! (`me`, `opp`). The cells where a bead may land now are
//! `((occupied << 16) | bottom level) & !occupied`.
//!
//! - [`eval`]: threats, evaluation and move ordering;
//! - [`pvs`]: the principal-variation search and its table;
//! - [`levels`]: easy, medium and hard (through [`crate::cpu::Cpu`]), and
//!   the exact [`solve`] of late positions.

pub mod eval;
pub mod levels;
pub mod pvs;

pub use levels::{solve, EXACT_FREE, MEDIUM_DEPTH};
