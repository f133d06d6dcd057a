//! The Connect Four for three searches, from the point of view of the seat
//! to move (the "root"): paranoid (Sturtevant: the two others play as one
//! coalition against the root, in turn order) and Best-Reply Search (Schadd
//! & Winands 2011: between two root moves only the single strongest reply of
//! either opponent is played), both iterative-deepening alpha-beta with
//! move ordering and a history table. In both, every seat blocks the next
//! seat's immediate win.

use super::state::{State, Windows, BITS, DOMINATED_HALF, OWN_WEIGHT};
use crate::cpu::search::{give_back_spare, take_spare, Budget, Counter, Mate, Spare, Table};
use crate::game::bits::Bits;
use crate::game::connect4_3p::{SEATS, WIDTH};
use std::sync::OnceLock;
use std::time::Instant;

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

/// The search `Level::Hard` uses: paranoid, which beat Best-Reply Search
/// against two mediums and head to head (BENCHMARKS.md).
pub const HARD_SEARCH: Search3p = Search3p::Paranoid;

/// A node with a single move searches it without using up depth.
const SINGLE_EXTENSION: bool = true;

/// Experiment switches, read once from `BOARDBOT_3P` (`table=0,single=1,
/// ...`) to measure each against the others with one build.
#[derive(Debug, Clone)]
pub struct Config {
    pub table: bool,
    pub single: bool,
    pub safe: bool,
    pub dominated: bool,
    pub own_weight: i32,
    /// Leaf weights of the next seat's and the previous seat's evaluation.
    pub next_weight: i32,
    pub prev_weight: i32,
    pub killers: bool,
    /// When paranoid finds every root move lost: 0 keeps the shallower
    /// choice, 1 the latest loss, 2 asks the self-interested search.
    pub lost: u8,
    /// Evaluation bonus of a threat on a row of its seat's parity.
    pub parity: i32,
    /// With at most this many free cells the self-interested search
    /// decides alone.
    pub endgame: i32,
    pub trace: bool,
}

pub fn config() -> &'static Config {
    static CONFIG: OnceLock<Config> = OnceLock::new();
    CONFIG.get_or_init(|| {
        let mut c = Config {
            table: true,
            single: SINGLE_EXTENSION,
            safe: true,
            dominated: DOMINATED_HALF,
            own_weight: OWN_WEIGHT,
            next_weight: 1,
            prev_weight: 1,
            killers: false,
            lost: 0,
            parity: 0,
            endgame: 0,
            trace: false,
        };
        if let Ok(v) = std::env::var("BOARDBOT_3P") {
            for item in v.split(',').filter(|i| !i.is_empty()) {
                let (k, val) = item.split_once('=').unwrap_or((item, "1"));
                let n: i32 = val.parse().unwrap_or(1);
                match k {
                    "table" => c.table = n != 0,
                    "single" => c.single = n != 0,
                    "safe" => c.safe = n != 0,
                    "dominated" => c.dominated = n != 0,
                    "own" => c.own_weight = n,
                    "next" => c.next_weight = n,
                    "prev" => c.prev_weight = n,
                    "killers" => c.killers = n != 0,
                    "lost" => c.lost = n as u8,
                    "parity" => c.parity = n,
                    "endgame" => c.endgame = n,
                    "trace" => c.trace = n != 0,
                    _ => panic!("unknown BOARDBOT_3P switch {k}"),
                }
            }
            eprintln!("BOARDBOT_3P: {c:?}");
        }
        c
    })
}

/// Plies a search can reach (every ply fills a cell).
const MAX_PLY: usize = 96;

/// Transposition table slots (a power of two; 16 bytes each).
const TT_SIZE: usize = 1 << 18;

/// A transposition table entry of the paranoid search. Scores are from the
/// root seat's point of view, so the root seat is part of the key.
#[derive(Clone, Copy, Default)]
pub struct Entry {
    key: u64,
    score: i32,
    depth: i8,
    flag: u8,
    mv: u8,
}

const EXACT: u8 = 1;
const LOWER: u8 = 2;
const UPPER: u8 = 3;
/// No move (a table entry's or a node's).
const NO_MOVE: u32 = u32::MAX;

