//! The store and the table service against real databases: a SQLite file
//! always, and PostgreSQL when `BOARDBOT_TEST_POSTGRES` names a server
//! (`.ci/run` starts one). Without it the PostgreSQL cases are skipped, and
//! say so.

use crate::backends;
use backends::{each_backend, fresh_database};
use boardbot::cpu::Level;
use boardbot::game::{Game, GameKind};
use boardbot::service::{At, Clock, SearchPool, Service, ServiceError};
use boardbot::store::{BoardLink, Store};
use boardbot::table::{
    Action, Opening, Phase, Player, Refusal, Table, DEFAULT_IDLE_MS, INVITATION_MS,
};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

const HOST: u64 = 11;
pub(crate) const GUEST: u64 = 22;

/// A clock the test moves by hand.
#[derive(Default)]
pub(crate) struct HandClock(AtomicU64);

impl HandClock {
    pub(crate) fn at(ms: u64) -> Arc<HandClock> {
        Arc::new(HandClock(AtomicU64::new(ms)))
    }
    fn advance(&self, ms: u64) {
        self.0.fetch_add(ms, Ordering::Relaxed);
    }
}

impl Clock for HandClock {
    fn now(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
}

pub(crate) fn opening(
    no: u64,
    channel: u64,
    kind: GameKind,
    invited: Vec<(u64, String)>,
) -> Opening {
    Opening {
        no,
        guild: 1,
        channel,
        kind,
        host: HOST,
        host_name: "host".into(),
        level: Level::Easy,
        invited,
        self_play: false,
        host_seat: Some(0),
        lang: boardbot::i18n::Lang::En,
        open: false,
        rules: boardbot::table::Rules::default(),
        ranked: false,
    }
}

pub(crate) async fn service(store: Store, clock: Arc<HandClock>) -> Arc<Service> {
    let (service, _notices) = Service::new(store, clock, SearchPool::new(2), Some(7));
    // These tests open many tables for one host; fair use is tested apart.
    service.set_limits(boardbot::config::Limits {
        tables_per_person: 100,
        ..boardbot::config::Limits::default()
    });
    service
}

/// Waits (in real time) until `f` holds for the table at `at`.
async fn until(service: &Service, at: At, what: &str, f: impl Fn(&Table) -> bool) -> Table {
    for _ in 0..500 {
        let table = service.table(at).await.expect("table");
        if f(&table) {
            return table;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("timed out waiting until {what}");
}

fn person_to_move(t: &Table) -> bool {
    t.player_to_move().is_some_and(|p| !p.is_cpu())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_and_its_moves_survive_a_new_service() {
    for url in each_backend("a_table_and_its_moves_survive_a_new_service").await {
        let clock = HandClock::at(1_000_000);
        let store = Store::open(&url).await.unwrap();
        let svc = service(store.clone(), clock.clone()).await;
        let table = svc
            .open(opening(100, 5, GameKind::Connect4, vec![]))
            .await
            .unwrap();
        let at = At::Table {
            no: 100,
            channel: 5,
        };
        assert_eq!(
            table.players()[0],
            Player::Person {
                id: HOST,
                name: "host".into()
            }
        );
        // The host (red) plays; the CPU answers on the pool.
        let played = svc
            .act(
                at,
                Action::Move {
                    user: HOST,
                    mv: 3,
                    stamp: Some(table.stamp()),
                },
            )
            .await
            .unwrap();
        assert_eq!(played.history(), vec![3]);
        let after_cpu = until(&svc, at, "the CPU answered", person_to_move).await;
        assert_eq!(after_cpu.history().len(), 2);
        svc.set_board(
            100,
            BoardLink {
                channel: 5,
                message: Some(77),
                token: Some("tok".into()),
                token_at: 5,
                shown: after_cpu.stamp(),
            },
        )
        .await
        .unwrap();
        store.close().await;

        // A new process on the same database.
        let store = Store::open(&url).await.unwrap();
        let again = service(store, clock.clone()).await;
        assert_eq!(again.restore().await.unwrap(), 1);
        let restored = again.table(at).await.unwrap();
        assert_eq!(restored, after_cpu, "{url}: the table comes back as it was");
        let (_, link) = again.board(100).await.unwrap().unwrap();
        assert_eq!(link.unwrap().message, Some(77));
        // Its controls still work: the stamp drawn before is current.
        again
            .act(
                at,
                Action::Move {
                    user: HOST,
                    mv: 3,
                    stamp: Some(restored.stamp()),
                },
            )
            .await
            .unwrap();
        // A second table in that channel is refused while it runs.
        let refused = again
            .open(opening(101, 5, GameKind::Connect4, vec![]))
            .await;
        assert!(matches!(
            refused,
            Err(ServiceError::Refused(Refusal::TableRunning {
                kind: GameKind::Connect4
            }))
        ));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cpu_seat_to_move_at_restart_moves() {
    for url in each_backend("a_cpu_seat_to_move_at_restart_moves").await {
        let clock = HandClock::at(1_000_000);
        let store = Store::open(&url).await.unwrap();
        // Written as a process would have left it: the CPU to move, no search.
        let mut o = opening(200, 6, GameKind::Connect4, vec![]);
        o.host_seat = Some(1);
        let (table, _) = Table::open(o, clock.now(), &mut rand::thread_rng()).unwrap();
        assert!(table.player_to_move().unwrap().is_cpu());
        store.save(&table, None, clock.now()).await.unwrap();
        store.close().await;

        let svc = service(Store::open(&url).await.unwrap(), clock.clone()).await;
        svc.restore().await.unwrap();
        let at = At::Table {
            no: 200,
            channel: 6,
        };
        let moved = until(&svc, at, "the CPU moved after the restore", person_to_move).await;
        assert_eq!(moved.history().len(), 1, "{url}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invitation_that_expired_while_down_is_settled_at_start() {
    for url in each_backend("an_invitation_that_expired_while_down").await {
        let clock = HandClock::at(5_000_000);
        let store = Store::open(&url).await.unwrap();
        let svc = service(store.clone(), clock.clone()).await;
        let invited = vec![(GUEST, "guest".to_string())];
        let table = svc
            .open(opening(300, 7, GameKind::Connect4, invited.clone()))
            .await
            .unwrap();
        assert!(matches!(table.phase(), Phase::Inviting { .. }));
        assert_eq!(
            table.next_deadline(DEFAULT_IDLE_MS),
            Some(5_000_000 + INVITATION_MS)
        );
        store.close().await;

        // The bot comes back after the invitation's time ran out.
        clock.advance(INVITATION_MS + 1);
        let store = Store::open(&url).await.unwrap();
        let again = service(store.clone(), clock.clone()).await;
        again.restore().await.unwrap();
        let at = At::Table {
            no: 300,
            channel: 7,
        };
        let closed = until(&again, at, "the invitation expired", |t| !t.is_running()).await;
        assert!(matches!(closed.phase(), Phase::Closed(_)), "{url}");
        // The channel is free again.
        again
            .open(opening(301, 7, GameKind::Connect4, vec![]))
            .await
            .unwrap();

        // A running invitation is still answerable after a restart.
        let other = again
            .open(opening(302, 8, GameKind::Connect4, invited.clone()))
            .await
            .unwrap();
        store.close().await;
        let third = service(Store::open(&url).await.unwrap(), clock.clone()).await;
        third.restore().await.unwrap();
        let started = third
            .act(
                At::Table {
                    no: 302,
                    channel: 8,
                },
                Action::Accept {
                    user: GUEST,
                    stamp: Some(other.stamp()),
                },
            )
            .await
            .unwrap();
        assert_eq!(*started.phase(), Phase::Playing, "{url}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_that_cannot_be_stored_is_not_made() {
    for url in each_backend("a_change_that_cannot_be_stored").await {
        let clock = HandClock::at(1_000_000);
        let store = Store::open(&url).await.unwrap();
        let svc = service(store.clone(), clock.clone()).await;
        let mut o = opening(400, 9, GameKind::Connect4, vec![]);
        o.invited = vec![(GUEST, "guest".into())];
        let table = svc.open(o).await.unwrap();
        let at = At::Table {
            no: 400,
            channel: 9,
        };
        let table = svc
            .act(
                at,
                Action::Accept {
                    user: GUEST,
                    stamp: Some(table.stamp()),
                },
            )
            .await
            .unwrap();
        // The database goes away: the move is refused and nothing changes.
        store.close().await;
        let first = table.player_to_move().unwrap().clone();
        let user = if first
            == (Player::Person {
                id: HOST,
                name: "host".into(),
            }) {
            HOST
        } else {
            GUEST
        };
        let failed = svc
            .act(
                at,
                Action::Move {
                    user,
                    mv: 0,
                    stamp: Some(table.stamp()),
                },
            )
            .await;
        assert!(
            matches!(failed, Err(ServiceError::Store(_))),
            "{url}: {failed:?}"
        );
        assert_eq!(
            svc.table(at).await.unwrap(),
            table,
            "{url}: nothing changed"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_matches_are_kept_and_leave_memory() {
    for url in each_backend("finished_matches_are_kept").await {
        let clock = HandClock::at(2_000_000);
        let store = Store::open(&url).await.unwrap();
        let svc = service(store.clone(), clock.clone()).await;
        let mut o = opening(500, 10, GameKind::Connect4, vec![]);
        o.self_play = true;
        let table = svc.open(o).await.unwrap();
        let at = At::Table {
            no: 500,
            channel: 10,
        };
        // Red takes column 1 four times, yellow column 2: red wins.
        let mut stamp = table.stamp();
        for mv in [0, 1, 0, 1, 0, 1] {
            stamp = svc
                .act(
                    at,
                    Action::Move {
                        user: HOST,
                        mv,
                        stamp: Some(stamp),
                    },
                )
                .await
                .unwrap()
                .stamp();
            clock.advance(1000);
        }
        let done = svc
            .act(
                at,
                Action::Move {
                    user: HOST,
                    mv: 0,
                    stamp: Some(stamp),
                },
            )
            .await
            .unwrap();
        assert!(matches!(done.phase(), Phase::Finished(_)));
        let history = store.matches_in_channel(10, 5).await.unwrap();
        assert_eq!(history.len(), 1, "{url}");
        let record = &history[0];
        assert_eq!(record.game, "connect4");
        assert_eq!(record.size, "7x6");
        assert_eq!(record.moves, vec!["1", "2", "1", "2", "1", "2", "1"]);
        assert_eq!(record.result, "win");
        assert_eq!(record.winner, Some(0));
        assert_eq!(record.ended_by, "board");
        assert_eq!(record.started_at, 2_000_000);
        assert_eq!(record.ended_at, 2_006_000);
        assert_eq!(record.seats.len(), 2);

        // The finished table leaves memory; its old controls still answer.
        assert_eq!(svc.sweep(0).await, 1);
        assert_eq!(svc.loaded(), 0);
        let late = svc
            .act(
                at,
                Action::Move {
                    user: HOST,
                    mv: 3,
                    stamp: Some(stamp),
                },
            )
            .await;
        assert!(
            matches!(late, Err(ServiceError::Refused(Refusal::GameOver))),
            "{late:?}"
        );
        // Rematch works from the store, and a second result is recorded.
        let rematch = svc
            .act(
                at,
                Action::Rematch {
                    user: HOST,
                    stamp: Some(done.stamp()),
                },
            )
            .await
            .unwrap();
        assert_eq!(*rematch.phase(), Phase::Playing);
        svc.act(
            at,
            Action::Resign {
                user: HOST,
                stamp: None,
            },
        )
        .await
        .unwrap();
        let history = store.matches_in_channel(10, 5).await.unwrap();
        assert_eq!(history.len(), 2, "{url}");
        assert_eq!(history[0].ended_by, "resign");
        assert_eq!(history[0].match_no, 2);
        // The newest match of the channel, with the number /review takes;
        // the same number finds it again, in its own server only.
        let (id, last) = store.last_match_in_channel(10).await.unwrap().unwrap();
        assert_eq!(last, history[0], "{url}");
        let again = store.match_in_guild(last.guild, id).await.unwrap();
        assert_eq!(again, Some((id, last.clone())));
        assert_eq!(
            store.match_in_guild(last.guild + 1, id).await.unwrap(),
            None
        );
        assert_eq!(store.last_match_in_channel(11).await.unwrap(), None);

        // A newer table in the channel: the old one's Rematch is refused.
        let newer = svc
            .open(opening(501, 10, GameKind::Connect4, vec![]))
            .await
            .unwrap();
        svc.act(
            At::Table {
                no: 501,
                channel: 10,
            },
            Action::Resign {
                user: HOST,
                stamp: Some(newer.stamp()),
            },
        )
        .await
        .unwrap();
        let old = svc
            .act(
                at,
                Action::Rematch {
                    user: HOST,
                    stamp: None,
                },
            )
            .await;
        assert!(
            matches!(old, Err(ServiceError::Refused(Refusal::TableReplaced))),
            "{old:?}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hints_run_one_at_a_time_per_table() {
    let url = fresh_database("sqlite", "hints_run_one_at_a_time")
        .await
        .unwrap();
    let clock = HandClock::at(1_000_000);
    let svc = service(Store::open(&url).await.unwrap(), clock).await;
    let mut o = opening(600, 11, GameKind::Connect4ThreeD, vec![]);
    o.self_play = true;
    let table = svc.open(o).await.unwrap();
    let at = At::Table {
        no: 600,
        channel: 11,
    };
    let mut asks = Vec::new();
    let stamp = table.stamp();
    for _ in 0..50 {
        let svc = svc.clone();
        asks.push(tokio::spawn(async move { svc.hint(at, stamp, HOST).await }));
    }
    let mut answered = 0;
    let mut pending = 0;
    for ask in asks {
        match ask.await.unwrap() {
            Ok(hint) => {
                assert!(hint.game.is_legal(hint.best.unwrap()));
                answered += 1;
            }
            Err(ServiceError::Refused(Refusal::HintPending) | ServiceError::Busy(_)) => {
                pending += 1
            }
            Err(other) => panic!("{other:?}"),
        }
    }
    assert!(answered >= 1);
    assert_eq!(answered + pending, 50);
    let stats = svc.pool_stats();
    assert_eq!(stats.peak_per_table, 1, "{stats:?}");
    assert_eq!(stats.started, answered as u64);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_cpu_search_still_moves() {
    let url = fresh_database("sqlite", "a_failed_cpu_search")
        .await
        .unwrap();
    let clock = HandClock::at(1_000_000);
    let svc = service(Store::open(&url).await.unwrap(), clock).await;
    svc.fail_next_searches(3);
    let mut o = opening(700, 12, GameKind::DOTS_DEFAULT, vec![]);
    o.host_seat = Some(1);
    svc.open(o).await.unwrap();
    let at = At::Table {
        no: 700,
        channel: 12,
    };
    let moved = until(&svc, at, "the CPU moved", person_to_move).await;
    assert!(!moved.history().is_empty());
}

/// A daily puzzle through the service: solved by its winning move, the
/// solve counted once per person and server, and no match recorded.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn puzzle_solves_are_counted_per_server_and_person() {
    use boardbot::table::Puzzle;
    for url in each_backend("puzzle_solves").await {
        let clock = HandClock::at(5_000_000);
        let store = Store::open(&url).await.unwrap();
        let svc = service(store.clone(), clock.clone()).await;
        // Red to move wins at once in column 1.
        let puzzle = Puzzle {
            day: 20_000,
            start: vec![0, 1, 0, 1, 0, 1],
            goal: 1,
            solvers: 0,
        };
        let solve = |no: u64, host: u64| {
            let mut o = opening(no, 30 + no, GameKind::Connect4, vec![]);
            o.host = host;
            (o, puzzle.clone())
        };
        for (no, host, expected) in [(700, HOST, 1), (701, HOST, 1), (702, GUEST, 2)] {
            let (o, p) = solve(no, host);
            let channel = o.channel;
            let table = svc.open_puzzle(o, p).await.unwrap();
            assert_eq!(table.history().len(), 6, "{url}");
            let at = At::Table { no, channel };
            let done = svc
                .act(
                    at,
                    Action::Move {
                        user: host,
                        mv: 0,
                        stamp: Some(table.stamp()),
                    },
                )
                .await
                .unwrap();
            assert_eq!(done.puzzle_solved(), Some(true), "{url}");
            assert_eq!(done.puzzle().unwrap().solvers, expected, "{url}");
            assert!(store
                .matches_in_channel(channel, 5)
                .await
                .unwrap()
                .is_empty());
            // What the board shows survives a reload.
            let stored = store.load(no).await.unwrap().unwrap().table;
            assert_eq!(stored.puzzle().unwrap().solvers, expected, "{url}");
        }
        assert_eq!(
            store.puzzle_solvers(1, 20_000, "connect4").await.unwrap(),
            2
        );
        assert_eq!(
            store.puzzle_solvers(1, 20_001, "connect4").await.unwrap(),
            0
        );
        assert_eq!(
            store.puzzle_solvers(2, 20_000, "connect4").await.unwrap(),
            0
        );
    }
}

/// `/settings` through the service: a manager who hosts the channel's
/// table between matches changes the defaults and the table together;
/// when the table refuses (a puzzle table keeps its rules), neither
/// changes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn settings_and_the_table_change_together_or_not_at_all() {
    use boardbot::service::SettingsChange;
    use boardbot::table::Puzzle;
    for url in each_backend("settings_together").await {
        let clock = HandClock::at(6_000_000);
        let store = Store::open(&url).await.unwrap();
        let svc = service(store.clone(), clock.clone()).await;
        let change = SettingsChange {
            timer: Some(Some(60)),
            ..SettingsChange::default()
        };
        // A finished puzzle table: its host may not change its rules.
        let puzzle = Puzzle {
            day: 20_000,
            start: vec![0, 1, 0, 1, 0, 1],
            goal: 1,
            solvers: 0,
        };
        let table = svc
            .open_puzzle(opening(800, 80, GameKind::Connect4, vec![]), puzzle)
            .await
            .unwrap();
        let at = At::Table {
            no: 800,
            channel: 80,
        };
        let resign = Action::Resign {
            user: HOST,
            stamp: Some(table.stamp()),
        };
        svc.act(at, resign).await.unwrap();
        let refused = svc.change_settings(1, 80, HOST, true, change).await;
        assert!(
            matches!(refused, Err(ServiceError::Refused(Refusal::PuzzleAlone))),
            "{url}: {refused:?}"
        );
        assert_eq!(
            store.channel_settings(80).await.unwrap().timer,
            None,
            "{url}"
        );
        // Someone else without Manage Channels changes nothing.
        let refused = svc.change_settings(1, 80, GUEST, false, change).await;
        assert!(
            matches!(
                refused,
                Err(ServiceError::Refused(Refusal::CannotChangeSettings))
            ),
            "{url}: {refused:?}"
        );
        // An open table before its match: both change, in one write.
        let mut lobby = opening(801, 81, GameKind::Connect4, vec![]);
        lobby.open = true;
        svc.open(lobby).await.unwrap();
        let changed = svc
            .change_settings(1, 81, HOST, true, change)
            .await
            .unwrap();
        assert_eq!(changed.channel.unwrap().timer, Some(60), "{url}");
        assert_eq!(changed.table.unwrap().rules().timer, Some(60), "{url}");
        assert_eq!(store.channel_settings(81).await.unwrap().timer, Some(60));
        let stored = store.load(801).await.unwrap().unwrap().table;
        assert_eq!(stored.rules().timer, Some(60), "{url}");
        // The host alone changes the table's rules, not the defaults.
        let off = SettingsChange {
            timer: Some(None),
            ..SettingsChange::default()
        };
        let changed = svc.change_settings(1, 81, HOST, false, off).await.unwrap();
        assert!(changed.channel.is_none(), "{url}");
        assert_eq!(changed.table.unwrap().rules().timer, None, "{url}");
        assert_eq!(store.channel_settings(81).await.unwrap().timer, Some(60));
    }
}

/// The day's puzzle is searched for once however many ask at once, and a
/// new process on the same store finds it there without searching.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_days_puzzle_is_searched_once_and_kept() {
    for url in each_backend("daily_puzzle_kept").await {
        let clock = HandClock::at(20_000 * 86_400_000 + 1_000);
        let store = Store::open(&url).await.unwrap();
        let svc = service(store.clone(), clock.clone()).await;
        assert!(!svc.puzzle_ready(GameKind::Connect4));
        let (a, b) = tokio::join!(
            svc.daily_puzzle(GameKind::Connect4),
            svc.daily_puzzle(GameKind::Connect4)
        );
        let found = a.expect("a puzzle for the day");
        assert_eq!(b.as_ref(), Some(&found), "{url}");
        assert_eq!(svc.pool_stats().long_jobs, 1, "{url}");
        assert!(svc.puzzle_ready(GameKind::Connect4));
        let again = service(store.clone(), clock.clone()).await;
        assert_eq!(again.daily_puzzle(GameKind::Connect4).await, Some(found));
        assert_eq!(again.pool_stats().long_jobs, 0, "{url}: searched again");
        // A game without puzzles has none, and says so at once.
        assert_eq!(svc.daily_puzzle(GameKind::Connect4ThreeD).await, None);
    }
}

/// Rewrites table `no`'s stored JSON with `f` (`None`: bad JSON), as a
/// hand edit, a disk error or a format change would.
async fn corrupt(url: &str, no: u64, f: Option<fn(&mut serde_json::Value)>) {
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(url).await.unwrap();
    let state = match f {
        None => "{\"no\": 1, this is not json".to_owned(),
        Some(f) => {
            let row: (String,) = sqlx::query_as("SELECT state FROM tables WHERE no = $1")
                .bind(no as i64)
                .fetch_one(&pool)
                .await
                .unwrap();
            let mut value: serde_json::Value = serde_json::from_str(&row.0).unwrap();
            f(&mut value);
            value.to_string()
        }
    };
    sqlx::query("UPDATE tables SET state = $1 WHERE no = $2")
        .bind(state)
        .bind(no as i64)
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
}

/// Runs one statement on the store's database behind its back.
async fn execute(url: &str, sql: &str) {
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(url).await.unwrap();
    sqlx::query(sql).execute(&pool).await.unwrap();
    pool.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unreadable_tables_are_marked_and_skipped_and_the_rest_restore() {
    for url in each_backend("unreadable_tables_are_skipped").await {
        let clock = HandClock::at(1_000_000);
        let store = Store::open(&url).await.unwrap();
        let svc = service(store.clone(), clock.clone()).await;
        // Six tables against the CPU, each a move and a reply in.
        for i in 0..6u64 {
            let (no, channel) = (200 + i, 20 + i);
            let table = svc
                .open(opening(no, channel, GameKind::Connect4, vec![]))
                .await
                .unwrap();
            let at = At::Table { no, channel };
            svc.act(
                at,
                Action::Move {
                    user: HOST,
                    mv: 3,
                    stamp: Some(table.stamp()),
                },
            )
            .await
            .unwrap();
            until(&svc, at, "the CPU answered", person_to_move).await;
        }
        store.close().await;

        corrupt(&url, 200, None).await;
        corrupt(&url, 201, Some(|v| v["kind"] = serde_json::json!("chess"))).await;
        corrupt(
            &url,
            202,
            Some(|v| v["clock"] = serde_json::json!({"seat": 9, "ply": 2, "deadline": 5_000_000})),
        )
        .await;
        corrupt(
            &url,
            203,
            Some(|v| v["history"] = serde_json::json!([3, 3, 3, 3, 3, 3, 3])),
        )
        .await;

        let store = Store::open(&url).await.unwrap();
        let again = service(store.clone(), clock.clone()).await;
        assert_eq!(again.restore().await.unwrap(), 2, "{url}: the good ones");
        let broken = store.broken_tables().await.unwrap();
        assert_eq!(
            broken.iter().map(|b| (b.no, b.channel)).collect::<Vec<_>>(),
            vec![(200, 20), (201, 21), (202, 22), (203, 23)],
            "{url}"
        );
        assert!(broken.iter().all(|b| b.guild == 1 && !b.reason.is_empty()));
        assert!(broken[2].reason.contains("seat 9"), "{}", broken[2].reason);
        assert!(broken[3].reason.contains("move 7"), "{}", broken[3].reason);
        // A second start skips them quietly: they stay marked.
        assert_eq!(store.running().await.unwrap().len(), 2);
        // A click on a broken board gets the apology.
        for i in 0..4u64 {
            let click = again
                .act(
                    At::Table {
                        no: 200 + i,
                        channel: 20 + i,
                    },
                    Action::Resign {
                        user: HOST,
                        stamp: None,
                    },
                )
                .await;
            assert!(
                matches!(click, Err(ServiceError::Refused(Refusal::BrokenTable))),
                "{url}: {click:?}"
            );
        }
        // The channel is free for a new table.
        let fresh = again
            .open(opening(300, 20, GameKind::Connect4, vec![]))
            .await
            .unwrap();
        assert!(fresh.is_running());
        // The good ones play on.
        let at = At::Table {
            no: 205,
            channel: 25,
        };
        let good = again.table(at).await.unwrap();
        again
            .act(
                at,
                Action::Move {
                    user: HOST,
                    mv: 2,
                    stamp: Some(good.stamp()),
                },
            )
            .await
            .unwrap();
        // Cleared one by one or all at once.
        assert_eq!(store.clear_broken(Some(201)).await.unwrap(), 1);
        assert_eq!(store.clear_broken(Some(205)).await.unwrap(), 0);
        assert_eq!(store.clear_broken(None).await.unwrap(), 3);
        assert!(store.broken_tables().await.unwrap().is_empty());
        assert!(store.load(205).await.unwrap().is_some());
    }
}

/// The stored table `no`, as a process that loads it fresh sees it.
async fn stored_table(store: &Store, no: u64) -> Table {
    store.load(no).await.unwrap().unwrap().table
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_services_on_one_store_play_a_table_once() {
    // Two processes on one database that both get every click (an
    // overlapping deploy): each click is sent to both at once.
    for url in each_backend("two_services_on_one_store").await {
        let clock = HandClock::at(1_000_000);
        let first_store = Store::open(&url).await.unwrap();
        let second_store = Store::open(&url).await.unwrap();
        let first = service(first_store.clone(), clock.clone()).await;
        let second = service(second_store.clone(), clock.clone()).await;
        let (no, channel) = (700, 70);
        first
            .open(opening(no, channel, GameKind::Connect4, vec![]))
            .await
            .unwrap();
        let at = At::Table { no, channel };
        let mut clicked: Vec<String> = Vec::new();
        for _ in 0..60 {
            // The person's turn, as the store has it (the CPU has answered).
            let mut table = stored_table(&first_store, no).await;
            for _ in 0..500 {
                if !table.is_running() || person_to_move(&table) {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
                table = stored_table(&first_store, no).await;
            }
            if !table.is_running() {
                break;
            }
            assert!(person_to_move(&table), "{url}: the CPU never answered");
            let game = table.game().clone();
            let mv = game.legal_moves()[0];
            let click = Action::Move {
                user: HOST,
                mv,
                stamp: Some(table.stamp()),
            };
            let (a, b) = tokio::join!(first.act(at, click.clone()), second.act(at, click));
            // One process applies the click; the other answers with the
            // table as it stands, never with a refusal: on Discord either
            // answer may arrive first, and a refusal would tell the
            // person that the move they made failed.
            assert!(
                a.is_ok() && b.is_ok(),
                "{url}: both answer with the table: {a:?} {b:?}"
            );
            // The click is the next move (the CPU's reply may follow it
            // already, in any column; a doubled click would show as the
            // person's move on the next turn, which the record check below
            // catches).
            let after = stored_table(&first_store, no).await;
            let before = table.history().len();
            assert!(
                after.history().len() > before
                    && after.history()[..before] == table.history()[..]
                    && after.history()[before] == mv,
                "{url}: the click made the next move: {a:?} {b:?}"
            );
            clicked.push(game.move_name(mv));
        }
        let table = stored_table(&first_store, no).await;
        assert!(!table.is_running(), "{url}: the match ended");
        let records = first_store.matches_in_channel(channel, 10).await.unwrap();
        assert_eq!(records.len(), 1, "{url}: one match recorded");
        let moves = &records[0].moves;
        // The person's moves on even plies, the CPU's replies between:
        // none doubled, none lost.
        let persons: Vec<&String> = moves.iter().step_by(2).collect();
        assert_eq!(
            persons,
            clicked.iter().collect::<Vec<_>>(),
            "{url}: {moves:?}"
        );
        assert!(
            moves.len() == 2 * clicked.len() || moves.len() == 2 * clicked.len() - 1,
            "{url}: a reply after each move but the last: {moves:?}"
        );
        assert_eq!(
            table.history().len(),
            moves.len(),
            "{url}: the table and its record agree"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forgotten_person_leaves_no_name_or_id() {
    for url in each_backend("a_forgotten_person").await {
        let clock = HandClock::at(1_000_000);
        let store = Store::open(&url).await.unwrap();
        let svc = service(store.clone(), clock.clone()).await;
        let (no, channel) = (800, 80);
        let table = svc
            .open(opening(no, channel, GameKind::Connect4, vec![]))
            .await
            .unwrap();
        let at = At::Table { no, channel };
        svc.act(
            at,
            Action::Move {
                user: HOST,
                mv: 3,
                stamp: Some(table.stamp()),
            },
        )
        .await
        .unwrap();
        until(&svc, at, "the CPU answered", person_to_move).await;
        svc.act(
            at,
            Action::Resign {
                user: HOST,
                stamp: None,
            },
        )
        .await
        .unwrap();
        assert_eq!(store.stats(1, HOST).await.unwrap().total.games(), 1);

        // A match row that no longer parses names them too: it is kept as
        // it is, and the rest are still forgotten.
        execute(
            &url,
            &format!(
                "INSERT INTO matches (table_no, match_no, guild, channel, game, size, \
                 seats, moves, result, ended_by, started_at, ended_at) VALUES \
                 (999, 1, 1, 81, 'connect4', '7x6', '[{{\"id\": {HOST}, broken', '[]', \
                 'draw', 'board', 0, 0)"
            ),
        )
        .await;

        let done = store.forget(HOST).await.unwrap();
        assert_eq!((done.tables, done.matches), (1, 1), "{url}");
        let record = &store.matches_in_channel(channel, 5).await.unwrap()[0];
        let gone = Player::Person {
            id: 0,
            name: String::new(),
        };
        assert!(record.seats.iter().any(|s| s.player == gone), "{url}");
        let text = serde_json::to_string(&record.seats).unwrap();
        assert!(!text.contains("host"), "{url}: {text}");
        assert!(record.seats.iter().any(|s| s.player.is_cpu()), "{url}");
        assert_eq!(record.moves.len(), 2, "{url}: the moves stay");
        let table = stored_table(&store, no).await;
        assert!(table.players().contains(&gone), "{url}");
        assert_ne!(table.host(), HOST, "{url}");
        let text = serde_json::to_string(&table).unwrap();
        assert!(!text.contains("\"name\":\"host\""), "{url}: {text}");
        assert_eq!(store.stats(1, HOST).await.unwrap().total.games(), 0);
    }
}
