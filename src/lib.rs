//! boardbot: board games in Discord channels.
//!
//! Layers, arrows pointing one way: `discord` → `service` → `table` /
//! `store` / `cpu` / `render` → `game`. Only `discord` knows serenity.

pub mod cli;
pub mod config;
pub mod cpu;
pub mod discord;
pub mod game;
pub mod i18n;
pub mod metrics;
pub mod rating;
pub mod render;
pub mod replay;
pub mod review;
pub mod service;
pub mod store;
pub mod table;
pub mod tournament;
