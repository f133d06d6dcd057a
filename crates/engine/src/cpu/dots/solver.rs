//! The exact Dots and Boxes solver. It works on the set of drawn lines
//! alone: what the rest of the game is worth to the side to move does not
//! depend on who owns the boxes already claimed. It is a negamax
//! alpha-beta search (MTD(f) at the root, for the value and for the best
//! line) over the boxes still open with
//! - a transposition table keyed by the drawn-line set, reduced by the
//!   board's symmetries (4 on a rectangle, 8 on a square), in buckets of
//!   two;
//! - move ordering: captures first, then safe lines (no box gets a third
//!   side; those that give boxes their second side first), then
//!   sacrifices;
//! - captures that are provably right taken at once: a box whose missing side
//!   does not lead into a box with exactly two sides (so taking it cannot
//!   cost a double-deal); when every capturable box continues a chain, only
//!   the capture and the double-dealing line (the other free side of the next
//!   box) are searched;
//! - loony moves (a chain of three or more, or of two opened at its end, or
//!   a loop handed over) skipped when their bound ([`Geometry::loony_bound`])
//!   cannot raise alpha;
//! - safe children looked up in the table before searching (an enhanced
//!   transposition cutoff) from [`ETC_FROM`] free lines;
//! - the loony endgame valued by [`super::endgame`].

use super::endgame::Endgame;
use super::geometry::{Geometry, EDGE};
use crate::cpu::search::{give_back_spare, take_spare, BestChild, Budget, Counter, Spare, Table};
use crate::game::dots::DotsAndBoxes;

#[derive(Clone, Copy, Default)]
pub(crate) struct Entry {
    /// Canonical drawn set with bit 63 set (0 = empty slot).
    key: u64,
    /// The table's generation when written: entries of earlier solves
    /// (maybe of another board) are misses.
    generation: u32,
    lo: i8,
    hi: i8,
    best: u8,
    /// Free lines of the position: the larger the search it saved, the
    /// longer it is kept.
    depth: u8,
}

const OCCUPIED: u64 = 1 << 63;

/// Free lines from which a node looks its safe children up in the table
/// before searching (the lookups cost more than they save near the leaves).
const ETC_FROM: u32 = 26;

/// Slots of the table (16 bytes each, in buckets of two): 64 MiB, kept per
/// thread.
const TT_SLOTS: usize = 1 << 22;

thread_local! {
    static TABLE: Spare<Table<Entry>> = const { Spare::new(None) };
}

/// The exact search.
pub(crate) struct Solver<'a> {
    g: &'a Geometry,
    tt: Table<Entry>,
    endgame: Endgame,
    counter: Counter,
    /// The last lower bound [`Solver::best_move`] proved and a line that
    /// reaches it, kept when the budget runs out before the exact value.
    proven: Option<(usize, i32)>,
    /// Root lines proved worse than the first null-window test's bound
    /// before any lower bound was proved.
    refuted: u64,
}

