//! Tables whose place is gone: the bot left the server (or was removed),
//! or the channel or thread was deleted.

use super::{Service, Slot};
use crate::table::Action;
use std::sync::Arc;
use tracing::{info, warn};

/// Where tables live, as Discord can take it away.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// A server the bot is no longer in.
    Guild(u64),
    /// A deleted channel or thread.
    Channel(u64),
}

impl Service {
    /// Ends every running table of `place` with no result: its clocks, CPU
    /// turns and deadlines stop and the store marks it closed. Nothing is
    /// published: there is nowhere left to. Returns how many closed.
    pub async fn close_where(self: &Arc<Self>, place: Place) -> usize {
        let slots: Vec<Arc<Slot>> = {
            let registry = self.registry();
            registry
                .running_in
                .iter()
                // A channel's table is found by its channel; a server's
                // are checked under their locks below.
                .filter(|(channel, _)| !matches!(place, Place::Channel(c) if c != **channel))
                .filter_map(|(_, (no, _))| registry.by_no.get(no).cloned())
                .collect()
        };
        let mut closed = 0;
        for slot in slots {
            let mut live = slot.live.lock().await;
            let here = match place {
                Place::Guild(guild) => live.table.guild() == guild,
                Place::Channel(channel) => live.table.channel() == channel,
            };
            if !here || !live.table.is_running() {
                continue;
            }
            match self
                .apply_locked(&slot, &mut live, Action::PlaceGone, None)
                .await
            {
                Ok(_) => closed += 1,
                Err(e) => warn!("table {}: not closed after {place:?} went: {e}", slot.no),
            }
        }
        if closed > 0 {
            info!("{place:?} is gone: closed {closed} tables");
        }
        closed
    }
}
