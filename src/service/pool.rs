//! The search pool: a fixed number of worker threads, sized to the cores,
//! taking CPU moves from one queue (the move lane), a smaller lane of its
//! own for hints and long jobs (the day's puzzle), and one worker for
//! reviews and the encoding of replays (the review lane). A flood of requests waits in its queue
//! instead of starting threads (and transposition tables) of its own; each
//! worker keeps its own solver between searches.
//!
//! Reviews have their own lane because one judges every position of a
//! match for up to [`crate::cpu::review::REVIEW_TIME`]: on the move lane,
//! a handful of them held every table's CPU reply; on the hint lane they
//! would hold hints, whose answers are waited for. Nothing waits behind a
//! review but other reviews, which the service limits per person and
//! server and computes once per match.
//!
//! The hint lane's queue is bounded ([`SearchPool::set_hint_queue`]): a
//! full queue refuses a hint at once ([`SearchError::Full`]) rather than
//! let it wait for minutes. A hint's time is counted from when it was
//! asked: time spent queued comes off it, and a hint whose time ran out in
//! the queue is not searched at all ([`SearchError::Expired`]).
//!
//! Hints have their own lane because a hint may think far longer than a
//! move (a Connect Four hint counts nodes, up to [`cpu::HINT_CAP`]): on
//! the one queue, two hints would hold both workers of a 2-core machine
//! and every table's CPU move would wait behind them. On their lane they
//! wait behind each other only, and a move always finds its workers.

use crate::cpu::review::{self, Judged};
use crate::cpu::{self, Budget, Level, Verdict};
use crate::game::{AnyGame, Move};
use std::collections::HashMap;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::oneshot;

/// Why a search gave no move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SearchError {
    /// The table moved on before or while the search ran.
    Cancelled,
    /// The search panicked or the pool is gone.
    Failed(String),
    /// The hint lane's queue is full: not queued.
    Full,
    /// Its time ran out while it waited in the queue: not searched.
    Expired,
}

/// One request for a move.
pub struct Search {
    /// The table it is for (for the per-table figures).
    pub table: u64,
    pub game: AnyGame,
    pub level: Level,
    /// The wall time it may think, counted from when a worker starts it.
    pub time: Duration,
    /// Raised when the table moves on; checked before and during the search.
    pub cancel: Arc<AtomicBool>,
}

type Job = Box<dyn FnOnce() + Send + 'static>;

#[derive(Default)]
struct Figures {
    started: AtomicU64,
    running: AtomicUsize,
    peak: AtomicUsize,
    per_table: Mutex<HashMap<u64, usize>>,
    peak_per_table: AtomicUsize,
    /// Test hook: this many next searches fail as if the search panicked.
    forced_failures: AtomicU32,
    long_jobs: AtomicU64,
    review_jobs: AtomicU64,
    /// Hints queued or being searched.
    hints_pending: AtomicUsize,
}

/// What the pool has done, for tests and metrics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolStats {
    pub workers: usize,
    pub started: u64,
    pub running: usize,
    /// Most searches that ran at once.
    pub peak: usize,
    /// Most searches that ran at once for one table.
    pub peak_per_table: usize,
    /// Long jobs started ([`SearchPool::run_long`]).
    pub long_jobs: u64,
    /// Jobs of the review lane that are not searches
    /// ([`SearchPool::run_beside_reviews`]).
    pub review_jobs: u64,
}

pub struct SearchPool {
    queue: Mutex<mpsc::Sender<Job>>,
    /// The hints' own queue and workers (half as many, at least one).
    hints: Mutex<mpsc::Sender<Job>>,
    /// The reviews' own queue and worker.
    reviews: Mutex<mpsc::Sender<Job>>,
    /// Most hints queued or searched at once; more are refused.
    hint_queue: AtomicUsize,
    figures: Arc<Figures>,
    workers: usize,
}

/// Lowers the calling thread's scheduling priority (nice 10), once per
/// thread: drawing boards and the CPU's searches then give way to the
/// threads that answer Discord, so a machine short of CPU is late with a
/// board (which is edited in) rather than with an acknowledgement (which
/// Discord drops after 3 s). Linux keeps a nice value per thread; elsewhere
/// this does nothing.
pub fn behind_answers() {
    thread_local!(static LOWERED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) });
    LOWERED.with(|lowered| {
        if !lowered.replace(true) {
            #[cfg(target_os = "linux")]
            // SAFETY: gettid and setpriority only read and set this
            // thread's scheduling value.
            unsafe {
                let thread = libc::syscall(libc::SYS_gettid) as libc::id_t;
                libc::setpriority(libc::PRIO_PROCESS, thread, 10);
            }
        }
    });
}

