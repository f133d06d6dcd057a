//! The live tables, between `discord` and the rules.
//!
//! The service owns the registry of tables, applies actions under each
//! table's own lock, writes every accepted change to the store before anyone
//! is told (write before tell), runs CPU turns and hints on the bounded
//! search pool, arms every deadline, restores all of it after a restart, and
//! tells `discord` which boards to publish through [`Notice`]s.
//!
//! Time comes from an injected [`Clock`] and randomness from an injected
//! seed, so every rule is testable without sleeping.

mod deadline;
mod history;
mod limits;
mod open;
mod place;
pub mod pool;
mod puzzle;
mod replay;
mod review;
mod settings;
mod tables;
mod tournament;
mod turns;

pub use limits::Busy;
pub use open::{Host, PlayRequest};
pub use place::Place;
pub use pool::{PoolStats, Search, SearchError, SearchPool};
pub use replay::KEEP_REPLAY_MS;
pub use settings::{SettingsChange, SettingsChanged};
pub use tables::LiveTable;

use crate::cpu::{Budget, Level};
use crate::game::{AnyGame, Game, GameKind, Move};
use crate::store::{BoardLink, Change, ChannelSettings, Settled, Solve, Store, StoreError};
use crate::table::{
    Action, Effects, Opening, Player, Puzzle, RatingChange, Refusal, Table, UserId, DEFAULT_IDLE_MS,
};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::collections::HashMap;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::task::AbortHandle;
use tracing::warn;
use turns::fallback_move;

/// Milliseconds since the epoch, as the service sees them.
pub trait Clock: Send + Sync + 'static {
    fn now(&self) -> u64;
}

/// Wall time read once at start, then advanced by tokio's monotonic clock:
/// never jumps backwards, and tests that pause tokio's time pause it too.
pub struct SystemClock {
    base: u64,
    start: tokio::time::Instant,
}

impl SystemClock {
    pub fn new() -> SystemClock {
        let base = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as u64)
            .unwrap_or(0);
        SystemClock {
            base,
            start: tokio::time::Instant::now(),
        }
    }
}

impl Default for SystemClock {
    fn default() -> Self {
        SystemClock::new()
    }
}

impl Clock for SystemClock {
    fn now(&self) -> u64 {
        self.base + self.start.elapsed().as_millis() as u64
    }
}

/// Why the service did not carry out an action.
#[derive(Debug)]
pub enum Failure {
    /// The person asked for something not allowed; nothing changed.
    Refused(Refusal),
    /// The change could not be stored, so it was not made.
    Store(StoreError),
    /// Over a fair-use limit: nothing was done, try again later.
    Busy(Busy),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Refused(r) => write!(f, "refused: {r}"),
            Failure::Store(e) => write!(f, "not stored: {e}"),
            Failure::Busy(b) => write!(f, "over a fair-use limit: {b:?}"),
        }
    }
}

impl From<Refusal> for Failure {
    fn from(r: Refusal) -> Self {
        Failure::Refused(r)
    }
}

impl From<StoreError> for Failure {
    fn from(e: StoreError) -> Self {
        Failure::Store(e)
    }
}

/// What `discord` must publish.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notice {
    /// Table `no` changed without an interaction to answer (a CPU move, an
    /// expired clock, a restore): bring its board message up to date.
    Board(u64),
    /// Tournament `id` changed: post or update its messages, create the
    /// threads and open the tables its round still lacks.
    Tournament(u64),
}

/// Which table an action is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum At {
    /// The table a control was drawn for, clicked in `channel`.
    Table { no: u64, channel: u64 },
    /// This channel's table (slash commands).
    Channel(u64),
}

/// What a hint found.
#[derive(Debug, Clone)]
pub struct HintAnswer {
    /// The position the hint is for.
    pub game: AnyGame,
    /// The move it suggests (`verdict`'s move).
    pub best: Option<Move>,
    /// What the search proved about that move (a plain guess when it
    /// proved nothing in time, or the search failed).
    pub verdict: Option<crate::cpu::Verdict>,
}

