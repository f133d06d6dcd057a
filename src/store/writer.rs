//! Group commit: the changes of many tables written in one transaction and
//! one flush to disk.
//!
//! Every accepted change ([`Store::save_change`]) and every board link
//! ([`Store::board_write`]) goes to one writer task. It takes what is
//! waiting, at most [`MOST`] at a time, and writes each in a savepoint of
//! one transaction: a change whose write fails (a stale stamp, a broken
//! row) is rolled back alone and answered with its error, the others go on.
//! After the one commit each caller is answered: nobody is told of a change
//! before it is durable.
//!
//! There is no batching window. A lone change is written at once; changes
//! that arrive while a commit is being flushed wait for it and go together
//! in the next one. So the busier the store, the bigger the batches, and an
//! idle bot's click waits for nothing but its own commit (SQLite's
//! `synchronous = FULL` flush is most of a commit's time).
//!
//! When the writer cannot be reached (its runtime is gone), a caller writes
//! on its own, in its own transaction, as before group commit.

use super::tables::{write_table, Guard};
use super::*;
use sqlx::Connection;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot};

/// The most writes one transaction takes: a batch's first caller waits for
/// all of them, so a burst is cut into commits of this size.
pub(super) const MOST: usize = 128;

/// Fills a table with what its board shows of the ratings and solves the
/// change's own transaction settled.
pub type Show = fn(&mut Table, &Settled);

/// A change with what it needs, owned, to cross to the writer.
pub(super) struct OwnedChange {
    pub table: Table,
    pub expected: Option<u64>,
    pub finished: Option<MatchRecord>,
    pub solve: Option<Solve>,
    pub settings: Option<(u64, ChannelSettings)>,
    pub now: u64,
    pub show: Show,
}

impl OwnedChange {
    pub fn of(change: Change<'_>, now: u64, show: Show) -> Self {
        OwnedChange {
            table: change.table,
            expected: change.expected,
            finished: change.finished.cloned(),
            solve: change.solve,
            settings: change.settings,
            now,
            show,
        }
    }
}

/// One write waiting for the writer, and who waits for its answer.
enum Job {
    Change(Box<OwnedChange>, oneshot::Sender<Result<(Table, Settled)>>),
    Board(u64, BoardLink, oneshot::Sender<Result<()>>),
}

impl Job {
    /// Answers the job's caller with `error`: nothing of it was written.
    fn fail(self, error: StoreError) {
        match self {
            Job::Change(_, reply) => drop(reply.send(Err(error))),
            Job::Board(_, _, reply) => drop(reply.send(Err(error))),
        }
    }
}

/// The way to the writer task.
#[derive(Clone)]
pub(super) struct Writer {
    jobs: mpsc::UnboundedSender<Job>,
    counts: Arc<Counts>,
}

/// What the writer did: transactions committed (or tried) and the writes
/// they held.
#[derive(Default)]
struct Counts {
    batches: AtomicU64,
    writes: AtomicU64,
}

impl Writer {
    /// Starts the writer on the current tokio runtime; `None` outside one.
    pub fn start(pool: AnyPool, backend: Backend) -> Option<Writer> {
        let runtime = tokio::runtime::Handle::try_current().ok()?;
        let (jobs, waiting) = mpsc::unbounded_channel();
        let counts = Arc::new(Counts::default());
        runtime.spawn(write_batches(pool, backend, waiting, counts.clone()));
        Some(Writer { jobs, counts })
    }

    /// Transactions so far, and the writes they held.
    pub fn counts(&self) -> (u64, u64) {
        (
            self.counts.batches.load(Ordering::Relaxed),
            self.counts.writes.load(Ordering::Relaxed),
        )
    }

    /// Queues a change; gives it back when the writer is gone.
    pub fn change(
        &self,
        change: Box<OwnedChange>,
    ) -> std::result::Result<oneshot::Receiver<Result<(Table, Settled)>>, Box<OwnedChange>> {
        let (reply, answer) = oneshot::channel();
        match self.jobs.send(Job::Change(change, reply)) {
            Ok(()) => Ok(answer),
            Err(mpsc::error::SendError(Job::Change(change, _))) => Err(change),
            Err(mpsc::error::SendError(Job::Board(..))) => unreachable!("a change was sent"),
        }
    }

    /// Queues a board link; gives it back when the writer is gone.
    pub fn board(
        &self,
        no: u64,
        link: BoardLink,
    ) -> std::result::Result<oneshot::Receiver<Result<()>>, BoardLink> {
        let (reply, answer) = oneshot::channel();
        match self.jobs.send(Job::Board(no, link, reply)) {
            Ok(()) => Ok(answer),
            Err(mpsc::error::SendError(Job::Board(_, link, _))) => Err(link),
            Err(mpsc::error::SendError(Job::Change(..))) => unreachable!("a link was sent"),
        }
    }
}

