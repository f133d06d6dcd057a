//! Persistence of tables and finished matches, on `sqlx`: a SQLite file by
//! default (created on first run), PostgreSQL when `DATABASE_URL` says so.
//!
//! The same queries run on both (sqlx's `Any` driver, `$n` placeholders);
//! only the migrations differ (`migrations/sqlite`, `migrations/postgres`).
//! Every write of a table is one transaction: a crash leaves the old row or
//! the new one, never half of each.

mod forget;
mod ratings;
mod stats;
mod tournaments;

pub use forget::Forgotten;
pub use ratings::{LeaderLine, Leaderboard, RatingRow};
pub use stats::{reference_stats, GameStats, Stats, Tally};

use crate::cpu::review::Judged;
use crate::cpu::Level;
use crate::rating::Rated;
use crate::table::{MatchRecord, Table, UserId, DEFAULT_IDLE_MS};
use sqlx::any::{AnyConnectOptions, AnyPoolOptions, AnyRow};
use sqlx::migrate::Migrator;
use sqlx::{AnyPool, Row};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("./migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("./migrations/postgres");

/// Which database the store talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A storage failure: the action that needed it is not carried out.
#[derive(Debug)]
pub enum StoreError {
    /// The database or the data failed.
    Failed(String),
    /// Table `no`'s row has a newer stamp than the change was made from:
    /// another process wrote it first, and this write did not happen.
    Stale { no: u64 },
    /// Table `no`'s row cannot be read back (kept, marked broken).
    Broken { no: u64, reason: String },
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Failed(e) => f.write_str(e),
            StoreError::Stale { no } => write!(f, "table {no} was written by another process"),
            StoreError::Broken { no, reason } => write!(f, "table {no} cannot be read: {reason}"),
        }
    }
}

impl std::error::Error for StoreError {}

impl StoreError {
    /// The database was busy (a lock held by another connection, no free
    /// connection in time): the same write may succeed if tried again.
    pub fn is_busy(&self) -> bool {
        matches!(self, StoreError::Failed(e) if e.starts_with(BUSY))
    }
}

const BUSY: &str = "database busy: ";

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> Self {
        let busy = match &e {
            sqlx::Error::PoolTimedOut => true,
            // SQLite: BUSY and LOCKED with their extended codes;
            // PostgreSQL: serialization failure, deadlock, lock not available.
            sqlx::Error::Database(db) => {
                matches!(
                    db.code().as_deref(),
                    Some("5" | "6" | "261" | "262" | "517" | "773" | "40001" | "40P01" | "55P03")
                ) || db.message().contains("database is locked")
            }
            _ => false,
        };
        if busy {
            StoreError::Failed(format!("{BUSY}{e}"))
        } else {
            StoreError::Failed(format!("database: {e}"))
        }
    }
}

impl From<sqlx::migrate::MigrateError> for StoreError {
    fn from(e: sqlx::migrate::MigrateError) -> Self {
        StoreError::Failed(format!("database migration: {e}"))
    }
}

impl From<serde_json::Error> for StoreError {
    fn from(e: serde_json::Error) -> Self {
        StoreError::Failed(format!("stored data: {e}"))
    }
}

pub type Result<T> = std::result::Result<T, StoreError>;

/// Where a table's board message is, and the interaction token that may
/// edit it (Discord accepts a token for 15 minutes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardLink {
    pub channel: u64,
    pub message: Option<u64>,
    pub token: Option<String>,
    /// When the token was issued, in milliseconds since the epoch.
    pub token_at: u64,
    /// The table stamp the message shows: behind the table's own stamp
    /// when the bot stopped between storing a change and showing it.
    pub shown: u64,
}

/// A stored table row that could not be read back, kept for the operator.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BrokenTable {
    pub no: u64,
    pub guild: u64,
    pub channel: u64,
    pub reason: String,
}

/// The format of the table JSON this version writes (the `format` column;
/// rows from before it have 1). A change to the JSON bumps it, and
/// [`stored`] learns to read the older formats.
pub const TABLE_FORMAT: i64 = 1;

