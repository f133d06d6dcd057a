//! Tables: a table's row written in one transaction (new, changed, rated,
//! its board message), read back (running, one, its stamp), and the rows
//! that cannot be read kept aside as broken.

use super::*;

impl Store {
    /// Writes a table (new or changed) and, when a match just ended, its
    /// record, in one transaction (see [`Store::save_change`]).
    pub async fn save(
        &self,
        table: &Table,
        finished: Option<&MatchRecord>,
        now: u64,
    ) -> Result<()> {
        self.save_rated(table, finished, now).await.map(|_| ())
    }

    /// Writes a table just opened, unless another process (given the same
    /// interaction in an overlapping deploy) wrote it first: then the table
    /// as stored comes back and nothing is written.
    pub async fn save_new(&self, table: &Table, now: u64) -> Result<Option<Table>> {
        if write_table(&self.pool, table, Guard::New, now).await? {
            return Ok(None);
        }
        Ok(self.load(table.no()).await?.map(|stored| stored.table))
    }

    /// [`Store::save_change`] of a table and the record of the match that
    /// just ended, if any; returns the ratings it changed.
    pub async fn save_rated(
        &self,
        table: &Table,
        finished: Option<&MatchRecord>,
        now: u64,
    ) -> Result<Vec<Rated>> {
        let change = Change {
            table: table.clone(),
            expected: None,
            finished,
            solve: None,
            settings: None,
        };
        let (_, settled) = self.save_change(change, now, |_, _| {}).await?;
        Ok(settled.rated)
    }

    /// Writes one accepted change in one transaction: the match that just
    /// ended (recorded once: a match saved again after a restart is neither
    /// recorded nor rated again) with its ratings, a puzzle solve, the
    /// channel's defaults, and last the table itself, after `show` has put
    /// onto it what the board shows of the ratings and solves. Returns the
    /// table as written, or [`StoreError::Stale`] (and nothing is written)
    /// when another process wrote the table since `change.expected`.
    ///
    /// Through the writer, the transaction is shared with the changes of
    /// other tables waiting at the same moment (group commit, see
    /// [`writer`]); it returns once the change is on disk.
    pub async fn save_change(
        &self,
        change: Change<'_>,
        now: u64,
        show: writer::Show,
    ) -> Result<(Table, Settled)> {
        let change = writer::OwnedChange::of(change, now, show);
        let change = match &self.writer {
            Some(writer) => match writer.change(Box::new(change)) {
                Ok(answer) => return answered(answer).await,
                Err(change) => *change,
            },
            None => change,
        };
        let mut tx = self.pool.begin().await?;
        match writer::write_change(&mut tx, self.backend, change).await {
            Ok(written) => {
                tx.commit().await?;
                Ok(written)
            }
            Err(e) => {
                tx.rollback().await?;
                Err(e)
            }
        }
    }

    /// Records where table `no`'s board message is now, and returns at
    /// once: the write is queued in order behind what was queued before
    /// (the returned future says when it is on disk).
    pub fn board_write(
        &self,
        no: u64,
        link: BoardLink,
    ) -> impl std::future::Future<Output = Result<()>> + Send + 'static {
        let queued = match &self.writer {
            Some(writer) => writer.board(no, link),
            None => Err(link),
        };
        let pool = self.pool.clone();
        async move {
            match queued {
                Ok(answer) => answered(answer).await,
                Err(link) => writer::write_board(&pool, no, &link).await,
            }
        }
    }

    /// Records where table `no`'s board message is now.
    pub async fn save_board(&self, no: u64, link: &BoardLink) -> Result<()> {
        self.board_write(no, link.clone()).await
    }

    /// Every table with an invitation waiting or a match being played.
    /// A row that cannot be read back is logged, marked broken (kept for
    /// `boardbot tables --broken`) and left out: the others still restore.
    pub async fn running(&self) -> Result<Vec<Stored>> {
        let rows = sqlx::query(&format!(
            "SELECT {TABLE_COLUMNS} FROM tables WHERE running = 1 AND broken IS NULL ORDER BY no"
        ))
        .fetch_all(&self.pool)
        .await?;
        let mut tables = Vec::with_capacity(rows.len());
        for row in &rows {
            match self.readable(row).await? {
                Some(s) => tables.push(s),
                None => continue,
            }
        }
        Ok(tables)
    }

    /// The stored stamp of table `no`.
    pub async fn stamp_of(&self, no: u64) -> Result<Option<u64>> {
        let row = sqlx::query("SELECT stamp FROM tables WHERE no = $1")
            .bind(to_i64(no))
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| to_u64(r.get::<i64, _>(0))))
    }

    /// Table `no`, running or not; [`StoreError::Broken`] when its row
    /// cannot be read back.
    pub async fn load(&self, no: u64) -> Result<Option<Stored>> {
        let row = sqlx::query(&format!(
            "SELECT {TABLE_COLUMNS}, broken FROM tables WHERE no = $1"
        ))
        .bind(to_i64(no))
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        if let Some(reason) = row.try_get::<Option<String>, _>(8)? {
            return Err(StoreError::Broken { no, reason });
        }
        match self.readable(&row).await? {
            Some(s) => Ok(Some(s)),
            None => Err(StoreError::Broken {
                no,
                reason: "unreadable".into(),
            }),
        }
    }

    /// Decodes a row selected with [`TABLE_COLUMNS`]; one that does not
    /// decode is marked broken with the reason and gives `None`.
    pub(super) async fn readable(&self, row: &AnyRow) -> Result<Option<Stored>> {
        let no = to_u64(row.try_get(0)?);
        let format: i64 = row.try_get(1)?;
        if format > TABLE_FORMAT {
            // A newer release wrote it (a rollback): it can read it, so
            // leave the row as it is.
            tracing::warn!(
                "table {no}: stored in format {format}, newer than this version's \
                 {TABLE_FORMAT}; skipped"
            );
            return Ok(None);
        }
        match stored(row) {
            Ok(s) => Ok(Some(s)),
            Err(e) => {
                let reason = e.to_string();
                tracing::error!(
                    "table {no}: cannot be read back ({reason}); marked broken, skipped"
                );
                self.mark_broken(no, &reason).await?;
                Ok(None)
            }
        }
    }

    /// Keeps table `no`'s row with why it cannot be read, out of the
    /// running tables so its channel is free.
    pub(super) async fn mark_broken(&self, no: u64, reason: &str) -> Result<()> {
        sqlx::query("UPDATE tables SET broken = $1, running = 0 WHERE no = $2")
            .bind(reason.to_owned())
            .bind(to_i64(no))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The rows marked broken, by table number.
    pub async fn broken_tables(&self) -> Result<Vec<BrokenTable>> {
        let rows = sqlx::query(
            "SELECT no, guild, channel, broken FROM tables WHERE broken IS NOT NULL ORDER BY no",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(BrokenTable {
                    no: to_u64(r.try_get(0)?),
                    guild: to_u64(r.try_get(1)?),
                    channel: to_u64(r.try_get(2)?),
                    reason: r.try_get(3)?,
                })
            })
            .collect()
    }

    /// Deletes broken row `no` (`None`: all of them); returns how many went.
    pub async fn clear_broken(&self, no: Option<u64>) -> Result<u64> {
        let done = match no {
            Some(no) => {
                sqlx::query("DELETE FROM tables WHERE broken IS NOT NULL AND no = $1")
                    .bind(to_i64(no))
                    .execute(&self.pool)
                    .await?
            }
            None => {
                sqlx::query("DELETE FROM tables WHERE broken IS NOT NULL")
                    .execute(&self.pool)
                    .await?
            }
        };
        Ok(done.rows_affected())
    }
}

