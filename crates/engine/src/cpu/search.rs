//! The thin layer every CPU player stands on: the time budget and the node
//! counter that watches it, the one transposition-table type, mate scores,
//! the tactical first look at the root, and the one way to ask a game's CPU
//! for a move ([`Cpu::choose`]).

use crate::cpu::time::{Duration, Instant};
use crate::game::bits::Bits;
use crate::game::{Game, Move};
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::LocalKey;

/// How strong a CPU seat plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Easy,
    #[default]
    Medium,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    pub fn parse(name: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(name.trim()))
    }
}

/// A game's CPU players, called the same way for every game.
pub trait Cpu: Game {
    /// The move a CPU of `level` plays, or `None` when the game is over.
    /// Returns within the budget, with a legal move even when cancelled
    /// early. Random choices come from `rng` (seeded in tests and arenas).
    fn choose<R: Rng + ?Sized>(&self, level: Level, budget: &Budget, rng: &mut R) -> Option<Move>;
}

/// Time and cancellation for one search.
#[derive(Debug, Clone)]
pub struct Budget {
    pub deadline: Instant,
    /// Raised by the table when the position the search started from is no
    /// longer current.
    pub cancel: Arc<AtomicBool>,
    /// At most this many nodes per search that watches the budget (counted
    /// from [`Counter::set_budget`]): a budget that does not depend on the
    /// machine, for tests and reproducible checks.
    pub nodes: Option<u64>,
}

impl Budget {
    /// The wall-time budget of a hard move.
    pub const HARD: Duration = Duration::from_millis(1500);

    pub fn new(time: Duration) -> Budget {
        Budget {
            deadline: Instant::now() + time,
            cancel: Arc::new(AtomicBool::new(false)),
            nodes: None,
        }
    }

    /// A budget of `nodes` nodes per search and no clock to speak of (a
    /// day), so that a test gives the same answer on any machine.
    pub fn of_nodes(nodes: u64) -> Budget {
        Budget {
            nodes: Some(nodes),
            ..Budget::new(Duration::from_secs(24 * 3600))
        }
    }

    /// The part of this budget from `from` to `to` percent of it, counted
    /// from `start` with `left` time then left: the deadline moves to `to`
    /// percent of the time, and a node limit shrinks to `to - from` percent
    /// (each search counts its own nodes).
    pub fn part(&self, start: Instant, left: Duration, from: u32, to: u32) -> Budget {
        Budget {
            deadline: self.deadline.min(start + left * to / 100),
            cancel: self.cancel.clone(),
            nodes: self
                .nodes
                .map(|n| (n * u64::from(to.saturating_sub(from)) / 100).max(1)),
        }
    }

    /// The same budget with at most `nodes` nodes per search.
    pub fn with_nodes(&self, nodes: u64) -> Budget {
        Budget {
            nodes: Some(self.nodes.map_or(nodes, |n| n.min(nodes))),
            ..self.clone()
        }
    }

    /// True once the deadline passed or the table cancelled the search.
    pub fn expired(&self) -> bool {
        self.cancel.load(Ordering::Relaxed) || Instant::now() >= self.deadline
    }

    /// The same cancel flag with the deadline no later than `at`.
    pub fn until(&self, at: Instant) -> Budget {
        Budget {
            deadline: self.deadline.min(at),
            cancel: self.cancel.clone(),
            nodes: self.nodes,
        }
    }
}

/// Nodes between two looks at the budget, in every search.
pub const CHECK_INTERVAL: u64 = 1024;

/// Counts a search's nodes and stops it once its budget runs out (looked
/// at every [`CHECK_INTERVAL`] nodes). Without a budget it never stops.
#[derive(Debug, Default)]
pub struct Counter {
    nodes: u64,
    budget: Option<Budget>,
    /// `nodes` when the budget was set: its node limit counts from here.
    since: u64,
    stopped: bool,
}

impl Counter {
    pub fn new(budget: Option<Budget>) -> Counter {
        Counter {
            nodes: 0,
            budget,
            since: 0,
            stopped: false,
        }
    }

