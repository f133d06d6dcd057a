//! CPU players for Connect Four 3D (4 × 4 × 4 with gravity).
//!
//! Positions are searched as two bitboards, the side to move first
//! (`me`, `opp`). The cells where a bead may land now are
//! `((occupied << 16) | bottom level) & !occupied`.
//!
//! * Hard: iterative-deepening principal-variation search with a fixed-size
//!   transposition table, immediate-win / forced-block detection, moves that
//!   would let the opponent's winning cell become playable pruned, threat-first
//!   move ordering plus a history table; once at most [`EXACT_FREE`] cells are
//!   free it also solves the position exactly (win / draw / loss).
//! * Medium: the same search at a fixed depth of [`MEDIUM_DEPTH`] plies, picking
//!   at random among the moves that score within a few points of the best.
//! * Easy: takes a win, blocks half of the time, otherwise a random move that
//!   favours cells on many lines (the centre and the corners).

use super::{Budget, Level};
use crate::game::connect4_3d::{lines_through, Connect4ThreeD, CELLS, LINES, RODS};
use crate::game::{Game, Move, Outcome};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::cell::RefCell;
use std::time::{Duration, Instant};

/// Score of a win found at the root (a win `n` plies later scores `WIN - n`).
const WIN: i32 = 10_000;
/// Scores beyond this are wins or losses.
const WIN_BOUND: i32 = WIN - 100;
const INF: i32 = WIN + 1;
/// Heuristic scores stay inside ±`EVAL_CAP`.
const EVAL_CAP: i32 = 5_000;
/// Hard solves the position exactly once this few cells are free.
pub const EXACT_FREE: u32 = 20;
/// Plies Medium looks ahead.
pub const MEDIUM_DEPTH: i32 = 3;
/// Hard starts no new iteration after this long (unless solving exactly).
const HARD_SOFT: Duration = Duration::from_millis(70);
/// Hard abandons the heuristic search after this long.
const HARD_HEURISTIC_CAP: Duration = Duration::from_millis(400);
/// Hard's exact solve stops after this long (the budget may stop it sooner).
const HARD_EXACT_CAP: Duration = Duration::from_millis(1300);
/// Levels 0 and 2: the levels where red's threats tend to count (with a
/// follow-up strategy yellow gets levels 1 and 3).
const EVEN_LEVELS: u64 = 0x0000_FFFF_0000_FFFF;
/// Bottom level.
const BOTTOM: u64 = 0xFFFF;
/// Transposition table entries (a power of two; 24 bytes each).
const TT_SIZE: usize = 1 << 18;

/// Weight of an open line by the beads it holds (three-bead lines are
/// threats, scored separately).
const LINE_WEIGHT: [i32; 4] = [0, 1, 6, 0];
/// Value of one threat cell (three beads and an empty fourth).
const THREAT: i32 = 45;
/// Extra for a threat on a level that suits the side owning it.
const THREAT_PARITY: i32 = 20;
/// Extra for two threats of one side stacked in a rod (whoever fills the cell
/// under the lower one loses it; the upper one then wins).
const THREAT_STACK: i32 = 150;

/// The cells where a bead may land now.
#[inline]
fn playable(occ: u64) -> u64 {
    ((occ << RODS) | BOTTOM) & !occ
}

/// The threat cells of both sides: empty cells completing a line of the
/// other three beads of that side.
#[inline]
fn threats(me: u64, opp: u64) -> (u64, u64) {
    let (mut mine, mut theirs) = (0, 0);
    for &l in LINES.iter() {
        let (m, o) = (me & l, opp & l);
        if o == 0 {
            if m.count_ones() == 3 {
                mine |= l & !m;
            }
        } else if m == 0 && o.count_ones() == 3 {
            theirs |= l & !o;
        }
    }
    (mine, theirs)
}

