//! The exact Connect Four solver.
//!
//! Scores follow the usual convention of the public test sets: 0 is a draw,
//! a win scores 22 minus the number of stones the winner has played when the
//! game ends, and a loss is the negative of the opponent's win.
//!
//! The search is a negamax with alpha-beta pruning, driven by null-window
//! probes that narrow the score interval. Moves that hand the opponent an
//! immediate win are never searched, moves are ordered by the winning spots
//! they create, and a fixed-size transposition table ([`Table`]; mirror
//! positions share an entry) remembers bounds and the best move.

use super::position::{column, winning_spots, Position, CELLS_I, EVEN_ROWS, ODD_ROWS, ORDER};
use super::table::{Bound, Table};
use crate::cpu::search::{Budget, Counter};
use crate::game::connect4::{has_four, BOARD, CELLS, WIDTH};

/// The solver was stopped by its budget before it finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Aborted;

/// Enhanced transposition cutoffs are tried in positions with fewer stones.
const ETC_BELOW: u32 = 36;

/// An exact Connect Four solver with its transposition table.
pub struct Solver {
    table: Table,
    counter: Counter,
}

impl Solver {
    pub fn new() -> Solver {
        Solver::with_table(Table::new())
    }

    pub fn with_table(table: Table) -> Solver {
        Solver {
            table,
            counter: Counter::new(None),
        }
    }

    /// Gives the table back, e.g. to keep it for later searches.
    pub fn into_table(self) -> Table {
        self.table
    }

    /// Forgets everything learnt: the next solve starts from scratch.
    pub fn reset(&mut self) {
        self.table.clear();
        self.counter.reset_nodes();
    }

    /// Nodes visited since the last reset.
    pub fn nodes(&self) -> u64 {
        self.counter.nodes()
    }

    /// Stops later searches (with [`Aborted`]) once the budget expires.
    pub fn set_budget(&mut self, budget: Option<Budget>) {
        self.counter.set_budget(budget);
    }

    /// The exact score of a position whose game is not over.
    pub fn solve(&mut self, p: &Position) -> Result<i32, Aborted> {
        self.solve_window(p, -CELLS_I, CELLS_I)
    }

    /// -1, 0 or 1: whether the player to move loses, draws or wins.
    pub fn solve_weak(&mut self, p: &Position) -> Result<i32, Aborted> {
        self.solve_window(p, -1, 1).map(i32::signum)
    }

    /// The exact score when it lies inside `[lo, hi]`; otherwise a value
    /// on the same side of the interval (at most `lo`, or at least `hi`).
    fn solve_window(&mut self, p: &Position, lo: i32, hi: i32) -> Result<i32, Aborted> {
        if p.can_win_now() {
            return Ok(p.win_now_score().min(hi));
        }
        if p.moves() as usize >= CELLS {
            return Ok(0);
        }
        let mut min = (-(CELLS_I - p.moves() as i32) / 2).max(lo);
        let mut max = ((CELLS_I + 1 - p.moves() as i32) / 2).min(hi);
        // Null-window probes split the interval, leaning towards 0 where
        // probes are cheap (draws and distant wins are the usual scores).
        while min < max {
            let mut mid = min + (max - min) / 2;
            if mid <= 0 && min / 2 < mid {
                mid = min / 2;
            } else if mid >= 0 && max / 2 > mid {
                mid = max / 2;
            }
            let r = self.negamax(p, mid, mid + 1);
            if self.counter.stopped() {
                return Err(Aborted);
            }
            if r <= mid {
                max = r;
            } else {
                min = r;
            }
        }
        Ok(min)
    }

    /// Tests whether the score of `p` is at least `target`.
    pub fn score_at_least(&mut self, p: &Position, target: i32) -> Result<bool, Aborted> {
        if p.can_win_now() {
            return Ok(p.win_now_score() >= target);
        }
        if p.moves() as usize >= CELLS {
            return Ok(0 >= target);
        }
        let r = self.negamax(p, target - 1, target);
        if self.counter.stopped() {
            return Err(Aborted);
        }
        Ok(r >= target)
    }

