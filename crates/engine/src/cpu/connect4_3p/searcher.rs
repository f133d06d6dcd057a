//! The Connect Four for three searches, from the point of view of the seat
//! to move (the "root"): paranoid (Sturtevant: the two others play as one
//! coalition against the root, in turn order) and Best-Reply Search (Schadd
//! & Winands 2011: between two root moves only the single strongest reply of
//! either opponent is played), both iterative-deepening alpha-beta with
//! move ordering and a history table. In both, every seat blocks the next
//! seat's immediate win and does not drop right under it.

use super::state::{State, BITS};
use crate::cpu::search::{Budget, Counter, Mate};
use crate::cpu::time::Instant;
use crate::game::bits::Bits;
use crate::game::connect4_3p::{SEATS, WIDTH};

/// A win `n` plies below the root scores `100_000 - n`; scores beyond
/// `± 99_000` are wins or losses.
pub const MATE: Mate = Mate::new(100_000, 1_000);
const INF: i32 = MATE.infinity();

/// Which multi-player search a hard CPU uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Search3p {
    Paranoid,
    BestReply,
}

/// The search `Level::Hard` uses. Measured with the ignored arena test
/// (release, 36 games, every seat order, seed 2026) once both searches model
/// the next seat blocking the seat after it: against two mediums paranoid won
/// 20/36 and BRS 15/36; paranoid vs BRS vs medium head to head 17 / 5 / 6
/// (8 draws). Paranoid plays hard.
pub const HARD_SEARCH: Search3p = Search3p::Paranoid;

/// The moves a node searches, after [`Searcher::node_start`].
struct Node {
    allowed: u128,
    forced: bool,
    depth: i32,
}

/// A search for one root seat.
pub struct Searcher {
    root: usize,
    kind: Search3p,
    history: [i32; BITS],
    counter: Counter,
}

impl Searcher {
    /// A search for the seat to move in `state`, within `budget` and
    /// stopping at `deadline`.
    pub fn new(state: &State, kind: Search3p, budget: &Budget, deadline: Instant) -> Searcher {
        Searcher {
            root: state.to_move,
            kind,
            history: [0; BITS],
            counter: Counter::new(Some(budget.until(deadline))),
        }
    }

    /// True once the budget ran out.
    pub fn aborted(&self) -> bool {
        self.counter.stopped()
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.counter.nodes()
    }

    fn tick(&mut self) -> bool {
        self.counter.tick()
    }

    /// Moves of `seat` in `state`, best first, into `out`; returns how many.
    fn ordered(
        &self,
        state: &State,
        seat: usize,
        allowed: u128,
        out: &mut [(i32, u32); WIDTH],
    ) -> usize {
        let mut n = 0;
        for b in allowed.ones() {
            out[n] = (
                state.order_score(seat, b) * 16 + self.history[b as usize].min(1 << 16),
                b,
            );
            n += 1;
        }
        out[..n].sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
        n
    }

    fn value(&self, winner: usize, ply: i32) -> i32 {
        if winner == self.root {
            MATE.win_in(ply)
        } else {
            MATE.loss_in(ply)
        }
    }

    /// What every node of both searches does first, for the seat to move:
    /// its immediate win, the next seat's win it must block (two of them
    /// lose), the leaf value at depth 0 unless a block is forced. `Err` is
    /// the node's value; `Ok` the cells it may play (the forced block, or
    /// every playable cell), whether they are a forced block, and the depth
    /// (one more through a forced block).
    fn node_start(&mut self, state: &State, depth: i32, ply: i32) -> Result<Node, i32> {
        if self.tick() {
            return Err(0);
        }
        let play = state.playable();
        if play == 0 {
            return Err(0);
        }
        let seat = state.to_move;
        // The open windows once, for the threats and the leaf value.
        let windows = state.windows();
        let t = windows.threats();
        if t[seat] & play != 0 {
            return Err(self.value(seat, ply));
        }
        // Whoever moves blocks the next seat's win (a real player would; a
        // coalition partner too, or that partner wins instead of the root
        // losing to the coalition as a whole).
        let next = (seat + 1) % SEATS;
        let forced = t[next] & play;
        if forced & forced.wrapping_sub(1) != 0 {
            return Err(self.value(next, ply + 1));
        }
        if depth <= 0 && forced == 0 {
            return Err(state.search_score(self.root, &windows));
        }
        if forced != 0 {
            return Ok(Node {
                allowed: forced,
                forced: true,
                depth: depth + 1,
            });
        }
        // No seat drops right under a cell where the next seat wins while it
        // has another move (that hands it the game): in particular the
        // seat after the root does not feed the seat before it a win for
        // the coalition, which no real player does. Against two mediums,
        // 120 games at 600,000 nodes: 83 wins with it, 76 without.
        let safe = play & !(t[next] >> 1);
        Ok(Node {
            allowed: if safe != 0 { safe } else { play },
            forced: false,
            depth,
        })
    }

