//! A perfect Connect Four solver and the Connect Four CPU levels.
//!
//! Scores follow the usual convention of the public test sets: 0 is a draw,
//! a win scores 22 minus the number of stones the winner has played when the
//! game ends, and a loss is the negative of the opponent's win.
//!
//! The search is a negamax with alpha-beta pruning, driven by null-window
//! probes that narrow the score interval. A position is the stones of the
//! side to move plus the occupied cells, on the bitboard layout of
//! [`crate::game::connect4`]. Moves that hand the opponent an immediate win
//! are never searched, moves are ordered by the winning spots they create,
//! and a fixed-size transposition table (mirror positions share an entry)
//! remembers bounds and the best move.

use crate::cpu::{Budget, Level};
use crate::game::connect4::{has_four, BOARD, BOTTOM, CELLS, STRIDE, WIDTH};
use crate::game::{Connect4, Game, Move};
use rand::seq::SliceRandom;
use rand::Rng;
use std::time::Instant;

/// Columns from the centre outwards: the search order for equal moves.
const ORDER: [usize; WIDTH] = [3, 2, 4, 1, 5, 0, 6];
const CELLS_I: i32 = CELLS as i32;
/// Rows 1, 3 and 5 counted from 1 at the bottom: the first player's.
const ODD_ROWS: u64 = BOTTOM * 0b010101;
/// Rows 2, 4 and 6: the second player's.
const EVEN_ROWS: u64 = BOTTOM * 0b101010;

/// The cells of one column (its six rows).
const fn column(c: usize) -> u64 {
    ((1u64 << 6) - 1) << (c * STRIDE)
}

/// Bits of one column including its spare bit, for mirroring keys.
const fn column_with_spare(c: usize) -> u64 {
    ((1u64 << STRIDE) - 1) << (c * STRIDE)
}

const fn top_cell(c: usize) -> u64 {
    1u64 << (5 + c * STRIDE)
}

const fn bottom_cell(c: usize) -> u64 {
    1u64 << (c * STRIDE)
}

/// The empty cells that would complete a line of four for `stones`.
#[inline]
pub fn winning_spots(stones: u64, occupied: u64) -> u64 {
    // Vertical: three stacked stones, the cell above them.
    let mut spots = (stones << 1) & (stones << 2) & (stones << 3);
    // Horizontal and both diagonals: a gap at either end or inside a line.
    for d in [STRIDE, STRIDE - 1, STRIDE + 1] {
        let left2 = (stones << d) & (stones << (2 * d));
        spots |= left2 & (stones << (3 * d)); // xxx_
        spots |= left2 & (stones >> d); // xx_x
        let right2 = (stones >> d) & (stones >> (2 * d));
        spots |= right2 & (stones >> (3 * d)); // _xxx
        spots |= right2 & (stones << d); // x_xx
    }
    spots & (BOARD ^ occupied)
}

/// A position as the solver sees it: the side to move and the occupied cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// Stones of the player to move.
    current: u64,
    /// Every occupied cell.
    mask: u64,
    /// Stones on the board.
    moves: u32,
}

impl Position {
    pub fn new() -> Position {
        Position {
            current: 0,
            mask: 0,
            moves: 0,
        }
    }

    pub fn from_game(game: &Connect4) -> Position {
        Position {
            current: game.stones(game.to_move()),
            mask: game.occupied(),
            moves: game.plies() as u32,
        }
    }

    /// Plays 1-based column digits; `None` on a bad digit, a full column or
    /// a move after the game was won.
    pub fn from_digits(digits: &str) -> Option<Position> {
        let mut p = Position::new();
        for ch in digits.chars() {
            let c = ch.to_digit(10)?.checked_sub(1)? as usize;
            if c >= WIDTH || !p.can_play(c) || p.is_winning_move(c) {
                return None;
            }
            p.play_column(c);
        }
        Some(p)
    }

    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// The stones of the player to move.
    pub fn current(&self) -> u64 {
        self.current
    }

    /// The stones of the player who moved last.
    pub fn opponent(&self) -> u64 {
        self.current ^ self.mask
    }

    pub fn mask(&self) -> u64 {
        self.mask
    }

