//! Persistence of tables and finished matches, on `sqlx`: a SQLite file by
//! default (created on first run), PostgreSQL when `DATABASE_URL` says so.
//!
//! The same queries run on both (sqlx's `Any` driver, `$n` placeholders);
//! only the migrations differ (`migrations/sqlite`, `migrations/postgres`).
//! Every write of a table is one transaction: a crash leaves the old row or
//! the new one, never half of each.

mod error;
mod forget;
mod matches;
mod migrations;
mod puzzles;
mod ratings;
mod stats;
mod tables;
mod tournaments;
mod writer;

pub use error::StoreError;
pub use forget::Forgotten;
pub use ratings::{LeaderLine, Leaderboard, RatingRow};
pub use stats::{reference_stats, GameStats, Stats, Tally};
pub use writer::Show;

use matches::{insert_match, numbered_match, MATCH_COLUMNS};
use puzzles::insert_solve;

use crate::cpu::review::Judged;
use crate::cpu::Level;
use crate::rating::Rated;
use crate::table::{MatchRecord, Table, UserId, DEFAULT_IDLE_MS};
use sqlx::any::{AnyConnectOptions, AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Row};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// Which database the store talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
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
    /// The group-commit writer of changes and board links; `None` outside
    /// a tokio runtime or when turned off ([`Store::without_group_commit`]).
    writer: Option<writer::Writer>,
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
    /// Boards link to their live web page (when the bot has one).
    pub live_links: bool,
}

impl Default for ChannelSettings {
    fn default() -> Self {
        ChannelSettings {
            timer: None,
            rotate: true,
            level: Level::default(),
            ranked: true,
            live_links: true,
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
        let migrator = migrations::for_backend(backend);
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
        let writer = writer::Writer::start(pool.clone(), backend);
        let store = Store {
            pool,
            backend,
            writer,
        };
        let written = stats::backfill_results(&store).await?;
        if written > 0 {
            tracing::info!("wrote the /stats lines of {written} matches recorded before them");
        }
        Ok(store)
    }

    /// This store without group commit: each change in a transaction of
    /// its own, as before it (to measure one against the other).
    pub fn without_group_commit(mut self) -> Store {
        self.writer = None;
        self
    }

    /// Group commits so far and the writes they held (`None` without
    /// group commit).
    pub fn group_commits(&self) -> Option<(u64, u64)> {
        self.writer.as_ref().map(writer::Writer::counts)
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The defaults of `channel` (the built-in ones until `/settings`
    /// changes them).
    pub async fn channel_settings(&self, channel: u64) -> Result<ChannelSettings> {
        let row = sqlx::query(
            "SELECT timer, rotate, level, ranked, live_links FROM channel_settings WHERE channel = $1",
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
            live_links: row.get::<i64, _>(4) != 0,
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

type Tx<'c> = sqlx::Transaction<'c, sqlx::Any>;

/// Writes a channel's defaults.
async fn upsert_settings(
    tx: &mut Tx<'_>,
    guild: u64,
    channel: u64,
    settings: &ChannelSettings,
    now: u64,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO channel_settings \
         (channel, guild, timer, rotate, level, ranked, updated_at, live_links) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
         ON CONFLICT (channel) DO UPDATE SET timer = excluded.timer, \
         rotate = excluded.rotate, level = excluded.level, ranked = excluded.ranked, \
         updated_at = excluded.updated_at, live_links = excluded.live_links",
    )
    .bind(to_i64(channel))
    .bind(to_i64(guild))
    .bind(settings.timer.map(i64::from))
    .bind(i64::from(settings.rotate))
    .bind(settings.level.name().to_owned())
    .bind(i64::from(settings.ranked))
    .bind(to_i64(now))
    .bind(i64::from(settings.live_links))
    .execute(&mut **tx)
    .await?;
    Ok(())
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
