//! What the solver has proved about each move of one position, in win /
//! draw / loss terms, and how it proves it move by move so that a search
//! stopped by its budget still leaves something true behind.
//!
//! A root-level weak solve proves nothing until it finishes. Here every
//! legal move carries bounds on its result (-1 loss, 0 draw, 1 win), and
//! the moves take turns in rounds of null-window probes with a node slice
//! that doubles each round, larger for the first moves in the solver's
//! order (the transposition table keeps what earlier slices learnt). An unusual winning move whose proof is cheap is then
//! found even when refuting the natural move would take all the time, and
//! a stop at any moment leaves bounds the fallback can trust: a move proved
//! worse than another is never played.

use super::position::{column, winning_spots, Position, EVEN_ROWS, ODD_ROWS, ORDER};
use super::solver::Solver;
use crate::cpu::search::Budget;
use crate::game::connect4::WIDTH;

/// The first round's node slice of a move late in the order.
const FIRST_SLICE: u64 = 1 << 13;

/// Proved bounds on each move's result for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveBounds {
    /// Legal columns, in the order they are tried.
    order: [usize; WIDTH],
    n: usize,
    lo: [i8; WIDTH],
    hi: [i8; WIDTH],
}

impl MoveBounds {
    /// What is known without searching: a move that wins at once wins, a
    /// move that lets the opponent win at once loses; the rest is open.
    pub fn new(p: &Position) -> MoveBounds {
        let mut b = MoveBounds {
            order: [0; WIDTH],
            n: 0,
            lo: [-1; WIDTH],
            hi: [1; WIDTH],
        };
        let safe = p.non_losing_moves();
        // Threat-first order, as the solver orders its moves: winning
        // spots made (more on the mover's rows), centre first among equals.
        let good_rows = if p.moves().is_multiple_of(2) {
            ODD_ROWS
        } else {
            EVEN_ROWS
        };
        let mut scored = Vec::with_capacity(WIDTH);
        for (rank, c) in ORDER.into_iter().enumerate() {
            if !p.can_play(c) {
                continue;
            }
            if p.is_winning_move(c) {
                b.lo[c] = 1;
            } else if safe & column(c) == 0 {
                b.hi[c] = -1;
            }
            let cell = p.playable() & column(c);
            let spots = winning_spots(p.current() | cell, p.mask());
            let score = spots.count_ones() as i32 * 2 + (spots & good_rows).count_ones() as i32;
            scored.push((std::cmp::Reverse(score), rank, c));
        }
        scored.sort();
        for (_, _, c) in scored {
            b.order[b.n] = c;
            b.n += 1;
        }
        b
    }

    /// The legal columns, in search order.
    pub fn columns(&self) -> &[usize] {
        &self.order[..self.n]
    }

    /// The proved bounds (lowest, highest) on the result of column `c`.
    pub fn of(&self, c: usize) -> (i8, i8) {
        (self.lo[c], self.hi[c])
    }

    /// The best result some move is proved to reach (-1 when none is
    /// proved to reach more than a loss).
    pub fn best_proved(&self) -> i8 {
        self.columns()
            .iter()
            .map(|&c| self.lo[c])
            .max()
            .unwrap_or(-1)
    }

    /// The moves not proved worse than the best proved one.
    pub fn allowed(&self) -> Vec<usize> {
        let floor = self.best_proved();
        self.columns()
            .iter()
            .copied()
            .filter(|&c| self.hi[c] >= floor)
            .collect()
    }

    /// A move proved to be as good as any (its lower bound reaches every
    /// move's upper bound), with its result.
    pub fn decided(&self) -> Option<(usize, i8)> {
        let top = self.columns().iter().map(|&c| self.hi[c]).max()?;
        self.columns()
            .iter()
            .find(|&&c| self.lo[c] >= top)
            .map(|&c| (c, self.lo[c]))
    }
}

impl Solver {
    /// Narrows `bounds` move by move until one move is proved best or the
    /// budget (time, cancel flag, node limit) runs out. Every bound it
    /// sets is proved, whenever it stops. Uses the table as it is: call
    /// [`Solver::reset`] first for a fresh start.
    pub fn prove_moves(&mut self, p: &Position, bounds: &mut MoveBounds, budget: &Budget) {
        let start = self.nodes();
        let mut slice = FIRST_SLICE;
        while bounds.n > 0 && bounds.decided().is_none() {
            for i in 0..bounds.n {
                let c = bounds.order[i];
                let (lo, hi) = (bounds.lo[c], bounds.hi[c]);
                if lo >= hi {
                    continue;
                }
                if budget.expired() {
                    return;
                }
                // The move ordering is usually right: the first moves in
                // order get larger slices (8, 4, 2, then 1 times).
                let share = slice << 3usize.saturating_sub(i);
                let mut this = budget.with_nodes(share);
                if let Some(total) = budget.nodes {
                    let left = total.saturating_sub(self.nodes() - start);
                    if left == 0 {
                        return;
                    }
                    this.nodes = Some(share.min(left));
                }
                self.set_budget(Some(this));
                // Is the move worth `hi`? It is when the opponent's score
                // after it is at most -hi (in weak terms).
                let mut child = *p;
                child.play_column(c);
                match self.score_at_least(&child, 1 - i32::from(hi)) {
                    Ok(false) => bounds.lo[c] = hi,
                    Ok(true) => bounds.hi[c] = hi - 1,
                    Err(_) => {}
                }
                if bounds.decided().is_some_and(|(_, v)| v == 1) {
                    return;
                }
            }
            slice = slice.saturating_mul(2);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cpu::connect4::load_set;

    /// The weak result of playing `c` in `p`, for the mover.
    fn result_of(solver: &mut Solver, p: &Position, c: usize) -> i8 {
        if p.is_winning_move(c) {
            return 1;
        }
        let mut child = *p;
        child.play_column(c);
        solver.reset();
        solver.set_budget(None);
        -solver.solve_weak(&child).unwrap() as i8
    }

    #[test]
    fn proved_bounds_hold_and_unlimited_proofs_decide() {
        let mut solver = Solver::new();
        let mut check = Solver::new();
        for (moves, expected) in load_set("Test_L2_R2").iter().step_by(97) {
            let p = Position::from_digits(moves).unwrap();
            for nodes in [2_000, 1 << 40] {
                let mut b = MoveBounds::new(&p);
                solver.reset();
                solver.prove_moves(&p, &mut b, &Budget::of_nodes(nodes));
                for &c in b.columns() {
                    let r = result_of(&mut check, &p, c);
                    let (lo, hi) = b.of(c);
                    assert!(
                        lo <= r && r <= hi,
                        "{moves}: column {} {r} in {lo}..{hi}",
                        c + 1
                    );
                }
                if nodes > 1 << 30 {
                    let (_, v) = b.decided().expect("decided without a limit");
                    assert_eq!(i32::from(v), expected.signum(), "{moves}");
                }
            }
        }
    }
}