    #[inline]
    pub fn can_play(&self, c: usize) -> bool {
        self.mask & top_cell(c) == 0
    }

    /// The lowest empty cell of every column that is not full.
    #[inline]
    pub fn playable(&self) -> u64 {
        (self.mask + BOTTOM) & BOARD
    }

    #[inline]
    pub fn play_cell(&mut self, cell: u64) {
        self.current ^= self.mask;
        self.mask |= cell;
        self.moves += 1;
    }

    pub fn play_column(&mut self, c: usize) {
        self.play_cell((self.mask + bottom_cell(c)) & column(c));
    }

    /// True when playing column `c` (which must be playable) wins at once.
    pub fn is_winning_move(&self, c: usize) -> bool {
        winning_spots(self.current, self.mask) & self.playable() & column(c) != 0
    }

    #[inline]
    pub fn can_win_now(&self) -> bool {
        winning_spots(self.current, self.mask) & self.playable() != 0
    }

    /// The moves (as cells) that do not let the opponent win on the next
    /// move. Empty when every move loses at once; the opponent's single
    /// threat, when there is one, is the only move left.
    #[inline]
    pub fn non_losing_moves(&self) -> u64 {
        let mut playable = self.playable();
        let threats = winning_spots(self.opponent(), self.mask);
        let forced = playable & threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0; // two threats at once: one of them will be played
            }
            playable = forced;
        }
        // Never fill the cell below one of the opponent's spots.
        playable & !(threats >> 1)
    }

    /// A unique number for the position (side to move's stones plus the
    /// occupied cells; below 2^49).
    #[inline]
    pub fn key(&self) -> u64 {
        self.current + self.mask
    }

    /// The key of the mirror image (columns reversed).
    #[inline]
    fn mirror_key(key: u64) -> u64 {
        let c = |i: usize| key & column_with_spare(i);
        c(3) | (c(0) << (6 * STRIDE))
            | (c(6) >> (6 * STRIDE))
            | (c(1) << (4 * STRIDE))
            | (c(5) >> (4 * STRIDE))
            | (c(2) << (2 * STRIDE))
            | (c(4) >> (2 * STRIDE))
    }

    /// The mirror image (columns reversed).
    pub fn mirror(p: &Position) -> Position {
        Position {
            current: Position::mirror_key(p.current),
            mask: Position::mirror_key(p.mask),
            moves: p.moves,
        }
    }

    /// The exact score if the player to move wins with the next stone.
    fn win_now_score(&self) -> i32 {
        (CELLS_I + 1 - self.moves as i32) / 2
    }
}

impl Default for Position {
    fn default() -> Self {
        Self::new()
    }
}

/// Which side of the true score a stored value bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bound {
    Lower = 1,
    Upper = 2,
    Exact = 3,
}

/// A fixed-size transposition table of packed 64-bit entries, two per
/// bucket: the first keeps the entry with the bigger subtree (fewer stones
/// on the board), the second takes whatever came last.
///
/// The bucket is `key % buckets` (a prime), so storing `key / buckets`
/// identifies the key exactly. Entries carry a generation: [`Table::clear`]
/// starts a new generation instead of touching memory, which makes a fresh
/// table per position cost nothing.
///
/// Entry bits: 0..28 key quotient, 28..34 value + 32, 34..36 bound,
/// 36..39 best column (7 = none), 39..45 stones on the board,
/// 45..64 generation (0 = never written).
pub struct Table {
    entries: Vec<u64>,
    buckets: u64,
    generation: u64,
}

const QUOTIENT_BITS: u32 = 28;
const QUOTIENT_MASK: u64 = (1 << QUOTIENT_BITS) - 1;
const GENERATION_SHIFT: u32 = 45;
const GENERATION_LIMIT: u64 = 1 << (64 - GENERATION_SHIFT);

impl Table {
    /// The default number of buckets: a prime just below 2^22 (two entries
    /// each, 64 MiB).
    pub const DEFAULT_BUCKETS: usize = 4_194_301;