    /// Alpha-beta negamax. The player to move cannot win with this move
    /// (callers check); returns a value v with: v <= alpha means the score
    /// is at most v, v >= beta means it is at least v, otherwise exact.
    fn negamax(&mut self, p: &Position, mut alpha: i32, mut beta: i32) -> i32 {
        if self.counter.tick() {
            return alpha;
        }
        let moves = p.moves() as i32;
        let next = p.non_losing_moves();
        if next == 0 {
            return -(CELLS_I - moves) / 2;
        }
        if moves >= CELLS_I - 2 {
            return 0;
        }
        // The opponent cannot win with their next stone: bound from below.
        let lo = -(CELLS_I - 2 - moves) / 2;
        if alpha < lo {
            alpha = lo;
            if alpha >= beta {
                return alpha;
            }
        }
        // Nor can we win with this one: bound from above.
        let hi = (CELLS_I - 1 - moves) / 2;
        if beta > hi {
            beta = hi;
            if alpha >= beta {
                return beta;
            }
        }

        // A side with no line left open to it cannot win.
        let free = BOARD & !p.mask();
        if beta > 0 && !has_four(p.current() | free) {
            beta = 0;
            if alpha >= beta {
                return beta;
            }
        }
        if alpha < 0 && !has_four(p.opponent() | free) {
            alpha = 0;
            if alpha >= beta {
                return alpha;
            }
        }

        // A forced move (the only one that does not lose at once) needs no
        // ordering and no table entry of its own.
        if next & (next - 1) == 0 {
            let mut child = *p;
            child.play_cell(next);
            return -self.negamax(&child, -beta, -alpha);
        }

        let raw_key = p.key();
        let mirrored_key = Position::mirror_key(raw_key);
        let (key, mirrored) = if mirrored_key < raw_key {
            (mirrored_key, true)
        } else {
            (raw_key, false)
        };
        let mut hint = None;
        if let Some((value, bound, best)) = self.table.get(key) {
            match bound {
                Bound::Exact => return value,
                Bound::Lower => {
                    if value > alpha {
                        alpha = value;
                        if alpha >= beta {
                            return alpha;
                        }
                    }
                }
                Bound::Upper => {
                    if value < beta {
                        beta = value;
                        if alpha >= beta {
                            return beta;
                        }
                    }
                }
            }
            hint = best.map(|c| if mirrored { WIDTH - 1 - c } else { c });
        }

        // Enhanced transposition cutoff: a child whose stored upper bound
        // is low enough proves a cutoff here without searching anything.
        if p.moves() < ETC_BELOW {
            let mut keys = [0u64; WIDTH];
            let mut n = 0;
            let mut rest = next;
            while rest != 0 {
                let cell = rest & rest.wrapping_neg();
                rest ^= cell;
                let mut child = *p;
                child.play_cell(cell);
                let k = child.key();
                keys[n] = k.min(Position::mirror_key(k));
                self.table.prefetch(keys[n]);
                n += 1;
            }
            for &k in &keys[..n] {
                if let Some((value, bound, _)) = self.table.get(k) {
                    if bound != Bound::Lower && -value >= beta {
                        return -value;
                    }
                }
            }
        }

        let alpha0 = alpha;
        let mut best = None;
        let mut rest = next;
        // The remembered best move first, before paying for the ordering.
        if let Some(c) = hint {
            let cell = next & column(c);
            if cell != 0 {
                rest ^= cell;
                let mut child = *p;
                child.play_cell(cell);
                let score = -self.negamax(&child, -beta, -alpha);
                if self.counter.stopped() {
                    return alpha;
                }
                if score >= beta {
                    let stored = if mirrored { WIDTH - 1 - c } else { c };
                    self.table
                        .put(key, p.moves(), score, Bound::Lower, Some(stored));
                    return score;
                }
                if score > alpha {
                    alpha = score;
                    best = Some(c);
                }
            }
        }

        // Then by winning spots created (more on rows of the mover's
        // parity, which tend to decide the endgame), then centre first.
        let good_rows = if p.moves().is_multiple_of(2) {
            ODD_ROWS
        } else {
            EVEN_ROWS
        };
        let mut cells = [0u64; WIDTH];
        let mut cols = [0usize; WIDTH];
        let mut scores = [0i32; WIDTH];
        let mut n = 0;
        for &c in ORDER.iter().rev() {
            let cell = rest & column(c);
            if cell == 0 {
                continue;
            }
            let spots = winning_spots(p.current() | cell, p.mask());
            let score = spots.count_ones() as i32 * 2 + (spots & good_rows).count_ones() as i32;
            // Insertion sort, highest first; among equals the later-inserted
            // (more central) column goes first.
            let mut i = n;
            while i > 0 && scores[i - 1] <= score {
                cells[i] = cells[i - 1];
                cols[i] = cols[i - 1];
                scores[i] = scores[i - 1];
                i -= 1;
            }
            cells[i] = cell;
            cols[i] = c;
            scores[i] = score;
            n += 1;
        }

        for i in 0..n {
            let mut child = *p;
            child.play_cell(cells[i]);
            let score = -self.negamax(&child, -beta, -alpha);
            if self.counter.stopped() {
                return alpha;
            }
            if score >= beta {
                let stored = if mirrored {
                    WIDTH - 1 - cols[i]
                } else {
                    cols[i]
                };
                self.table
                    .put(key, p.moves(), score, Bound::Lower, Some(stored));
                return score;
            }
            if score > alpha {
                alpha = score;
                best = Some(cols[i]);
            }
        }
        let best = best.map(|c| if mirrored { WIDTH - 1 - c } else { c });
        let bound = if alpha > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.put(key, p.moves(), alpha, bound, best);
        alpha
    }