/// A table as stored, with where its board is.
#[derive(Debug, Clone)]
pub struct Stored {
    pub table: Table,
    pub board: Option<BoardLink>,
}

/// One accepted change, written in one transaction by
/// [`Store::save_change`].
#[derive(Debug, Clone)]
pub struct Change<'a> {
    /// The table as the change left it.
    pub table: Table,
    /// The stamp of the table the change was made from: the write happens
    /// only while the stored row still has it (another process that wrote
    /// first wins). `None`: only never overwrite a newer stamp.
    pub expected: Option<u64>,
    /// The record of the match that just ended.
    pub finished: Option<&'a MatchRecord>,
    /// A daily puzzle just solved.
    pub solve: Option<Solve>,
    /// New defaults for the table's channel, with its server.
    pub settings: Option<(u64, ChannelSettings)>,
}

/// A person's solve of a day's puzzle in a server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solve {
    pub guild: u64,
    /// Days since 1970-01-01 (UTC).
    pub day: u64,
    /// The game's command name.
    pub game: String,
    pub user: UserId,
}

/// What a change's transaction found: the ratings it changed, and the
/// day's solvers in the server when it recorded a solve.
#[derive(Debug, Default)]
pub struct Settled {
    pub rated: Vec<Rated>,
    pub solvers: Option<u32>,
}

/// A day's puzzle as kept: the moves to its position, the move that
/// solves it, and its goal (see [`crate::cpu::puzzle::Spec`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DailyPuzzle {
    pub start: Vec<u16>,
    pub solution: u16,
    pub goal: i32,
}

/// The tables and match history.
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
}

impl fmt::Debug for Store {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Store")
            .field("backend", &self.backend)
            .finish()
    }
}

fn to_i64(n: u64) -> i64 {
    n as i64
}

fn to_u64(n: i64) -> u64 {
    n as u64
}

/// A channel's defaults for new tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChannelSettings {
    /// Seconds per move; `None`: no turn timer.
    pub timer: Option<u32>,
    /// The starter rotates after each match.
    pub rotate: bool,
    /// The CPU level when a command names none.
    pub level: Level,
    /// Ranked matches may be played here.
    pub ranked: bool,
}

impl Default for ChannelSettings {
    fn default() -> Self {
        ChannelSettings {
            timer: None,
            rotate: true,
            level: Level::default(),
            ranked: true,
        }
    }
}

