//! Dots and Boxes by the classic theory (Berlekamp, "The Dots and Boxes
//! Game"), for positions the exact solver cannot finish: captures with the
//! keep-control decision, safe lines steered by the long-chain rule and
//! then by a search of the safe-line game, the loony endgame, the smallest
//! sacrifice; and the plain line choices the lower levels share.

use super::endgame::Endgame;
use super::geometry::{Geometry, EDGE};
use super::solver::Solver;
use crate::cpu::search::{Budget, Counter};
use rand::seq::SliceRandom;
use rand::Rng;
use std::collections::HashMap;

pub(crate) fn free_lines(g: &Geometry, drawn: u64) -> Vec<usize> {
    (0..g.lines).filter(|&l| drawn >> l & 1 == 0).collect()
}

pub(crate) fn capture(g: &Geometry, drawn: u64) -> Option<usize> {
    (0..g.lines).find(|&l| drawn >> l & 1 == 0 && g.gain(drawn, l) > 0)
}

pub(crate) fn safe_lines(g: &Geometry, drawn: u64) -> Vec<usize> {
    (0..g.lines)
        .filter(|&l| drawn >> l & 1 == 0 && !g.unsafe_line(drawn, l))
        .collect()
}

/// The sacrifice that hands over the fewest boxes (if the opponent takes
/// everything), the smallest chain first; ties broken at random.
pub(crate) fn smallest_sacrifice(g: &Geometry, drawn: u64, rng: &mut (impl Rng + ?Sized)) -> usize {
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

/// Safe lines up to which the safe-line game is searched; above it the
/// long-chain rule steers, from the first line on (steering only from 23
/// safe lines down, random safe lines before, hard reached positions lost
/// with perfect play at 34-35 free lines in 16 of 80 games against medium;
/// steering from the start, in 3: BENCHMARKS.md).
pub(crate) const SEARCH_FROM: usize = 14;

/// Random plays of the rest of the safe phase per candidate line, on
/// average, for the long-chain rule: the candidates share them in rounds,
/// the better half going on to the next. With odds of 0.35 throughout the
/// rule's choice was a best line in 36.5 of 78 judged positions with 200
/// a line in one round, 39.6 with 400 in halving rounds and 40.6 with
/// 1 600 a line in one round (BENCHMARKS.md).
const PLAY_OUTS: usize = 400;

/// How often a side in those plays gives away a short chain (one or two
/// boxes) instead of drawing a safe line: often once few safe lines are
/// left, where the parity fight is decided, seldom before. On the 78
/// judged positions with every line's exact value (400 plays a line, in
/// halving rounds) the rule's choice was a best line in 44 of 78 on
/// average with these odds, in 39 with 0.35 throughout; with 0.15
/// throughout and 200 plays a line in one round (the rule before), in 33
/// (BENCHMARKS.md).
pub(crate) const GIVE_AWAY: GiveAway = GiveAway {
    early: 0.1,
    late: 0.5,
    late_from: 12,
};

/// The odds that a side in a play-out gives away a short chain: `late`
/// once at most `late_from` safe lines are left, `early` before.
#[derive(Debug, Clone, Copy)]
pub(crate) struct GiveAway {
    pub(crate) early: f64,
    pub(crate) late: f64,
    pub(crate) late_from: usize,
}

impl GiveAway {
    /// The same odds all through.
    #[cfg(test)]
    pub(crate) fn flat(odds: f64) -> GiveAway {
        GiveAway {
            early: odds,
            late: odds,
            late_from: 0,
        }
    }

    /// The odds with `safe` safe lines left.
    pub(crate) fn odds(self, safe: usize) -> f64 {
        if safe <= self.late_from {
            self.late
        } else {
            self.early
        }
    }
}

/// Play by the theory when the exact solver cannot finish; among the safe
/// lines, not one of `refuted` (lines the solver proved worse, as a mask)
/// while another is left.
pub(crate) fn theory(
    g: &Geometry,
    drawn: u64,
    refuted: u64,
    budget: &Budget,
    rng: &mut (impl Rng + ?Sized),
) -> usize {
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
    // game when few remain, by the long-chain rule before that.
    let mut safe = safe_lines(g, drawn);
    if safe.iter().any(|&l| refuted >> l & 1 == 0) {
        safe.retain(|&l| refuted >> l & 1 == 0);
    }
    if !safe.is_empty() {
        if safe.len() > SEARCH_FROM {
            return long_chain_rule(g, drawn, &mut endgame, &safe, budget, rng);
        }
        let mut search = SafeSearch {
            g,
            endgame: &mut endgame,
            memo: HashMap::new(),
            counter: Counter::new(Some(budget.clone())),
        };
        let mut best = (safe[0], i32::MIN);
        let mut order = safe.clone();
        order.shuffle(rng);
        for l in order {
            let v = -search.value(drawn | 1 << l);
            if search.counter.stopped() {
                break;
            }
            if v > best.1 {
                best = (l, v);
            }
        }
        if !search.counter.stopped() {
            return best.0;
        }
        return *safe.choose(rng).expect("non-empty");
    }
    // 3. Loony endgame: on chains and loops the solver is quick (captures
    // are forced or two-way, and the rest is the endgame recursion).
    if endgame.of(g, drawn).is_some() {
        if let Some((l, _)) = Solver::new(g, Some(budget)).best_move(drawn) {
            return l;
        }
    }
    smallest_sacrifice(g, drawn, rng)
}

/// The long-chain rule (Berlekamp), played out: who gets control of the
/// loony endgame depends on the parity of the long chains (three boxes or
/// more) the safe phase leaves (the player who drew the first line wants
/// the dots plus the long chains even, the other player odd: on 5 × 4,
/// 30 dots, an even number of long chains for the first player), and the
/// chains are not there yet. Each safe line is scored by random plays of
/// the rest of the safe phase ([`play_out`]), each valued by the loony
/// endgame that follows for whoever must then open a component (exact on
/// chains and loops, the smallest sacrifices first otherwise): the
/// endgame's recursion counts the chains, the loops and the short chains
/// that hand the turn over, which the parity rule alone leaves out. In
/// the plays a side sometimes gives a short chain away ([`GIVE_AWAY`]),
/// as a player who would lose the parity fight does to turn it: without
/// that the plays value positions at many boxes either way where the game
/// is worth 0 or 2. The plays ([`PLAY_OUTS`] a line on average) are spent
/// in rounds, each keeping the better half of the lines by their mean
/// (sequential halving), so that the close contenders get the most; the
/// rounds stop early when the budget's time is up. The best mean is drawn
/// (ties at random).
fn long_chain_rule(
    g: &Geometry,
    drawn: u64,
    endgame: &mut Endgame,
    safe: &[usize],
    budget: &Budget,
    rng: &mut (impl Rng + ?Sized),
) -> usize {
    let play = |l: usize, rng: &mut _| -play_out(g, drawn | 1 << l, GIVE_AWAY, endgame, rng);
    halving(safe, PLAY_OUTS * safe.len(), budget, rng, play)
}

/// Sequential halving: `total` calls of `play` (a random value of
/// choosing an arm) shared in rounds among the arms still in, each round
/// keeping the better half by their mean, until one is left, or until
/// `budget`'s time is up after a round (the best mean so far). Ties go
/// either way at random. `arms` must not be empty.
pub(crate) fn halving<R: Rng + ?Sized>(
    arms: &[usize],
    total: usize,
    budget: &Budget,
    rng: &mut R,
    mut play: impl FnMut(usize, &mut R) -> i32,
) -> usize {
    // ceil(log2(arms)) rounds halve the arms down to one.
    let rounds = (usize::BITS - (arms.len().max(2) - 1).leading_zeros()) as usize;
    // Per arm: the summed values, the plays, the arm.
    let mut left: Vec<(i64, i64, usize)> = arms.iter().map(|&a| (0, 0, a)).collect();
    while left.len() > 1 {
        let each = (total / rounds / left.len()).max(1);
        for (sum, plays, arm) in left.iter_mut() {
            for _ in 0..each {
                *sum += i64::from(play(*arm, rng));
            }
            *plays += each as i64;
        }
        // The better means first, compared exactly (sum_a / plays_a >
        // sum_b / plays_b); ties in a random order.
        left.shuffle(rng);
        left.sort_by(|a, b| (b.0 * a.1).cmp(&(a.0 * b.1)));
        if budget.expired() {
            break;
        }
        left.truncate(left.len().div_ceil(2));
    }
    left[0].2
}

/// Plays the rest of the safe phase at random from `drawn` (safe lines,
/// or, with the odds `give` sets, a chain of one or two boxes given away
/// and taken) until no safe line is left, then values the loony endgame: the
/// boxes won on the way plus that value, for the side to move at `drawn`.
pub(crate) fn play_out(
    g: &Geometry,
    mut drawn: u64,
    give: GiveAway,
    endgame: &mut Endgame,
    rng: &mut (impl Rng + ?Sized),
) -> i32 {
    let mut safe = Vec::with_capacity(g.lines);
    let mut short = Vec::with_capacity(g.lines);
    // +1 while the side to move at `drawn` moves.
    let mut side = 1;
    let mut won = 0;
    loop {
        safe.clear();
        let mut f = g.all & !drawn;
        while f != 0 {
            let l = f.trailing_zeros() as usize;
            f &= f - 1;
            if !g.unsafe_line(drawn, l) {
                safe.push(l);
            }
        }
        if safe.is_empty() {
            return won + side * loony_value(g, drawn, endgame);
        }
        if rng.gen_bool(give.odds(safe.len())) {
            short.clear();
            let mut f = g.all & !drawn;
            while f != 0 {
                let l = f.trailing_zeros() as usize;
                f &= f - 1;
                if g.unsafe_line(drawn, l) {
                    let (after, given) = g.take_all(drawn | 1 << l);
                    if given <= 2 {
                        short.push((after, given));
                    }
                }
            }
            if let Some(&(after, given)) = short.choose(rng) {
                // The opponent takes them and moves on.
                won -= side * given;
                drawn = after;
                side = -side;
                continue;
            }
        }
        drawn |= 1 << *safe.choose(rng).expect("non-empty");
        side = -side;
    }
}

/// The value of a position with no safe line and nothing to capture, for
/// the side that must move: exact on chains and loops; otherwise the board
/// is cut into the sacrifices the smallest-first order makes, and those are
/// valued as chains.
fn loony_value(g: &Geometry, drawn: u64, endgame: &mut Endgame) -> i32 {
    if let Some(v) = endgame.of(g, drawn) {
        return v;
    }
    let mut comps = [0u8; 32];
    let mut n = 0;
    let mut d = drawn;
    while g.all & !d != 0 && n < 32 {
        let mut least = (i32::MAX, d);
        let mut f = g.all & !d;
        while f != 0 {
            let l = f.trailing_zeros() as usize;
            f &= f - 1;
            let (after, given) = g.take_all(d | 1 << l);
            if given < least.0 {
                least = (given, after);
            }
        }
        comps[n] = least.0.clamp(1, 127) as u8;
        n += 1;
        d = least.1;
    }
    comps[..n].sort_unstable_by(|a, b| b.cmp(a));
    endgame.value(&comps, n)
}

/// The game of safe lines: each side draws safe lines until none is left;
/// the position then is scored by the loony-endgame value (exact when it is
/// made of chains and loops, else estimated by the smallest sacrifices).
struct SafeSearch<'a> {
    g: &'a Geometry,
    endgame: &'a mut Endgame,
    memo: HashMap<u64, i32>,
    counter: Counter,
}

impl SafeSearch<'_> {
    fn value(&mut self, drawn: u64) -> i32 {
        if self.counter.tick() {
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
            best = loony_value(self.g, drawn, self.endgame);
        }
        self.memo.insert(key, best);
        best
    }
}