    /// A move that keeps the game's result, with that result: 1 (win) or
    /// 0 (draw). `None` when the position is lost (every move loses; only
    /// exact scores tell the slowest loss) or the board is full.
    pub fn best_move_weak(&mut self, p: &Position) -> Result<Option<(usize, i32)>, Aborted> {
        if p.moves() as usize >= CELLS {
            return Ok(None);
        }
        if let Some(c) = ORDER
            .into_iter()
            .find(|&c| p.can_play(c) && p.is_winning_move(c))
        {
            return Ok(Some((c, 1)));
        }
        let result = self.solve_weak(p)?;
        if result < 0 {
            return Ok(None);
        }
        let safe = p.non_losing_moves();
        for c in self.remembered_first(p) {
            if !p.can_play(c) || safe & column(c) == 0 {
                continue;
            }
            let mut child = *p;
            child.play_column(c);
            // The move keeps the result when the child's score is at most
            // -result.
            if !self.score_at_least(&child, 1 - result)? {
                return Ok(Some((c, result)));
            }
        }
        Ok(None)
    }

    /// The columns in the usual order, with the best move the table
    /// remembers for `p` (the root's last probe) moved to the front: after
    /// a solve it is usually the move that proved the result, so checking
    /// it first makes finding a move that keeps the result cheap.
    fn remembered_first(&self, p: &Position) -> [usize; WIDTH] {
        let raw = p.key();
        let mirrored_key = Position::mirror_key(raw);
        let (key, mirrored) = if mirrored_key < raw {
            (mirrored_key, true)
        } else {
            (raw, false)
        };
        let mut order = ORDER;
        let remembered = self.table.get(key).and_then(|(_, _, best)| best).map(|c| {
            if mirrored {
                WIDTH - 1 - c
            } else {
                c
            }
        });
        if let Some(i) = remembered.and_then(|c| order.iter().position(|&o| o == c)) {
            order[..=i].rotate_right(1);
        }
        order
    }

    /// The exact score of every column (`None` for full columns), each
    /// from the mover's point of view.
    pub fn analyze(&mut self, p: &Position) -> Result<[Option<i32>; WIDTH], Aborted> {
        let mut out = [None; WIDTH];
        for (c, slot) in out.iter_mut().enumerate() {
            if !p.can_play(c) {
                continue;
            }
            *slot = Some(if p.is_winning_move(c) {
                p.win_now_score()
            } else {
                let mut child = *p;
                child.play_column(c);
                -self.solve(&child)?
            });
        }
        Ok(out)
    }

    /// A move with the best exact score, with that score. Finds the score
    /// first, then the first move (in search order) that keeps it, which
    /// costs one null-window probe per move tried.
    pub fn best_move(&mut self, p: &Position) -> Result<Option<(usize, i32)>, Aborted> {
        if p.moves() as usize >= CELLS {
            return Ok(None);
        }
        for c in ORDER {
            if p.can_play(c) && p.is_winning_move(c) {
                return Ok(Some((c, p.win_now_score())));
            }
        }
        let score = self.solve(p)?;
        let safe = p.non_losing_moves();
        // Try the safe moves first (best ordering, the move the table
        // remembers for the root first), then the rest.
        let order = self.remembered_first(p);
        for pass in 0..2 {
            for c in order {
                if !p.can_play(c) || ((safe & column(c) != 0) != (pass == 0)) {
                    continue;
                }
                let mut child = *p;
                child.play_column(c);
                // The move keeps the score when the child's is at most -score.
                if !self.score_at_least(&child, 1 - score)? {
                    return Ok(Some((c, score)));
                }
            }
        }
        // Unreachable for a consistent solver, but stay legal.
        Ok(ORDER
            .into_iter()
            .find(|&c| p.can_play(c))
            .map(|c| (c, score)))
    }
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::cpu::connect4::load_set;

