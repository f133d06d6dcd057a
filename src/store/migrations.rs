//! The schema's migrations, embedded in the binary: `migrations/sqlite`
//! and `migrations/postgres`, one file per version, the same names in both.
//!
//! Built here rather than by sqlx's `migrate!` macro, which would compile
//! sqlx's drivers (and SQLite's C source) a second time for the macro alone.
//! A migration's version, description and checksum (SHA-384 of the file's
//! bytes) are the ones the macro gave, so databases made by earlier builds
//! are recognised as up to date.

use super::Backend;
use sqlx::migrate::{Migration, MigrationType, Migrator};
use std::borrow::Cow;
use std::sync::LazyLock;

/// Each backend's files, in order; the names are the same in both folders
/// (a test checks that every file in them is listed here).
macro_rules! embed {
    ($($file:literal,)*) => {
        const FILES: &[&str] = &[$($file,)*];
        const SQLITE: &[&str] = &[$(include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"), "/migrations/sqlite/", $file
        )),)*];
        const POSTGRES: &[&str] = &[$(include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"), "/migrations/postgres/", $file
        )),)*];
    };
}

embed! {
    "0001_tables_and_matches.sql",
    "0002_ratings.sql",
    "0003_channel_settings.sql",
    "0004_puzzle_solves.sql",
    "0005_daily_puzzles.sql",
    "0006_match_reviews.sql",
    "0007_table_format_and_broken.sql",
    "0008_match_results.sql",
    "0009_tournaments.sql",
    "0010_live_links.sql",
}

static SQLITE_MIGRATIONS: LazyLock<Migrator> = LazyLock::new(|| migrator(SQLITE));
static POSTGRES_MIGRATIONS: LazyLock<Migrator> = LazyLock::new(|| migrator(POSTGRES));

/// The migrator of one backend.
pub(super) fn for_backend(backend: Backend) -> &'static Migrator {
    match backend {
        Backend::Sqlite => &SQLITE_MIGRATIONS,
        Backend::Postgres => &POSTGRES_MIGRATIONS,
    }
}

fn migrator(sources: &'static [&'static str]) -> Migrator {
    let migrations: Vec<Migration> = FILES
        .iter()
        .zip(sources)
        .map(|(file, sql)| {
            let (version, description) = named(file);
            Migration::new(
                version,
                Cow::Owned(description),
                MigrationType::Simple,
                Cow::Borrowed(*sql),
                false,
            )
        })
        .collect();
    Migrator {
        migrations: Cow::Owned(migrations),
        ignore_missing: false,
        locking: true,
        no_tx: false,
    }
}

/// `0003_channel_settings.sql` → (3, "channel settings"), as `migrate!`
/// names its migrations.
fn named(file: &str) -> (i64, String) {
    let stem = file.strip_suffix(".sql").unwrap_or(file);
    let (version, description) = stem.split_once('_').unwrap_or((stem, ""));
    let version = version
        .parse()
        .unwrap_or_else(|_| panic!("migration file {file} does not start with its version"));
    (version, description.replace('_', " "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> Vec<String> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("migrations")
            .join(name);
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().into_string().unwrap())
            .collect();
        files.sort();
        files
    }

    #[test]
    fn every_migration_file_is_embedded_in_order() {
        assert_eq!(folder("sqlite"), FILES);
        assert_eq!(folder("postgres"), FILES);
        for backend in [Backend::Sqlite, Backend::Postgres] {
            let versions: Vec<i64> = for_backend(backend).iter().map(|m| m.version).collect();
            let expected: Vec<i64> = (1..=FILES.len() as i64).collect();
            assert_eq!(versions, expected);
        }
    }

    #[test]
    fn versions_and_descriptions_are_read_from_the_names() {
        assert_eq!(
            named("0003_channel_settings.sql"),
            (3, "channel settings".to_string())
        );
        assert_eq!(named("0010_live_links.sql"), (10, "live links".to_string()));
        let first = for_backend(Backend::Postgres).iter().next().unwrap();
        assert_eq!(first.description, "tables and matches");
        assert_eq!(first.sql, POSTGRES[0]);
    }
}