/// Heuristic value for the side to move (`me`), whose threats are `my_t` and
/// the opponent's `op_t`; neither side can win on this move.
fn evaluate(me: u64, opp: u64, my_t: u64, op_t: u64) -> i32 {
    let mut score = 0;
    for &l in LINES.iter() {
        let (m, o) = (me & l, opp & l);
        if o == 0 {
            score += LINE_WEIGHT[m.count_ones() as usize];
        } else if m == 0 {
            score -= LINE_WEIGHT[o.count_ones() as usize];
        }
    }
    let red_to_move = (me | opp).count_ones().is_multiple_of(2);
    let (my_good, op_good) = if red_to_move {
        (EVEN_LEVELS, !EVEN_LEVELS)
    } else {
        (!EVEN_LEVELS, EVEN_LEVELS)
    };
    let value = |t: u64, good: u64| {
        THREAT * t.count_ones() as i32
            + THREAT_PARITY * (t & good).count_ones() as i32
            + THREAT_STACK * (t & (t << RODS)).count_ones() as i32
    };
    score += value(my_t, my_good) - value(op_t, op_good);
    score.clamp(-EVAL_CAP, EVAL_CAP)
}

/// Ordering score of playing `cell` for `me`: lines it extends or spoils,
/// threats it makes or blocks, minus giving away a threat of ours above it.
#[inline]
fn order_score(me: u64, opp: u64, cell: u32, my_t: u64) -> i32 {
    const MAKE: [i32; 4] = [1, 4, 40, 0];
    const SPOIL: [i32; 4] = [0, 3, 25, 0];
    let mut s = 0;
    for &i in lines_through(cell as u16) {
        let l = LINES[i as usize];
        let (m, o) = ((me & l).count_ones(), (opp & l).count_ones());
        if o == 0 {
            s += MAKE[m as usize];
        }
        if m == 0 {
            s += SPOIL[o as usize];
        }
    }
    if cell + (RODS as u32) < CELLS as u32 && my_t & (1 << (cell + RODS as u32)) != 0 {
        s -= 60;
    }
    s
}

#[derive(Clone, Copy, Default)]
struct Entry {
    me: u64,
    opp: u64,
    score: i16,
    depth: i8,
    flag: u8,
    mv: u8,
}

const EXACT: u8 = 1;
const LOWER: u8 = 2;
const UPPER: u8 = 3;

thread_local! {
    static TABLE: RefCell<Vec<Entry>> = const { RefCell::new(Vec::new()) };
}

#[inline]
fn hash(me: u64, opp: u64) -> usize {
    let h = me.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ opp.rotate_left(23).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    (h ^ (h >> 29)) as usize & (TT_SIZE - 1)
}

#[inline]
fn to_tt(score: i32, ply: i32) -> i16 {
    (if score > WIN_BOUND {
        score + ply
    } else if score < -WIN_BOUND {
        score - ply
    } else {
        score
    }) as i16
}

#[inline]
fn from_tt(score: i16, ply: i32) -> i32 {
    let score = score as i32;
    if score > WIN_BOUND {
        score - ply
    } else if score < -WIN_BOUND {
        score + ply
    } else {
        score
    }
}

/// One search: the table, counters and time limits.
struct Search<'a> {
    tt: &'a mut [Entry],
    history: [i32; CELLS],
    nodes: u64,
    budget: &'a Budget,
    deadline: Instant,
    aborted: bool,
}

