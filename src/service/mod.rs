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

mod apply;
mod clock;
mod deadline;
mod hints;
mod history;
mod limits;
mod open;
mod place;
pub mod pool;
mod puzzle;
mod registry;
mod replay;
mod restore;
mod review;
mod settings;
mod tables;
mod tournament;
mod turns;
mod watch;

pub use clock::{Clock, ManualClock, SystemClock};
pub use hints::HintAnswer;
pub use limits::Busy;
pub use open::{Host, PlayRequest};
pub use place::Place;
pub use pool::{behind_answers, PoolStats, Search, SearchError, SearchPool};
pub use replay::KEEP_REPLAY_MS;
pub use settings::{SettingsChange, SettingsChanged};
pub use tables::LiveTable;

use crate::cpu::{Budget, Level};
use crate::game::{AnyGame, Game, GameKind, Move};
use crate::store::{BoardLink, Change, ChannelSettings, Settled, Solve, Store, StoreError};
use crate::table::{
    Action, Effects, Opening, Player, Puzzle, RatingChange, Refusal, Table, UserId, DEFAULT_IDLE_MS,
};
use apply::{cancel_work, patiently};
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

/// Why the service did not carry out an action.
#[derive(Debug)]
pub enum ServiceError {
    /// The person asked for something not allowed; nothing changed.
    Refused(Refusal),
    /// The change could not be stored, so it was not made.
    Store(StoreError),
    /// Over a fair-use limit: nothing was done, try again later.
    Busy(Busy),
}

impl fmt::Display for ServiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServiceError::Refused(r) => write!(f, "refused: {r}"),
            ServiceError::Store(e) => write!(f, "not stored: {e}"),
            ServiceError::Busy(b) => write!(f, "over a fair-use limit: {b:?}"),
        }
    }
}

impl From<Refusal> for ServiceError {
    fn from(r: Refusal) -> Self {
        ServiceError::Refused(r)
    }
}

impl From<StoreError> for ServiceError {
    fn from(e: StoreError) -> Self {
        ServiceError::Store(e)
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
    /// The latest positions this process held the table at.
    seen: std::collections::VecDeque<Seen>,
}

/// A position the table was at: its stamp, how many moves it had, and the
/// person to move (`None`: a CPU).
#[derive(Clone, Copy)]
struct Seen {
    stamp: u64,
    plies: usize,
    to_move: Option<UserId>,
}

impl Live {
    /// Notes the position the live table is at now.
    fn note_position(&mut self) {
        const KEPT: usize = 8;
        let table = &self.table;
        if self.seen.len() == KEPT {
            self.seen.pop_front();
        }
        self.seen.push_back(Seen {
            stamp: table.stamp(),
            plies: table.history().len(),
            to_move: table.player_to_move().and_then(Player::person_id),
        });
    }

    /// Whether `action` is a person's move drawn for a position the table
    /// has moved on from by making that very move: another process serving
    /// the table (an overlapping deploy; both are given every click) made
    /// the click. The position is one this process held, or else (it
    /// loaded the table, or reloaded it, past that position) where the
    /// table was if every change since was one move.
    fn made_elsewhere(&self, action: &Action) -> bool {
        let Action::Move {
            user,
            mv,
            stamp: Some(stamp),
        } = action
        else {
            return false;
        };
        let table = &self.table;
        let Some(since) = table.stamp().checked_sub(*stamp).filter(|&n| n > 0) else {
            return false;
        };
        let (plies, to_move) = match self.seen.iter().find(|seen| seen.stamp == *stamp) {
            Some(seen) => (Some(seen.plies), Some(seen.to_move)),
            None => (
                usize::try_from(since)
                    .ok()
                    .and_then(|since| table.history().len().checked_sub(since)),
                None,
            ),
        };
        plies.is_some_and(|plies| table.history().get(plies) == Some(mv))
            && to_move.is_none_or(|person| person == Some(*user))
    }
}

struct Slot {
    no: u64,
    channel: u64,
    live: tokio::sync::Mutex<Live>,
    /// Another process has written the table too (an overlapping deploy
    /// given the same shard): both are given every click on it, and both
    /// show its board.
    shared: AtomicBool,
}

impl Slot {
    fn shared(&self) -> bool {
        self.shared.load(Ordering::Relaxed)
    }

    /// A table in memory with no work running for it yet; `shared` when
    /// another process may write it too.
    fn new(table: Table, board: Option<BoardLink>, now: u64, shared: bool) -> Arc<Slot> {
        let mut live = Live {
            table,
            board,
            search: None,
            hint: None,
            deadline: None,
            touched: now,
            seen: Default::default(),
        };
        live.note_position();
        Arc::new(Slot {
            no: live.table.no(),
            channel: live.table.channel(),
            live: tokio::sync::Mutex::new(live),
            shared: AtomicBool::new(shared),
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
    /// How long a review thinks on each position and in all, when not the
    /// engine's defaults ([`Service::set_review_time`]).
    review_time: Mutex<Option<(std::time::Duration, std::time::Duration)>>,
    /// The expensive work going on, per person and server.
    busy: limits::Counts,
    /// The review being prepared for each match: later askers wait for it.
    reviewing: Mutex<HashMap<u64, Arc<tokio::sync::Mutex<()>>>>,
    /// Replays made lately, and the one being made at each table.
    replays: replay::Replays,
    tournaments: Mutex<tournament::Tournaments>,
    /// The pages following tables live.
    watchers: watch::Watchers,
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
            review_time: Mutex::default(),
            busy: limits::Counts::default(),
            reviewing: Mutex::default(),
            replays: replay::Replays::default(),
            tournaments: Mutex::default(),
            watchers: watch::Watchers::default(),
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

    fn notify(&self, notice: Notice) {
        let _ = self.notices.send(notice);
    }

    /// Opens a table in its channel (refused while another runs there).
    pub async fn open(self: &Arc<Self>, opening: Opening) -> Result<Table, ServiceError> {
        self.open_table(opening, How::Plain).await
    }

    /// Opens a table that plays a daily puzzle ([`Table::open_puzzle`]).
    pub async fn open_puzzle(
        self: &Arc<Self>,
        opening: Opening,
        puzzle: Puzzle,
    ) -> Result<Table, ServiceError> {
        self.open_table(opening, How::Puzzle(puzzle)).await
    }

    async fn open_table(
        self: &Arc<Self>,
        opening: Opening,
        how: How,
    ) -> Result<Table, ServiceError> {
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
                return Err(ServiceError::Busy(Busy::Tables));
            }
            registry.running_in.insert(channel, (no, table.kind()));
            if !for_tournament {
                registry.hosts.insert(no, (table.guild(), table.host()));
            }
        }
        let (table, effects, shared) = match patiently(|| self.store.save_new(&table, now)).await {
            Ok(None) => (table, effects, false),
            // Another process opened it from the same interaction (an
            // overlapping deploy): this one serves the table as stored.
            Ok(Some(stored)) => {
                warn!("table {no}: another process opened it first; serving it as stored");
                let effects = Effects {
                    cpu_turn: stored.cpu_to_move(),
                    ..Effects::default()
                };
                (stored, effects, true)
            }
            Err(e) => {
                let mut registry = self.registry();
                if registry.running_in.get(&channel).map(|r| r.0) == Some(no) {
                    registry.running_in.remove(&channel);
                }
                return Err(e.into());
            }
        };
        let slot = Slot::new(table.clone(), None, now, shared);
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

    fn rng(&self) -> MutexGuard<'_, StdRng> {
        self.rng.lock().unwrap_or_else(|e| e.into_inner())
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