    /// A table of `buckets` buckets; `buckets` must be a prime above 2^21
    /// so that key quotients fit their bits.
    pub fn with_buckets(buckets: usize) -> Table {
        assert!(
            buckets > (1 << 21),
            "table too small for 28-bit key quotients"
        );
        let mut entries = vec![0u64; 2 * buckets];
        // Touch every page now: a zeroed allocation is mapped lazily, and
        // faulting pages in during a search costs more than the search.
        for page in entries.chunks_mut(512) {
            // SAFETY: a valid, aligned element of the page being touched.
            unsafe { std::ptr::write_volatile(&mut page[0], 0) };
        }
        Table {
            entries,
            buckets: buckets as u64,
            generation: 1,
        }
    }

    pub fn new() -> Table {
        Table::with_buckets(Self::DEFAULT_BUCKETS)
    }

    /// A table of about `2^log2` entries (23 to 30): the largest prime
    /// number of buckets below `2^(log2 - 1)`.
    pub fn with_log2(log2: u32) -> Table {
        let log2 = log2.clamp(23, 30);
        let is_prime = |n: u64| {
            (2..)
                .take_while(|d| d * d <= n)
                .all(|d| !n.is_multiple_of(d))
        };
        let buckets = (1..(1u64 << (log2 - 1)))
            .rev()
            .find(|&n| is_prime(n))
            .unwrap_or(Self::DEFAULT_BUCKETS as u64);
        Table::with_buckets(buckets as usize)
    }

    /// Forgets every entry (in constant time, almost always).
    pub fn clear(&mut self) {
        self.generation += 1;
        if self.generation >= GENERATION_LIMIT {
            self.entries.iter_mut().for_each(|e| *e = 0);
            self.generation = 1;
        }
    }

    /// Asks the processor to fetch a key's bucket ahead of [`Table::get`].
    #[inline]
    fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let slot = 2 * (key % self.buckets) as usize;
            // SAFETY: `slot` is inside the table, and a prefetch is only a
            // hint: it reads nothing and cannot fault.
            unsafe {
                use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
                _mm_prefetch(self.entries.as_ptr().add(slot) as *const i8, _MM_HINT_T0);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    #[inline]
    fn matches(&self, e: u64, quotient: u64) -> bool {
        e >> GENERATION_SHIFT == self.generation && e & QUOTIENT_MASK == quotient
    }

    #[inline]
    fn get(&self, key: u64) -> Option<(i32, Bound, Option<usize>)> {
        let slot = 2 * (key % self.buckets) as usize;
        let quotient = key / self.buckets;
        let e = if self.matches(self.entries[slot], quotient) {
            self.entries[slot]
        } else if self.matches(self.entries[slot + 1], quotient) {
            self.entries[slot + 1]
        } else {
            return None;
        };
        let value = ((e >> 28) & 63) as i32 - 32;
        let bound = match (e >> 34) & 3 {
            1 => Bound::Lower,
            2 => Bound::Upper,
            _ => Bound::Exact,
        };
        let best = ((e >> 36) & 7) as usize;
        Some((value, bound, (best < WIDTH).then_some(best)))
    }

    #[inline]
    fn put(&mut self, key: u64, moves: u32, value: i32, bound: Bound, best: Option<usize>) {
        let slot = 2 * (key % self.buckets) as usize;
        let quotient = key / self.buckets;
        let e = quotient
            | (((value + 32) as u64) << 28)
            | ((bound as u64) << 34)
            | ((best.unwrap_or(7) as u64) << 36)
            | ((moves as u64) << 39)
            | (self.generation << GENERATION_SHIFT);
        let first = self.entries[slot];
        let first_moves = ((first >> 39) & 63) as u32;
        if self.matches(first, quotient)
            || first >> GENERATION_SHIFT != self.generation
            || moves <= first_moves
        {
            if !self.matches(first, quotient) && first >> GENERATION_SHIFT == self.generation {
                self.entries[slot + 1] = first;
            }
            self.entries[slot] = e;
        } else {
            self.entries[slot + 1] = e;
        }
    }
}

impl Default for Table {
    fn default() -> Self {
        Self::new()
    }
}

/// The solver was stopped by its budget before it finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Aborted;

/// Enhanced transposition cutoffs are tried in positions with fewer stones.
const ETC_BELOW: u32 = 36;

/// Nodes between two looks at the budget.
const BUDGET_CHECK_INTERVAL: u64 = 4096;

/// An exact Connect Four solver with its transposition table.
pub struct Solver {
    table: Table,
    nodes: u64,
    budget: Option<Budget>,
    aborted: bool,
}

impl Solver {
    pub fn new() -> Solver {
        Solver::with_table(Table::new())
    }