impl<'a> Search<'a> {
    fn new(tt: &'a mut [Entry], budget: &'a Budget, deadline: Instant) -> Search<'a> {
        Search {
            tt,
            history: [0; CELLS],
            nodes: 0,
            budget,
            deadline: deadline.min(budget.deadline),
            aborted: false,
        }
    }

    /// The moves worth trying, or the node's value when it is decided
    /// without search: `Err(score)`. Also the two threat masks.
    #[inline]
    fn candidates(&self, me: u64, opp: u64, ply: i32) -> Result<(u64, bool, u64, u64), i32> {
        let occ = me | opp;
        if occ == u64::MAX {
            return Err(0);
        }
        let play = playable(occ);
        let (my_t, op_t) = threats(me, opp);
        if my_t & play != 0 {
            return Err(WIN - ply);
        }
        let forced = op_t & play;
        if forced & forced.wrapping_sub(1) != 0 {
            return Err(-(WIN - ply - 1));
        }
        // A bead under an opponent's threat lets the opponent win on top.
        let bad = (op_t >> RODS) & play;
        let cand = if forced != 0 { forced } else { play } & !bad;
        if cand == 0 {
            return Err(-(WIN - ply - 1));
        }
        Ok((cand, forced != 0, my_t, op_t))
    }

    fn negamax(
        &mut self,
        me: u64,
        opp: u64,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes & 1023 == 0 && (self.budget.expired() || Instant::now() >= self.deadline) {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let (cand, forced, my_t, op_t) = match self.candidates(me, opp, ply) {
            Ok(c) => c,
            Err(score) => return score,
        };
        let single = cand & (cand - 1) == 0;
        if depth <= 0 && !forced && !single {
            return evaluate(me, opp, my_t, op_t);
        }
        // Forced and single replies do not use up depth.
        let child_depth = if forced || single { depth } else { depth - 1 };

        let slot = hash(me, opp);
        let entry = self.tt[slot];
        let mut tt_move = u8::MAX;
        if entry.me == me && entry.opp == opp && entry.flag != 0 {
            tt_move = entry.mv;
            if entry.depth as i32 >= depth {
                let s = from_tt(entry.score, ply);
                match entry.flag {
                    EXACT => return s,
                    LOWER if s >= beta => return s,
                    UPPER if s <= alpha => return s,
                    _ => {}
                }
            }
        }

        let mut moves = [(0i32, 0u8); RODS];
        let mut n = 0;
        let mut bits = cand;
        while bits != 0 {
            let c = bits.trailing_zeros();
            bits &= bits - 1;
            let score = if c as u8 == tt_move {
                i32::MAX
            } else {
                order_score(me, opp, c, my_t) * 64 + self.history[c as usize].min(1 << 20) / 16
            };
            moves[n] = (score, c as u8);
            n += 1;
        }
        let moves = &mut moves[..n];
        moves.sort_unstable_by_key(|m| std::cmp::Reverse(m.0));

        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = moves[0].1;
        for (i, &(_, c)) in moves.iter().enumerate() {
            let bit = 1u64 << c;
            let score = if i == 0 {
                -self.negamax(opp, me | bit, child_depth, -beta, -alpha, ply + 1)
            } else {
                let s = -self.negamax(opp, me | bit, child_depth, -alpha - 1, -alpha, ply + 1);
                if s > alpha && s < beta && !self.aborted {
                    -self.negamax(opp, me | bit, child_depth, -beta, -alpha, ply + 1)
                } else {
                    s
                }
            };
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = c;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        self.history[c as usize] += depth.max(1) * depth.max(1);
                        break;
                    }
                }
            }
        }
        let flag = if best <= alpha0 {
            UPPER
        } else if best >= beta {
            LOWER
        } else {
            EXACT
        };
        self.tt[slot] = Entry {
            me,
            opp,
            score: to_tt(best, ply),
            depth: depth.clamp(-1, 127) as i8,
            flag,
            mv: best_move,
        };
        best
    }

    /// Searches every root move of `order` (cells) to `depth` with a window;
    /// returns the best cell and score, or `None` when aborted before the
    /// first move finished. `order` is reordered best first.
    fn root(
        &mut self,
        me: u64,
        opp: u64,
        order: &mut [u8],
        depth: i32,
        alpha: i32,
        beta: i32,
    ) -> Option<(u8, i32)> {
        let mut alpha = alpha;
        let mut best: Option<(u8, i32)> = None;
        for i in 0..order.len() {
            let c = order[i];
            let bit = 1u64 << c;
            let score = if i == 0 {
                -self.negamax(opp, me | bit, depth - 1, -beta, -alpha, 1)
            } else {
                let s = -self.negamax(opp, me | bit, depth - 1, -alpha - 1, -alpha, 1);
                if s > alpha && s < beta && !self.aborted {
                    -self.negamax(opp, me | bit, depth - 1, -beta, -alpha, 1)
                } else {
                    s
                }
            };
            if self.aborted {
                return best;
            }
            if best.is_none_or(|(_, b)| score > b) {
                best = Some((c, score));
                // Best first for the next iteration.
                order[..=i].rotate_right(1);
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

/// The side to move's beads and the other side's.
fn sides(position: &Connect4ThreeD) -> (u64, u64) {
    let seat = position.to_move();
    (position.stones(seat), position.stones(1 - seat))
}

fn rod_of(cell: u8) -> Move {
    (cell as usize % RODS) as Move
}

/// Runs `f` with the thread's transposition table.
fn with_table<T>(f: impl FnOnce(&mut [Entry]) -> T) -> T {
    TABLE.with(|t| {
        let mut t = t.borrow_mut();
        if t.len() != TT_SIZE {
            *t = vec![Entry::default(); TT_SIZE];
        }
        f(&mut t)
    })
}

/// The move a CPU of `level` plays, or `None` when the game is over. Always
/// legal; returns the best move found so far once the budget runs out.
pub fn choose(position: &Connect4ThreeD, level: Level, budget: &Budget) -> Option<Move> {
    choose_with(position, level, budget, &mut StdRng::from_entropy())
}

/// [`choose`] with the caller's random numbers (for seeded matches).
pub fn choose_with(
    position: &Connect4ThreeD,
    level: Level,
    budget: &Budget,
    rng: &mut impl Rng,
) -> Option<Move> {
    if position.is_over() {
        return None;
    }
    let (me, opp) = sides(position);
    let play = playable(me | opp);
    if play == 0 {
        return None;
    }
    let fallback = rod_of(play.trailing_zeros() as u8);
    let mv = match level {
        Level::Easy => easy(me, opp, rng),
        Level::Medium => medium(me, opp, budget, rng),
        Level::Hard => hard(me, opp, budget),
    };
    Some(mv.filter(|&m| position.is_legal(m)).unwrap_or(fallback))
}

/// Cells by how many lines pass through them, as a pick weight.
fn centre_weight(cell: u32) -> u32 {
    let n = lines_through(cell as u16).len() as u32;
    n * n
}

fn easy(me: u64, opp: u64, rng: &mut impl Rng) -> Option<Move> {
    let play = playable(me | opp);
    let (my_t, op_t) = threats(me, opp);
    if my_t & play != 0 {
        return Some(rod_of((my_t & play).trailing_zeros() as u8));
    }
    if op_t & play != 0 && rng.gen_bool(0.5) {
        return Some(rod_of((op_t & play).trailing_zeros() as u8));
    }
    let cells: Vec<u32> = bit_cells(play).collect();
    let total: u32 = cells.iter().map(|&c| centre_weight(c)).sum();
    let mut pick = rng.gen_range(0..total);
    for &c in &cells {
        let w = centre_weight(c);
        if pick < w {
            return Some(rod_of(c as u8));
        }
        pick -= w;
    }
    cells.first().map(|&c| rod_of(c as u8))
}

fn bit_cells(mut bits: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let c = bits.trailing_zeros();
            bits &= bits - 1;
            c
        })
    })
}

