//! Deadlines: the one armed per table (invitation, turn clock, idle
//! period), fired as [`Action::Tick`], and the sweep of finished tables out
//! of memory.

use super::{Live, Service, Slot, KEEP_FINISHED_MS};
use crate::table::Action;
use std::sync::Arc;
use std::time::Duration;

/// How long to sleep from `now` until `at`: nothing once it has passed.
fn wait_until(at: u64, now: u64) -> Duration {
    Duration::from_millis(at.saturating_sub(now))
}

impl Service {
    pub(super) fn arm_deadline(self: &Arc<Self>, slot: &Arc<Slot>, live: &mut Live) {
        let next = live.table.next_deadline(self.idle_ms());
        if live.deadline.as_ref().map(|d| d.0) == next {
            return;
        }
        if let Some((_, task)) = live.deadline.take() {
            task.abort();
        }
        let Some(at) = next else {
            return;
        };
        let service = self.clone();
        let slot2 = slot.clone();
        let task = tokio::spawn(async move {
            // Wait on tokio's timer, or until the clock jumps (a test's
            // clock), then look again: an injected clock may lag tokio's
            // or run ahead of it. The jump is listened for before the
            // clock is read, so one between the two is not missed.
            loop {
                let jumped = service.clock.jumped();
                let now = service.now();
                if now >= at {
                    break;
                }
                tokio::select! {
                    () = tokio::time::sleep(wait_until(at, now)) => {}
                    () = jumped => {}
                }
            }
            {
                let mut live = slot2.live.lock().await;
                if live.deadline.as_ref().map(|d| d.0) != Some(at) {
                    return;
                }
                // This task is ending: there is nothing left to abort.
                live.deadline = None;
            }
            let idle_ms = service.idle_ms();
            service
                .apply_retrying(&slot2, Action::Tick { idle_ms }, None)
                .await;
        });
        live.deadline = Some((at, task.abort_handle()));
    }

    /// Drops finished tables untouched for `idle_ms` from memory (they stay
    /// in the store). Returns how many left.
    pub async fn sweep(&self, idle_ms: u64) -> usize {
        let now = self.now();
        let slots: Vec<Arc<Slot>> = self.registry().by_no.values().cloned().collect();
        let mut gone = 0;
        for slot in slots {
            let Ok(live) = slot.live.try_lock() else {
                continue;
            };
            let idle = !live.table.is_running()
                && live.search.is_none()
                && live.hint.is_none()
                && live.touched + idle_ms <= now;
            if idle {
                let mut registry = self.registry();
                if registry
                    .by_no
                    .get(&slot.no)
                    .is_some_and(|s| Arc::ptr_eq(s, &slot))
                {
                    registry.by_no.remove(&slot.no);
                    gone += 1;
                }
            }
        }
        gone
    }

    /// Sweeps finished tables out of memory every minute.
    pub fn spawn_sweeper(self: &Arc<Self>) {
        let service = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(60));
            loop {
                tick.tick().await;
                let Some(service) = service.upgrade() else {
                    return;
                };
                service.sweep(KEEP_FINISHED_MS).await;
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::wait_until;
    use std::time::Duration;

    #[test]
    fn a_deadline_already_passed_waits_nothing() {
        assert_eq!(wait_until(5_000, 4_250), Duration::from_millis(750));
        assert_eq!(wait_until(5_000, 5_000), Duration::ZERO);
        // The clock moved past the deadline after it was last compared.
        assert_eq!(wait_until(5_000, 5_001), Duration::ZERO);
        assert_eq!(wait_until(0, u64::MAX), Duration::ZERO);
    }
}
