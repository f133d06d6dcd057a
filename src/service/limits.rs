//! Fair use: how much expensive work (reviews, hints, open tables) one
//! person or one server may have going at a time ([`Limits`]). A person
//! over a limit is refused at once with [`Busy`], never queued.

use super::{Registry, Service};
use crate::config::Limits;
use crate::table::UserId;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

/// Which limit a request met; each says when to try again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Busy {
    /// This person waits for as many reviews as they may.
    Reviews,
    /// The server has as many reviews being prepared as it may.
    ServerReviews,
    /// This person waits for as many hints as they may.
    Hints,
    /// The hint lane's queue is full.
    HintQueue,
    /// This person hosts as many running tables in this server as they may.
    Tables,
}

impl Busy {
    /// The message key of the private answer.
    pub fn key(self) -> &'static str {
        match self {
            Busy::Reviews => "busy-reviews",
            Busy::ServerReviews => "busy-server-reviews",
            Busy::Hints => "busy-hints",
            Busy::HintQueue => "busy-hint-queue",
            Busy::Tables => "busy-tables",
        }
    }
}

/// What a held unit of work counts against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Count {
    Reviews(UserId),
    ServerReviews(u64),
    Hints(UserId),
}

/// The work going on now, per [`Count`].
#[derive(Default)]
pub(super) struct Counts(Arc<Mutex<HashMap<Count, usize>>>);

/// One unit of work counted while it lives.
pub(super) struct Held {
    counts: Arc<Mutex<HashMap<Count, usize>>>,
    what: Vec<Count>,
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        for what in &self.what {
            if let Some(n) = counts.get_mut(what) {
                *n -= 1;
                if *n == 0 {
                    counts.remove(what);
                }
            }
        }
    }
}

impl Counts {
    /// Counts one unit against each of `wanted` (each with its cap and the
    /// refusal when it is reached), or against none of them.
    pub(super) fn take(&self, wanted: &[(Count, usize, Busy)]) -> Result<Held, Busy> {
        let mut counts = self.0.lock().unwrap_or_else(|e| e.into_inner());
        for &(what, cap, busy) in wanted {
            if counts.get(&what).copied().unwrap_or(0) >= cap {
                return Err(busy);
            }
        }
        for &(what, _, _) in wanted {
            *counts.entry(what).or_insert(0) += 1;
        }
        Ok(Held {
            counts: self.0.clone(),
            what: wanted.iter().map(|w| w.0).collect(),
        })
    }
}

impl Service {
    /// Sets the fair-use limits (the defaults until called).
    pub fn set_limits(&self, limits: Limits) {
        *self.limits.lock().unwrap_or_else(|e| e.into_inner()) = limits;
        self.pool.set_hint_queue(limits.hint_queue);
    }

    pub(super) fn limits(&self) -> Limits {
        *self.limits.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// How many running tables `host` hosts in `guild` (forgetting the hosts
/// of tables no longer running).
pub(super) fn hosted(registry: &mut Registry, guild: u64, host: UserId) -> usize {
    let running: HashSet<u64> = registry.running_in.values().map(|r| r.0).collect();
    registry.hosts.retain(|no, _| running.contains(no));
    registry
        .hosts
        .values()
        .filter(|&&h| h == (guild, host))
        .count()
}
