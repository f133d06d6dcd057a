//! Figures of the table service and its store:
//! - store write time per move (median, p99) on SQLite, and on PostgreSQL
//!   when `BOARDBOT_TEST_POSTGRES` names a server;
//! - restart-to-ready: opening the store and restoring N running tables;
//! - the memory the search pool settles at after hard searches of every
//!   game (resident set, from /proc/self/status).
//!
//! `cargo bench --bench service [-- TABLES]` (default 1000 tables).

use boardbot::cpu::Level;
use boardbot::game::{AnyGame, Game, GameKind};
use boardbot::service::{Search, SearchPool, Service, SystemClock};
use boardbot::store::Store;
use boardbot::table::{Action, Opening, Table};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

fn opening(no: u64, channel: u64) -> Opening {
    Opening {
        no,
        guild: 1,
        channel,
        kind: GameKind::Connect4,
        host: 7,
        host_name: "host".into(),
        level: Level::Easy,
        invited: Vec::new(),
        self_play: true,
        host_seat: None,
        lang: boardbot::i18n::Lang::En,
        open: false,
        rules: boardbot::table::Rules::default(),
        ranked: false,
    }
}

async fn fresh(backend: &str) -> Option<String> {
    match backend {
        "sqlite" => {
            let dir = std::env::temp_dir().join("boardbot-bench");
            std::fs::create_dir_all(&dir).ok()?;
            let path = dir.join(format!("bench_{}.db", std::process::id()));
            for suffix in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
            }
            Some(format!("sqlite://{}", path.display()))
        }
        _ => {
            let server = std::env::var("BOARDBOT_TEST_POSTGRES").ok()?;
            use sqlx::Connection;
            let mut admin = sqlx::PgConnection::connect(&server).await.ok()?;
            let db = format!("bb_bench_{}", std::process::id());
            sqlx::query(&format!("DROP DATABASE IF EXISTS {db}"))
                .execute(&mut admin)
                .await
                .ok()?;
            sqlx::query(&format!("CREATE DATABASE {db}"))
                .execute(&mut admin)
                .await
                .ok()?;
            let base = &server[..server.rfind('/')?];
            Some(format!("{base}/{db}"))
        }
    }
}

/// Plays random self-play games, timing the store write of every move.
async fn write_times(url: &str) -> Vec<Duration> {
    let store = Store::open(url).await.expect("store");
    let mut rng = StdRng::seed_from_u64(3);
    let mut times = Vec::new();
    for game in 0..20u64 {
        let (mut table, _) = Table::open(opening(1_000 + game, 1_000 + game), 0, &mut rng).unwrap();
        store.save(&table, None, 0).await.unwrap();
        while table.is_running() {
            let moves = table.game().legal_moves();
            let mv = *moves.choose(&mut rng).unwrap();
            let effects = table
                .apply(
                    Action::Move {
                        user: 7,
                        mv,
                        stamp: None,
                    },
                    0,
                )
                .unwrap();
            let record = if effects.match_ended {
                table.match_record(0)
            } else {
                None
            };
            let start = Instant::now();
            store.save(&table, record.as_ref(), 0).await.unwrap();
            times.push(start.elapsed());
        }
    }
    store.close().await;
    times.sort();
    times
}

/// Stores `n` running tables, then times a new store and service restoring
/// them.
async fn restart_time(url: &str, n: u64) -> Duration {
    let store = Store::open(url).await.expect("store");
    let mut rng = StdRng::seed_from_u64(5);
    for i in 0..n {
        let (mut table, _) = Table::open(opening(100_000 + i, 100_000 + i), 0, &mut rng).unwrap();
        for _ in 0..10 {
            let mv = *table.game().legal_moves().choose(&mut rng).unwrap();
            if table
                .apply(
                    Action::Move {
                        user: 7,
                        mv,
                        stamp: None,
                    },
                    0,
                )
                .is_err()
                || !table.is_running()
            {
                break;
            }
        }
        store.save(&table, None, 0).await.unwrap();
    }
    store.close().await;
    let start = Instant::now();
    let store = Store::open(url).await.expect("store");
    let (service, _notices) = Service::new(
        store,
        Arc::new(SystemClock::new()),
        SearchPool::new(2),
        None,
    );
    let restored = service.restore().await.unwrap();
    let took = start.elapsed();
    assert!(restored as u64 <= n);
    service.store().close().await;
    took
}

fn resident_mib() -> (f64, f64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse::<f64>().ok())
            .unwrap_or(0.0)
            / 1024.0
    };
    (field("VmRSS:"), field("VmHWM:"))
}

async fn pool_memory() {
    let before = resident_mib();
    let pool = Arc::new(SearchPool::new(2));
    let mut rng = StdRng::seed_from_u64(9);
    for kind in [
        GameKind::Connect4,
        GameKind::Connect4ThreePlayer,
        GameKind::Connect4ThreeD,
        GameKind::DOTS_DEFAULT,
    ] {
        // A few positions a few moves in, searched by the hard level on both
        // workers at once.
        let mut waits = Vec::new();
        for _ in 0..4 {
            let mut game = AnyGame::new(kind).unwrap();
            for _ in 0..6 {
                let mv = *game.legal_moves().choose(&mut rng).unwrap();
                game.play(mv).unwrap();
            }
            let pool = pool.clone();
            waits.push(tokio::spawn(async move {
                pool.search(Search {
                    table: 1,
                    game,
                    level: Level::Hard,
                    time: Duration::from_millis(500),
                    cancel: Arc::default(),
                })
                .await
            }));
        }
        for w in waits {
            let _ = w.await;
        }
    }
    let after = resident_mib();
    println!(
        "memory: resident {:.0} MiB before the pool, {:.0} MiB after hard searches of every game on 2 workers (peak {:.0} MiB)",
        before.0, after.0, after.1
    );
}

fn main() {
    let tables: u64 = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .and_then(|a| a.parse().ok())
        .unwrap_or(1000);
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    runtime.block_on(async {
        for backend in ["sqlite", "postgres"] {
            let Some(url) = fresh(backend).await else {
                println!("{backend}: skipped (set BOARDBOT_TEST_POSTGRES to measure it)");
                continue;
            };
            let times = write_times(&url).await;
            println!(
                "{backend}: store write per move over {} moves: median {}, p99 {}, max {}",
                times.len(),
                ms(percentile(&times, 0.5)),
                ms(percentile(&times, 0.99)),
                ms(*times.last().unwrap())
            );
            let Some(url) = fresh(backend).await else {
                continue;
            };
            let took = restart_time(&url, tables).await;
            println!(
                "{backend}: restart to ready with {tables} running tables: {}",
                ms(took)
            );
        }
        pool_memory().await;
    });
}
