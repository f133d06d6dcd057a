//! The Dots and Boxes CPU: an exact solver for small and late positions and
//! play by the classic theory (Berlekamp, "The Dots and Boxes Game") before
//! that.
//!
//! The solver works on the set of drawn lines alone: what the rest of the
//! game is worth to the side to move does not depend on who owns the boxes
//! already claimed. It is a negamax alpha-beta search over the boxes still
//! open with
//! - a transposition table keyed by the drawn-line set, reduced by the
//!   board's symmetries (4 on a rectangle, 8 on a square);
//! - move ordering: captures first, then safe lines (no box gets a third
//!   side), then sacrifices;
//! - captures that are provably right taken at once: a box whose missing side
//!   does not lead into a box with exactly two sides (so taking it cannot
//!   cost a double-deal); when every capturable box continues a chain, only
//!   the capture and the double-dealing line (the other free side of the next
//!   box) are searched;
//! - the loony endgame solved by theory: once no box has fewer than two
//!   sides and nothing is capturable, the open boxes form independent chains
//!   and loops, and a small memoised recursion over that multiset (opener
//!   picks a component; the receiver takes all, or keeps control by
//!   declining the last two boxes of a chain of three or more, or the last
//!   four of a loop) gives the exact value.
//!
//! The tests check all of it against a plain exhaustive minimax.

use super::{Budget, Level};
use crate::game::dots::DotsAndBoxes;
use crate::game::{Game, GameKind, Move};
use rand::seq::SliceRandom;
use rand::Rng;
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// No box on that side of a line (the board's edge).
const EDGE: u8 = u8::MAX;

/// Free lines up to which `hard` tries the exact solver first, by board
/// (measured in release with the `measure` test: random positions with that
/// many free lines solve well within 1 s; above it the theory plays, and
/// also when an exact attempt runs out of time).
pub fn hard_exact_free_lines(width: usize, height: usize) -> u32 {
    match (width, height) {
        (3, 3) => 24,
        (4, 4) => 28,
        (5, 4) | (4, 5) => 31,
        (5, 5) => 35,
        _ => 26,
    }
}

/// A board's shape: which lines bound which boxes, and its symmetries as
/// byte-wise lookup tables on line masks.
pub(crate) struct Geometry {
    width: usize,
    height: usize,
    lines: usize,
    boxes: usize,
    all: u64,
    box_mask: [u64; 32],
    line_boxes: [[u8; 2]; 64],
    /// One table per symmetry other than the identity:
    /// `table[byte][value]` is the image of `value << (8 * byte)`.
    syms: Vec<[[u64; 256]; 8]>,
}

impl Geometry {
    /// Any board with at most 64 lines and 32 boxes, numbered like the
    /// engine: horizontal lines `row * width + col` first, then vertical.
    pub(crate) fn new(width: usize, height: usize) -> Geometry {
        let hl = (height + 1) * width;
        let lines = hl + height * (width + 1);
        let boxes = width * height;
        assert!(width >= 1 && height >= 1 && lines <= 64 && boxes <= 32);
        let mut box_mask = [0u64; 32];
        let mut line_boxes = [[EDGE; 2]; 64];
        for row in 0..height {
            for col in 0..width {
                let b = row * width + col;
                let sides = [
                    row * width + col,
                    (row + 1) * width + col,
                    hl + row * (width + 1) + col,
                    hl + row * (width + 1) + col + 1,
                ];
                for s in sides {
                    box_mask[b] |= 1 << s;
                    let slot = if line_boxes[s][0] == EDGE { 0 } else { 1 };
                    line_boxes[s][slot] = b as u8;
                }
            }
        }
        // A line as its two dots (x, y), and back.
        let dots = |l: usize| -> ((usize, usize), (usize, usize)) {
            if l < hl {
                let (y, x) = (l / width, l % width);
                ((x, y), (x + 1, y))
            } else {
                let v = l - hl;
                let (y, x) = (v / (width + 1), v % (width + 1));
                ((x, y), (x, y + 1))
            }
        };
        let line_of = |a: (usize, usize), b: (usize, usize)| -> usize {
            if a.1 == b.1 {
                a.1 * width + a.0.min(b.0)
            } else {
                hl + a.1.min(b.1) * (width + 1) + a.0
            }
        };
        let (w, h) = (width, height);
        // The images of dot (x, y): mirrors and the half turn, and on a
        // square the four maps that swap the axes.
        let map = |k: usize, (x, y): (usize, usize)| match k {
            0 => (w - x, y),
            1 => (x, h - y),
            2 => (w - x, h - y),
            3 => (y, x),
            4 => (w - y, x),
            5 => (y, h - x),
            _ => (w - y, h - x),
        };
        let maps = if width == height { 7 } else { 3 };
        let syms = (0..maps)
            .map(|k| {
                let mut table = [[0u64; 256]; 8];
                for (byte, entries) in table.iter_mut().enumerate() {
                    for (value, image) in entries.iter_mut().enumerate() {
                        for bit in 0..8 {
                            let l = byte * 8 + bit;
                            if value >> bit & 1 == 1 && l < lines {
                                let (a, b) = dots(l);
                                *image |= 1 << line_of(map(k, a), map(k, b));
                            }
                        }
                    }
                }
                table
            })
            .collect();
        Geometry {
            width,
            height,
            lines,
            boxes,
            all: u64::MAX >> (64 - lines),
            box_mask,
            line_boxes,
            syms,
        }
    }

