//! Tournaments as stored: one row each, its state as JSON, kept after it
//! finishes. A row that cannot be read back is marked broken and skipped,
//! so one bad row never stops the others.

use super::{to_i64, to_u64, Result, Store, StoreError};
use crate::tournament::Tournament;
use sqlx::Row;

impl Store {
    /// Writes a tournament, unless the stored row is newer (another
    /// process wrote it since `expected`): then [`StoreError::Stale`].
    pub async fn save_tournament(
        &self,
        t: &Tournament,
        expected: Option<u64>,
        now: u64,
    ) -> Result<()> {
        let state = serde_json::to_string(t)?;
        let only = match expected {
            Some(_) => " WHERE tournaments.stamp = $7",
            None => "",
        };
        let sql = format!(
            "INSERT INTO tournaments (id, guild, channel, running, stamp, state, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, {now_at}) ON CONFLICT (id) DO UPDATE SET \
             running = excluded.running, stamp = excluded.stamp, state = excluded.state, \
             updated_at = excluded.updated_at, broken = NULL{only}",
            now_at = if expected.is_some() { "$8" } else { "$7" },
        );
        let query = sqlx::query(&sql)
            .bind(to_i64(t.id()))
            .bind(to_i64(t.guild()))
            .bind(to_i64(t.channel()))
            .bind(i64::from(t.is_running()))
            .bind(to_i64(t.stamp()))
            .bind(state);
        let query = match expected {
            Some(stamp) => query.bind(to_i64(stamp)).bind(to_i64(now)),
            None => query.bind(to_i64(now)),
        };
        if query.execute(&self.pool).await?.rows_affected() != 1 {
            return Err(StoreError::Stale { no: t.id() });
        }
        Ok(())
    }

    /// Tournament `id`; [`StoreError::Broken`] when its row cannot be read.
    pub async fn tournament(&self, id: u64) -> Result<Option<Tournament>> {
        let row = sqlx::query("SELECT id, state, broken FROM tournaments WHERE id = $1")
            .bind(to_i64(id))
            .fetch_optional(&self.pool)
            .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        if let Some(reason) = row.try_get::<Option<String>, _>(2)? {
            return Err(StoreError::Broken { no: id, reason });
        }
        match self.readable_tournament(&row).await? {
            Some(t) => Ok(Some(t)),
            None => Err(StoreError::Broken {
                no: id,
                reason: "unreadable".into(),
            }),
        }
    }

    /// Every tournament not yet finished (skipping rows that cannot be
    /// read, which are marked broken).
    pub async fn running_tournaments(&self) -> Result<Vec<Tournament>> {
        let rows = sqlx::query(
            "SELECT id, state FROM tournaments WHERE running = 1 AND broken IS NULL ORDER BY id",
        )
        .fetch_all(&self.pool)
        .await?;
        let mut found = Vec::with_capacity(rows.len());
        for row in &rows {
            if let Some(t) = self.readable_tournament(row).await? {
                found.push(t);
            }
        }
        Ok(found)
    }

    /// The newest tournament of a channel, running or not.
    pub async fn latest_tournament_in(&self, channel: u64) -> Result<Option<u64>> {
        let row = sqlx::query(
            "SELECT id FROM tournaments WHERE channel = $1 AND broken IS NULL \
             ORDER BY id DESC LIMIT 1",
        )
        .bind(to_i64(channel))
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| to_u64(r.get::<i64, _>(0))))
    }

    async fn readable_tournament(&self, row: &sqlx::any::AnyRow) -> Result<Option<Tournament>> {
        let id = to_u64(row.try_get(0)?);
        let state: String = row.try_get(1)?;
        let read = serde_json::from_str::<Tournament>(&state)
            .map_err(|e| e.to_string())
            .and_then(|t| t.check().map(|()| t));
        match read {
            Ok(t) => Ok(Some(t)),
            Err(reason) => {
                tracing::error!(
                    "tournament {id}: cannot be read back ({reason}); marked broken, skipped"
                );
                sqlx::query("UPDATE tournaments SET broken = $1, running = 0 WHERE id = $2")
                    .bind(reason)
                    .bind(to_i64(id))
                    .execute(&self.pool)
                    .await?;
                Ok(None)
            }
        }
    }
}