/// Starts `n` threads named `name-i` taking jobs from one new queue.
fn start_workers(name: &str, n: usize) -> mpsc::Sender<Job> {
    let (tx, rx) = mpsc::channel::<Job>();
    let rx = Arc::new(Mutex::new(rx));
    for i in 0..n {
        let rx = rx.clone();
        let spawned = std::thread::Builder::new()
            .name(format!("{name}-{i}"))
            .spawn(move || loop {
                behind_answers();
                let job = {
                    let rx = rx.lock().unwrap_or_else(|e| e.into_inner());
                    rx.recv()
                };
                match job {
                    Ok(job) => job(),
                    Err(_) => return,
                }
            });
        if let Err(e) = spawned {
            tracing::error!("could not start {name} worker {i}: {e}");
        }
    }
    tx
}

impl SearchPool {
    /// Starts `workers` threads (at least one) for moves, half as many (at
    /// least one) for hints and long jobs, and one for reviews.
    pub fn new(workers: usize) -> SearchPool {
        let workers = workers.max(1);
        SearchPool {
            queue: Mutex::new(start_workers("search", workers)),
            hints: Mutex::new(start_workers("hint", (workers / 2).max(1))),
            reviews: Mutex::new(start_workers("review", 1)),
            hint_queue: AtomicUsize::new(crate::config::Limits::default().hint_queue),
            figures: Arc::default(),
            workers,
        }
    }

    /// One worker per core.
    pub fn sized_to_cores() -> SearchPool {
        SearchPool::new(crate::config::cores())
    }

    pub fn stats(&self) -> PoolStats {
        let f = &self.figures;
        PoolStats {
            workers: self.workers,
            started: f.started.load(Ordering::Relaxed),
            running: f.running.load(Ordering::Relaxed),
            peak: f.peak.load(Ordering::Relaxed),
            peak_per_table: f.peak_per_table.load(Ordering::Relaxed),
            long_jobs: f.long_jobs.load(Ordering::Relaxed),
            review_jobs: f.review_jobs.load(Ordering::Relaxed),
        }
    }

    /// Sets how many hints may be queued or searched at once (at least one).
    pub fn set_hint_queue(&self, n: usize) {
        self.hint_queue.store(n.max(1), Ordering::Relaxed);
    }

    /// Hints queued or being searched now.
    pub fn hints_pending(&self) -> usize {
        self.figures.hints_pending.load(Ordering::Relaxed)
    }

    /// Makes the next `n` searches fail as a crashed search would: a fault
    /// injected by tests to check that a game never waits on a lost search.
    pub fn fail_next(&self, n: u32) {
        self.figures.forced_failures.store(n, Ordering::Relaxed);
    }

    /// Runs a search on the pool and waits (asynchronously) for its move.
    pub async fn search(&self, search: Search) -> Result<Option<Move>, SearchError> {
        self.submit(&self.queue, search, None, None, |game, level, budget| {
            cpu::choose_move(game, level, budget)
        })
        .await
    }