    fn of(position: &DotsAndBoxes) -> Geometry {
        Geometry::new(position.width(), position.height())
    }

    #[inline]
    fn sides(&self, drawn: u64, b: usize) -> u32 {
        (drawn & self.box_mask[b]).count_ones()
    }

    /// The smallest image of `drawn` under the board's symmetries.
    #[inline]
    fn canonical(&self, drawn: u64) -> u64 {
        let mut best = drawn;
        for table in &self.syms {
            let mut image = 0;
            for (byte, entries) in table.iter().enumerate() {
                image |= entries[(drawn >> (8 * byte)) as usize & 0xff];
            }
            best = best.min(image);
        }
        best
    }

    /// Boxes completed by drawing the free line `l`.
    #[inline]
    fn gain(&self, drawn: u64, l: usize) -> i32 {
        let after = drawn | 1 << l;
        self.line_boxes[l]
            .iter()
            .filter(|&&b| {
                b != EDGE && after & self.box_mask[b as usize] == self.box_mask[b as usize]
            })
            .count() as i32
    }

    /// True when drawing the free line `l` gives some box its third side.
    #[inline]
    fn unsafe_line(&self, drawn: u64, l: usize) -> bool {
        self.line_boxes[l]
            .iter()
            .any(|&b| b != EDGE && self.sides(drawn, b as usize) == 2)
    }

    /// The box on the other side of line `l` from box `b` (or [`EDGE`]).
    #[inline]
    fn across(&self, l: usize, b: usize) -> u8 {
        let [x, y] = self.line_boxes[l];
        if x as usize == b {
            y
        } else {
            x
        }
    }

    /// Whether the chain entered through line `l` into box `n` (two sides)
    /// goes on through at least one more two-sided box after `n` (so with
    /// the capturable box three or more are left) and then ends at the edge
    /// or at a box with fewer than two sides, not at another capturable box
    /// (an opened loop).
    fn chain_goes_on(&self, drawn: u64, l: usize, n: usize) -> bool {
        let mut prev = l;
        let mut cur = n;
        let mut len = 1;
        for _ in 0..self.boxes {
            let out = (self.box_mask[cur] & !drawn & !(1 << prev)).trailing_zeros() as usize;
            let next = self.across(out, cur);
            if next == EDGE {
                return len >= 2;
            }
            match self.sides(drawn, next as usize) {
                2 => {
                    len += 1;
                    prev = out;
                    cur = next as usize;
                }
                3 => return false,
                _ => return len >= 2,
            }
        }
        false
    }

    fn open_boxes(&self, drawn: u64) -> i32 {
        (0..self.boxes)
            .filter(|&b| self.sides(drawn, b) < 4)
            .count() as i32
    }

