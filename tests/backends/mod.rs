//! Fresh databases for the tests (the only place that makes them): a new
//! SQLite file always, and a new PostgreSQL database when
//! `BOARDBOT_TEST_POSTGRES` holds a server URL whose user may create
//! databases (for example
//! `postgres://boardbot:boardbot@127.0.0.1:5432/postgres`).
#![allow(dead_code)]

use std::sync::atomic::{AtomicU32, Ordering};

/// The variable naming the PostgreSQL server for tests.
pub const POSTGRES_VAR: &str = "BOARDBOT_TEST_POSTGRES";

static COUNTER: AtomicU32 = AtomicU32::new(0);

fn unique(name: &str) -> String {
    let clean: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .take(40)
        .collect();
    format!(
        "bb_{clean}_{}_{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    )
}

/// The URL of a new SQLite database file named after `name`.
pub fn fresh_sqlite(name: &str) -> String {
    let dir = std::env::temp_dir().join("boardbot-tests");
    std::fs::create_dir_all(&dir).expect("temp folder");
    let path = dir.join(format!("{}.db", unique(name)));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    format!("sqlite://{}", path.display())
}

/// A URL of a new, empty database of `backend` (`sqlite` or `postgres`),
/// or `None` when that backend is not available here.
pub async fn fresh_database(backend: &str, name: &str) -> Option<String> {
    match backend {
        "sqlite" => Some(fresh_sqlite(name)),
        "postgres" => {
            let db = unique(name);
            let server = std::env::var(POSTGRES_VAR).ok().filter(|v| !v.is_empty())?;
            use sqlx::Connection;
            let mut admin = sqlx::PgConnection::connect(&server)
                .await
                .unwrap_or_else(|e| panic!("{POSTGRES_VAR} is set but the server refused: {e}"));
            sqlx::query(&format!("DROP DATABASE IF EXISTS {db}"))
                .execute(&mut admin)
                .await
                .expect("drop the test database");
            sqlx::query(&format!("CREATE DATABASE {db}"))
                .execute(&mut admin)
                .await
                .expect("create the test database");
            let _ = admin.close().await;
            // Same server and credentials, the new database.
            let base = match server.rfind('/') {
                Some(i) if i > "postgres://".len() => &server[..i],
                _ => server.as_str(),
            };
            let (base, query) = match server.split_once('?') {
                Some((_, q)) => (base.split('?').next().unwrap_or(base), format!("?{q}")),
                None => (base, String::new()),
            };
            Some(format!("{base}/{db}{query}"))
        }
        other => panic!("unknown backend {other}"),
    }
}

/// Fresh databases on every backend available here; says which are skipped.
pub async fn each_backend(name: &str) -> Vec<String> {
    let mut urls = vec![fresh_database("sqlite", name).await.expect("sqlite")];
    match fresh_database("postgres", name).await {
        Some(url) => urls.push(url),
        None => eprintln!(
            "{name}: PostgreSQL case skipped ({POSTGRES_VAR} is not set; .ci/run sets it)"
        ),
    }
    urls
}