/// The root moves in search order, or the move to play without search.
fn root_moves(me: u64, opp: u64) -> Result<Vec<u8>, u8> {
    let occ = me | opp;
    let play = playable(occ);
    let (my_t, op_t) = threats(me, opp);
    if my_t & play != 0 {
        return Err((my_t & play).trailing_zeros() as u8);
    }
    let forced = op_t & play;
    if forced != 0 {
        // Block (if there are two, the game is lost anyway).
        return Err(forced.trailing_zeros() as u8);
    }
    let bad = (op_t >> RODS) & play;
    let cand = play & !bad;
    if cand == 0 {
        return Err(play.trailing_zeros() as u8);
    }
    let mut moves: Vec<(i32, u8)> = bit_cells(cand)
        .map(|c| (order_score(me, opp, c, my_t), c as u8))
        .collect();
    if moves.len() == 1 {
        return Err(moves[0].1);
    }
    moves.sort_by_key(|m| std::cmp::Reverse(m.0));
    Ok(moves.into_iter().map(|(_, c)| c).collect())
}

fn medium(me: u64, opp: u64, budget: &Budget, rng: &mut impl Rng) -> Option<Move> {
    let order = match root_moves(me, opp) {
        Ok(order) => order,
        Err(c) => return Some(rod_of(c)),
    };
    with_table(|tt| {
        let mut search = Search::new(tt, budget, budget.deadline);
        let mut scored = Vec::with_capacity(order.len());
        for &c in &order {
            let s = -search.negamax(opp, me | 1 << c, MEDIUM_DEPTH - 1, -INF, INF, 1);
            if search.aborted {
                break;
            }
            scored.push((s, c));
        }
        let best = scored.iter().map(|&(s, _)| s).max()?;
        let near: Vec<u8> = scored
            .iter()
            .filter(|&&(s, _)| s >= best - 3)
            .map(|&(_, c)| c)
            .collect();
        Some(rod_of(near[rng.gen_range(0..near.len())]))
    })
    .or(Some(rod_of(order[0])))
}

