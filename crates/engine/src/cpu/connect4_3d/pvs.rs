//! The Connect Four 3D search: principal-variation search with a
//! transposition table (one per thread, kept between moves), forced and
//! single replies searched without using up depth, threat-first ordering
//! and a history table.

use super::eval::{evaluate, order_score, playable, threats};
use crate::cpu::search::{
    give_back_spare, take_spare, BestChild, Budget, Counter, Mate, Spare, Table,
};
use crate::cpu::time::Instant;
use crate::game::connect4_3d::{CELLS, RODS};

/// Score of a win found at the root (a win `n` plies later scores `WIN - n`);
/// scores beyond `± (WIN - 100)` are wins or losses.
pub const MATE: Mate = Mate::new(10_000, 100);
pub const INF: i32 = MATE.infinity();
/// Transposition table entries (a power of two; 24 bytes each).
const TT_SIZE: usize = 1 << 18;

#[derive(Clone, Copy, Default)]
pub struct Entry {
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
    static TABLE: Spare<Table<Entry>> = const { Spare::new(None) };
}

#[inline]
fn hash(me: u64, opp: u64) -> u64 {
    let h = me.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ opp.rotate_left(23).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    h ^ (h >> 29)
}

/// One search: the table, counters and time limits.
pub struct Search<'a> {
    pub tt: &'a mut Table<Entry>,
    history: [i32; CELLS],
    counter: Counter,
}

impl<'a> Search<'a> {
    /// A search within `budget` that also stops at `deadline`.
    pub fn new(tt: &'a mut Table<Entry>, budget: &Budget, deadline: Instant) -> Search<'a> {
        Search {
            tt,
            history: [0; CELLS],
            counter: Counter::new(Some(budget.until(deadline))),
        }
    }

    /// True once the budget ran out.
    pub fn aborted(&self) -> bool {
        self.counter.stopped()
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
            return Err(MATE.win_in(ply));
        }
        let forced = op_t & play;
        if forced & forced.wrapping_sub(1) != 0 {
            return Err(MATE.loss_in(ply + 1));
        }
        // A bead under an opponent's threat lets the opponent win on top.
        let bad = (op_t >> RODS) & play;
        let cand = if forced != 0 { forced } else { play } & !bad;
        if cand == 0 {
            return Err(MATE.loss_in(ply + 1));
        }
        Ok((cand, forced != 0, my_t, op_t))
    }

    pub fn negamax(
        &mut self,
        me: u64,
        opp: u64,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
    ) -> i32 {
        if self.counter.tick() {
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

        let slot = self.tt.index(hash(me, opp));
        let entry = self.tt.get(slot);
        let mut tt_move = u8::MAX;
        if entry.me == me && entry.opp == opp && entry.flag != 0 {
            tt_move = entry.mv;
            if entry.depth as i32 >= depth {
                let s = MATE.from_table(entry.score as i32, ply);
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
        let mut best = BestChild::new(-INF, moves[0].1);
        for (i, &(_, c)) in moves.iter().enumerate() {
            let bit = 1u64 << c;
            let score = if i == 0 {
                -self.negamax(opp, me | bit, child_depth, -beta, -alpha, ply + 1)
            } else {
                let s = -self.negamax(opp, me | bit, child_depth, -alpha - 1, -alpha, ply + 1);
                if s > alpha && s < beta && !self.counter.stopped() {
                    -self.negamax(opp, me | bit, child_depth, -beta, -alpha, ply + 1)
                } else {
                    s
                }
            };
            if self.counter.stopped() {
                return 0;
            }
            if best.offer(score, c, &mut alpha, beta) {
                self.history[c as usize] += depth.max(1) * depth.max(1);
                break;
            }
        }
        let flag = if best.score <= alpha0 {
            UPPER
        } else if best.score >= beta {
            LOWER
        } else {
            EXACT
        };
        *self.tt.get_mut(slot) = Entry {
            me,
            opp,
            score: MATE.to_table(best.score, ply) as i16,
            depth: depth.clamp(-1, 127) as i8,
            flag,
            mv: best.mv,
        };
        best.score
    }

    /// Searches every root move of `order` (cells) to `depth` with a window;
    /// returns the best cell and score, or `None` when aborted before the
    /// first move finished. `order` is reordered best first.
    pub fn root(
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
                if s > alpha && s < beta && !self.counter.stopped() {
                    -self.negamax(opp, me | bit, depth - 1, -beta, -alpha, 1)
                } else {
                    s
                }
            };
            if self.counter.stopped() {
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

/// Runs `f` with the thread's transposition table.
pub fn with_table<T>(f: impl FnOnce(&mut Table<Entry>) -> T) -> T {
    let mut table = take_spare(&TABLE, || Table::new(TT_SIZE));
    let result = f(&mut table);
    give_back_spare(&TABLE, table);
    result
}