    /// Counts a node; true once the search must stop.
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_INTERVAL) {
            if let Some(budget) = &self.budget {
                if budget.expired() || budget.nodes.is_some_and(|n| self.nodes - self.since >= n) {
                    self.stopped = true;
                }
            }
        }
        self.stopped
    }

    /// True once the budget ran out during the search.
    #[inline]
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// A new budget (or none) for the next search; clears the stop.
    pub fn set_budget(&mut self, budget: Option<Budget>) {
        self.budget = budget;
        self.since = self.nodes;
        self.stopped = false;
    }

    /// Starts counting from zero.
    pub fn reset_nodes(&mut self) {
        self.nodes = 0;
        self.since = 0;
    }
}

/// Asks the system to back a big table with huge pages (2 MiB) where it
/// can: a search reads the table at random, and with 4 KiB pages almost
/// every probe of a big table misses the processor's page cache (TLB); a
/// table mapped as the search writes it also takes 512 times fewer page
/// faults. Only the whole 2 MiB stretches inside the allocation are
/// marked; the system may refuse, and the table works the same either way.
fn ask_for_huge_pages<E>(slots: &[E]) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = slots.as_ptr() as usize;
        let end = start + std::mem::size_of_val(slots);
        let first = start.next_multiple_of(HUGE);
        let last = end / HUGE * HUGE;
        if last > first {
            // SAFETY: the range lies inside the allocation `slots` owns,
            // and MADV_HUGEPAGE changes how the system backs it, never its
            // contents: the memory stays valid and zeroed as allocated.
            unsafe {
                libc::madvise(
                    first as *mut libc::c_void,
                    last - first,
                    libc::MADV_HUGEPAGE,
                );
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = slots;
}

/// Stamps after which a [`Table`] wipes its slots and starts again at 1
/// (a stamp must fit the bits its owner keeps for it: 19 in the smallest).
pub const GENERATIONS: u32 = 1 << 19;

/// A transposition table: a fixed number of slots of one entry type.
///
/// One allocation policy for every game in the bot: a table is allocated
/// once at its full size with every page touched at once (a zeroed
/// allocation is mapped lazily, and faulting pages in during a search costs
/// more than the search), never grows, and is kept for later searches (per thread with
/// [`take_spare`] / [`give_back_spare`]; the Connect Four solver's table
/// comes with its solver from `connect4::pool`). A search that wants it
/// empty starts a new generation ([`Table::new_generation`], constant
/// time): entries carry the stamp they were written with, and an entry of
/// another generation is a miss.
pub struct Table<E> {
    slots: Box<[E]>,
    /// `len - 1` when the length is a power of two (a mask for the index).
    mask: Option<u64>,
    generation: u32,
}

impl<E: Copy + Default> Table<E> {
    /// A table of `len` slots, every page touched now so that a timed
    /// search never waits for the system to map one (the bot's tables
    /// live for many searches).
    pub fn new(len: usize) -> Table<E> {
        let mut table = Table::untouched(len);
        let per_page = (4096 / std::mem::size_of::<E>().max(1)).max(1);
        for page in table.slots.chunks_mut(per_page) {
            // SAFETY: a valid, aligned element of the page being touched.
            unsafe { std::ptr::write_volatile(&mut page[0], E::default()) };
        }
        table
    }

    /// A table of `len` slots whose pages the system maps as the search
    /// first writes them (zeroed memory straight from the allocator): for
    /// a process that solves one position, where most of a big table is
    /// never used.
    pub fn untouched(len: usize) -> Table<E> {
        assert!(len > 0, "a table needs slots");
        let slots = vec![E::default(); len].into_boxed_slice();
        ask_for_huge_pages(&slots);
        Table {
            mask: len.is_power_of_two().then_some(len as u64 - 1),
            slots,
            generation: 1,
        }
    }

    pub fn len(&self) -> usize {
        self.slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The slot of a hash: `hash % len`.
    #[inline]
    pub fn index(&self, hash: u64) -> usize {
        match self.mask {
            Some(mask) => (hash & mask) as usize,
            None => (hash % self.slots.len() as u64) as usize,
        }
    }

    #[inline]
    pub fn get(&self, index: usize) -> E {
        self.slots[index]
    }

    #[inline]
    pub fn get_mut(&mut self, index: usize) -> &mut E {
        &mut self.slots[index]
    }

    /// The stamp of the current generation (1 ..= [`GENERATIONS`] - 1).
    #[inline]
    pub fn generation(&self) -> u32 {
        self.generation
    }

    /// Forgets every entry: a new stamp, and once in a long while a wipe.
    pub fn new_generation(&mut self) {
        self.generation += 1;
        if self.generation >= GENERATIONS {
            self.slots.fill(E::default());
            self.generation = 1;
        }
    }

    /// Forgets every entry at once, writing every slot: a layout with
    /// fewer generation bits than [`GENERATIONS`] calls this when its
    /// generations run out.
    pub fn wipe(&mut self) {
        self.slots.fill(E::default());
        self.generation = 1;
    }

    /// Asks the processor to fetch a slot ahead of [`Table::get`].
    #[inline]
    pub fn prefetch(&self, index: usize) {
        #[cfg(target_arch = "x86_64")]
        if index < self.slots.len() {
            // SAFETY: `index` is inside the table, and a prefetch is only a
            // hint: it reads nothing and cannot fault.
            unsafe {
                use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
                _mm_prefetch(self.slots.as_ptr().add(index) as *const i8, _MM_HINT_T0);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = index;
    }
}

impl<E> Default for Table<E> {
    /// A table without slots: a placeholder for one given back.
    fn default() -> Self {
        Table {
            slots: Box::new([]),
            mask: None,
            generation: 1,
        }
    }
}

/// The best child found so far in a fail-soft alpha-beta loop, shared by
/// every game's search.
#[derive(Clone, Copy, Debug)]
pub struct BestChild<M> {
    pub score: i32,
    pub mv: M,
}

impl<M: Copy> BestChild<M> {
    /// Nothing found yet: `score` is below every real score.
    pub fn new(score: i32, mv: M) -> BestChild<M> {
        BestChild { score, mv }
    }

    /// Takes a child's score: keeps the child when it beats the best so
    /// far, raising `alpha` past it; true when that reaches `beta` (the
    /// other children need not be searched).
    #[inline]
    pub fn offer(&mut self, score: i32, mv: M, alpha: &mut i32, beta: i32) -> bool {
        if score <= self.score {
            return false;
        }
        self.score = score;
        self.mv = mv;
        if score > *alpha {
            *alpha = score;
        }
        *alpha >= beta
    }
}

/// Where a thread keeps its table of one game between searches (a
/// `thread_local!` of this type): one table per thread and game, made on
/// first use.
pub type Spare<T> = Cell<Option<T>>;

/// This thread's spare table, or a new one from `make` (the first time, or
/// while another search of this thread holds it).
pub fn take_spare<T>(spare: &'static LocalKey<Spare<T>>, make: impl FnOnce() -> T) -> T {
    spare.with(Cell::take).unwrap_or_else(make)
}

/// Keeps `table` for this thread's next search.
pub fn give_back_spare<T>(spare: &'static LocalKey<Spare<T>>, table: T) {
    spare.with(|s| s.set(Some(table)));
}

/// Scores of a search that knows wins: a win found `ply` plies below the
/// root scores `win - ply` (sooner is better), a loss the negative; any
/// score beyond `± bound` is a win or a loss.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mate {
    pub win: i32,
    pub bound: i32,
}

impl Mate {
    pub const fn new(win: i32, margin: i32) -> Mate {
        Mate {
            win,
            bound: win - margin,
        }
    }

    /// A win for the side to move `ply` plies below the root.
    #[inline]
    pub const fn win_in(self, ply: i32) -> i32 {
        self.win - ply
    }

    /// A loss for the side to move `ply` plies below the root.
    #[inline]
    pub const fn loss_in(self, ply: i32) -> i32 {
        -(self.win - ply)
    }

    /// Above every heuristic score and every mate.
    #[inline]
    pub const fn infinity(self) -> i32 {
        self.win + 1
    }

    /// True for a win or a loss.
    #[inline]
    pub const fn decided(self, score: i32) -> bool {
        score > self.bound || score < -self.bound
    }

    /// A score as stored in a table: mates counted from the node, not the
    /// root, so that they stay right when met at another depth.
    #[inline]
    pub const fn to_table(self, score: i32, ply: i32) -> i32 {
        if score > self.bound {
            score + ply
        } else if score < -self.bound {
            score - ply
        } else {
            score
        }
    }

    /// The inverse of [`Mate::to_table`] at `ply`.
    #[inline]
    pub const fn from_table(self, score: i32, ply: i32) -> i32 {
        if score > self.bound {
            score - ply
        } else if score < -self.bound {
            score + ply
        } else {
            score
        }
    }
}

/// The tactical first look at a search's root, shared by the searching
/// levels: `Err(cell)` to play at once (a win, or the block of `threats`
/// that must be blocked first), or `Ok(cells)` to search, best first by
/// `order`, never empty, none of them in `danger` unless every move is.
pub fn root_moves<B: Bits>(
    playable: B,
    wins: B,
    blocks: &[B],
    danger: B,
    order: impl Fn(u32) -> i32,
) -> Result<Vec<u32>, u32> {
    for must in std::iter::once(wins).chain(blocks.iter().copied()) {
        let now = must & playable;
        if !now.is_empty() {
            return Err(now.lowest());
        }
    }
    let safe = playable & !danger;
    let candidates = if safe.is_empty() { playable } else { safe };
    let mut moves: Vec<(i32, u32)> = candidates.ones().map(|b| (order(b), b)).collect();
    moves.sort_by_key(|m| std::cmp::Reverse(m.0));
    Ok(moves.into_iter().map(|(_, b)| b).collect())
}

/// One of `items` at random, each as likely as its weight; `None` when
/// there is none (or every weight is 0).
pub fn weighted_pick<T: Copy>(
    items: &[T],
    weight: impl Fn(T) -> u32,
    rng: &mut (impl Rng + ?Sized),
) -> Option<T> {
    let total: u32 = items.iter().map(|&i| weight(i)).sum();
    if total == 0 {
        return items.first().copied();
    }
    let mut pick = rng.gen_range(0..total);
    for &item in items {
        if pick < weight(item) {
            return Some(item);
        }
        pick -= weight(item);
    }
    items.first().copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counter_stops_at_an_interval_once_expired() {
        let budget = Budget::new(Duration::from_secs(60));
        let mut counter = Counter::new(Some(budget.clone()));
        for _ in 0..3 * CHECK_INTERVAL {
            assert!(!counter.tick());
        }
        budget.cancel.store(true, Ordering::Relaxed);
        let mut ticks = 0;
        while !counter.tick() {
            ticks += 1;
        }
        assert!(ticks < CHECK_INTERVAL);
        let mut free = Counter::new(None);
        assert!((0..5 * CHECK_INTERVAL).all(|_| !free.tick()));
    }

    #[test]
    fn mate_scores_survive_the_table() {
        let mate = Mate::new(10_000, 100);
        for ply in 0..40 {
            for score in [mate.win_in(ply + 3), mate.loss_in(ply + 5), 42, -17] {
                assert_eq!(mate.from_table(mate.to_table(score, ply), ply), score);
            }
        }
        assert!(mate.decided(mate.win_in(30)) && !mate.decided(5_000));
    }

    #[test]
    fn table_indexes_and_forgets() {
        let mut t: Table<u64> = Table::new(1 << 10);
        assert_eq!(t.index(1025), 1);
        let p: Table<u64> = Table::new(1021);
        assert_eq!(p.index(1022), 1);
        *t.get_mut(3) = 7;
        let g = t.generation();
        t.new_generation();
        assert_eq!(t.generation(), g + 1);
        assert_eq!(t.get(3), 7);
    }

    #[test]
    fn root_moves_play_wins_then_blocks_then_order() {
        let play: u64 = 0b1111;
        assert_eq!(root_moves(play, 0b0100, &[0b0010], 0, |_| 0), Err(2));
        assert_eq!(root_moves(play, 0, &[0, 0b1000], 0, |_| 0), Err(3));
        assert_eq!(
            root_moves(play, 0, &[], 0b0011, |b| b as i32),
            Ok(vec![3, 2])
        );
        assert_eq!(
            root_moves(play, 0, &[], play, |b| -(b as i32)),
            Ok(vec![0, 1, 2, 3])
        );
    }
}
