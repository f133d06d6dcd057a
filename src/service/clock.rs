//! The tables' clock: milliseconds since the epoch as the service sees
//! them. The bot runs on [`SystemClock`]; tests run it on a
//! [`ManualClock`] they move forward, in process or, through
//! `BOARDBOT_TEST_CLOCK`, in the bot's own process
//! ([`ManualClock::following`]).

use std::future::Future;
use std::path::PathBuf;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Milliseconds since the epoch, as the service sees them.
pub trait Clock: Send + Sync + 'static {
    fn now(&self) -> u64;

    /// Resolves when the clock jumps forward by more than the time that
    /// passes (a [`ManualClock`] a test advances), so a deadline waiting
    /// on tokio's timer looks again. A clock that only runs never jumps.
    fn jumped(&self) -> Pin<Box<dyn Future<Output = ()> + Send + '_>> {
        Box::pin(std::future::pending())
    }
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

/// A clock that runs like [`SystemClock`] and that a test moves forward at
/// will ([`ManualClock::advance`]): a 30-second turn timer, the 5-minute
/// invitation or an idle close run out at once, and every deadline armed
/// on it looks again when it jumps.
pub struct ManualClock {
    system: SystemClock,
    ahead: AtomicU64,
    jumps: tokio::sync::Notify,
}

impl ManualClock {
    pub fn new() -> ManualClock {
        ManualClock {
            system: SystemClock::new(),
            ahead: AtomicU64::new(0),
            jumps: tokio::sync::Notify::new(),
        }
    }

    /// Moves the clock `by` forward, at once.
    pub fn advance(&self, by: Duration) {
        self.ahead
            .fetch_add(by.as_millis() as u64, Ordering::SeqCst);
        self.jumps.notify_waiters();
    }

    /// How far ahead of the system's time the clock runs.
    pub fn ahead(&self) -> Duration {
        Duration::from_millis(self.ahead.load(Ordering::SeqCst))
    }

    /// A clock that follows the file at `path`: it holds how many
    /// milliseconds the clock runs ahead of the system's (missing or
    /// unreadable: no change), looked at every 20 ms. A test moves a bot
    /// process's clock by writing it (`BOARDBOT_TEST_CLOCK`); the file
    /// outlives the process, so a restarted bot keeps the time. Call it
    /// inside the tokio runtime.
    pub fn following(path: PathBuf) -> Arc<ManualClock> {
        let clock = Arc::new(ManualClock::new());
        let read = |path: &PathBuf| -> Option<u64> {
            std::fs::read_to_string(path).ok()?.trim().parse().ok()
        };
        if let Some(ms) = read(&path) {
            clock.advance(Duration::from_millis(ms));
        }
        let watched = Arc::downgrade(&clock);
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_millis(20)).await;
                let Some(clock) = watched.upgrade() else {
                    return;
                };
                let Some(ms) = read(&path) else {
                    continue;
                };
                let ahead = clock.ahead().as_millis() as u64;
                if ms > ahead {
                    clock.advance(Duration::from_millis(ms - ahead));
                }
            }
        });
        clock
    }
}

impl Default for ManualClock {
    fn default() -> Self {
        ManualClock::new()
    }
}

impl Clock for ManualClock {
    fn now(&self) -> u64 {
        self.system.now() + self.ahead.load(Ordering::SeqCst)
    }

    fn jumped(&self) -> Pin<Box<dyn Future<Output = ()> + Send + '_>> {
        Box::pin(self.jumps.notified())
    }
}
