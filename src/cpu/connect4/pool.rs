//! Solvers kept between searches, so that a move does not allocate (and
//! fault in) a fresh 64 MiB transposition table every time: take one with
//! [`take_solver`], give it back with [`give_back`].

use super::solver::Solver;
use std::sync::Mutex;

/// At most this many idle solvers are kept.
const KEEP: usize = 2;

static IDLE: Mutex<Vec<Solver>> = Mutex::new(Vec::new());

/// An idle solver, or a new one. Its table may hold old entries: call
/// [`Solver::reset`] for a fresh start.
pub fn take_solver() -> Solver {
    let idle = IDLE.lock().ok().and_then(|mut v| v.pop());
    idle.unwrap_or_default()
}

/// Returns a solver for later searches.
pub fn give_back(mut solver: Solver) {
    solver.set_budget(None);
    if let Ok(mut idle) = IDLE.lock() {
        if idle.len() < KEEP {
            idle.push(solver);
        }
    }
}
