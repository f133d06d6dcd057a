//! Restore at start: every stored running table this process owns back in
//! memory, its deadline armed and its CPU turn resumed.

use super::*;

impl Service {
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
                let slot = Slot::new(s.table, s.board, self.now(), false);
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
}
