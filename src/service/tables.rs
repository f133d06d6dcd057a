//! The server's live tables, for `/tables`: read from this process's
//! registry (every running table of the guilds it serves is loaded at
//! start and kept while it runs), never from Discord.

use super::Service;
use crate::store::BoardLink;
use crate::table::Table;
use std::sync::Arc;

/// A running or open table and where its board message is.
#[derive(Debug, Clone)]
pub struct LiveTable {
    pub table: Table,
    pub board: Option<BoardLink>,
}

impl Service {
    /// Every running and open table of `guild`, newest first.
    pub async fn live_tables(&self, guild: u64) -> Vec<LiveTable> {
        let slots: Vec<Arc<super::Slot>> = self.registry().by_no.values().cloned().collect();
        let mut found = Vec::new();
        for slot in slots {
            let live = slot.live.lock().await;
            if live.table.guild() == guild && live.table.is_running() {
                found.push(LiveTable {
                    table: live.table.clone(),
                    board: live.board.clone(),
                });
            }
        }
        // Table numbers are snowflakes: higher is newer.
        found.sort_by_key(|t| std::cmp::Reverse(t.table.no()));
        found
    }
}
