//! What the history says: ratings, the leaderboard, a person's statistics
//! and finished matches, read for `discord` (which reaches the store only
//! through the service).

use super::{Service, ServiceError};
use crate::store::{Leaderboard, RatingRow, Stats};
use crate::table::{MatchRecord, UserId};

impl Service {
    /// A person's ratings in `games` of a server (the games rated so far).
    pub async fn ratings(
        &self,
        guild: u64,
        user: UserId,
        games: &[&str],
    ) -> Result<Vec<RatingRow>, ServiceError> {
        Ok(self.store.ratings(guild, user, games).await?)
    }

    /// A server's top `limit` in `game`, with `asker`'s own line.
    pub async fn leaderboard(
        &self,
        guild: u64,
        game: &str,
        limit: u32,
        asker: Option<UserId>,
    ) -> Result<Leaderboard, ServiceError> {
        Ok(self.store.leaderboard(guild, game, limit, asker).await?)
    }

    /// A person's results in a server.
    pub async fn stats(&self, guild: u64, user: UserId) -> Result<Stats, ServiceError> {
        Ok(self.store.stats(guild, user).await?)
    }

    /// Match `id` of a server, with its number.
    pub async fn match_in_guild(
        &self,
        guild: u64,
        id: u64,
    ) -> Result<Option<(u64, MatchRecord)>, ServiceError> {
        Ok(self.store.match_in_guild(guild, id).await?)
    }

    /// A channel's last finished match, with its number.
    pub async fn last_match_in_channel(
        &self,
        channel: u64,
    ) -> Result<Option<(u64, MatchRecord)>, ServiceError> {
        Ok(self.store.last_match_in_channel(channel).await?)
    }

    /// Whether the database answers (for `/healthz`).
    pub async fn database_reachable(&self) -> Result<(), ServiceError> {
        Ok(self.store.ping().await?)
    }

    /// Closes the store's connections (a clean stop).
    pub async fn close(&self) {
        self.store.close().await;
    }
}