impl<'a> Solver<'a> {
    /// A solver with this thread's table, emptied.
    pub(crate) fn new(g: &'a Geometry, budget: Option<&Budget>) -> Solver<'a> {
        let mut tt = take_spare(&TABLE, || Table::new(TT_SLOTS));
        tt.new_generation();
        Solver {
            g,
            tt,
            endgame: Endgame::new(),
            counter: Counter::new(budget.cloned()),
            proven: None,
            refuted: 0,
        }
    }

    /// After [`Solver::best_move`] ran out of budget: a line proved to
    /// net at least the value given with it, if a test finished with one
    /// (MTD(f) starts its tests at 0 or 1 and proves lower bounds short of
    /// the value only on its way up, so the bound is at least that).
    pub(crate) fn proven(&self) -> Option<(usize, i32)> {
        self.proven
    }

    /// After [`Solver::best_move`] ran out of budget before proving any
    /// lower bound: the root lines it proved worse than its first test's
    /// bound (0, or 1 with an odd number of boxes open), as a mask. Whoever
    /// plays on without the exact answer should pick another line.
    pub(crate) fn refuted(&self) -> u64 {
        self.refuted
    }

    /// Nodes searched so far (for the measurements).
    pub(crate) fn nodes(&self) -> u64 {
        self.counter.nodes()
    }

    /// The first slot of the key's bucket of two.
    #[inline]
    fn slot(&self, key: u64) -> usize {
        self.tt.index(key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) & !1
    }

    /// The key's entry of this generation, if its bucket holds one.
    #[inline]
    fn probe(&self, slot: usize, key: u64, generation: u32) -> Option<Entry> {
        (slot..slot + 2)
            .map(|s| self.tt.get(s))
            .find(|e| e.key == key && e.generation == generation)
    }

    /// Where to write the key's entry: its own slot, else an empty or old
    /// one, else the one that saved the smaller search.
    #[inline]
    fn victim(&self, slot: usize, key: u64, generation: u32) -> usize {
        let (a, b) = (self.tt.get(slot), self.tt.get(slot + 1));
        if a.key == key && a.generation == generation {
            return slot;
        }
        if b.key == key && b.generation == generation {
            return slot + 1;
        }
        if a.generation != generation {
            return slot;
        }
        if b.generation != generation || b.depth < a.depth {
            return slot + 1;
        }
        slot
    }

    /// The exact value for the side to move, `None` when the budget ran out.
    pub(crate) fn value(&mut self, drawn: u64) -> Option<i32> {
        let r = self.g.open_boxes(drawn);
        self.mtdf(r, |solver, beta| solver.negamax(drawn, beta - 1, beta))
    }

    /// The exact value of drawing line `l` for the side to move at
    /// `drawn` (the boxes it takes, then the rest for whoever moves next),
    /// `None` when the budget ran out.
    pub(crate) fn line_value(&mut self, drawn: u64, l: usize) -> Option<i32> {
        let gain = self.g.gain(drawn, l);
        let child = self.value(drawn | 1 << l)?;
        Some(if gain > 0 { gain + child } else { -child })
    }

    /// MTD(f) over a value within `-r..=r` of the parity of `r` (the open
    /// boxes): null-window tests `test(self, beta)` (a value below `beta`,
    /// or at least `beta`) from a guess of 0 or 1, in steps of two, until
    /// the bounds meet. `None` when the budget ran out during a test.
    fn mtdf(&mut self, r: i32, mut test: impl FnMut(&mut Self, i32) -> i32) -> Option<i32> {
        let (mut lo, mut hi) = (-r, r);
        let mut guess = r & 1;
        while lo < hi {
            let beta = if guess <= lo { lo + 2 } else { guess };
            let v = test(self, beta);
            if self.counter.stopped() {
                return None;
            }
            if v < beta {
                hi = parity_floor(v, r);
            } else {
                lo = parity_ceil(v, r);
            }
            guess = if v < beta { hi } else { lo };
        }
        Some(lo)
    }

    /// The best line and its exact value, `None` when the budget ran out or
    /// the game is over. MTD(f) at the root as in [`Solver::value`]: the
    /// line that proves the final lower bound is a best line.
    pub(crate) fn best_move(&mut self, drawn: u64) -> Option<(usize, i32)> {
        let g = self.g;
        let free = g.all & !drawn;
        if free == 0 {
            return None;
        }
        let r = g.open_boxes(drawn);
        let mut moves = [0u8; 64];
        let n = order_all(g, drawn, free, EDGE, &mut moves);
        let moves = &mut moves[..n];
        // Every line is worth at least -r: the first one stands until a
        // test proves more.
        let mut best = moves[0] as usize;
        self.proven = None;
        self.refuted = 0;
        let value = self.mtdf(r, |solver, beta| {
            let (v, at) = solver.root_test(drawn, beta, moves);
            if v >= beta && !solver.counter.stopped() {
                best = moves[at] as usize;
                solver.proven = Some((best, parity_ceil(v, r)));
                // Try it first in the next tests.
                moves[..=at].rotate_right(1);
            }
            v
        })?;
        Some((best, value))
    }

    /// A null-window test at the root: the best value found (at least
    /// `beta` once a line reaches it, then the search stops) and the index
    /// of the line that did.
    fn root_test(&mut self, drawn: u64, beta: i32, moves: &[u8]) -> (i32, usize) {
        let g = self.g;
        let mut best = (i32::MIN, 0);
        for (i, &m) in moves.iter().enumerate() {
            let l = m as usize;
            let gain = g.gain(drawn, l);
            let v = if gain > 0 {
                gain + self.negamax(drawn | 1 << l, beta - 1 - gain, beta - gain)
            } else {
                -self.negamax(drawn | 1 << l, -beta, 1 - beta)
            };
            if self.counter.stopped() {
                return best;
            }
            if v < beta && self.proven.is_none() {
                // Until a test succeeds, each test's bound is at most the
                // first's: this line is below that too.
                self.refuted |= 1 << l;
            }
            if v > best.0 {
                best = (v, i);
            }
            if v >= beta {
                break;
            }
        }
        best
    }

    fn negamax(&mut self, drawn: u64, mut alpha: i32, mut beta: i32) -> i32 {
        let g = self.g;
        let free = g.all & !drawn;
        if free == 0 {
            return 0;
        }
        if self.counter.tick() {
            return 0;
        }
        // Scan the open boxes: captures, and whether this is a loony
        // endgame of chains and loops.
        let mut open = 0;
        let mut loony = true;
        let mut candidates = 0u64;
        for b in 0..g.boxes {
            match g.sides(drawn, b) {
                4 => continue,
                3 => {
                    let l = (g.box_mask[b] & !drawn).trailing_zeros() as usize;
                    let next = g.across(l, b);
                    if next == EDGE || g.sides(drawn, next as usize) != 2 {
                        // Taking it is always right (it ends no chain that
                        // a double-deal could decline).
                        let gain = g.gain(drawn, l);
                        return gain + self.negamax(drawn | 1 << l, alpha - gain, beta - gain);
                    }
                    if g.chain_goes_on(drawn, l, next as usize) {
                        // Three or more boxes left in a chain that ends:
                        // declining now is never better than later.
                        let gain = g.gain(drawn, l);
                        return gain + self.negamax(drawn | 1 << l, alpha - gain, beta - gain);
                    }
                    // Take it, or double-deal with the next box's other side.
                    candidates |= g.box_mask[next as usize] & !drawn;
                }
                2 => {}
                _ => loony = false,
            }
            open += 1;
        }
        alpha = alpha.max(-open);
        beta = beta.min(open);
        if alpha >= beta {
            return alpha;
        }
        if candidates == 0 && loony {
            if let Some(v) = self.endgame.of(g, drawn) {
                return v;
            }
        }
        let key = g.canonical(drawn) | OCCUPIED;
        let slot = self.slot(key);
        let mut hint = EDGE;
        let generation = self.tt.generation();
        if let Some(entry) = self.probe(slot, key, generation) {
            let (lo, hi) = (entry.lo as i32, entry.hi as i32);
            if lo >= beta {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
            if lo == hi {
                return lo;
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
            hint = entry.best;
        }
        if candidates == 0 && free.count_ones() >= ETC_FROM {
            // Enhanced transposition cutoff: a safe line to a position the
            // table already knows is worth at most -beta to its mover
            // settles this one, before any search under it.
            let mut f = free;
            while f != 0 {
                let l = f.trailing_zeros() as usize;
                f &= f - 1;
                if g.unsafe_line(drawn, l) {
                    continue;
                }
                let child = g.canonical(drawn | 1 << l) | OCCUPIED;
                if let Some(e) = self.probe(self.slot(child), child, generation) {
                    if -(e.hi as i32) >= beta {
                        return -(e.hi as i32);
                    }
                }
            }
        }
        let (a0, b0) = (alpha, beta);
        let mut moves = [0u8; 64];
        let n = if candidates != 0 {
            let mut n = 0;
            // Captures first.
            let mut c = candidates;
            while c != 0 {
                let l = c.trailing_zeros() as usize;
                c &= c - 1;
                if g.gain(drawn, l) > 0 {
                    moves[n] = l as u8;
                    n += 1;
                }
            }
            let mut c = candidates;
            while c != 0 {
                let l = c.trailing_zeros() as usize;
                c &= c - 1;
                if g.gain(drawn, l) == 0 {
                    moves[n] = l as u8;
                    n += 1;
                }
            }
            n
        } else {
            order_all(g, drawn, free, hint, &mut moves)
        };
        let mut best = BestChild::new(i32::MIN, moves[0]);
        for &m in &moves[..n] {
            let l = m as usize;
            let gain = g.gain(drawn, l);
            if candidates == 0 && gain == 0 {
                // A loony move that cannot raise alpha need not be searched;
                // its bound stands in for its value (fail-soft).
                if let Some(bound) = g.loony_bound(drawn, l) {
                    if bound <= alpha {
                        best.score = best.score.max(bound);
                        continue;
                    }
                }
            }
            let v = if gain > 0 {
                gain + self.negamax(drawn | 1 << l, alpha - gain, beta - gain)
            } else {
                -self.negamax(drawn | 1 << l, -beta, -alpha)
            };
            if self.counter.stopped() {
                return 0;
            }
            if best.offer(v, m, &mut alpha, beta) {
                break;
            }
        }
        let (mut lo, mut hi) = if best.score <= a0 {
            (-open, best.score)
        } else if best.score >= b0 {
            (best.score, open)
        } else {
            (best.score, best.score)
        };
        lo = parity_ceil(lo, open);
        hi = parity_floor(hi, open);
        let at = self.victim(slot, key, generation);
        let entry = self.tt.get_mut(at);
        if entry.key == key && entry.generation == generation {
            lo = lo.max(entry.lo as i32);
            hi = hi.min(entry.hi as i32);
        }
        *entry = Entry {
            key,
            generation,
            lo: lo as i8,
            hi: hi as i8,
            best: best.mv,
            depth: free.count_ones() as u8,
        };
        best.score
    }
}

impl Drop for Solver<'_> {
    fn drop(&mut self) {
        give_back_spare(&TABLE, std::mem::take(&mut self.tt));
    }
}

/// The largest number at most `v` with the parity of `open`.
#[inline]
pub(crate) fn parity_floor(v: i32, open: i32) -> i32 {
    if (v - open) & 1 == 0 {
        v
    } else {
        v - 1
    }
}

/// The smallest number at least `v` with the parity of `open`.
#[inline]
pub(crate) fn parity_ceil(v: i32, open: i32) -> i32 {
    if (v - open) & 1 == 0 {
        v
    } else {
        v + 1
    }
}

/// Every free line in search order: the hint, captures, safe lines, then
/// sacrifices. Returns how many. Safe lines that give two boxes their
/// second side come first, then those that give one, then the rest: they
/// use up the most safe lines, so the safe phase below them is the
/// shortest and its proofs the cheapest (hard's solver proved the best
/// line within 3 million nodes in 50 of 100 judged positions at 34-35 free
/// lines instead of 40; the other way round, 27: BENCHMARKS.md).
pub(crate) fn order_all(
    g: &Geometry,
    drawn: u64,
    free: u64,
    hint: u8,
    out: &mut [u8; 64],
) -> usize {
    let mut n = 0;
    if hint != EDGE && free >> hint & 1 == 1 {
        out[0] = hint;
        n = 1;
    }
    // After the captures: safe lines by the second sides they give (to
    // two boxes, one, none), then the sacrifices.
    let mut later = [[0u8; 64]; 4];
    let mut r = [0usize; 4];
    let mut f = free;
    while f != 0 {
        let l = f.trailing_zeros() as usize;
        f &= f - 1;
        if l as u8 == hint {
            continue;
        }
        if g.gain(drawn, l) > 0 {
            out[n] = l as u8;
            n += 1;
        } else {
            let k = g.second_sides_if_safe(drawn, l).map_or(3, |s| 2 - s);
            later[k][r[k]] = l as u8;
            r[k] += 1;
        }
    }
    for (lines, &r) in later.iter().zip(&r) {
        out[n..n + r].copy_from_slice(&lines[..r]);
        n += r;
    }
    n
}

/// The exact net number of boxes the side to move gains from here on with
/// perfect play by both sides (boxes already claimed do not count); `None`
/// if the budget ran out first.
pub fn solve(position: &DotsAndBoxes, budget: &Budget) -> Option<i32> {
    let g = Geometry::of(position);
    let value = Solver::new(&g, Some(budget)).value(position.drawn());
    value
}
