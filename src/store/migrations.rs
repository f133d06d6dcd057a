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
    /// The checksums databases made by earlier builds (sqlx's `migrate!`)
    /// hold, each one's first eight bytes: a migration once released is
    /// never edited (a database that applied it would refuse to start),
    /// and these are what the embedding must give.
    #[test]
    fn released_migrations_keep_their_checksums() {
        let sqlite = [
            "b4b3a2cb31d57b60",
            "ba72429c9bb4941e",
            "96635fd316eb4270",
            "301f479e516896d1",
            "529aa2a70a6a8c7f",
            "368a43aa28b6b6eb",
            "631beaa39b16296e",
            "d64cd294b835d909",
            "dde010126cf8949e",
            "ad5d81d3e7fd836b",
        ];
        let postgres = [
            "0980ad59b84ef685",
            "1fc03d9a2329fd89",
            "081b7cf0e238652d",
            "82970cb5d02b1969",
            "dc3ffb86c7727fe0",
            "70471fa98ba5daea",
            "0d80c3527284c6f6",
            "d832c473d5c8ad76",
            "bb8a1f8f92656264",
            "572174529b9d909a",
        ];
        for (backend, released) in [(Backend::Sqlite, sqlite), (Backend::Postgres, postgres)] {
            for (migration, checksum) in for_backend(backend).iter().zip(released) {
                let start: String = migration.checksum[..8]
                    .iter()
                    .map(|b| format!("{b:02x}"))
                    .collect();
                assert_eq!(
                    start, checksum,
                    "{backend:?} migration {}",
                    migration.version
                );
            }
        }
    }
}