/// Wall time a CPU of this level may think.
pub fn think_time(level: Level) -> Duration {
    match level {
        Level::Easy => Duration::from_millis(300),
        Level::Medium => Duration::from_millis(700),
        Level::Hard => Budget::HARD,
    }
}

/// How long a person's change may keep trying a busy database before it
/// is given up as not stored (well inside an interaction's 15 minutes).
pub const WRITE_PATIENCE: Duration = Duration::from_secs(20);

/// A finished table stays in memory this long after its last change.
pub const KEEP_FINISHED_MS: u64 = 2 * 60 * 1000;

struct Live {
    table: Table,
    board: Option<BoardLink>,
    /// The CPU search running for the table: the stamp it is for and its
    /// cancel flag.
    search: Option<(u64, Arc<AtomicBool>)>,
    /// The hint being searched, likewise.
    hint: Option<(u64, Arc<AtomicBool>)>,
    /// The armed deadline: when, and the task that fires it.
    deadline: Option<(u64, AbortHandle)>,
    /// Last change, milliseconds since the epoch.
    touched: u64,
}

struct Slot {
    no: u64,
    channel: u64,
    live: tokio::sync::Mutex<Live>,
}

impl Slot {
    /// A table in memory with no work running for it yet.
    fn new(table: Table, board: Option<BoardLink>, now: u64) -> Arc<Slot> {
        Arc::new(Slot {
            no: table.no(),
            channel: table.channel(),
            live: tokio::sync::Mutex::new(Live {
                table,
                board,
                search: None,
                hint: None,
                deadline: None,
                touched: now,
            }),
        })
    }
}

#[derive(Default)]
struct Registry {
    /// Tables in memory: every running one, and finished ones for a while.
    by_no: HashMap<u64, Arc<Slot>>,
    /// The running table of each channel, with its game.
    running_in: HashMap<u64, (u64, GameKind)>,
    /// Where and by whom each running table was opened (the fair-use
    /// count of tables; entries of tables no longer running are dropped
    /// when it is counted).
    hosts: HashMap<u64, (u64, UserId)>,
}

/// The live tables.
pub struct Service {
    store: Store,
    clock: Arc<dyn Clock>,
    pool: SearchPool,
    registry: Mutex<Registry>,
    rng: Mutex<StdRng>,
    notices: mpsc::UnboundedSender<Notice>,
    /// A running table with no action for this long closes.
    idle_ms: AtomicU64,
    puzzles: puzzle::Puzzles,
    limits: Mutex<crate::config::Limits>,
    /// The expensive work going on, per person and server.
    busy: limits::Counts,
    /// The review being prepared for each match: later askers wait for it.
    reviewing: Mutex<HashMap<u64, Arc<tokio::sync::Mutex<()>>>>,
    /// Replays made lately, and the one being made at each table.
    replays: replay::Replays,
    tournaments: Mutex<tournament::Tournaments>,
}

impl Service {
    /// A service over `store`; `seed` fixes the seat draws (tests), `None`
    /// draws from the system. The receiver gets the boards to publish.
    pub fn new(
        store: Store,
        clock: Arc<dyn Clock>,
        pool: SearchPool,
        seed: Option<u64>,
    ) -> (Arc<Service>, mpsc::UnboundedReceiver<Notice>) {
        let (tx, rx) = mpsc::unbounded_channel();
        let rng = match seed {
            Some(seed) => StdRng::seed_from_u64(seed),
            None => StdRng::from_entropy(),
        };
        let service = Service {
            store,
            clock,
            pool,
            registry: Mutex::default(),
            rng: Mutex::new(rng),
            notices: tx,
            idle_ms: AtomicU64::new(DEFAULT_IDLE_MS),
            puzzles: puzzle::Puzzles::default(),
            limits: Mutex::default(),
            busy: limits::Counts::default(),
            reviewing: Mutex::default(),
            replays: replay::Replays::default(),
            tournaments: Mutex::default(),
        };
        (Arc::new(service), rx)
    }

