//! The Discord stand-in tests, as one binary: the real bot (in this
//! process, or as a process of its own where a test kills or restarts it)
//! and the real serenity client against the stand-in on 127.0.0.1. One
//! module per family; `cargo test --test discord connect4::` runs one.

#[path = "../backends/mod.rs"]
mod backends;
#[path = "../bot/mod.rs"]
mod bot;
#[path = "../support/mod.rs"]
mod support;

mod activity;
mod anywhere;
mod browser;
mod busy;
mod connect4;
mod fair;
mod faults;
mod games;
mod languages;
mod learn;
mod outage;
mod places;
mod ranked;
mod replay;
mod slow_store;
mod standin_selftest;
mod table_rules;
mod tournament;
mod web;