/// The columns [`stored`] reads, in its order.
pub(super) const TABLE_COLUMNS: &str =
    "no, format, state, board_channel, board_message, board_token, board_token_at, board_stamp";

/// Writes a table's row (new or changed); `false` when the row was not
/// written because the stored one moved on. With `expected`, the row must
/// still have that stamp: a stamp compare, not `<`, because some changes
/// keep the stamp (what the board shows of ratings, the idle time), and of
/// two processes that both moved a table from the same stamp only the
/// first may write. Without it, a newer stored stamp is never overwritten.
/// When [`write_table`] writes a table's row.
#[derive(Debug, Clone, Copy)]
pub(super) enum Guard {
    /// Only if there is none yet (a new table: the first process wins).
    New,
    /// Over a row that still has this stamp.
    Stamp(u64),
    /// Over a row that is not newer.
    NotOlder,
}

/// Writes `table`'s row as `guard` allows; says whether it did.
pub(super) async fn write_table<'c, E>(
    executor: E,
    table: &Table,
    guard: Guard,
    now: u64,
) -> Result<bool>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    let state = serde_json::to_string(table)?;
    let conflict = match guard {
        Guard::New => "DO NOTHING",
        Guard::Stamp(_) | Guard::NotOlder => {
            "DO UPDATE SET running = excluded.running, stamp = excluded.stamp, \
             state = excluded.state, deadline = excluded.deadline, \
             updated_at = excluded.updated_at, format = excluded.format, broken = NULL"
        }
    };
    let only = match guard {
        Guard::New => "",
        Guard::Stamp(_) => " WHERE tables.stamp = $10",
        Guard::NotOlder => " WHERE tables.stamp <= excluded.stamp",
    };
    let sql = format!(
        "INSERT INTO tables (no, guild, channel, running, stamp, state, deadline, updated_at, \
         format) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (no) {conflict}{only}"
    );
    let query = sqlx::query(&sql)
        .bind(to_i64(table.no()))
        .bind(to_i64(table.guild()))
        .bind(to_i64(table.channel()))
        .bind(i64::from(table.is_running()))
        .bind(to_i64(table.stamp()))
        .bind(state)
        .bind(table.next_deadline(DEFAULT_IDLE_MS).map(to_i64))
        .bind(to_i64(now))
        .bind(TABLE_FORMAT);
    let query = match guard {
        Guard::Stamp(stamp) => query.bind(to_i64(stamp)),
        Guard::New | Guard::NotOlder => query,
    };
    Ok(query.execute(executor).await?.rows_affected() == 1)
}

/// Reads a row selected with [`TABLE_COLUMNS`] (format 1, the only one
/// so far).
pub(super) fn stored(row: &AnyRow) -> Result<Stored> {
    let state: String = row.try_get(2)?;
    // Deserializing checks the table (`table::Invalid` says what is wrong).
    let table: Table = serde_json::from_str(&state)?;
    let channel: Option<i64> = row.try_get(3)?;
    let message: Option<i64> = row.try_get(4)?;
    let token: Option<String> = row.try_get(5)?;
    let token_at: Option<i64> = row.try_get(6)?;
    let shown: Option<i64> = row.try_get(7)?;
    let board = channel.map(|channel| BoardLink {
        channel: to_u64(channel),
        message: message.map(to_u64),
        token,
        token_at: token_at.map(to_u64).unwrap_or(0),
        shown: shown.map(to_u64).unwrap_or(0),
    });
    Ok(Stored { table, board })
}

/// The writer's answer; a writer that stopped before answering (its
/// runtime shutting down) is a failed write.
async fn answered<T>(answer: tokio::sync::oneshot::Receiver<Result<T>>) -> Result<T> {
    answer
        .await
        .unwrap_or_else(|_| Err(StoreError::Failed("the store's writer stopped".into())))
}
