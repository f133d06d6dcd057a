//! The store and the table service in process, on a SQLite file always
//! and on PostgreSQL when `BOARDBOT_TEST_POSTGRES` names a server: tables
//! and history ([`store`]), ratings ([`ratings`]), fair use ([`fair_use`]),
//! group commit ([`group_commit`]).

#[path = "../backends/mod.rs"]
mod backends;

mod fair_use;
mod group_commit;
mod ratings;
mod store;