/// The writer: a batch at a time, until every [`Writer`] is dropped.
async fn write_batches(
    pool: AnyPool,
    backend: Backend,
    mut waiting: mpsc::UnboundedReceiver<Job>,
    counts: Arc<Counts>,
) {
    let mut batch = Vec::with_capacity(MOST);
    while waiting.recv_many(&mut batch, MOST).await > 0 {
        crate::metrics::metrics().commit_batch(batch.len());
        counts.batches.fetch_add(1, Ordering::Relaxed);
        counts
            .writes
            .fetch_add(batch.len() as u64, Ordering::Relaxed);
        write_batch(&pool, backend, std::mem::take(&mut batch)).await;
    }
}

/// A job's answer, held until the batch is committed (a batch's worth at
/// most, so the tables are not boxed).
#[allow(clippy::large_enum_variant)]
enum Done {
    Change(
        Result<(Table, Settled)>,
        oneshot::Sender<Result<(Table, Settled)>>,
    ),
    Board(Result<()>, oneshot::Sender<Result<()>>),
}

impl Done {
    fn ok(&self) -> bool {
        match self {
            Done::Change(result, _) => result.is_ok(),
            Done::Board(result, _) => result.is_ok(),
        }
    }

    /// Answers the caller; a write that succeeded in a transaction that
    /// then `failed` gets the transaction's failure.
    fn answer(self, failed: Option<&sqlx::Error>) {
        match (self, failed) {
            (Done::Change(Ok(_), reply), Some(e)) => {
                drop(reply.send(Err(StoreError::from_sqlx(e))))
            }
            (Done::Change(result, reply), _) => drop(reply.send(result)),
            (Done::Board(Ok(_), reply), Some(e)) => drop(reply.send(Err(StoreError::from_sqlx(e)))),
            (Done::Board(result, reply), _) => drop(reply.send(result)),
        }
    }
}

/// Writes `batch` in one transaction, each job in a savepoint, and answers
/// every job once the transaction is committed (or has failed).
async fn write_batch(pool: &AnyPool, backend: Backend, batch: Vec<Job>) {
    let mut tx = match pool.begin().await {
        Ok(tx) => tx,
        Err(e) => {
            for job in batch {
                job.fail(StoreError::from_sqlx(&e));
            }
            return;
        }
    };
    let mut done = Vec::with_capacity(batch.len());
    let mut broken: Option<sqlx::Error> = None;
    for job in batch {
        if let Some(e) = &broken {
            // The transaction itself failed: the rest is not tried here
            // (each caller tries again or refuses, as for a failed write).
            job.fail(StoreError::from_sqlx(e));
            continue;
        }
        let mut point = match Connection::begin(&mut *tx).await {
            Ok(point) => point,
            Err(e) => {
                job.fail(StoreError::from_sqlx(&e));
                broken = Some(e);
                continue;
            }
        };
        let answer = match job {
            Job::Change(change, reply) => {
                Done::Change(write_change(&mut point, backend, *change).await, reply)
            }
            Job::Board(no, link, reply) => {
                Done::Board(write_board(&mut *point, no, &link).await, reply)
            }
        };
        let closed = if answer.ok() {
            point.commit().await
        } else {
            point.rollback().await
        };
        if let Err(e) = closed {
            // The savepoint could not be closed: the transaction is lost,
            // and this write with it.
            answer.answer(Some(&e));
            broken = Some(e);
            continue;
        }
        done.push(answer);
    }
    let commit = match broken {
        Some(e) => {
            let _ = tx.rollback().await;
            Err(e)
        }
        None => tx.commit().await,
    };
    for answer in done {
        answer.answer(commit.as_ref().err());
    }
}

/// One change's statements, in the transaction (or savepoint) `tx`: the
/// match that just ended with its ratings, a puzzle solve, the channel's
/// defaults, and last the table itself; [`StoreError::Stale`] when the
/// stored row moved on (the caller rolls back what was written).
pub(super) async fn write_change(
    tx: &mut Tx<'_>,
    backend: Backend,
    change: OwnedChange,
) -> Result<(Table, Settled)> {
    let now = change.now;
    let mut settled = Settled::default();
    if let Some(record) = &change.finished {
        if insert_match(tx, record).await? && record.ranked {
            settled.rated = ratings::rate_match(tx, backend, record, now).await?;
        }
    }
    if let Some(solve) = &change.solve {
        settled.solvers = Some(insert_solve(tx, solve, now).await?);
    }
    if let Some((guild, settings)) = &change.settings {
        upsert_settings(tx, *guild, change.table.channel(), settings, now).await?;
    }
    let mut table = change.table;
    (change.show)(&mut table, &settled);
    let guard = change.expected.map_or(Guard::NotOlder, Guard::Stamp);
    if !write_table(&mut **tx, &table, guard, now).await? {
        return Err(StoreError::Stale { no: table.no() });
    }
    Ok((table, settled))
}

/// Where table `no`'s board message is now.
pub(super) async fn write_board<'c, E>(executor: E, no: u64, link: &BoardLink) -> Result<()>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
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
    .execute(executor)
    .await?;
    Ok(())
}