/// The folder a SQLite URL's file lives in, to create it on first run.
fn sqlite_folder(url: &str) -> Option<std::path::PathBuf> {
    let rest = url
        .strip_prefix("sqlite://")
        .or(url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next()?;
    if path.is_empty() || path == ":memory:" {
        return None;
    }
    std::path::Path::new(path)
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map(|p| p.to_path_buf())
}

impl Store {
    /// Opens (and on first run creates) the database at `url` and brings its
    /// schema up to date.
    pub async fn open(url: &str) -> Result<Store> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Backend::Postgres
        } else {
            return Err(StoreError::Failed(format!(
                "DATABASE_URL must start with sqlite:// or postgres://, not {:?}",
                url.split(':').next().unwrap_or("")
            )));
        };
        let mut url = url.to_owned();
        if backend == Backend::Sqlite {
            if let Some(folder) = sqlite_folder(&url) {
                std::fs::create_dir_all(&folder).map_err(|e| {
                    StoreError::Failed(format!(
                        "cannot create the folder {}: {e}",
                        folder.display()
                    ))
                })?;
            }
            if !url.contains("mode=") {
                url.push(if url.contains('?') { '&' } else { '?' });
                url.push_str("mode=rwc");
            }
        }
        let options = AnyConnectOptions::from_str(&url)?;
        let pool = AnyPoolOptions::new()
            .max_connections(if backend == Backend::Sqlite { 4 } else { 8 })
            .acquire_timeout(Duration::from_secs(10))
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        // WAL: readers never wait for the writer; a commit
                        // is one append. busy_timeout: a second writer waits
                        // instead of failing. synchronous FULL: a commit is
                        // on disk before the bot tells anyone.
                        sqlx::query("PRAGMA journal_mode = WAL")
                            .execute(&mut *conn)
                            .await?;
                        sqlx::query("PRAGMA busy_timeout = 5000")
                            .execute(&mut *conn)
                            .await?;
                        sqlx::query("PRAGMA synchronous = FULL")
                            .execute(&mut *conn)
                            .await?;
                        // A page cache of 512 KiB per connection instead
                        // of SQLite's 2 MiB: a table's rows are a few
                        // pages, read back only at start-up, and the
                        // operating system caches the file anyway
                        // (BENCHMARKS.md, memory per table).
                        sqlx::query("PRAGMA cache_size = -512")
                            .execute(&mut *conn)
                            .await?;
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await?;
        let migrator = match backend {
            Backend::Sqlite => &SQLITE_MIGRATIONS,
            Backend::Postgres => &POSTGRES_MIGRATIONS,
        };
        // Several processes may start on one database at once: a process
        // that loses the race to apply a migration finds it applied when it
        // tries again (each migration is one transaction).
        let mut attempt = 0;
        loop {
            match migrator.run(&pool).await {
                Ok(()) => break,
                Err(e) if attempt < 10 => {
                    attempt += 1;
                    tracing::info!("database migration raced another process ({e}); trying again");
                    tokio::time::sleep(Duration::from_millis(100 * attempt)).await;
                }
                Err(e) => return Err(e.into()),
            }
        }
        let store = Store { pool, backend };
        let written = stats::backfill_results(&store).await?;
        if written > 0 {
            tracing::info!("wrote the /stats lines of {written} matches recorded before them");
        }
        Ok(store)
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

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
    pub async fn save_change<F>(
        &self,
        change: Change<'_>,
        now: u64,
        show: F,
    ) -> Result<(Table, Settled)>
    where
        F: FnOnce(&mut Table, &Settled) + Send,
    {
        let mut tx = self.pool.begin().await?;
        let mut settled = Settled::default();
        if let Some(record) = change.finished {
            if insert_match(&mut tx, record).await? && record.ranked {
                settled.rated = ratings::rate_match(&mut tx, self.backend, record, now).await?;
            }
        }
        if let Some(solve) = &change.solve {
            settled.solvers = Some(insert_solve(&mut tx, solve, now).await?);
        }
        if let Some((guild, settings)) = &change.settings {
            upsert_settings(&mut tx, *guild, change.table.channel(), settings, now).await?;
        }
        let mut table = change.table;
        show(&mut table, &settled);
        let guard = change.expected.map_or(Guard::NotOlder, Guard::Stamp);
        if !write_table(&mut *tx, &table, guard, now).await? {
            tx.rollback().await?;
            return Err(StoreError::Stale { no: table.no() });
        }
        tx.commit().await?;
        Ok((table, settled))
    }

    /// Records where table `no`'s board message is now.
    pub async fn save_board(&self, no: u64, link: &BoardLink) -> Result<()> {
        sqlx::query(
            "UPDATE tables SET board_channel = $1, board_message = $2, board_token = $3, \
             board_token_at = $4, board_stamp = $5 WHERE no = $6",
        )
        .bind(to_i64(link.channel))
        .bind(link.message.map(to_i64))
        .bind(link.token.clone())
        .bind(to_i64(link.token_at))
        .bind(to_i64(link.shown))
        .bind(to_i64(no))
        .execute(&self.pool)
        .await?;
        Ok(())
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
    async fn readable(&self, row: &AnyRow) -> Result<Option<Stored>> {
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
    async fn mark_broken(&self, no: u64, reason: &str) -> Result<()> {
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

    /// Records that `user` solved the day's puzzle of `game` in `guild`
    /// (once: solving it again changes nothing) and returns how many
    /// people there solved it.
    pub async fn record_puzzle_solve(
        &self,
        guild: u64,
        day: u64,
        game: &str,
        user: UserId,
        now: u64,
    ) -> Result<u32> {
        let solve = Solve {
            guild,
            day,
            game: game.to_owned(),
            user,
        };
        let mut tx = self.pool.begin().await?;
        let solvers = insert_solve(&mut tx, &solve, now).await?;
        tx.commit().await?;
        Ok(solvers)
    }

    /// The day's puzzle of `game` (its game and board: `connect4`,
    /// `dots-5x4`), when it was found
    /// before.
    pub async fn daily_puzzle(&self, game: &str, day: u64) -> Result<Option<DailyPuzzle>> {
        let row = sqlx::query(
            "SELECT start, solution, goal FROM daily_puzzles WHERE game = $1 AND day = $2",
        )
        .bind(game.to_owned())
        .bind(to_i64(day))
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let start: String = row.try_get(0)?;
        Ok(Some(DailyPuzzle {
            start: serde_json::from_str(&start)?,
            solution: u16::try_from(row.try_get::<i64, _>(1)?)
                .map_err(|_| StoreError::Failed("stored puzzle: a move out of range".into()))?,
            goal: i32::try_from(row.try_get::<i64, _>(2)?)
                .map_err(|_| StoreError::Failed("stored puzzle: a goal out of range".into()))?,
        }))
    }

    /// Keeps the day's puzzle of `game` (the first one stored stays).
    pub async fn save_daily_puzzle(
        &self,
        game: &str,
        day: u64,
        puzzle: &DailyPuzzle,
    ) -> Result<()> {
        sqlx::query(
            "INSERT INTO daily_puzzles (game, day, start, solution, goal) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (game, day) DO NOTHING",
        )
        .bind(game.to_owned())
        .bind(to_i64(day))
        .bind(serde_json::to_string(&puzzle.start)?)
        .bind(i64::from(puzzle.solution))
        .bind(i64::from(puzzle.goal))
        .execute(&self.pool)
        .await?;
        Ok(())
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

    /// How many people in `guild` solved the day's puzzle of `game`.
    pub async fn puzzle_solvers(&self, guild: u64, day: u64, game: &str) -> Result<u32> {
        let row = sqlx::query(
            "SELECT COUNT(*) FROM puzzle_solves WHERE guild = $1 AND day = $2 AND game = $3",
        )
        .bind(to_i64(guild))
        .bind(to_i64(day))
        .bind(game.to_owned())
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get::<i64, _>(0)? as u32)
    }

    /// The defaults of `channel` (the built-in ones until `/settings`
    /// changes them).
    pub async fn channel_settings(&self, channel: u64) -> Result<ChannelSettings> {
        let row = sqlx::query(
            "SELECT timer, rotate, level, ranked FROM channel_settings WHERE channel = $1",
        )
        .bind(to_i64(channel))
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else {
            return Ok(ChannelSettings::default());
        };
        let level: String = row.get(2);
        Ok(ChannelSettings {
            timer: row
                .get::<Option<i64>, _>(0)
                .and_then(|t| u32::try_from(t).ok()),
            rotate: row.get::<i64, _>(1) != 0,
            level: Level::parse(&level).unwrap_or_default(),
            ranked: row.get::<i64, _>(3) != 0,
        })
    }

    /// Stores the defaults of `channel`.
    pub async fn save_channel_settings(
        &self,
        guild: u64,
        channel: u64,
        settings: &ChannelSettings,
        now: u64,
    ) -> Result<()> {
        let mut tx = self.pool.begin().await?;
        upsert_settings(&mut tx, guild, channel, settings, now).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Checks that the database answers.
    pub async fn ping(&self) -> Result<()> {
        sqlx::query("SELECT 1").fetch_one(&self.pool).await?;
        Ok(())
    }

    /// Closes the connections (waits for writes in flight).
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// The columns [`match_record`] reads, in its order.
const MATCH_COLUMNS: &str = "table_no, match_no, guild, channel, game, size, seats, moves, \
                             result, winner, ended_by, started_at, ended_at, ranked";

type Tx<'c> = sqlx::Transaction<'c, sqlx::Any>;

/// The columns [`stored`] reads, in its order.
const TABLE_COLUMNS: &str =
    "no, format, state, board_channel, board_message, board_token, board_token_at, board_stamp";

/// Writes a table's row (new or changed); `false` when the row was not
/// written because the stored one moved on. With `expected`, the row must
/// still have that stamp: a stamp compare, not `<`, because some changes
/// keep the stamp (what the board shows of ratings, the idle time), and of
/// two processes that both moved a table from the same stamp only the
/// first may write. Without it, a newer stored stamp is never overwritten.
/// When [`write_table`] writes a table's row.
#[derive(Debug, Clone, Copy)]
enum Guard {
    /// Only if there is none yet (a new table: the first process wins).
    New,
    /// Over a row that still has this stamp.
    Stamp(u64),
    /// Over a row that is not newer.
    NotOlder,
}

/// Writes `table`'s row as `guard` allows; says whether it did.
async fn write_table<'c, E>(executor: E, table: &Table, guard: Guard, now: u64) -> Result<bool>
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

/// Records a puzzle solve (once a person a day) and counts the day's
/// solvers in its server.
async fn insert_solve(tx: &mut Tx<'_>, solve: &Solve, now: u64) -> Result<u32> {
    sqlx::query(
        "INSERT INTO puzzle_solves (guild, day, game, user_id, solved_at) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (guild, day, game, user_id) DO NOTHING",
    )
    .bind(to_i64(solve.guild))
    .bind(to_i64(solve.day))
    .bind(solve.game.clone())
    .bind(to_i64(solve.user))
    .bind(to_i64(now))
    .execute(&mut **tx)
    .await?;
    let row = sqlx::query(
        "SELECT COUNT(*) FROM puzzle_solves WHERE guild = $1 AND day = $2 AND game = $3",
    )
    .bind(to_i64(solve.guild))
    .bind(to_i64(solve.day))
    .bind(solve.game.clone())
    .fetch_one(&mut **tx)
    .await?;
    Ok(row.try_get::<i64, _>(0)? as u32)
}

/// Writes a channel's defaults.
async fn upsert_settings(
    tx: &mut Tx<'_>,
    guild: u64,
    channel: u64,
    settings: &ChannelSettings,
    now: u64,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO channel_settings (channel, guild, timer, rotate, level, ranked, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) \
         ON CONFLICT (channel) DO UPDATE SET timer = excluded.timer, \
         rotate = excluded.rotate, level = excluded.level, ranked = excluded.ranked, \
         updated_at = excluded.updated_at",
    )
    .bind(to_i64(channel))
    .bind(to_i64(guild))
    .bind(settings.timer.map(i64::from))
    .bind(i64::from(settings.rotate))
    .bind(settings.level.name().to_owned())
    .bind(i64::from(settings.ranked))
    .bind(to_i64(now))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Inserts a finished match and its lines in `match_results`; `false`
/// when it was already recorded.
async fn insert_match(tx: &mut Tx<'_>, m: &MatchRecord) -> Result<bool> {
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

/// Reads a row selected with [`TABLE_COLUMNS`] (format 1, the only one
/// so far).
fn stored(row: &AnyRow) -> Result<Stored> {
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

/// A match row selected with its `id` after [`MATCH_COLUMNS`].
pub(super) fn numbered_match(row: &AnyRow) -> Result<(u64, MatchRecord)> {
    Ok((to_u64(row.try_get(14)?), match_record(row)?))
}

fn match_record(row: &AnyRow) -> Result<MatchRecord> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sqlite_folder_is_found() {
        assert_eq!(
            sqlite_folder("sqlite://data/boardbot.db"),
            Some("data".into())
        );
        assert_eq!(sqlite_folder("sqlite://bot.db?mode=rwc"), None);
        assert_eq!(sqlite_folder("sqlite::memory:"), None);
        assert_eq!(sqlite_folder("sqlite:///tmp/x/y.db"), Some("/tmp/x".into()));
    }
}