    /// Runs a hint on the hints' lane and waits for its verdict. Its
    /// `level` is not used (a hint is as strong as the CPU gets); its
    /// `time` is the caller's ([`cpu::hint::time_for`] the game's own),
    /// counted from `asked`, and a Connect Four hint also stops at
    /// [`cpu::HINT_NODES`]. Refused with [`SearchError::Full`] when the
    /// lane has as many hints as it may.
    pub async fn hint(
        &self,
        search: Search,
        asked: Instant,
    ) -> Result<Option<Verdict>, SearchError> {
        let pending = &self.figures.hints_pending;
        let cap = self.hint_queue.load(Ordering::Relaxed);
        if pending
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| {
                (n < cap).then_some(n + 1)
            })
            .is_err()
        {
            return Err(SearchError::Full);
        }
        let queued = Queued(self.figures.clone());
        self.submit(
            &self.hints,
            search,
            Some(asked),
            Some(queued),
            |game, _, budget| cpu::hint(game, &cpu::hint::limited(game, budget)),
        )
        .await
    }

    /// Judges one position of a finished match for its review (its
    /// `level` is not used) on the review lane and waits for the
    /// judgement.
    pub async fn judge(&self, search: Search) -> Result<Option<Judged>, SearchError> {
        self.submit(&self.reviews, search, None, None, |game, _, budget| {
            Some(review::judge(game, budget))
        })
        .await
    }

    /// Runs a long job that no table's move waits for (finding the day's
    /// puzzle) on the hints' lane, so that it never delays a CPU move.
    pub async fn run_long<T, F>(&self, work: F) -> Result<T, SearchError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        self.figures.long_jobs.fetch_add(1, Ordering::Relaxed);
        Self::run_job(&self.hints, work).await
    }

    /// Runs a job on the review lane (making a replay): behind the
    /// reviews' positions, never in front of a CPU move or a hint.
    pub async fn run_beside_reviews<T, F>(&self, work: F) -> Result<T, SearchError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        self.figures.review_jobs.fetch_add(1, Ordering::Relaxed);
        Self::run_job(&self.reviews, work).await
    }

    /// Queues a job that is not a search and waits for its result.
    async fn run_job<T, F>(queue: &Mutex<mpsc::Sender<Job>>, work: F) -> Result<T, SearchError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let (tx, rx) = oneshot::channel();
        let job: Job = Box::new(move || {
            let result = std::panic::catch_unwind(AssertUnwindSafe(work))
                .map_err(|_| SearchError::Failed("the job panicked".into()));
            let _ = tx.send(result);
        });
        let sent = queue.lock().unwrap_or_else(|e| e.into_inner()).send(job);
        if sent.is_err() {
            return Err(SearchError::Failed("the search pool has stopped".into()));
        }
        rx.await
            .unwrap_or_else(|_| Err(SearchError::Failed("the job was dropped".into())))
    }

    /// Queues `search`; its time counts from `asked` when given, else from
    /// when a worker starts it. `queued` is released when the job is done
    /// (or dropped).
    async fn submit<T: Send + 'static>(
        &self,
        queue: &Mutex<mpsc::Sender<Job>>,
        search: Search,
        asked: Option<Instant>,
        queued: Option<Queued>,
        work: fn(&AnyGame, Level, &Budget) -> Option<T>,
    ) -> Result<Option<T>, SearchError> {
        let (tx, rx) = oneshot::channel();
        let figures = self.figures.clone();
        let job: Job = Box::new(move || {
            let result = run(&figures, search, asked, work);
            drop(queued);
            let _ = tx.send(result);
        });
        let sent = queue.lock().unwrap_or_else(|e| e.into_inner()).send(job);
        if sent.is_err() {
            return Err(SearchError::Failed("the search pool has stopped".into()));
        }
        rx.await
            .unwrap_or_else(|_| Err(SearchError::Failed("the search was dropped".into())))
    }
}

/// A hint counted in [`Figures::hints_pending`] while it lives.
struct Queued(Arc<Figures>);

impl Drop for Queued {
    fn drop(&mut self) {
        self.0.hints_pending.fetch_sub(1, Ordering::Relaxed);
    }
}