    /// Sets how long a running table may stay without any action before it
    /// closes (default 24 h). Set it before [`Service::restore`].
    pub fn set_idle_ms(&self, idle_ms: u64) {
        self.idle_ms.store(idle_ms.max(1), Ordering::Relaxed);
    }

    fn idle_ms(&self) -> u64 {
        self.idle_ms.load(Ordering::Relaxed)
    }

    /// Now, in milliseconds since the epoch.
    pub fn now(&self) -> u64 {
        self.clock.now()
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    pub fn pool_stats(&self) -> PoolStats {
        self.pool.stats()
    }

    /// Hints queued or being searched now.
    pub fn hints_pending(&self) -> usize {
        self.pool.hints_pending()
    }

    /// Fault injection for tests: the next `n` searches fail.
    pub fn fail_next_searches(&self, n: u32) {
        self.pool.fail_next(n);
    }

    /// Running tables per game (invitations, open tables, matches).
    pub fn open_tables(&self) -> Vec<(GameKind, usize)> {
        let registry = self.registry();
        let mut counts: Vec<(GameKind, usize)> = Vec::new();
        for (_, kind) in registry.running_in.values() {
            let kind = match kind {
                GameKind::Dots { .. } => GameKind::DOTS_DEFAULT,
                other => *other,
            };
            match counts.iter_mut().find(|(k, _)| *k == kind) {
                Some((_, n)) => *n += 1,
                None => counts.push((kind, 1)),
            }
        }
        counts
    }

    /// How many tables are in memory.
    pub fn loaded(&self) -> usize {
        self.registry().by_no.len()
    }

    fn registry(&self) -> MutexGuard<'_, Registry> {
        self.registry.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn notify(&self, notice: Notice) {
        let _ = self.notices.send(notice);
    }

    /// Loads every running table from the store, fires the deadlines that
    /// passed while the bot was down and starts the CPU seats to move.
    /// Returns how many tables were restored.
    pub async fn restore(self: &Arc<Self>) -> Result<usize, StoreError> {
        self.restore_owned(|_| true).await
    }

    /// [`Service::restore`] for the tables of the guilds `owned` says this
    /// process serves (its shards); other processes restore the rest.
    pub async fn restore_owned(
        self: &Arc<Self>,
        owned: impl Fn(u64) -> bool,
    ) -> Result<usize, StoreError> {
        let mut stored = self.store.running().await?;
        stored.retain(|s| owned(s.table.guild()));
        let count = stored.len();
        let mut slots = Vec::new();
        {
            let mut registry = self.registry();
            for mut s in stored {
                // Stored before tables kept their last action: the idle
                // period starts now.
                s.table.start_idle_period_if_unknown(self.now());
                let slot = Slot::new(s.table, s.board, self.now());
                slots.push(slot.clone());
                registry.by_no.insert(slot.no, slot);
            }
        }
        for slot in slots {
            let mut live = slot.live.lock().await;
            {
                let mut registry = self.registry();
                registry
                    .running_in
                    .insert(slot.channel, (slot.no, live.table.kind()));
                if live.table.tournament().is_none() {
                    registry
                        .hosts
                        .insert(slot.no, (live.table.guild(), live.table.host()));
                }
            }
            let effects = Effects {
                cpu_turn: live.table.cpu_to_move(),
                ..Effects::default()
            };
            self.follow_up(&slot, &mut live, effects);
            // Stopped between storing a change and showing it: show it now.
            if live
                .board
                .as_ref()
                .is_none_or(|b| b.shown < live.table.stamp())
            {
                self.notify(Notice::Board(slot.no));
            }
        }
        Ok(count)
    }

    /// Opens a table in its channel (refused while another runs there).
    pub async fn open(self: &Arc<Self>, opening: Opening) -> Result<Table, Failure> {
        self.open_table(opening, How::Plain).await
    }

    /// Opens a table that plays a daily puzzle ([`Table::open_puzzle`]).
    pub async fn open_puzzle(
        self: &Arc<Self>,
        opening: Opening,
        puzzle: Puzzle,
    ) -> Result<Table, Failure> {
        self.open_table(opening, How::Puzzle(puzzle)).await
    }

    async fn open_table(self: &Arc<Self>, opening: Opening, how: How) -> Result<Table, Failure> {
        let now = self.now();
        let for_tournament = matches!(how, How::Tournament { .. });
        let (table, effects) = {
            let mut rng = self.rng.lock().unwrap_or_else(|e| e.into_inner());
            match how {
                How::Puzzle(puzzle) => Table::open_puzzle(opening, puzzle, now, &mut *rng)?,
                How::Plain => Table::open(opening, now, &mut *rng)?,
                How::Tournament {
                    first,
                    second,
                    game,
                } => Table::open_tournament_game(opening, first, second, game, now, &mut *rng)?,
            }
        };
        let (no, channel) = (table.no(), table.channel());
        let running = table.is_running();
        if running {
            let mut registry = self.registry();
            if let Some(&(_, kind)) = registry.running_in.get(&channel) {
                return Err(Refusal::TableRunning { kind }.into());
            }
            let cap = self.limits().tables_per_person;
            // A tournament's games are the tournament's, not their host's.
            if !for_tournament && limits::hosted(&mut registry, table.guild(), table.host()) >= cap
            {
                return Err(Failure::Busy(Busy::Tables));
            }
            registry.running_in.insert(channel, (no, table.kind()));
            if !for_tournament {
                registry.hosts.insert(no, (table.guild(), table.host()));
            }
        }
        let (table, effects) = match patiently(|| self.store.save_new(&table, now)).await {
            Ok(None) => (table, effects),
            // Another process opened it from the same interaction (an
            // overlapping deploy): this one serves the table as stored.
            Ok(Some(stored)) => {
                warn!("table {no}: another process opened it first; serving it as stored");
                let effects = Effects {
                    cpu_turn: stored.cpu_to_move(),
                    ..Effects::default()
                };
                (stored, effects)
            }
            Err(e) => {
                let mut registry = self.registry();
                if registry.running_in.get(&channel).map(|r| r.0) == Some(no) {
                    registry.running_in.remove(&channel);
                }
                return Err(e.into());
            }
        };
        let slot = Slot::new(table.clone(), None, now);
        let replaced: Vec<Arc<Slot>> = {
            let mut registry = self.registry();
            let old: Vec<u64> = registry
                .by_no
                .values()
                .filter(|s| s.channel == channel && s.no != no)
                .map(|s| s.no)
                .collect();
            let old = old
                .into_iter()
                .filter_map(|n| registry.by_no.remove(&n))
                .collect();
            registry.by_no.insert(no, slot.clone());
            old
        };
        for old in replaced {
            // The channel's previous (finished) table: stop what it still runs.
            let mut live = old.live.lock().await;
            cancel_work(&mut live);
        }
        let mut live = slot.live.lock().await;
        self.follow_up(&slot, &mut live, effects);
        Ok(table)
    }

    /// The table with number `no`, loading it from the store if needed.
    async fn slot(&self, no: u64) -> Result<Option<Arc<Slot>>, Failure> {
        if let Some(slot) = self.registry().by_no.get(&no) {
            return Ok(Some(slot.clone()));
        }
        let stored = match self.store.load(no).await {
            Ok(Some(stored)) => stored,
            Ok(None) => return Ok(None),
            // Its row is kept for the operator; the click gets an apology.
            Err(StoreError::Broken { .. }) => return Err(Refusal::BrokenTable.into()),
            Err(e) => return Err(e.into()),
        };
        let slot = Slot::new(stored.table, stored.board, self.now());
        let mut registry = self.registry();
        Ok(Some(registry.by_no.entry(no).or_insert(slot).clone()))
    }

    /// The slot an action is for, or the refusal that says why there is none.
    async fn find(&self, at: At) -> Result<Arc<Slot>, Failure> {
        match at {
            At::Table { no, channel } => {
                let slot = self.slot(no).await?.ok_or(Refusal::UnknownControl)?;
                if slot.channel != channel {
                    return Err(Refusal::UnknownControl.into());
                }
                Ok(slot)
            }
            At::Channel(channel) => {
                let running = self.registry().running_in.get(&channel).map(|r| r.0);
                let no = match running {
                    Some(no) => Some(no),
                    None => self.store.latest_in_channel(channel).await?,
                };
                let no = no.ok_or(Refusal::NoTable)?;
                Ok(self.slot(no).await?.ok_or(Refusal::NoTable)?)
            }
        }
    }

    /// The table an action at `at` would act on, as it is now.
    pub async fn table(&self, at: At) -> Result<Table, Failure> {
        let slot = self.find(at).await?;
        let live = slot.live.lock().await;
        Ok(live.table.clone())
    }

    /// The running table of a channel, if one is in memory (for quick
    /// answers such as autocomplete).
    pub async fn running_table(&self, channel: u64) -> Option<Table> {
        let no = self.registry().running_in.get(&channel)?.0;
        let slot = self.registry().by_no.get(&no)?.clone();
        let live = slot.live.lock().await;
        Some(live.table.clone())
    }

    /// Table `no` and where its board message is, for publishing.
    pub async fn board(&self, no: u64) -> Result<Option<(Table, Option<BoardLink>)>, Failure> {
        let Some(slot) = self.slot(no).await? else {
            return Ok(None);
        };
        let live = slot.live.lock().await;
        // Another process may have moved the table on (an overlapping
        // deploy): show what is stored, never an older board.
        if let Ok(Some(stamp)) = self.store.stamp_of(no).await {
            if stamp > live.table.stamp() {
                if let Ok(Some(stored)) = self.store.load(no).await {
                    let link = stored.board.or_else(|| live.board.clone());
                    return Ok(Some((stored.table, link)));
                }
            }
        }
        // A table this process serves but whose board another process
        // posted (it answered the command): where that board is, is in
        // the store. Without it the publisher would post a second board.
        if live.board.is_none() {
            if let Ok(Some(stored)) = self.store.load(no).await {
                return Ok(Some((live.table.clone(), stored.board)));
            }
        }
        Ok(Some((live.table.clone(), live.board.clone())))
    }

    /// Records where table `no`'s board message is now.
    pub async fn set_board(&self, no: u64, link: BoardLink) -> Result<(), Failure> {
        let Some(slot) = self.slot(no).await? else {
            return Ok(());
        };
        let mut live = slot.live.lock().await;
        if live.board.as_ref() == Some(&link) {
            return Ok(());
        }
        self.store.save_board(no, &link).await?;
        live.board = Some(link);
        Ok(())
    }

    /// Applies a person's action; the new table is stored before it is
    /// returned.
    pub async fn act(self: &Arc<Self>, at: At, action: Action) -> Result<Table, Failure> {
        let slot = self.find(at).await?;
        let mut live = slot.live.lock().await;
        self.apply_locked(&slot, &mut live, action, None).await
    }

    /// Applies a person's move given by its name (a select menu's value,
    /// `/move at:`), read against the table's own game under its lock.
    /// Returns the table and the move. A name that is no move is refused
    /// as [`Refusal::NoSuchMove`] (as [`Refusal::GameOver`] once the game
    /// is over, where no name is a move).
    pub async fn act_named(
        self: &Arc<Self>,
        at: At,
        user: UserId,
        name: &str,
        stamp: Option<u64>,
    ) -> Result<(Table, Move), Failure> {
        let slot = self.find(at).await?;
        let mut live = slot.live.lock().await;
        let Some(mv) = live.table.game().parse_move(name) else {
            if !live.table.is_running() {
                return Err(Refusal::GameOver.into());
            }
            return Err(Refusal::NoSuchMove.into());
        };
        let action = Action::Move { user, mv, stamp };
        let table = self.apply_locked(&slot, &mut live, action, None).await?;
        Ok((table, mv))
    }

    /// Applies an action to the live table and stores the result. When
    /// another process wrote the table first (an overlapping deploy), the
    /// table is reloaded from the store, the work drawn for the old stamp
    /// dropped, and the action tried once more against what is stored.
    async fn apply_locked(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        live: &mut Live,
        action: Action,
        settings: Option<(u64, ChannelSettings)>,
    ) -> Result<Table, Failure> {
        let again = match self.apply_once(slot, live, action.clone(), settings).await {
            Err(Failure::Store(StoreError::Stale { .. })) => {
                warn!(
                    "table {}: another process wrote it first; reloading it",
                    slot.no
                );
                self.reload(slot, live).await?;
                self.apply_once(slot, live, action.clone(), settings).await
            }
            // A control drawn by another process that moved the table on:
            // this one's copy is behind, not the click.
            Err(Failure::Refused(Refusal::StaleBoard)) if self.behind(slot, live).await => {
                self.reload(slot, live).await?;
                self.apply_once(slot, live, action.clone(), settings).await
            }
            other => return other,
        };
        match again {
            // Another process moved the table on from the board this
            // control was drawn on (both processes were given the click,
            // or this one's board was behind): the click refreshes the
            // board in place, as it stands, and is never "out of date".
            Err(Failure::Refused(Refusal::StaleBoard)) if action.stamp().is_some() => {
                Ok(live.table.clone())
            }
            // Written first by the other process once more (its CPU reply
            // to the same click): the board is refreshed as stored.
            Err(Failure::Store(StoreError::Stale { .. })) if action.stamp().is_some() => {
                self.reload(slot, live).await?;
                Ok(live.table.clone())
            }
            other => other,
        }
    }

    /// Whether the stored table has moved on from the live one.
    async fn behind(&self, slot: &Slot, live: &Live) -> bool {
        match self.store.stamp_of(slot.no).await {
            Ok(Some(stamp)) => stamp != live.table.stamp(),
            _ => false,
        }
    }

    /// Replaces the live table with the stored one: cancels the CPU search,
    /// hint and deadline drawn for the old stamp and re-arms them from the
    /// reloaded table.
    async fn reload(self: &Arc<Self>, slot: &Arc<Slot>, live: &mut Live) -> Result<(), Failure> {
        let stored = match self.store.load(slot.no).await {
            Ok(Some(stored)) => stored,
            Ok(None) => return Err(Refusal::UnknownControl.into()),
            Err(StoreError::Broken { .. }) => return Err(Refusal::BrokenTable.into()),
            Err(e) => return Err(e.into()),
        };
        cancel_work(live);
        live.table = stored.table;
        live.board = stored.board;
        {
            let mut registry = self.registry();
            let ours = registry.running_in.get(&slot.channel).map(|r| r.0) == Some(slot.no);
            if live.table.is_running() {
                registry
                    .running_in
                    .entry(slot.channel)
                    .or_insert((slot.no, live.table.kind()));
            } else if ours {
                registry.running_in.remove(&slot.channel);
            }
        }
        let effects = Effects {
            cpu_turn: live.table.cpu_to_move(),
            ..Effects::default()
        };
        self.follow_up(slot, live, effects);
        Ok(())
    }

    async fn apply_once(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        live: &mut Live,
        action: Action,
        settings: Option<(u64, ChannelSettings)>,
    ) -> Result<Table, Failure> {
        let now = self.now();
        let expected = live.table.stamp();
        let was_running = live.table.is_running();
        let host_before = live.table.host();
        let mut next = live.table.clone();
        let is_move = matches!(action, Action::Move { .. } | Action::CpuMove { .. });
        let effects = next.apply(action, now)?;
        let reserved = !was_running && next.is_running();
        if reserved {
            // A rematch at a finished table: only the channel's newest
            // table may start again, and only while no other runs there.
            if self.store.latest_in_channel(slot.channel).await? != Some(slot.no) {
                return Err(Refusal::TableReplaced.into());
            }
            let mut registry = self.registry();
            if let Some(&(_, kind)) = registry.running_in.get(&slot.channel) {
                return Err(Refusal::TableRunning { kind }.into());
            }
            registry
                .running_in
                .insert(slot.channel, (slot.no, next.kind()));
            registry.hosts.insert(slot.no, (next.guild(), next.host()));
        }
        let record = if effects.match_ended {
            next.match_record(now)
        } else {
            None
        };
        let solve = if effects.match_ended {
            puzzle_solve(&next)
        } else {
            None
        };
        let change = Change {
            table: next,
            expected: Some(expected),
            finished: record.as_ref(),
            solve,
            settings,
        };
        // The result, its ratings, a solve and what the board shows of them
        // are one write.
        let next =
            match patiently(|| self.store.save_change(change.clone(), now, show_settled)).await {
                Ok((next, _)) => next,
                Err(e) => {
                    if reserved {
                        self.registry().running_in.remove(&slot.channel);
                    }
                    return Err(e.into());
                }
            };
        live.table = next;
        live.touched = now;
        if is_move {
            crate::metrics::metrics().moved(live.table.kind().command());
        }
        if live.table.host() != host_before {
            // The host's seat went to the CPU: the role passed on.
            let mut registry = self.registry();
            let (guild, host) = (live.table.guild(), live.table.host());
            if let Some(held) = registry.hosts.get_mut(&slot.no) {
                *held = (guild, host);
            }
        }
        if was_running && !live.table.is_running() {
            {
                let mut registry = self.registry();
                if registry.running_in.get(&slot.channel).map(|r| r.0) == Some(slot.no) {
                    registry.running_in.remove(&slot.channel);
                }
            }
            self.tournament_game_over(&live.table);
        }
        self.follow_up(slot, live, effects);
        Ok(live.table.clone())
    }

    /// After a change: cancels work drawn for older positions, starts the
    /// CPU seat to move and arms the next deadline.
    fn follow_up(self: &Arc<Self>, slot: &Arc<Slot>, live: &mut Live, effects: Effects) {
        let stamp = live.table.stamp();
        for work in [&mut live.search, &mut live.hint] {
            if work.as_ref().is_some_and(|(s, _)| *s != stamp) {
                if let Some((_, cancel)) = work.take() {
                    cancel.store(true, Ordering::Relaxed);
                }
            }
        }
        if let Some(stamp) = effects.cpu_turn {
            self.start_cpu(slot, live, stamp);
        }
        self.arm_deadline(slot, live);
    }

    fn rng(&self) -> MutexGuard<'_, StdRng> {
        self.rng.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether `user` may have a hint at the table drawn at `stamp`, the
    /// table's own rule ([`Table::check_hint`]), answered before any search.
    pub async fn check_hint(&self, at: At, stamp: u64, user: UserId) -> Result<(), Failure> {
        let slot = self.find(at).await?;
        let live = slot.live.lock().await;
        live.table.check_hint(user, stamp)?;
        Ok(())
    }

    /// The move to play for `user`, who is to move at table `no` drawn at
    /// `stamp`, with what the search proved about it ([`crate::cpu::hint`], on
    /// the pool's hint lane with the game's hint budget,
    /// [`crate::cpu::hint::budget_for`]: the answer is deferred, so it may
    /// think far longer than a CPU move). One hint per table at a time.
    pub async fn hint(
        self: &Arc<Self>,
        at: At,
        stamp: u64,
        user: UserId,
    ) -> Result<HintAnswer, Failure> {
        // The hint's time counts from here: waiting for the lane comes off it.
        let asked = std::time::Instant::now();
        let cap = self.limits().hints_per_person;
        let _held = self
            .busy
            .take(&[(limits::Count::Hints(user), cap, Busy::Hints)])
            .map_err(Failure::Busy)?;
        let slot = self.find(at).await?;
        let (game, cancel) = {
            let mut live = slot.live.lock().await;
            live.table.check_hint(user, stamp)?;
            if live.hint.is_some() {
                return Err(Refusal::HintPending.into());
            }
            let cancel = Arc::new(AtomicBool::new(false));
            live.hint = Some((stamp, cancel.clone()));
            (live.table.game().clone(), cancel)
        };
        let result = self
            .pool
            .hint(
                Search {
                    table: slot.no,
                    game: game.clone(),
                    level: Level::Hard,
                    time: crate::cpu::hint::time_for(&game),
                    cancel: cancel.clone(),
                },
                asked,
            )
            .await;
        {
            let mut live = slot.live.lock().await;
            if live
                .hint
                .as_ref()
                .is_some_and(|(_, c)| Arc::ptr_eq(c, &cancel))
            {
                live.hint = None;
            }
        }
        let verdict = match result {
            Ok(verdict) => verdict,
            Err(SearchError::Cancelled) => return Err(Refusal::StaleBoard.into()),
            Err(SearchError::Full) => return Err(Failure::Busy(Busy::HintQueue)),
            // Its time passed while it waited: the best guess, at once.
            Err(SearchError::Expired) => {
                fallback_move(&game, &mut self.rng()).map(|mv| crate::cpu::Verdict::Guess { mv })
            }
            Err(SearchError::Failed(e)) => {
                warn!("table {}: the hint search failed ({e})", slot.no);
                fallback_move(&game, &mut self.rng()).map(|mv| crate::cpu::Verdict::Guess { mv })
            }
        };
        Ok(HintAnswer {
            best: verdict.map(|v| v.mv()),
            game,
            verdict,
        })
    }
}

/// How a table opens.
enum How {
    Plain,
    Puzzle(Puzzle),
    Tournament {
        first: (UserId, String),
        second: (UserId, String),
        game: crate::table::TournamentGame,
    },
}

/// Runs a write, trying again while the database is busy (a backup or
/// another writer holding SQLite's lock) for up to [`WRITE_PATIENCE`]:
/// the person's answer was acknowledged meanwhile, so a busy moment costs
/// a wait, not the change.
async fn patiently<T, F, W>(mut write: W) -> Result<T, StoreError>
where
    F: std::future::Future<Output = Result<T, StoreError>>,
    W: FnMut() -> F,
{
    let until = tokio::time::Instant::now() + WRITE_PATIENCE;
    let mut wait = Duration::from_millis(50);
    loop {
        match write().await {
            Err(e) if e.is_busy() && tokio::time::Instant::now() + wait < until => {
                warn!("the database is busy ({e}); trying the write again");
                tokio::time::sleep(wait).await;
                wait = (wait * 2).min(Duration::from_secs(1));
            }
            done => return done,
        }
    }
}

fn cancel_work(live: &mut Live) {
    for (_, cancel) in [live.search.take(), live.hint.take()].into_iter().flatten() {
        cancel.store(true, Ordering::Relaxed);
    }
    if let Some((_, task)) = live.deadline.take() {
        task.abort();
    }
}

/// At a puzzle table whose match was just solved: the person's solve, to
/// record with the match's end.
fn puzzle_solve(table: &Table) -> Option<Solve> {
    if table.puzzle_solved() != Some(true) {
        return None;
    }
    let puzzle = table.puzzle()?;
    Some(Solve {
        guild: table.guild(),
        day: puzzle.day,
        game: table.kind().command().to_owned(),
        user: table.players().iter().find_map(Player::person_id)?,
    })
}

/// Puts on the table what its board shows of a match's end: the rating
/// changes of a ranked match, the day's solvers of a puzzle.
fn show_settled(table: &mut Table, settled: &Settled) {
    if !settled.rated.is_empty() {
        table.show_rating_changes(
            settled
                .rated
                .iter()
                .map(|r| RatingChange {
                    user: r.user,
                    rating: r.after.display(),
                    change: r.after.display_change(),
                    provisional: r.after.is_provisional(),
                })
                .collect(),
        );
    }
    if let Some(solvers) = settled.solvers {
        table.count_puzzle_solvers(solvers);
    }
}
