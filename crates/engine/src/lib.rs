//! boardbot's engine: the rules of every game ([`game`]) and the CPU
//! players and solvers that play them ([`cpu`]).
//!
//! Pure: no I/O, no async runtime, no Discord, no images, no database. It
//! may import `rand`, `serde` and `serde_json` (and `libc` on Linux, to ask
//! for huge pages), nothing else. A search's time comes from the caller
//! through [`cpu::Budget`] and the clock in [`cpu::time`], so the crate builds
//! for `wasm32-unknown-unknown` (`cargo check --target
//! wasm32-unknown-unknown -p boardbot-engine`), where a web board can use
//! the same rules the bot plays by. Arrows point into this crate only: the
//! words, the pictures, the table layer and the bot import it.

pub mod cpu;
pub mod game;