fn run<T>(
    figures: &Figures,
    search: Search,
    asked: Option<Instant>,
    work: fn(&AnyGame, Level, &Budget) -> Option<T>,
) -> Result<Option<T>, SearchError> {
    if search.cancel.load(Ordering::Relaxed) {
        return Err(SearchError::Cancelled);
    }
    let deadline = asked.unwrap_or_else(Instant::now) + search.time;
    if deadline <= Instant::now() {
        return Err(SearchError::Expired);
    }
    figures.started.fetch_add(1, Ordering::Relaxed);
    let running = figures.running.fetch_add(1, Ordering::Relaxed) + 1;
    figures.peak.fetch_max(running, Ordering::Relaxed);
    {
        let mut per_table = figures.per_table.lock().unwrap_or_else(|e| e.into_inner());
        let here = per_table.entry(search.table).or_insert(0);
        *here += 1;
        figures.peak_per_table.fetch_max(*here, Ordering::Relaxed);
    }
    let forced = figures
        .forced_failures
        .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1))
        .is_ok();
    let budget = Budget {
        deadline,
        cancel: search.cancel.clone(),
        nodes: None,
    };
    let outcome = std::panic::catch_unwind(AssertUnwindSafe(|| {
        if forced {
            panic!("search failure injected by a test");
        }
        work(&search.game, search.level, &budget)
    }));
    figures.running.fetch_sub(1, Ordering::Relaxed);
    {
        let mut per_table = figures.per_table.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(here) = per_table.get_mut(&search.table) {
            *here -= 1;
            if *here == 0 {
                per_table.remove(&search.table);
            }
        }
    }
    match outcome {
        Ok(mv) if search.cancel.load(Ordering::Relaxed) && mv.is_none() => {
            Err(SearchError::Cancelled)
        }
        Ok(mv) => Ok(mv),
        Err(panic) => {
            let text = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".into());
            Err(SearchError::Failed(text))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, GameKind};

    fn search(table: u64) -> Search {
        Search {
            table,
            game: AnyGame::new(GameKind::Connect4).unwrap(),
            level: Level::Easy,
            time: Duration::from_millis(50),
            cancel: Arc::default(),
        }
    }

    #[tokio::test]
    async fn searches_run_on_a_fixed_number_of_workers() {
        let pool = SearchPool::new(2);
        let mut waits = Vec::new();
        let pool = Arc::new(pool);
        for i in 0..20 {
            let pool = pool.clone();
            waits.push(tokio::spawn(async move { pool.search(search(i)).await }));
        }
        for w in waits {
            let mv = w.await.unwrap().unwrap().unwrap();
            assert!(AnyGame::new(GameKind::Connect4).unwrap().is_legal(mv));
        }
        let stats = pool.stats();
        assert_eq!(stats.started, 20);
        assert!(stats.peak <= 2, "{stats:?}");
        assert_eq!(stats.running, 0);
    }

    #[tokio::test]
    async fn a_failed_search_is_reported_and_the_worker_lives_on() {
        let pool = SearchPool::new(1);
        pool.fail_next(1);
        assert!(matches!(
            pool.search(search(1)).await,
            Err(SearchError::Failed(_))
        ));
        assert!(pool.search(search(1)).await.unwrap().is_some());
    }

    #[tokio::test]
    async fn a_long_hint_does_not_hold_up_moves() {
        // One worker for moves: a hint that thinks until it is cancelled
        // (three players: the hard search for its whole time) must leave
        // it free.
        let pool = Arc::new(SearchPool::new(1));
        let cancel = Arc::new(AtomicBool::new(false));
        let hint = {
            let (pool, cancel) = (pool.clone(), cancel.clone());
            tokio::spawn(async move {
                pool.hint(
                    Search {
                        table: 1,
                        game: AnyGame::new(GameKind::Connect4ThreePlayer).unwrap(),
                        level: Level::Hard,
                        time: Duration::from_secs(600),
                        cancel,
                    },
                    Instant::now(),
                )
                .await
            })
        };
        while pool.stats().started == 0 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        for table in 2..5 {
            assert!(pool.search(search(table)).await.unwrap().is_some());
        }
        // The moves were answered while the hint still ran.
        assert_eq!(pool.stats().running, 1, "{:?}", pool.stats());
        cancel.store(true, Ordering::Relaxed);
        // Cancelled: a guess, or nothing.
        let _ = hint.await.unwrap();
    }

    #[tokio::test]
    async fn a_full_hint_queue_refuses_at_once() {
        let pool = Arc::new(SearchPool::new(2));
        pool.set_hint_queue(1);
        let cancel = Arc::new(AtomicBool::new(false));
        let long = {
            let (pool, cancel) = (pool.clone(), cancel.clone());
            tokio::spawn(async move {
                let mut s = search(1);
                s.game = AnyGame::new(GameKind::Connect4ThreePlayer).unwrap();
                s.level = Level::Hard;
                s.time = Duration::from_secs(600);
                s.cancel = cancel;
                pool.hint(s, Instant::now()).await
            })
        };
        while pool.hints_pending() == 0 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        assert_eq!(
            pool.hint(search(2), Instant::now()).await,
            Err(SearchError::Full)
        );
        cancel.store(true, Ordering::Relaxed);
        let _ = long.await.unwrap();
        assert_eq!(pool.hints_pending(), 0);
        assert!(pool.hint(search(2), Instant::now()).await.is_ok());
    }

    #[tokio::test]
    async fn a_hint_whose_time_passed_in_the_queue_is_not_searched() {
        let pool = SearchPool::new(1);
        let asked = Instant::now() - Duration::from_secs(1);
        assert_eq!(pool.hint(search(1), asked).await, Err(SearchError::Expired));
        assert_eq!(pool.stats().started, 0);
        assert_eq!(pool.hints_pending(), 0);
    }

    #[tokio::test]
    async fn a_job_beside_the_reviews_does_not_hold_up_moves() {
        // One worker for moves: a replay being made (here, a job that
        // waits until it is let go) must leave it free.
        let pool = Arc::new(SearchPool::new(1));
        let (go, wait) = std::sync::mpsc::channel::<()>();
        let job = {
            let pool = pool.clone();
            tokio::spawn(async move { pool.run_beside_reviews(move || wait.recv().is_ok()).await })
        };
        while pool.stats().review_jobs == 0 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        for table in 1..4 {
            let answered =
                tokio::time::timeout(Duration::from_secs(10), pool.search(search(table)));
            let mv = answered.await.expect("a move while the job waits");
            assert!(mv.unwrap().is_some());
        }
        assert!(!job.is_finished(), "the job still waits");
        go.send(()).unwrap();
        assert_eq!(job.await.unwrap(), Ok(true));
        let stats = pool.stats();
        assert_eq!((stats.review_jobs, stats.long_jobs), (1, 0));
    }

    #[tokio::test]
    async fn a_cancelled_search_does_not_start() {
        let pool = SearchPool::new(1);
        let s = search(1);
        s.cancel.store(true, Ordering::Relaxed);
        assert_eq!(pool.search(s).await, Err(SearchError::Cancelled));
        assert_eq!(pool.stats().started, 0);
    }
}
