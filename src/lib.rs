//! boardbot: board games in Discord channels.
//!
//! Layers, arrows pointing one way: `discord` → `table` → `game` / `cpu` /
//! `render`. Only `discord` knows serenity.

pub mod cli;
pub mod config;
pub mod cpu;
pub mod discord;
pub mod game;
pub mod i18n;
pub mod render;
pub mod table;
