//! The engine's clock: where a [`Budget`](super::Budget)'s deadline and a
//! search's elapsed time come from.
//!
//! Natively this is the system's monotonic clock, `std::time::Instant`
//! itself, so the bot hands its own instants to the engine unchanged. In a
//! browser (`wasm32-unknown-unknown`) the standard library has no clock:
//! the page gives one with [`set_clock`] (a function returning the time
//! since any fixed point, such as `performance.now()`). Until it does, time
//! stands still there, so a search stops at its node budget
//! ([`Budget::of_nodes`](super::Budget::of_nodes)) or its depth, never at
//! a deadline.

pub use std::time::Duration;

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use std::time::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use web::{set_clock, Instant};

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod web {
    use std::ops::{Add, AddAssign, Sub};
    use std::sync::OnceLock;
    use std::time::Duration;

    static CLOCK: OnceLock<fn() -> Duration> = OnceLock::new();

    /// Gives the engine its clock: `now` returns the time since a fixed
    /// point and never goes back. The first clock given stays.
    pub fn set_clock(now: fn() -> Duration) {
        let _ = CLOCK.set(now);
    }

    /// A moment on the page's clock (the same methods as the standard
    /// library's `Instant` that the engine uses).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub struct Instant(Duration);

    impl Instant {
        pub fn now() -> Instant {
            Instant(CLOCK.get().map_or(Duration::ZERO, |now| now()))
        }

        pub fn duration_since(&self, earlier: Instant) -> Duration {
            self.saturating_duration_since(earlier)
        }

        pub fn saturating_duration_since(&self, earlier: Instant) -> Duration {
            self.0.saturating_sub(earlier.0)
        }

        pub fn checked_duration_since(&self, earlier: Instant) -> Option<Duration> {
            self.0.checked_sub(earlier.0)
        }

        pub fn elapsed(&self) -> Duration {
            Instant::now().saturating_duration_since(*self)
        }

        pub fn checked_add(&self, d: Duration) -> Option<Instant> {
            self.0.checked_add(d).map(Instant)
        }
    }

    impl Add<Duration> for Instant {
        type Output = Instant;
        fn add(self, d: Duration) -> Instant {
            Instant(self.0 + d)
        }
    }

    impl AddAssign<Duration> for Instant {
        fn add_assign(&mut self, d: Duration) {
            self.0 += d;
        }
    }

    impl Sub<Instant> for Instant {
        type Output = Duration;
        fn sub(self, earlier: Instant) -> Duration {
            self.saturating_duration_since(earlier)
        }
    }
}
