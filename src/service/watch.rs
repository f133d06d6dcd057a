//! Watching tables live: every accepted change of a table (a person's
//! action, a CPU move, a timer, a reload, a restore) is handed to the
//! table's watchers as it is stored. One `watch` channel per watched
//! table: sending never blocks, a slow watcher only skips to the newest
//! table, and a table nobody watches costs nothing.

use super::*;
use tokio::sync::watch;

/// The watched tables' channels.
#[derive(Default)]
pub(super) struct Watchers {
    by_no: Mutex<HashMap<u64, watch::Sender<Arc<Table>>>>,
}

impl Watchers {
    /// Hands `table` to its watchers, if any; drops the channel once the
    /// last watcher has gone.
    pub(super) fn publish(&self, table: &Table) {
        let mut by_no = self.by_no.lock().unwrap_or_else(|e| e.into_inner());
        let no = table.no();
        if let Some(sender) = by_no.get(&no) {
            if sender.receiver_count() == 0 {
                by_no.remove(&no);
            } else {
                sender.send_replace(Arc::new(table.clone()));
            }
        }
    }
}

impl Service {
    /// Follows table `no` live: the receiver holds the table as it is now
    /// and is woken by every accepted change. `None` when there is no such
    /// table.
    pub async fn watch(
        &self,
        no: u64,
    ) -> Result<Option<watch::Receiver<Arc<Table>>>, ServiceError> {
        let Some(slot) = self.slot(no).await? else {
            return Ok(None);
        };
        // Under the table's lock, so that no change falls between the copy
        // and the subscription.
        let live = slot.live.lock().await;
        let mut by_no = self
            .watchers
            .by_no
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        let receiver = match by_no.get(&no) {
            Some(sender) => {
                sender.send_replace(Arc::new(live.table.clone()));
                sender.subscribe()
            }
            None => {
                let (sender, receiver) = watch::channel(Arc::new(live.table.clone()));
                by_no.insert(no, sender);
                receiver
            }
        };
        Ok(Some(receiver))
    }

    /// Table `no` as it is now, loaded if needed; `None` when there is no
    /// such table.
    pub async fn table_no(&self, no: u64) -> Result<Option<Table>, ServiceError> {
        let Some(slot) = self.slot(no).await? else {
            return Ok(None);
        };
        let live = slot.live.lock().await;
        Ok(Some(live.table.clone()))
    }

    /// Tables watched now, and their watchers (for `/metrics`).
    pub fn watched(&self) -> (usize, usize) {
        let by_no = self
            .watchers
            .by_no
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        let counts = by_no
            .values()
            .map(|s| s.receiver_count())
            .filter(|&n| n > 0);
        counts.fold((0, 0), |(tables, pages), n| (tables + 1, pages + n))
    }

    /// Asks `discord` to bring table `no`'s board message up to date after a
    /// change made elsewhere (the web board).
    pub fn announce(&self, no: u64) {
        self.notify(Notice::Board(no));
    }
}
