//! boardbot's table layer: what happens at a table, pure and synchronous.
//!
//! - [`table`]: one table's state machine: seats, turns, invitations,
//!   clocks, controls, results and the refusals a player reads;
//! - [`tournament`]: Swiss and round-robin tournaments: pairing, rounds,
//!   standings;
//! - [`rating`]: ranked play's ratings and their words;
//! - [`review`] and [`replay`]: the words of a match's review and replay,
//!   with the pictures they ask the renderer for.
//!
//! May import: the engine, the words, the renderer, `rand`, `serde`,
//! `serde_json`, `skillratings`. No I/O, no async runtime, no Discord, no
//! database: the bot's service stores and publishes what this layer decides.

pub mod rating;
pub mod replay;
pub mod review;
pub mod table;
pub mod tournament;
