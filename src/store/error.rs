//! Why a store call failed: typed, so a caller tells a busy database (try
//! again) from a stale stamp, a broken row or a failure.

use super::*;

/// A storage failure: the action that needed it is not carried out.
#[derive(Debug)]
pub enum StoreError {
    /// The database was busy (a lock held by another connection, no free
    /// connection in time): the same write may succeed if tried again.
    Busy(String),
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
            StoreError::Busy(e) => write!(f, "database busy: {e}"),
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
        matches!(self, StoreError::Busy(_))
    }
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> Self {
        StoreError::from_sqlx(&e)
    }
}

impl StoreError {
    /// Busy or failed, as `e` says (by reference: one failed commit answers
    /// every write of its batch).
    pub(super) fn from_sqlx(e: &sqlx::Error) -> Self {
        let busy = match e {
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
            StoreError::Busy(e.to_string())
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
