//! The registry: the tables in memory, found by number, channel or board
//! message, loaded from the store on first use.

use super::*;

impl Service {
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

    pub(super) fn registry(&self) -> MutexGuard<'_, Registry> {
        self.registry.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The table with number `no`, loading it from the store if needed.
    pub(super) async fn slot(&self, no: u64) -> Result<Option<Arc<Slot>>, ServiceError> {
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
        // Neither opened nor restored here: another process may serve it
        // too (an overlapping deploy), or it is a finished table loaded
        // again.
        let slot = Slot::new(stored.table, stored.board, self.now(), true);
        let mut registry = self.registry();
        Ok(Some(registry.by_no.entry(no).or_insert(slot).clone()))
    }

    /// The slot an action is for, or the refusal that says why there is none.
    pub(super) async fn find(&self, at: At) -> Result<Arc<Slot>, ServiceError> {
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
    pub async fn table(&self, at: At) -> Result<Table, ServiceError> {
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
    pub async fn board(&self, no: u64) -> Result<Option<(Table, Option<BoardLink>)>, ServiceError> {
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

    /// Where table `no`'s board is and what it shows, as stored: the last
    /// word of every process serving the table (an overlapping deploy),
    /// not this process's memory.
    pub async fn stored_board(&self, no: u64) -> Result<Option<BoardLink>, ServiceError> {
        Ok(self.store.load(no).await?.and_then(|stored| stored.board))
    }

    /// Whether another process writes table `no` too and the stored table
    /// has moved past stamp `shown`. That process (an overlapping deploy
    /// given the same shard) may store a newer position and show it while
    /// this one sends an older board: asked after a board has landed, a
    /// yes means that board may now cover the newer one, and must be shown
    /// again. A table only this process has written is not read again.
    pub async fn stored_past(&self, no: u64, shown: u64) -> bool {
        let shared = self.registry().by_no.get(&no).is_some_and(|s| s.shared());
        shared && matches!(self.store.stamp_of(no).await, Ok(Some(stamp)) if stamp > shown)
    }

    /// Records where table `no`'s board message is now.
    pub async fn set_board(&self, no: u64, link: BoardLink) -> Result<(), ServiceError> {
        let Some(slot) = self.slot(no).await? else {
            return Ok(());
        };
        // Queued under the table's lock, so links are written in the order
        // they were made; waited for without it, so the table's next action
        // does not wait for this write.
        let written = {
            let mut live = slot.live.lock().await;
            if live.board.as_ref() == Some(&link) {
                return Ok(());
            }
            live.board = Some(link.clone());
            self.store.board_write(no, link)
        };
        written.await?;
        Ok(())
    }
}