fn hard(me: u64, opp: u64, budget: &Budget) -> Option<Move> {
    hard_search(me, opp, budget, HARD_SOFT, HARD_HEURISTIC_CAP, i32::MAX)
}

/// Hard's search: iterative deepening until `soft` has passed (or `cap`
/// stops a deepening midway, or `max_depth` is reached), then the exact
/// check when few cells are free.
fn hard_search(
    me: u64,
    opp: u64,
    budget: &Budget,
    soft: Duration,
    cap: Duration,
    max_depth: i32,
) -> Option<Move> {
    let mut order = match root_moves(me, opp) {
        Ok(order) => order,
        Err(c) => return Some(rod_of(c)),
    };
    let start = Instant::now();
    let free = (!(me | opp)).count_ones();
    with_table(|tt| {
        let mut search = Search::new(tt, budget, start + cap);
        let mut best = order[0];
        let mut depth = 1;
        while depth <= (free as i32).min(max_depth) {
            match search.root(me, opp, &mut order, depth, -INF, INF) {
                Some((c, score)) => {
                    best = c;
                    if search.aborted || score.abs() > WIN_BOUND {
                        break;
                    }
                }
                None => break,
            }
            if start.elapsed() >= soft {
                break;
            }
            depth += 1;
        }
        if free <= EXACT_FREE && !budget.expired() {
            // Exact: does some move win, or at least draw? The heuristic
            // choice goes first and is replaced only by a strictly better one.
            if let Some(i) = order.iter().position(|&c| c == best) {
                order[..=i].rotate_right(1);
            }
            let mut exact = Search::new(search.tt, budget, start + HARD_EXACT_CAP);
            if let Some((c, score)) = exact.root(me, opp, &mut order, free as i32 + 1, -1, 1) {
                if !exact.aborted && score >= 0 {
                    best = c;
                }
            }
        }
        Some(rod_of(best))
    })
}

/// The exact value of a position for the side to move: `1` win, `0` draw,
/// `-1` loss (a finished game: `-1` when the last bead won, else `0`), or
/// `None` when the budget ran out first. Meant for late positions (about 20
/// free cells or fewer); any position is accepted.
pub fn solve(position: &Connect4ThreeD, budget: &Budget) -> Option<i32> {
    match position.outcome() {
        Some(Outcome::Win { .. }) => return Some(-1),
        Some(Outcome::Draw) => return Some(0),
        None => {}
    }
    let (me, opp) = sides(position);
    let free = (!(me | opp)).count_ones() as i32;
    with_table(|tt| {
        let mut search = Search::new(tt, budget, budget.deadline);
        let score = search.negamax(me, opp, free + 1, -1, 1, 0);
        (!search.aborted).then_some(score.signum())
    })
}

/// Time per move of one side in a match series, in milliseconds.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TimeStats {
    pub moves: usize,
    pub median_ms: f64,
    pub mean_ms: f64,
    pub max_ms: f64,
}

impl TimeStats {
    pub fn from_samples(samples: &mut [Duration]) -> TimeStats {
        if samples.is_empty() {
            return TimeStats::default();
        }
        samples.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        TimeStats {
            moves: samples.len(),
            median_ms: ms(samples[samples.len() / 2]),
            mean_ms: samples.iter().map(|&d| ms(d)).sum::<f64>() / samples.len() as f64,
            max_ms: ms(samples[samples.len() - 1]),
        }
    }
}

