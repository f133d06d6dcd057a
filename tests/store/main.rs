//! The store and the table service in process, on a SQLite file always
//! and on PostgreSQL when `BOARDBOT_TEST_POSTGRES` names a server: tables
//! and history ([`store`]), ratings ([`ratings`]), fair use ([`fair_use`]).

#[path = "../backends/mod.rs"]
mod backends;

mod fair_use;
mod ratings;
mod store;
