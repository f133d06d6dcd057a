//! Finished matches: their rows (one per match, recorded once), read back by
//! channel, table or number, and their reviews once judged.

use super::*;

impl Store {
    /// The newest table opened in `channel`, if any.
    pub async fn latest_in_channel(&self, channel: u64) -> Result<Option<u64>> {
        let row = sqlx::query(
            "SELECT no FROM tables WHERE channel = $1 AND broken IS NULL ORDER BY no DESC LIMIT 1",
        )
        .bind(to_i64(channel))
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| to_u64(r.get::<i64, _>(0))))
    }

    /// The newest finished matches of a channel, newest first.
    pub async fn matches_in_channel(&self, channel: u64, limit: u32) -> Result<Vec<MatchRecord>> {
        let rows = sqlx::query(&format!(
            "SELECT {MATCH_COLUMNS} FROM matches WHERE channel = $1 \
             ORDER BY ended_at DESC, id DESC LIMIT $2"
        ))
        .bind(to_i64(channel))
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(match_record).collect()
    }

    /// The newest finished match of a channel, with its number (the
    /// `match` id `/review` and `/stats` show).
    pub async fn last_match_in_channel(&self, channel: u64) -> Result<Option<(u64, MatchRecord)>> {
        let row = sqlx::query(&format!(
            "SELECT {MATCH_COLUMNS}, id FROM matches WHERE channel = $1 \
             ORDER BY ended_at DESC, id DESC LIMIT 1"
        ))
        .bind(to_i64(channel))
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(numbered_match).transpose()
    }

    /// Table `table`'s finished match `match_no` (1 for its first), with
    /// its number.
    pub async fn match_of_table(
        &self,
        table: u64,
        match_no: u32,
    ) -> Result<Option<(u64, MatchRecord)>> {
        let row = sqlx::query(&format!(
            "SELECT {MATCH_COLUMNS}, id FROM matches WHERE table_no = $1 AND match_no = $2"
        ))
        .bind(to_i64(table))
        .bind(i64::from(match_no))
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(numbered_match).transpose()
    }

    /// The finished match numbered `id` if it was played in `guild`.
    pub async fn match_in_guild(&self, guild: u64, id: u64) -> Result<Option<(u64, MatchRecord)>> {
        let row = sqlx::query(&format!(
            "SELECT {MATCH_COLUMNS}, id FROM matches WHERE id = $1 AND guild = $2"
        ))
        .bind(to_i64(id))
        .bind(to_i64(guild))
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(numbered_match).transpose()
    }

    /// The stored judgements of match `id`'s positions, if it was reviewed.
    pub async fn match_review(&self, id: u64) -> Result<Option<Vec<Judged>>> {
        let row = sqlx::query("SELECT judged FROM match_reviews WHERE match_id = $1")
            .bind(to_i64(id))
            .fetch_optional(&self.pool)
            .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let judged: String = row.try_get(0)?;
        Ok(Some(serde_json::from_str(&judged)?))
    }

    /// Keeps match `id`'s judgements (the first ones stored stay).
    pub async fn save_match_review(&self, id: u64, judged: &[Judged], now: u64) -> Result<()> {
        sqlx::query(
            "INSERT INTO match_reviews (match_id, judged, judged_at) VALUES ($1, $2, $3) \
             ON CONFLICT (match_id) DO NOTHING",
        )
        .bind(to_i64(id))
        .bind(serde_json::to_string(judged)?)
        .bind(to_i64(now))
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}

/// The columns [`match_record`] reads, in its order.
pub(super) const MATCH_COLUMNS: &str =
    "table_no, match_no, guild, channel, game, size, seats, moves, \
                             result, winner, ended_by, started_at, ended_at, ranked";

/// Inserts a finished match and its lines in `match_results`; `false`
/// when it was already recorded.
pub(super) async fn insert_match(tx: &mut Tx<'_>, m: &MatchRecord) -> Result<bool> {
    let inserted = sqlx::query(
        "INSERT INTO matches (table_no, match_no, guild, channel, game, size, seats, moves, \
         result, winner, ended_by, started_at, ended_at, ranked) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) \
         ON CONFLICT (table_no, match_no) DO NOTHING RETURNING id",
    )
    .bind(to_i64(m.table))
    .bind(i64::from(m.match_no))
    .bind(to_i64(m.guild))
    .bind(to_i64(m.channel))
    .bind(m.game.clone())
    .bind(m.size.clone())
    .bind(serde_json::to_string(&m.seats)?)
    .bind(serde_json::to_string(&m.moves)?)
    .bind(m.result.clone())
    .bind(m.winner.map(i64::from))
    .bind(m.ended_by.clone())
    .bind(to_i64(m.started_at))
    .bind(to_i64(m.ended_at))
    .bind(i64::from(m.ranked))
    .fetch_optional(&mut **tx)
    .await?;
    let Some(row) = inserted else {
        return Ok(false);
    };
    stats::write_results(tx, to_u64(row.try_get(0)?), m).await?;
    Ok(true)
}

/// A match row selected with its `id` after [`MATCH_COLUMNS`].
pub(super) fn numbered_match(row: &AnyRow) -> Result<(u64, MatchRecord)> {
    Ok((to_u64(row.try_get(14)?), match_record(row)?))
}

pub(super) fn match_record(row: &AnyRow) -> Result<MatchRecord> {
    let seats: String = row.try_get(6)?;
    let moves: String = row.try_get(7)?;
    let winner: Option<i64> = row.try_get(9)?;
    Ok(MatchRecord {
        table: to_u64(row.try_get(0)?),
        match_no: row.try_get::<i64, _>(1)? as u32,
        guild: to_u64(row.try_get(2)?),
        channel: to_u64(row.try_get(3)?),
        game: row.try_get(4)?,
        size: row.try_get(5)?,
        seats: serde_json::from_str(&seats)?,
        moves: serde_json::from_str(&moves)?,
        result: row.try_get(8)?,
        winner: winner.map(|w| w as u8),
        ended_by: row.try_get(10)?,
        started_at: to_u64(row.try_get(11)?),
        ended_at: to_u64(row.try_get(12)?),
        ranked: row.try_get::<i64, _>(13)? != 0,
    })
}