/// Result of [`arena_3d`].
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Arena3d {
    pub wins_a: usize,
    pub draws: usize,
    pub wins_b: usize,
    pub times_a: TimeStats,
    pub times_b: TimeStats,
}

/// Random opening plies of each arena game (from the seed), so that games
/// differ.
pub const ARENA_OPENING_PLIES: usize = 2;

/// Plays `games` games of level `a` against level `b`, `a` red in the even
/// games and yellow in the odd ones, each from a seeded random two-ply
/// opening, every move with [`Budget::HARD`].
pub fn arena_3d(a: Level, b: Level, games: usize, seed: u64) -> Arena3d {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut result = Arena3d::default();
    let (mut times_a, mut times_b) = (Vec::new(), Vec::new());
    for game in 0..games {
        let mut position = Connect4ThreeD::new();
        for _ in 0..ARENA_OPENING_PLIES {
            let moves = position.legal_moves();
            let _ = position.play(moves[rng.gen_range(0..moves.len())]);
        }
        let a_seat = (game % 2) as u8;
        while !position.is_over() {
            let a_moves = position.to_move() == a_seat;
            let level = if a_moves { a } else { b };
            let budget = Budget::new(Budget::HARD);
            let started = Instant::now();
            let mv =
                choose_with(&position, level, &budget, &mut rng).expect("a move while not over");
            let took = started.elapsed();
            if a_moves { &mut times_a } else { &mut times_b }.push(took);
            position.play(mv).expect("the CPU plays legal moves");
        }
        match position.outcome().and_then(|o| o.winner()) {
            Some(s) if s == a_seat => result.wins_a += 1,
            Some(_) => result.wins_b += 1,
            None => result.draws += 1,
        }
    }
    result.times_a = TimeStats::from_samples(&mut times_a);
    result.times_b = TimeStats::from_samples(&mut times_b);
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn budget() -> Budget {
        Budget::new(Duration::from_secs(5))
    }

    fn pos(names: &str) -> Connect4ThreeD {
        Connect4ThreeD::from_names(names).unwrap()
    }

    /// A random position that is not over, `plies` beads in.
    fn random_position(rng: &mut StdRng, plies: usize) -> Connect4ThreeD {
        loop {
            let mut p = Connect4ThreeD::new();
            for _ in 0..plies {
                let moves = p.legal_moves();
                if p.is_over() {
                    break;
                }
                p.play(moves[rng.gen_range(0..moves.len())]).unwrap();
            }
            if !p.is_over() {
                return p;
            }
        }
    }

    #[test]
    fn every_level_plays_legal_moves() {
        let mut rng = StdRng::seed_from_u64(7);
        for i in 0..24 {
            let p = random_position(&mut rng, (i * 5) % 60);
            for level in Level::ALL {
                let budget = Budget::new(Duration::from_millis(200));
                let mv = choose_with(&p, level, &budget, &mut rng).expect("a move");
                assert!(p.is_legal(mv), "{level:?} played {mv} in {p:?}");
            }
        }
    }

    #[test]
    fn no_move_when_over() {
        // Red fills A1 from the bottom... a rod is a vertical line.
        let p = pos("A1 B1 A1 B1 A1 B1 A1");
        assert!(p.is_over());
        for level in Level::ALL {
            assert_eq!(choose(&p, level, &budget()), None);
        }
    }

    #[test]
    fn cancelled_budget_still_gives_a_legal_move() {
        let p = pos("A1 B2");
        let b = budget();
        b.cancel.store(true, std::sync::atomic::Ordering::Relaxed);
        for level in Level::ALL {
            let mv = choose(&p, level, &b).unwrap();
            assert!(p.is_legal(mv));
        }
    }

    #[test]
    fn takes_an_immediate_win() {
        // Red has A1 B1 C1 on the bottom level; D1 wins.
        let p = pos("A1 A2 B1 B2 C1 D4");
        let d1 = p.parse_move("D1").unwrap();
        for level in Level::ALL {
            assert_eq!(choose(&p, level, &budget()), Some(d1), "{level:?}");
        }
    }

    #[test]
    fn blocks_an_immediate_loss() {
        // Red threatens D1; yellow must block.
        let p = pos("A1 A2 B1 B2 C1");
        let d1 = p.parse_move("D1").unwrap();
        for level in [Level::Medium, Level::Hard] {
            assert_eq!(choose(&p, level, &budget()), Some(d1), "{level:?}");
        }
    }

    #[test]
    fn does_not_play_under_the_opponent_winning_cell() {
        // Yellow holds B1 C1 D1 on level 1; A1 level 1 would win for yellow,
        // so red must not put the first bead on A1.
        let p = pos("B1 B1 D1 D1 A4 C1 A4 C1");
        let a1 = p.parse_move("A1").unwrap();
        for level in [Level::Medium, Level::Hard] {
            let mv = choose(&p, level, &budget()).unwrap();
            assert_ne!(mv, a1, "{level:?}");
        }
    }

    /// Plain minimax: 1 win, 0 draw, -1 loss for the side to move.
    fn minimax(p: &Connect4ThreeD) -> i32 {
        if let Some(o) = p.outcome() {
            return if o.winner().is_some() { -1 } else { 0 };
        }
        p.legal_moves()
            .into_iter()
            .map(|m| {
                let mut q = *p;
                q.play(m).unwrap();
                -minimax(&q)
            })
            .max()
            .unwrap()
    }

    #[test]
    fn solve_agrees_with_minimax_on_nearly_full_boards() {
        let mut rng = StdRng::seed_from_u64(11);
        let mut checked = 0;
        while checked < 40 {
            let mut p = Connect4ThreeD::new();
            while p.plies() < 55 && !p.is_over() {
                let moves = p.legal_moves();
                p.play(moves[rng.gen_range(0..moves.len())]).unwrap();
            }
            if p.is_over() {
                continue;
            }
            assert_eq!(solve(&p, &budget()), Some(minimax(&p)), "{p:?}");
            checked += 1;
        }
    }

    /// Hard's search stopped by depth rather than by the clock, so that a
    /// match does not depend on how busy the machine is.
    fn hard_to_depth(position: &Connect4ThreeD, depth: i32) -> Move {
        let seat = position.to_move();
        let (me, opp) = (position.stones(seat), position.stones(1 - seat));
        let long = Duration::from_secs(600);
        hard_search(me, opp, &Budget::new(long), long, long, depth).expect("a move")
    }

    #[test]
    fn hard_beats_medium_in_a_short_seeded_match() {
        let mut rng = StdRng::seed_from_u64(3);
        let (mut hard_wins, mut medium_wins) = (0, 0);
        for game in 0..4 {
            let mut position = Connect4ThreeD::new();
            for _ in 0..ARENA_OPENING_PLIES {
                let moves = position.legal_moves();
                position.play(moves[rng.gen_range(0..moves.len())]).unwrap();
            }
            let hard_seat = (game % 2) as u8;
            while !position.is_over() {
                let mv = if position.to_move() == hard_seat {
                    hard_to_depth(&position, 4)
                } else {
                    choose_with(&position, Level::Medium, &budget(), &mut rng).unwrap()
                };
                position.play(mv).unwrap();
            }
            match position.outcome().and_then(|o| o.winner()) {
                Some(s) if s == hard_seat => hard_wins += 1,
                Some(_) => medium_wins += 1,
                None => {}
            }
        }
        assert!(
            hard_wins > medium_wins,
            "hard {hard_wins}, medium {medium_wins}"
        );
    }

    #[test]
    #[ignore]
    fn arena_hard_vs_medium() {
        let games = std::env::var("ARENA_GAMES")
            .ok()
            .and_then(|g| g.parse().ok())
            .unwrap_or(40);
        let seed = std::env::var("ARENA_SEED")
            .ok()
            .and_then(|g| g.parse().ok())
            .unwrap_or(2026);
        let r = arena_3d(Level::Hard, Level::Medium, games, seed);
        println!("3D hard vs medium, {games} games: {r:#?}");
    }
}