    /// Takes every capturable box (the greedy way): the drawn set after and
    /// the number of boxes taken.
    fn take_all(&self, mut drawn: u64) -> (u64, i32) {
        let mut taken = 0;
        loop {
            let Some(b) = (0..self.boxes).find(|&b| self.sides(drawn, b) == 3) else {
                return (drawn, taken);
            };
            let l = (self.box_mask[b] & !drawn).trailing_zeros() as usize;
            taken += self.gain(drawn, l);
            drawn |= 1 << l;
        }
    }

    /// The chains and loops of a loony endgame (every open box has exactly
    /// two sides drawn, so nothing is capturable), as component codes:
    /// length, plus 128 for a loop. `None` when the position is not one.
    fn components(&self, drawn: u64, out: &mut [u8; 32]) -> Option<usize> {
        let mut seen = 0u32;
        let mut n = 0;
        for start in 0..self.boxes {
            let s = self.sides(drawn, start);
            if s == 4 || seen >> start & 1 == 1 {
                continue;
            }
            if s != 2 {
                return None;
            }
            // Walk the component: every box has two free sides.
            let mut len = 0u8;
            let mut edges = 0;
            let mut stack = [0u8; 32];
            let mut top = 1;
            stack[0] = start as u8;
            seen |= 1 << start;
            while top > 0 {
                top -= 1;
                let b = stack[top] as usize;
                len += 1;
                let mut free = self.box_mask[b] & !drawn;
                while free != 0 {
                    let l = free.trailing_zeros() as usize;
                    free &= free - 1;
                    let o = self.across(l, b);
                    if o == EDGE {
                        edges += 1;
                    } else if seen >> o & 1 == 0 {
                        if self.sides(drawn, o as usize) != 2 {
                            return None;
                        }
                        seen |= 1 << o;
                        stack[top] = o;
                        top += 1;
                    }
                }
            }
            out[n] = if edges == 0 { len | 128 } else { len };
            n += 1;
        }
        Some(n)
    }
}

/// The value of a loony endgame of chains and loops for the side that must
/// open one of them (nothing is capturable).
struct Endgame {
    memo: HashMap<[u8; 32], i8>,
}

impl Endgame {
    fn new() -> Endgame {
        Endgame {
            memo: HashMap::new(),
        }
    }

    /// What the receiver of an opened component nets, the rest `rest` being
    /// worth `rest` to whoever moves in it next.
    #[inline]
    fn receiver(code: u8, rest: i32) -> i32 {
        let len = (code & 127) as i32;
        if code & 128 != 0 {
            (len + rest).max(len - 8 - rest)
        } else if len <= 2 {
            len + rest
        } else {
            (len + rest).max(len - 4 - rest)
        }
    }

    /// `comps[..n]` sorted in decreasing order.
    fn value(&mut self, comps: &[u8; 32], n: usize) -> i32 {
        if n == 0 {
            return 0;
        }
        if n == 1 {
            return -Endgame::receiver(comps[0], 0);
        }
        if let Some(&v) = self.memo.get(comps) {
            return v as i32;
        }
        let mut best = i32::MIN;
        for i in 0..n {
            if i > 0 && comps[i] == comps[i - 1] {
                continue;
            }
            let mut rest = [0u8; 32];
            rest[..i].copy_from_slice(&comps[..i]);
            rest[i..n - 1].copy_from_slice(&comps[i + 1..n]);
            let r = self.value(&rest, n - 1);
            best = best.max(-Endgame::receiver(comps[i], r));
        }
        self.memo.insert(*comps, best as i8);
        best
    }

    /// The value for the side to move of a loony endgame position, or
    /// `None` if the position is not one.
    fn of(&mut self, g: &Geometry, drawn: u64) -> Option<i32> {
        let mut comps = [0u8; 32];
        let n = g.components(drawn, &mut comps)?;
        comps[..n].sort_unstable_by(|a, b| b.cmp(a));
        Some(self.value(&comps, n))
    }
}

#[derive(Clone, Copy, Default)]
struct Entry {
    /// Canonical drawn set with bit 63 set (0 = empty slot).
    key: u64,
    lo: i8,
    hi: i8,
    best: u8,
}

const OCCUPIED: u64 = 1 << 63;