thread_local! {
    static TABLE: Spare<Table<Entry>> = const { Spare::new(None) };
}

#[inline]
fn mix(x: u64) -> u64 {
    let x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    let x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The table key of `state` searched for `root`.
#[inline]
fn key(state: &State, root: usize) -> u64 {
    let mut h = root as u64 + 1;
    for &s in &state.stones {
        h = mix(h ^ s as u64);
        h = mix(h ^ (s >> 64) as u64);
    }
    h
}

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
    tt: Table<Entry>,
    /// The paranoid search probes and stores the table (off only to
    /// compare in tests).
    use_table: bool,
    killers: [[u32; 2]; MAX_PLY],
    use_killers: bool,
}

impl Drop for Searcher {
    fn drop(&mut self) {
        give_back_spare(&TABLE, std::mem::take(&mut self.tt));
    }
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
            tt: take_spare(&TABLE, || Table::new(TT_SIZE)),
            use_table: config().table,
            killers: [[NO_MOVE; 2]; MAX_PLY],
            use_killers: config().killers,
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
        first: u32,
        ply: i32,
        out: &mut [(i32, u32); WIDTH],
    ) -> usize {
        let mut n = 0;
        let killers = if self.use_killers {
            self.killers[(ply as usize).min(MAX_PLY - 1)]
        } else {
            [NO_MOVE; 2]
        };
        for b in allowed.ones() {
            let score = if b == first {
                i32::MAX
            } else if b == killers[0] {
                i32::MAX - 1
            } else if b == killers[1] {
                i32::MAX - 2
            } else {
                state.order_score(seat, b) * 16 + self.history[b as usize].min(1 << 16)
            };
            out[n] = (score, b);
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
            return Err(state.search_score_with(self.root, &windows));
        }
        // No seat drops right under a cell where the next seat wins (that
        // hands it the game) while it has another move: in particular the
        // coalition does not feed the seat before the root a win.
        let safe = if config().safe {
            play & !(t[next] >> 1)
        } else {
            play
        };
        let play = if safe != 0 { safe } else { play };
        let single = config().single && forced == 0 && play & play.wrapping_sub(1) == 0;
        Ok(if forced != 0 || single {
            Node {
                allowed: if forced != 0 { forced } else { play },
                forced: forced != 0,
                depth: depth + 1,
            }
        } else {
            Node {
                allowed: play,
                forced: false,
                depth,
            }
        })
    }

    /// Paranoid alpha-beta: the root maximises, the others minimise, in turn.
    fn paranoid(&mut self, state: &State, depth: i32, alpha: i32, beta: i32, ply: i32) -> i32 {
        let node = match self.node_start(state, depth, ply) {
            Ok(node) => node,
            Err(value) => return value,
        };
        let use_tt = self.use_table;
        let (hash, slot) = if use_tt {
            let hash = key(state, self.root);
            (hash, self.tt.index(hash))
        } else {
            (0, 0)
        };
        let mut tt_move = NO_MOVE;
        if use_tt {
            let e = self.tt.get(slot);
            if e.flag != 0 && e.key == hash {
                tt_move = u32::from(e.mv);
                if i32::from(e.depth) >= node.depth {
                    let s = MATE.from_table(e.score, ply);
                    match e.flag {
                        EXACT => return s,
                        LOWER if s >= beta => return s,
                        UPPER if s <= alpha => return s,
                        _ => {}
                    }
                }
            }
        }
        let seat = state.to_move;
        let mut moves = [(0, 0); WIDTH];
        let n = self.ordered(state, seat, node.allowed, tt_move, ply, &mut moves);
        let next = (seat + 1) % SEATS;
        let plays = moves[..n]
            .iter()
            .map(|&(_, b)| (b, state.with(seat, b, next)));
        let maximise = seat == self.root;
        let window = (alpha, beta);
        let (best, best_move) =
            self.try_moves(plays, maximise, node.depth, window, ply, Self::paranoid);
        if use_tt && !self.counter.stopped() {
            let flag = if best <= alpha {
                UPPER
            } else if best >= beta {
                LOWER
            } else {
                EXACT
            };
            *self.tt.get_mut(slot) = Entry {
                key: hash,
                score: MATE.to_table(best, ply),
                depth: node.depth.clamp(-1, 127) as i8,
                flag,
                mv: best_move as u8,
            };
        }
        best
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
    ) -> (i32, u32) {
        let mut best = if maximise { -INF } else { INF };
        let mut best_move = NO_MOVE;
        for (b, child) in plays {
            let v = search(self, &child, depth - 1, alpha, beta, ply + 1);
            if self.counter.stopped() {
                return (0, best_move);
            }
            let better = if maximise { v > best } else { v < best };
            if better || best_move == NO_MOVE {
                best_move = b;
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
                let k = &mut self.killers[(ply as usize).min(MAX_PLY - 1)];
                if k[0] != b {
                    *k = [b, k[0]];
                }
                break;
            }
        }
        (best, best_move)
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
            let n = self.ordered(state, root, node.allowed, NO_MOVE, ply, &mut moves);
            let next = (root + 1) % SEATS;
            let plays = moves[..n]
                .iter()
                .map(|&(_, b)| (b, state.with(root, b, next)));
            self.try_moves(plays, true, depth, window, ply, Self::brs).0
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
                let k = self.ordered(state, o, allowed, NO_MOVE, ply, &mut moves);
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
                .0
        }
    }

    /// A win of `winner` `ply` plies below the root, as every seat's
    /// utility: sooner is better for the winner, later for the others.
    fn won(winner: usize, ply: i32) -> [i32; SEATS] {
        std::array::from_fn(|s| {
            if s == winner {
                MATE.win_in(ply)
            } else {
                MATE.loss_in(ply)
            }
        })
    }

    /// Self-interested search (MaxN): every seat plays the move best for
    /// itself (its own leaf value, wins and losses); among equals an
    /// opponent of the root plays the worst for the root. Every seat still
    /// blocks the next seat's win and does not drop under it. No pruning:
    /// for narrow endgames.
    fn maxn(&mut self, state: &State, depth: i32, ply: i32) -> [i32; SEATS] {
        if self.tick() {
            return [0; SEATS];
        }
        let play = state.playable();
        if play == 0 {
            return [0; SEATS];
        }
        let seat = state.to_move;
        let windows: Windows = state.windows();
        let t = windows.threats();
        if t[seat] & play != 0 {
            return Self::won(seat, ply);
        }
        let next = (seat + 1) % SEATS;
        let forced = t[next] & play;
        if forced & forced.wrapping_sub(1) != 0 {
            return Self::won(next, ply + 1);
        }
        if depth <= 0 && forced == 0 {
            let e = state.evaluate_with(&windows, true);
            let w = config().own_weight;
            return std::array::from_fn(|s| w * e[s] - e[(s + 1) % SEATS] - e[(s + 2) % SEATS]);
        }
        let safe = play & !(t[next] >> 1);
        let play = if safe != 0 { safe } else { play };
        let (allowed, depth) = if forced != 0 {
            (forced, depth + 1)
        } else if play & play.wrapping_sub(1) == 0 {
            (play, depth + 1)
        } else {
            (play, depth)
        };
        let root = self.root;
        let mut best: Option<[i32; SEATS]> = None;
        for b in allowed.ones() {
            let v = self.maxn(&state.with(seat, b, next), depth - 1, ply + 1);
            if self.counter.stopped() {
                return [0; SEATS];
            }
            let better = match best {
                None => true,
                Some(o) => {
                    v[seat] > o[seat] || (v[seat] == o[seat] && seat != root && v[root] < o[root])
                }
            };
            if better {
                best = Some(v);
            }
        }
        best.unwrap_or([0; SEATS])
    }

    /// One self-interested iteration over the root moves: the best move
    /// and the root's utility, `None` if the budget ran out.
    pub fn maxn_root(&mut self, state: &State, order: &[u32], depth: i32) -> Option<(u32, i32)> {
        let root = self.root;
        let mut best: Option<(u32, i32)> = None;
        for &b in order {
            let child = state.with(root, b, (root + 1) % SEATS);
            let v = self.maxn(&child, depth - 1, 1)[root];
            if self.counter.stopped() {
                return None;
            }
            if best.is_none_or(|(_, s)| v > s) {
                best = Some((b, v));
            }
        }
        best
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