    pub fn with_table(table: Table) -> Solver {
        Solver {
            table,
            nodes: 0,
            budget: None,
            aborted: false,
        }
    }

    /// Gives the table back, e.g. to keep it for later searches.
    pub fn into_table(self) -> Table {
        self.table
    }

    /// Forgets everything learnt: the next solve starts from scratch.
    pub fn reset(&mut self) {
        self.table.clear();
        self.nodes = 0;
    }

    /// Nodes visited since the last reset.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Stops later searches (with [`Aborted`]) once the budget expires.
    pub fn set_budget(&mut self, budget: Option<Budget>) {
        self.budget = budget;
        self.aborted = false;
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
        if p.moves as usize >= CELLS {
            return Ok(0);
        }
        let mut min = (-(CELLS_I - p.moves as i32) / 2).max(lo);
        let mut max = ((CELLS_I + 1 - p.moves as i32) / 2).min(hi);
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
            if self.aborted {
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
        if p.moves as usize >= CELLS {
            return Ok(0 >= target);
        }
        let r = self.negamax(p, target - 1, target);
        if self.aborted {
            return Err(Aborted);
        }
        Ok(r >= target)
    }

    /// Alpha-beta negamax. The player to move cannot win with this move
    /// (callers check); returns a value v with: v <= alpha means the score
    /// is at most v, v >= beta means it is at least v, otherwise exact.
    fn negamax(&mut self, p: &Position, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(BUDGET_CHECK_INTERVAL) {
            if let Some(budget) = &self.budget {
                if budget.expired() {
                    self.aborted = true;
                }
            }
        }
        if self.aborted {
            return alpha;
        }
        let moves = p.moves as i32;
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
        let free = BOARD & !p.mask;
        if beta > 0 && !has_four(p.current | free) {
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
        if p.moves < ETC_BELOW {
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
                if self.aborted {
                    return alpha;
                }
                if score >= beta {
                    let stored = if mirrored { WIDTH - 1 - c } else { c };
                    self.table
                        .put(key, p.moves, score, Bound::Lower, Some(stored));
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
        let good_rows = if p.moves.is_multiple_of(2) {
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
            let spots = winning_spots(p.current | cell, p.mask);
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
            if self.aborted {
                return alpha;
            }
            if score >= beta {
                let stored = if mirrored {
                    WIDTH - 1 - cols[i]
                } else {
                    cols[i]
                };
                self.table
                    .put(key, p.moves, score, Bound::Lower, Some(stored));
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
        self.table.put(key, p.moves, alpha, bound, best);
        alpha
    }

    /// A move that keeps the game's result, with that result: 1 (win) or
    /// 0 (draw). `None` when the position is lost (every move loses; only
    /// exact scores tell the slowest loss) or the board is full.
    pub fn best_move_weak(&mut self, p: &Position) -> Result<Option<(usize, i32)>, Aborted> {
        if p.moves as usize >= CELLS {
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
        for c in ORDER {
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
        if p.moves as usize >= CELLS {
            return Ok(None);
        }
        for c in ORDER {
            if p.can_play(c) && p.is_winning_move(c) {
                return Ok(Some((c, p.win_now_score())));
            }
        }
        let score = self.solve(p)?;
        let safe = p.non_losing_moves();
        // Try the safe moves first (best ordering), then the rest.
        for pass in 0..2 {
            for c in ORDER {
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

/// The exact score of a Connect Four position for the player to move. A
/// finished game scores as lost for the player to move (or 0 when drawn).
pub fn solve(game: &Connect4) -> i32 {
    if let Some(score) = finished_score(game) {
        return score;
    }
    let mut solver = crate::cpu::pool::take_solver();
    solver.reset();
    let result = solver.solve(&Position::from_game(game));
    crate::cpu::pool::give_back(solver);
    result.unwrap_or(0)
}

/// -1, 0 or 1: whether the player to move loses, draws or wins.
pub fn solve_weak(game: &Connect4) -> i32 {
    if let Some(score) = finished_score(game) {
        return score.signum();
    }
    let mut solver = crate::cpu::pool::take_solver();
    solver.reset();
    let result = solver.solve_weak(&Position::from_game(game));
    crate::cpu::pool::give_back(solver);
    result.unwrap_or(0)
}

fn finished_score(game: &Connect4) -> Option<i32> {
    let outcome = game.outcome()?;
    Some(match outcome.winner() {
        // The winner played (plies + 1) / 2 stones.
        Some(_) => -(22 - (game.plies() as i32 + 1) / 2),
        None => 0,
    })
}

/// Converts a solver column to a game move.
pub fn column_move(c: usize) -> Move {
    c as Move
}

// ---------------------------------------------------------------------------
// CPU levels

/// Scores of the heuristic search: a win is worth more than any estimate.
const WIN: i32 = 10_000;

/// Centre-heavy weights for the easy level's random choice.
const EASY_WEIGHTS: [u32; WIDTH] = [1, 2, 3, 5, 3, 2, 1];

/// How far the medium level looks ahead, in plies.
pub const MEDIUM_DEPTH: u32 = 7;

/// The column a CPU of `level` plays, or `None` when the game is over.
pub fn choose(game: &Connect4, level: Level, budget: &Budget, rng: &mut impl Rng) -> Option<Move> {
    if game.is_over() {
        return None;
    }
    let p = Position::from_game(game);
    let c = match level {
        Level::Easy => easy(&p, rng),
        Level::Medium => medium(&p, budget, rng),
        Level::Hard => hard(&p, budget, rng),
    };
    Some(column_move(c))
}

fn legal_columns(p: &Position) -> impl Iterator<Item = usize> + '_ {
    ORDER.into_iter().filter(|&c| p.can_play(c))
}

fn winning_column(p: &Position) -> Option<usize> {
    legal_columns(p).find(|&c| p.is_winning_move(c))
}

/// A beginner: takes a win it sees, blocks half the time, otherwise plays
/// at random with a liking for the centre.
fn easy(p: &Position, rng: &mut impl Rng) -> usize {
    if let Some(c) = winning_column(p) {
        return c;
    }
    let threats = winning_spots(p.opponent(), p.mask()) & p.playable();
    if threats != 0 && rng.gen_bool(0.5) {
        if let Some(c) = (0..WIDTH).find(|&c| threats & column(c) != 0) {
            return c;
        }
    }
    let columns: Vec<usize> = (0..WIDTH).filter(|&c| p.can_play(c)).collect();
    let total: u32 = columns.iter().map(|&c| EASY_WEIGHTS[c]).sum();
    let mut pick = rng.gen_range(0..total);
    for &c in &columns {
        if pick < EASY_WEIGHTS[c] {
            return c;
        }
        pick -= EASY_WEIGHTS[c];
    }
    columns[0]
}

/// Solid tactics: a short alpha-beta search with a threat-counting
/// evaluation; equal moves are chosen at random.
fn medium(p: &Position, budget: &Budget, rng: &mut impl Rng) -> usize {
    let mut search = Heuristic::new(budget.clone());
    search.best_column(p, MEDIUM_DEPTH, rng)
}

/// Perfect play: the move with the best exact score (a win as fast as
/// possible, a loss as late as possible). Positions too early to solve in
/// time come from the opening book, or else from the deepest heuristic
/// search that finished.
fn hard(p: &Position, budget: &Budget, rng: &mut impl Rng) -> usize {
    if let Some(c) = winning_column(p) {
        return c;
    }
    if let Some(c) = crate::cpu::book::lookup(p) {
        if p.can_play(c) {
            return c;
        }
    }
    // Time: a little over half for the exact score, then a weak solve
    // (win, draw or loss: cheaper, and it reuses what the table learnt),
    // then the rest for a heuristic search.
    let now = Instant::now();
    let left = budget.deadline.saturating_duration_since(now);
    let until = |share: u32| Budget {
        deadline: now + left * share / 100,
        cancel: budget.cancel.clone(),
    };
    let mut solver = crate::cpu::pool::take_solver();
    solver.reset();
    solver.set_budget(Some(until(55)));
    let mut solved = solver.best_move(p).ok().flatten();
    if solved.is_none() {
        solver.set_budget(Some(until(85)));
        solved = solver.best_move_weak(p).ok().flatten();
    }
    crate::cpu::pool::give_back(solver);
    if let Some((c, _)) = solved {
        return c;
    }
    // Stop a little early: the caller still has to act on the move.
    let mut search = Heuristic::new(until(97));
    search.best_column(p, CELLS as u32, rng)
}

/// A depth-limited alpha-beta search with an evaluation, for the medium
/// level and as the hard level's fallback.
struct Heuristic {
    budget: Budget,
    nodes: u64,
    aborted: bool,
}

impl Heuristic {
    fn new(budget: Budget) -> Heuristic {
        Heuristic {
            budget,
            nodes: 0,
            aborted: false,
        }
    }

    /// Iterative deepening up to `max_depth` within the budget; returns the
    /// best column of the deepest finished iteration.
    fn best_column(&mut self, p: &Position, max_depth: u32, rng: &mut impl Rng) -> usize {
        if let Some(c) = winning_column(p) {
            return c;
        }
        let safe = p.non_losing_moves();
        let mut candidates: Vec<usize> = legal_columns(p)
            .filter(|&c| safe & column(c) != 0)
            .collect();
        if candidates.is_empty() {
            // Every move loses at once: any legal move will do.
            return legal_columns(p).next().unwrap_or(3);
        }
        // Shuffle so that equal moves are picked at random, then keep the
        // centre-first order as the sort is stable.
        candidates.shuffle(rng);
        let mut best = candidates[0];
        let remaining = CELLS as u32 - p.moves();
        for depth in 1..=max_depth.min(remaining) {
            let mut alpha = -WIN * 2;
            let mut scored = Vec::with_capacity(candidates.len());
            for &c in &candidates {
                let mut child = *p;
                child.play_column(c);
                let score = -self.search(&child, depth - 1, -WIN * 2, -alpha + 1);
                if self.aborted {
                    return best;
                }
                alpha = alpha.max(score);
                scored.push((score, c));
            }
            // Best first; the previous best stays first among equals.
            scored.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
            candidates = scored.iter().map(|&(_, c)| c).collect();
            let top = scored[0].0;
            let ties: Vec<usize> = scored
                .iter()
                .filter(|&&(s, _)| s == top)
                .map(|&(_, c)| c)
                .collect();
            best = if ties.contains(&best) && depth > 1 {
                best
            } else {
                ties[rng.gen_range(0..ties.len())]
            };
            if top.abs() >= WIN {
                break; // a forced result: deeper search changes nothing
            }
        }
        best
    }

    fn search(&mut self, p: &Position, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1024) && self.budget.expired() {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let moves = p.moves() as i32;
        if p.can_win_now() {
            return WIN + (CELLS_I - moves);
        }
        let next = p.non_losing_moves();
        if next == 0 {
            return -(WIN + CELLS_I - moves - 1);
        }
        if moves >= CELLS_I - 2 {
            return 0;
        }
        if depth == 0 {
            return evaluate(p);
        }
        let mut order = [(0i32, 0u64); WIDTH];
        let mut n = 0;
        for c in ORDER {
            let cell = next & column(c);
            if cell != 0 {
                let spots = winning_spots(p.current() | cell, p.mask()).count_ones() as i32;
                order[n] = (spots, cell);
                n += 1;
            }
        }
        order[..n].sort_by_key(|&(spots, _)| std::cmp::Reverse(spots));
        let mut best = -WIN * 2;
        for &(_, cell) in &order[..n] {
            let mut child = *p;
            child.play_cell(cell);
            let score = -self.search(&child, depth - 1, -beta, -alpha);
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// The evaluation of a quiet position for the player to move: open
/// winning spots (more when they sit on the rows that tend to fall to
/// that player late in the game) and stones near the centre.
fn evaluate(p: &Position) -> i32 {
    let mine = winning_spots(p.current(), p.mask());
    let theirs = winning_spots(p.opponent(), p.mask());
    // Rows 1, 3, 5 counted from 1 (odd) favour the first player, even rows
    // the second. Row index r (from 0) is odd-numbered when r is even.
    let odd_rows = BOTTOM * 0b010101;
    let first_to_move = p.moves().is_multiple_of(2);
    let (my_rows, their_rows) = if first_to_move {
        (odd_rows, BOARD & !odd_rows)
    } else {
        (BOARD & !odd_rows, odd_rows)
    };
    let mut score = 4 * (mine.count_ones() as i32 - theirs.count_ones() as i32);
    score += 2 * ((mine & my_rows).count_ones() as i32 - (theirs & their_rows).count_ones() as i32);
    for (c, weight) in [(3usize, 3i32), (2, 2), (4, 2), (1, 1), (5, 1)] {
        let col = column(c);
        score += weight
            * ((p.current() & col).count_ones() as i32 - (p.opponent() & col).count_ones() as i32);
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn testdata_dir() -> PathBuf {
        let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/connect4"));
        assert!(
            dir.is_dir(),
            "Connect Four test data missing: expected the folder {} (part of the repository)",
            dir.display()
        );
        dir
    }

    pub(crate) fn load_set(name: &str) -> Vec<(String, i32)> {
        let path = testdata_dir().join(name);
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| {
                let (moves, score) = l.split_once(' ').expect("line: moves score");
                (moves.to_string(), score.trim().parse().expect("score"))
            })
            .collect()
    }

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

    #[test]
    fn table_size_is_prime() {
        let n = Table::DEFAULT_BUCKETS as u64;
        assert!((2..)
            .take_while(|d| d * d <= n)
            .all(|d| !n.is_multiple_of(d)));
        assert!((1u64 << 49) / n < (1 << QUOTIENT_BITS));
    }

    #[test]
    fn mirror_key_reverses_columns() {
        let p = Position::from_digits("1123").unwrap();
        let q = Position::from_digits("7765").unwrap();
        assert_eq!(Position::mirror_key(p.key()), q.key());
        assert_eq!(Position::mirror_key(q.key()), p.key());
    }

    #[test]
    fn winning_spots_match_a_plain_check() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        for _ in 0..300 {
            let mut g = Connect4::new();
            while !g.is_over() {
                let p = Position::from_game(&g);
                let spots = winning_spots(p.current(), p.mask());
                for c in 0..WIDTH {
                    for r in 0..6 {
                        let cell = 1u64 << (c * STRIDE + r);
                        let expected = p.mask() & cell == 0
                            && crate::game::connect4::has_four(p.current() | cell);
                        assert_eq!(spots & cell != 0, expected);
                    }
                }
                let moves = g.legal_moves();
                g.play(moves[rng.gen_range(0..moves.len())]).unwrap();
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

    #[test]
    fn finished_games_score_as_lost() {
        // Red wins on the fourth stone (ply 7): 22 - 4 = 18.
        let g = Connect4::from_digits("1212121").unwrap();
        assert_eq!(solve(&g), -18);
        assert_eq!(solve_weak(&g), -1);
        let g = Connect4::from_digits("121212").unwrap();
        assert_eq!(solve(&g), 18);
    }

    fn long_budget() -> Budget {
        Budget::new(std::time::Duration::from_secs(120))
    }

    /// The exact score after playing column `c` in `p`, for the mover.
    fn score_after(solver: &mut Solver, p: &Position, c: usize) -> i32 {
        if p.is_winning_move(c) {
            return p.win_now_score();
        }
        let mut child = *p;
        child.play_column(c);
        solver.reset();
        -solver.solve(&child).unwrap()
    }

    #[test]
    fn hard_plays_a_best_move() {
        use rand::SeedableRng;
        let mut rng = rand::rngs::StdRng::seed_from_u64(9);
        let mut solver = Solver::new();
        for (set, step) in [("Test_L3_R1", 50), ("Test_L2_R1", 40), ("Test_L2_R2", 100)] {
            for (moves, expected) in load_set(set).iter().step_by(step) {
                let game = Connect4::from_digits(moves).unwrap();
                let p = Position::from_game(&game);
                let mv = choose(&game, Level::Hard, &long_budget(), &mut rng).unwrap();
                let c = mv as usize;
                assert!(p.can_play(c), "{moves}: illegal column {}", c + 1);
                assert_eq!(
                    score_after(&mut solver, &p, c),
                    *expected,
                    "{set} {moves}: column {} does not keep the score",
                    c + 1
                );
            }
        }
    }

    #[test]
    fn every_level_takes_an_immediate_win() {
        use rand::SeedableRng;
        let mut rng = rand::rngs::StdRng::seed_from_u64(10);
        // Three stacked in column 1; three along the bottom row (both sides);
        // three on a diagonal from column 1 up to column 3.
        for (moves, wins) in [
            ("121212", vec![0]),
            ("152637", vec![3]),
            ("1223433447", vec![3]),
        ] {
            let game = Connect4::from_digits(moves).unwrap();
            let p = Position::from_game(&game);
            let winning: Vec<usize> = (0..WIDTH)
                .filter(|&c| p.can_play(c) && p.is_winning_move(c))
                .collect();
            assert_eq!(winning, wins, "{moves}");
            assert!(!winning.is_empty(), "{moves} has a winning move");
            for level in Level::ALL {
                for _ in 0..10 {
                    let mv = choose(&game, level, &long_budget(), &mut rng).unwrap();
                    assert!(
                        winning.contains(&(mv as usize)),
                        "{level:?} missed the win in {moves}"
                    );
                }
            }
        }
    }

    #[test]
    fn medium_blocks_and_avoids_playing_under_a_threat() {
        use rand::SeedableRng;
        let mut rng = rand::rngs::StdRng::seed_from_u64(12);
        // Red threatens column 4 on top of three stones: block it.
        let game = Connect4::from_digits("41424").unwrap();
        for _ in 0..10 {
            assert_eq!(
                choose(&game, Level::Medium, &long_budget(), &mut rng),
                Some(3)
            );
        }
    }

    #[test]
    fn levels_return_a_legal_move_when_cancelled() {
        use rand::SeedableRng;
        let mut rng = rand::rngs::StdRng::seed_from_u64(13);
        let budget = long_budget();
        budget
            .cancel
            .store(true, std::sync::atomic::Ordering::Relaxed);
        for moves in ["", "44", "4455"] {
            let game = Connect4::from_digits(moves).unwrap();
            for level in Level::ALL {
                let mv = choose(&game, level, &budget, &mut rng).unwrap();
                assert!(game.is_legal(mv));
            }
        }
        let over = Connect4::from_digits("1212121").unwrap();
        assert_eq!(choose(&over, Level::Hard, &budget, &mut rng), None);
    }

    /// Plays a match; returns the winner's level index, or None for a draw.
    fn play_match(levels: [Level; 2], rng: &mut impl Rng) -> Option<usize> {
        let mut game = Connect4::new();
        while !game.is_over() {
            let player = game.to_move() as usize;
            let mv = choose(&game, levels[player], &long_budget(), rng).unwrap();
            game.play(mv).unwrap();
        }
        game.outcome()
            .and_then(|o| o.winner())
            .map(|seat| seat as usize)
    }

    #[test]
    fn medium_beats_easy() {
        use rand::SeedableRng;
        let mut rng = rand::rngs::StdRng::seed_from_u64(2024);
        let games = 40;
        let mut medium_wins = 0;
        for g in 0..games {
            // Alternate seats: medium moves first in even games.
            let (levels, medium_seat) = if g % 2 == 0 {
                ([Level::Medium, Level::Easy], 0)
            } else {
                ([Level::Easy, Level::Medium], 1)
            };
            if play_match(levels, &mut rng) == Some(medium_seat) {
                medium_wins += 1;
            }
        }
        assert!(
            medium_wins * 100 >= games * 80,
            "medium won only {medium_wins} of {games}"
        );
    }
}