/// The exact search.
pub(crate) struct Solver<'a> {
    g: &'a Geometry,
    tt: Vec<Entry>,
    tt_mask: usize,
    endgame: Endgame,
    budget: Option<&'a Budget>,
    nodes: u64,
    aborted: bool,
}

impl<'a> Solver<'a> {
    pub(crate) fn new(g: &'a Geometry, drawn: u64, budget: Option<&'a Budget>) -> Solver<'a> {
        let free = (g.all & !drawn).count_ones();
        let bits = (free + 2).clamp(10, 20);
        Solver {
            g,
            tt: vec![Entry::default(); 1 << bits],
            tt_mask: (1 << bits) - 1,
            endgame: Endgame::new(),
            budget,
            nodes: 0,
            aborted: false,
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize & self.tt_mask
    }

    /// The exact value for the side to move, `None` when the budget ran out.
    pub(crate) fn value(&mut self, drawn: u64) -> Option<i32> {
        // MTD(f): null-window tests from a guess of 0, in steps of two (the
        // value has the parity of the open boxes).
        let r = self.g.open_boxes(drawn);
        let (mut lo, mut hi) = (-r, r);
        let mut guess = r & 1;
        while lo < hi {
            let beta = if guess <= lo { lo + 2 } else { guess };
            let v = self.negamax(drawn, beta - 1, beta);
            if self.aborted {
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
    /// the game is over.
    pub(crate) fn best_move(&mut self, drawn: u64) -> Option<(usize, i32)> {
        let g = self.g;
        let free = g.all & !drawn;
        if free == 0 {
            return None;
        }
        let r = g.open_boxes(drawn);
        let mut moves = [0u8; 64];
        let n = order_all(g, drawn, free, EDGE, &mut moves);
        let mut best = (moves[0] as usize, -r - 1);
        for &m in &moves[..n] {
            let l = m as usize;
            let gain = g.gain(drawn, l);
            let v = if gain > 0 {
                gain + self.negamax(drawn | 1 << l, best.1 - gain, r - gain)
            } else {
                -self.negamax(drawn | 1 << l, -r, -best.1)
            };
            if self.aborted {
                return None;
            }
            if v > best.1 {
                best = (l, v);
            }
        }
        Some(best)
    }

    fn negamax(&mut self, drawn: u64, mut alpha: i32, mut beta: i32) -> i32 {
        let g = self.g;
        let free = g.all & !drawn;
        if free == 0 {
            return 0;
        }
        self.nodes += 1;
        if self.nodes & 1023 == 0 && self.budget.is_some_and(Budget::expired) {
            self.aborted = true;
        }
        if self.aborted {
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
        let entry = self.tt[slot];
        if entry.key == key {
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
        let mut best = i32::MIN;
        let mut best_move = moves[0];
        for &m in &moves[..n] {
            let l = m as usize;
            let gain = g.gain(drawn, l);
            let v = if gain > 0 {
                gain + self.negamax(drawn | 1 << l, alpha - gain, beta - gain)
            } else {
                -self.negamax(drawn | 1 << l, -beta, -alpha)
            };
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                best_move = m;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let (mut lo, mut hi) = if best <= a0 {
            (-open, best)
        } else if best >= b0 {
            (best, open)
        } else {
            (best, best)
        };
        lo = parity_ceil(lo, open);
        hi = parity_floor(hi, open);
        let entry = &mut self.tt[slot];
        if entry.key == key {
            lo = lo.max(entry.lo as i32);
            hi = hi.min(entry.hi as i32);
        }
        *entry = Entry {
            key,
            lo: lo as i8,
            hi: hi as i8,
            best: best_move,
        };
        best
    }
}

/// The largest number at most `v` with the parity of `open`.
#[inline]
fn parity_floor(v: i32, open: i32) -> i32 {
    if (v - open) & 1 == 0 {
        v
    } else {
        v - 1
    }
}

/// The smallest number at least `v` with the parity of `open`.
#[inline]
fn parity_ceil(v: i32, open: i32) -> i32 {
    if (v - open) & 1 == 0 {
        v
    } else {
        v + 1
    }
}

/// Every free line in search order: the hint, captures, safe lines, then
/// sacrifices. Returns how many.
fn order_all(g: &Geometry, drawn: u64, free: u64, hint: u8, out: &mut [u8; 64]) -> usize {
    let mut n = 0;
    if hint != EDGE && free >> hint & 1 == 1 {
        out[0] = hint;
        n = 1;
    }
    let mut rest = [0u8; 64];
    let mut r = 0;
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
        } else if !g.unsafe_line(drawn, l) {
            rest[r] = l as u8;
            r += 1;
        }
    }
    out[n..n + r].copy_from_slice(&rest[..r]);
    n += r;
    let mut f = free;
    while f != 0 {
        let l = f.trailing_zeros() as usize;
        f &= f - 1;
        if l as u8 != hint && g.gain(drawn, l) == 0 && g.unsafe_line(drawn, l) {
            out[n] = l as u8;
            n += 1;
        }
    }
    n
}

/// The exact net number of boxes the side to move gains from here on with
/// perfect play by both sides (boxes already claimed do not count); `None`
/// if the budget ran out first.
pub fn solve(position: &DotsAndBoxes, budget: &Budget) -> Option<i32> {
    let g = Geometry::of(position);
    Solver::new(&g, position.drawn(), Some(budget)).value(position.drawn())
}

/// The line a CPU of `level` draws, or `None` when the game is over.
/// Always a legal line otherwise, even when the budget is already spent.
pub fn choose(position: &DotsAndBoxes, level: Level, budget: &Budget) -> Option<Move> {
    choose_with(position, level, budget, &mut rand::thread_rng())
}

/// [`choose`] with the caller's randomness (tests seed it).
pub fn choose_with(
    position: &DotsAndBoxes,
    level: Level,
    budget: &Budget,
    rng: &mut impl Rng,
) -> Option<Move> {
    if position.is_over() {
        return None;
    }
    let g = Geometry::of(position);
    let drawn = position.drawn();
    if g.all & !drawn == 0 {
        return None;
    }
    let line = match level {
        Level::Easy => easy(&g, drawn, rng),
        Level::Medium => medium(&g, drawn, rng),
        Level::Hard => hard(&g, drawn, budget, rng),
    };
    debug_assert!(drawn >> line & 1 == 0);
    Some(line as Move)
}

fn free_lines(g: &Geometry, drawn: u64) -> Vec<usize> {
    (0..g.lines).filter(|&l| drawn >> l & 1 == 0).collect()
}

fn capture(g: &Geometry, drawn: u64) -> Option<usize> {
    (0..g.lines).find(|&l| drawn >> l & 1 == 0 && g.gain(drawn, l) > 0)
}

fn safe_lines(g: &Geometry, drawn: u64) -> Vec<usize> {
    (0..g.lines)
        .filter(|&l| drawn >> l & 1 == 0 && !g.unsafe_line(drawn, l))
        .collect()
}

/// The sacrifice that hands over the fewest boxes (if the opponent takes
/// everything), the smallest chain first; ties broken at random.
fn smallest_sacrifice(g: &Geometry, drawn: u64, rng: &mut impl Rng) -> usize {
    let mut best = Vec::new();
    let mut least = i32::MAX;
    for l in free_lines(g, drawn) {
        let (_, given) = g.take_all(drawn | 1 << l);
        if given < least {
            least = given;
            best.clear();
        }
        if given == least {
            best.push(l);
        }
    }
    *best.choose(rng).expect("a free line")
}

fn easy(g: &Geometry, drawn: u64, rng: &mut impl Rng) -> usize {
    if let Some(l) = capture(g, drawn) {
        if rng.gen_bool(0.8) {
            return l;
        }
    }
    let safe = safe_lines(g, drawn);
    if !safe.is_empty() && rng.gen_bool(0.7) {
        return *safe.choose(rng).expect("non-empty");
    }
    *free_lines(g, drawn).choose(rng).expect("a free line")
}

fn medium(g: &Geometry, drawn: u64, rng: &mut impl Rng) -> usize {
    if let Some(l) = capture(g, drawn) {
        return l;
    }
    let safe = safe_lines(g, drawn);
    if let Some(&l) = safe.choose(rng) {
        return l;
    }
    smallest_sacrifice(g, drawn, rng)
}

fn hard(g: &Geometry, drawn: u64, budget: &Budget, rng: &mut impl Rng) -> usize {
    let free = (g.all & !drawn).count_ones();
    if free <= hard_exact_free_lines(g.width, g.height) {
        // Two thirds of the time for the exact answer, the rest for the
        // theory if that does not finish.
        let left = budget.deadline.saturating_duration_since(Instant::now());
        let exact = Budget {
            deadline: Instant::now() + left * 2 / 3,
            cancel: budget.cancel.clone(),
        };
        if let Some((l, _)) = Solver::new(g, drawn, Some(&exact)).best_move(drawn) {
            return l;
        }
    }
    theory(g, drawn, budget, rng)
}

/// Play by the theory when the exact solver cannot finish.
fn theory(g: &Geometry, drawn: u64, budget: &Budget, rng: &mut impl Rng) -> usize {
    let mut endgame = Endgame::new();
    // 1. Captures. Take every box whose capture is not the last chance to
    // decline; at that point compare keeping control with taking all.
    let mut decision = None;
    for b in 0..g.boxes {
        if g.sides(drawn, b) != 3 {
            continue;
        }
        let l = (g.box_mask[b] & !drawn).trailing_zeros() as usize;
        let next = g.across(l, b);
        if next == EDGE || g.sides(drawn, next as usize) != 2 {
            return l;
        }
        let n = next as usize;
        let m = (g.box_mask[n] & !drawn & !(1 << l)).trailing_zeros() as usize;
        let beyond = g.across(m, n);
        let last_two = beyond == EDGE || g.sides(drawn, beyond as usize) < 2;
        // Four boxes left open at both ends (an opened loop of four, or
        // what is left of a longer one): b, n, beyond and a capturable
        // fourth. Declining hands over both pairs with the middle line.
        let last_four = !last_two && g.sides(drawn, beyond as usize) == 2 && {
            let bb = beyond as usize;
            let m2 = (g.box_mask[bb] & !drawn & !(1 << m)).trailing_zeros() as usize;
            let fourth = g.across(m2, bb);
            fourth != EDGE && fourth as usize != b && g.sides(drawn, fourth as usize) == 3
        };
        if !last_two && !last_four {
            return l;
        }
        let handed = if last_two { 2 } else { 4 };
        if let Some((other_take, other, other_handed)) = decision {
            if other == m {
                // The same four boxes seen from their other end.
                continue;
            }
            // Two places to decline: control can only be kept once, at the
            // last, so take one of them whole first, keeping the cheaper
            // decline (two boxes rather than four) for last.
            return if handed >= other_handed {
                l
            } else {
                other_take
            };
        }
        decision = Some((l, m, handed));
    }
    if let Some((take, decline, handed)) = decision {
        let (after, _) = g.take_all(drawn);
        if g.all & !after == 0 {
            return take;
        }
        if let Some(rest) = endgame.of(g, after) {
            // Take all: the boxes, then move in the rest. Decline: hand
            // them over, the opponent moves in the rest.
            let keep = -handed - rest;
            let all = handed + rest;
            return if keep > all { decline } else { take };
        }
        return take;
    }
    // 2. Safe lines while they last, steering by a search of the safe-line
    // game when few remain.
    let safe = safe_lines(g, drawn);
    if !safe.is_empty() {
        if safe.len() <= 14 {
            let mut search = SafeSearch {
                g,
                endgame: &mut endgame,
                memo: HashMap::new(),
                budget,
                nodes: 0,
                aborted: false,
            };
            let mut best = (safe[0], i32::MIN);
            let mut order = safe.clone();
            order.shuffle(rng);
            for l in order {
                let v = -search.value(drawn | 1 << l);
                if search.aborted {
                    break;
                }
                if v > best.1 {
                    best = (l, v);
                }
            }
            if !search.aborted {
                return best.0;
            }
        }
        return *safe.choose(rng).expect("non-empty");
    }
    // 3. Loony endgame: on chains and loops the solver is quick (captures
    // are forced or two-way, and the rest is the endgame recursion).
    if endgame.of(g, drawn).is_some() {
        if let Some((l, _)) = Solver::new(g, drawn, Some(budget)).best_move(drawn) {
            return l;
        }
    }
    smallest_sacrifice(g, drawn, rng)
}

/// The game of safe lines: each side draws safe lines until none is left;
/// the position then is scored by the loony-endgame value (exact when it is
/// made of chains and loops, else estimated by the smallest sacrifices).
struct SafeSearch<'a> {
    g: &'a Geometry,
    endgame: &'a mut Endgame,
    memo: HashMap<u64, i32>,
    budget: &'a Budget,
    nodes: u64,
    aborted: bool,
}

impl SafeSearch<'_> {
    fn value(&mut self, drawn: u64) -> i32 {
        self.nodes += 1;
        if self.nodes & 255 == 0 && self.budget.expired() {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let key = self.g.canonical(drawn);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let g = self.g;
        let mut best = i32::MIN;
        let mut f = g.all & !drawn;
        while f != 0 {
            let l = f.trailing_zeros() as usize;
            f &= f - 1;
            if !g.unsafe_line(drawn, l) {
                best = best.max(-self.value(drawn | 1 << l));
            }
        }
        if best == i32::MIN {
            best = self.loony_estimate(drawn);
        }
        self.memo.insert(key, best);
        best
    }

    /// The value for the side that must sacrifice: exact on chains and
    /// loops; otherwise the board is cut into the sacrifices the smallest-
    /// first order makes, and those are valued as chains.
    fn loony_estimate(&mut self, drawn: u64) -> i32 {
        let g = self.g;
        if let Some(v) = self.endgame.of(g, drawn) {
            return v;
        }
        let mut comps = [0u8; 32];
        let mut n = 0;
        let mut d = drawn;
        while g.all & !d != 0 && n < 32 {
            let mut least = (0, i32::MAX, 0);
            let mut f = g.all & !d;
            while f != 0 {
                let l = f.trailing_zeros() as usize;
                f &= f - 1;
                let (after, given) = g.take_all(d | 1 << l);
                if given < least.1 {
                    least = (l, given, after);
                }
            }
            comps[n] = least.1.clamp(1, 127) as u8;
            n += 1;
            d = least.2;
        }
        comps[..n].sort_unstable_by(|a, b| b.cmp(a));
        self.endgame.value(&comps, n)
    }
}

/// `boardbot solve dots --size WxH <lines>`: the lines (comma-separated
/// names such as `a1-b1`, possibly none) are played in order from the empty
/// board with the normal turn rules; the answer is the exact net number of
/// boxes the side to move gains from there on.
pub fn solve_command(args: &[String]) -> Result<String, String> {
    let mut size = None;
    let mut lines: Option<&str> = None;
    let mut args = args.iter().map(String::as_str).peekable();
    if args.peek() == Some(&"dots") {
        args.next();
    }
    while let Some(arg) = args.next() {
        if let Some(value) = arg.strip_prefix("--size=") {
            size = Some(value);
        } else if arg == "--size" {
            size = Some(args.next().ok_or("--size needs a value such as 5x4")?);
        } else if arg.starts_with("--") {
            return Err(format!("unknown option {arg}"));
        } else if lines.is_some() {
            return Err(format!(
                "unexpected argument {arg}: give the lines as one comma-separated list"
            ));
        } else {
            lines = Some(arg);
        }
    }
    let size = size.unwrap_or("5x4");
    let Some(GameKind::Dots { width, height }) = GameKind::parse_dots_size(size) else {
        return Err(format!(
            "unknown board size {size}: use 5x4, 3x3, 4x4 or 5x5"
        ));
    };
    let mut position = DotsAndBoxes::new(width, height).ok_or("unsupported board size")?;
    for name in lines.unwrap_or("").split(',').map(str::trim) {
        if name.is_empty() {
            continue;
        }
        let mv = position
            .parse_move(name)
            .ok_or_else(|| format!("{name} is not a line on a {size} board"))?;
        position
            .play(mv)
            .map_err(|e| format!("cannot draw {name}: {e}"))?;
    }
    let budget = Budget::new(Duration::from_secs(60));
    solve(&position, &budget)
        .map(|v| v.to_string())
        .ok_or_else(|| "too many free lines to solve within 60 seconds".to_string())
}

#[cfg(test)]
mod tests;