    fn check_set(name: &str, step: usize) {
        let set = load_set(name);
        assert_eq!(set.len(), 1000, "{name}");
        let mut solver = Solver::new();
        for (moves, expected) in set.iter().step_by(step) {
            let p = Position::from_digits(moves).expect("valid position");
            solver.reset();
            assert_eq!(solver.solve(&p), Ok(*expected), "{name}: {moves}");
            solver.reset();
            assert_eq!(
                solver.solve_weak(&p),
                Ok(expected.signum()),
                "{name} weak: {moves}"
            );
        }
    }

    #[test]
    fn end_easy_set() {
        check_set("Test_L3_R1", 1);
    }

    #[test]
    fn middle_easy_set() {
        check_set("Test_L2_R1", 1);
    }

    #[test]
    fn samples_of_harder_sets() {
        check_set("Test_L2_R2", 50);
        check_set("Test_L1_R1", 20);
    }

    /// A fresh table for one solve, as `boardbot solve` uses, and one that
    /// grows as early as it can: exact on short solves (which stay in the
    /// first table) and long ones (which grow it in the middle of the
    /// search).
    #[test]
    fn a_table_for_one_solve_gives_exact_scores() {
        for (name, step) in [("Test_L2_R1", 40), ("Test_L2_R2", 60), ("Test_L1_R1", 40)] {
            for (moves, expected) in load_set(name).iter().step_by(step) {
                let p = Position::from_digits(moves).unwrap();
                for table in [Table::for_one_solve, || Table::growing_after(4)] {
                    let mut solver = Solver::with_table(table());
                    assert_eq!(solver.solve(&p), Ok(*expected), "{name}: {moves}");
                    let mut solver = Solver::with_table(table());
                    assert_eq!(
                        solver.solve_weak(&p),
                        Ok(expected.signum()),
                        "{name}: {moves}"
                    );
                }
            }
        }
    }

    #[test]
    fn best_move_keeps_the_score() {
        let set = load_set("Test_L2_R1");
        let mut solver = Solver::new();
        for (moves, expected) in set.iter().step_by(25) {
            let p = Position::from_digits(moves).unwrap();
            solver.reset();
            let (c, score) = solver.best_move(&p).unwrap().unwrap();
            assert_eq!(score, *expected);
            let after = if p.is_winning_move(c) {
                p.win_now_score()
            } else {
                let mut child = p;
                child.play_column(c);
                solver.reset();
                -solver.solve(&child).unwrap()
            };
            assert_eq!(after, *expected, "{moves}: column {}", c + 1);
        }
    }

    #[test]
    fn weak_best_move_keeps_the_result() {
        let set = load_set("Test_L2_R2");
        let mut solver = Solver::new();
        for (moves, expected) in set.iter().step_by(50) {
            let p = Position::from_digits(moves).unwrap();
            solver.reset();
            let found = solver.best_move_weak(&p).unwrap();
            if *expected < 0 {
                assert_eq!(found, None, "{moves} is lost");
                continue;
            }
            let (c, result) = found.unwrap();
            assert_eq!(result, expected.signum());
            let after = if p.is_winning_move(c) {
                1
            } else {
                let mut child = p;
                child.play_column(c);
                solver.reset();
                -solver.solve_weak(&child).unwrap()
            };
            assert_eq!(after, result, "{moves}: column {}", c + 1);
        }
    }

    /// The exact score after playing column `c` in `p`, for the mover.
    pub(crate) fn score_after(solver: &mut Solver, p: &Position, c: usize) -> i32 {
        if p.is_winning_move(c) {
            return p.win_now_score();
        }
        let mut child = *p;
        child.play_column(c);
        solver.reset();
        -solver.solve(&child).unwrap()
    }
}
