//! The bot as a real process against the Discord stand-in: a hard kill and
//! a restart ([`restart`]), starting up and refusing bad settings
//! ([`startup`]), shards, SIGTERM, `/healthz` and `/metrics`
//! ([`deployment`]).

#[path = "../backends/mod.rs"]
mod backends;
#[path = "../bot/mod.rs"]
mod bot;
#[path = "../support/mod.rs"]
mod support;

mod deployment;
mod restart;
mod startup;
mod web_restart;
