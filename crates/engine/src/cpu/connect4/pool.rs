//! Solvers kept between searches, so that a move does not allocate (and
//! fault in) a fresh transposition table every time: take one with
//! [`take_solver`], give it back with [`give_back`]. Their tables start
//! each search small and grow only for a long one
//! ([`Table::for_searches`]).
//!
//! Each thread keeps its own: the service's search pool runs every search
//! on a few long-lived worker threads, so each worker reuses one table and
//! the bot's memory stays bounded by the number of workers.

use super::solver::Solver;
use super::table::Table;
use std::cell::RefCell;

thread_local! {
    static IDLE: RefCell<Option<Solver>> = const { RefCell::new(None) };
}

/// This thread's solver, or a new one. Its table may hold old entries: call
/// [`Solver::reset`] for a fresh start.
pub fn take_solver() -> Solver {
    IDLE.with(|idle| idle.borrow_mut().take())
        .unwrap_or_else(|| Solver::with_table(Table::for_searches()))
}

/// Returns a solver for this thread's later searches.
pub fn give_back(mut solver: Solver) {
    solver.set_budget(None);
    IDLE.with(|idle| *idle.borrow_mut() = Some(solver));
}
