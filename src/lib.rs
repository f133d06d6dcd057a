//! boardbot: board games in Discord channels. This crate is the bot: the
//! store, the live tables' service, the Discord client, the offline tools.
//!
//! The workspace (drawn in `CONTRIBUTING.md`), arrows pointing one way:
//! `discord` → `service` → `store` and the table layer (`boardbot-table`)
//! → the renderer (`boardbot-render`) → the words (`boardbot-words`) → the
//! engine (`boardbot-engine`). Only `discord` knows serenity; only `store`
//! knows sqlx. The other crates are re-exported under their old module
//! names (`boardbot::game`, `boardbot::table`, …) so the bot, its tests and
//! its benches name every part from one place.

pub use boardbot_engine::{cpu, game};
pub use boardbot_render as render;
pub use boardbot_table::{rating, replay, review, table, tournament};
pub use boardbot_words as i18n;

pub mod cli;
pub mod config;
pub mod discord;
pub mod metrics;
pub mod service;
pub mod store;
pub mod web;