    /// Paranoid alpha-beta: the root maximises, the others minimise, in turn.
    fn paranoid(&mut self, state: &State, depth: i32, alpha: i32, beta: i32, ply: i32) -> i32 {
        let node = match self.node_start(state, depth, ply) {
            Ok(node) => node,
            Err(value) => return value,
        };
        let seat = state.to_move;
        let mut moves = [(0, 0); WIDTH];
        let n = self.ordered(state, seat, node.allowed, &mut moves);
        let next = (seat + 1) % SEATS;
        let plays = moves[..n]
            .iter()
            .map(|&(_, b)| (b, state.with(seat, b, next)));
        let maximise = seat == self.root;
        let window = (alpha, beta);
        self.try_moves(plays, maximise, node.depth, window, ply, Self::paranoid)
    }

    /// Searches each of `plays` (a bead and the position it makes) in order
    /// with `search`: the node
    /// maximises for the root's seat and minimises for the others, and
    /// stops at a cut-off (crediting the move's history). Returns 0 once the
    /// budget stops the search (the caller throws the value away).
    fn try_moves(
        &mut self,
        plays: impl Iterator<Item = (u32, State)>,
        maximise: bool,
        depth: i32,
        (mut alpha, mut beta): (i32, i32),
        ply: i32,
        search: fn(&mut Self, &State, i32, i32, i32, i32) -> i32,
    ) -> i32 {
        let mut best = if maximise { -INF } else { INF };
        for (b, child) in plays {
            let v = search(self, &child, depth - 1, alpha, beta, ply + 1);
            if self.counter.stopped() {
                return 0;
            }
            if maximise {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                self.history[b as usize] += depth * depth;
                break;
            }
        }
        best
    }

    /// Best-Reply Search: root moves alternate with the single best reply of
    /// either opponent; the opponent that does not reply is skipped. At an
    /// opponents' node the first opponent is to move: a forced block is its
    /// move alone.
    fn brs(&mut self, state: &State, depth: i32, alpha: i32, beta: i32, ply: i32) -> i32 {
        let node = match self.node_start(state, depth, ply) {
            Ok(node) => node,
            Err(value) => return value,
        };
        let (root, depth) = (self.root, node.depth);
        let window = (alpha, beta);
        if state.to_move == root {
            let mut moves = [(0, 0); WIDTH];
            let n = self.ordered(state, root, node.allowed, &mut moves);
            let next = (root + 1) % SEATS;
            let plays = moves[..n]
                .iter()
                .map(|&(_, b)| (b, state.with(root, b, next)));
            self.try_moves(plays, true, depth, window, ply, Self::brs)
        } else {
            let opponents = [(root + 1) % SEATS, (root + 2) % SEATS];
            let mut all = [(0i32, 0u32, 0usize); 2 * WIDTH];
            let mut n = 0;
            for &o in &opponents {
                let allowed = if node.forced && o != opponents[0] {
                    0
                } else {
                    node.allowed
                };
                let mut moves = [(0, 0); WIDTH];
                let k = self.ordered(state, o, allowed, &mut moves);
                for &(s, b) in &moves[..k] {
                    all[n] = (s, b, o);
                    n += 1;
                }
            }
            all[..n].sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
            let plays = all[..n]
                .iter()
                .map(|&(_, b, o)| (b, state.with(o, b, root)));
            self.try_moves(plays, false, depth, window, ply, Self::brs)
        }
    }

    /// One iteration over the root moves (`order`, reordered best first).
    pub fn root_search(
        &mut self,
        state: &State,
        order: &mut [u32],
        depth: i32,
    ) -> Option<(u32, i32)> {
        let mut alpha = -INF;
        let mut best: Option<(u32, i32)> = None;
        let root = self.root;
        for i in 0..order.len() {
            let b = order[i];
            let child = state.with(root, b, (root + 1) % SEATS);
            let v = match self.kind {
                Search3p::Paranoid => self.paranoid(&child, depth - 1, alpha, INF, 1),
                Search3p::BestReply => self.brs(&child, depth - 1, alpha, INF, 1),
            };
            if self.counter.stopped() {
                return best;
            }
            if best.is_none_or(|(_, s)| v > s) {
                best = Some((b, v));
                order[..=i].rotate_right(1);
                alpha = alpha.max(v);
            }
        }
        best
    }
}
