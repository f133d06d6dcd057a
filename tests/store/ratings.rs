//! Ranked play in the store, on a SQLite file always and on PostgreSQL when
//! `BOARDBOT_TEST_POSTGRES` names a server (`.ci/run` starts one): ratings
//! change once per ranked match, in the match's own transaction; the
//! leaderboard and the stats read them back.

use crate::backends;
use backends::each_backend;
use boardbot::cpu::Level;
use boardbot::game::GameKind;
use boardbot::i18n::Lang;
use boardbot::store::{Store, Tally};
use boardbot::table::{Action, MatchRecord, Opening, Phase, Player, SeatRecord, Table};
use rand::Rng;

const GUILD: u64 = 1;
const HOST: u64 = 11;
const GUEST: u64 = 22;

fn person(id: u64) -> SeatRecord {
    SeatRecord {
        player: Player::Person {
            id,
            name: format!("player{id}"),
        },
        left: None,
        cpu_played: None,
    }
}

fn cpu(level: Level) -> SeatRecord {
    SeatRecord {
        player: Player::Cpu { level },
        left: None,
        cpu_played: None,
    }
}

/// A table to save beside a record (the store writes both).
fn carrier(no: u64) -> Table {
    let opening = Opening {
        no,
        guild: GUILD,
        channel: no,
        kind: GameKind::Connect4,
        host: HOST,
        host_name: "host".into(),
        level: Level::Easy,
        invited: vec![],
        self_play: true,
        host_seat: Some(0),
        lang: Lang::En,
        open: false,
        rules: boardbot::table::Rules::default(),
        ranked: false,
    };
    Table::open(opening, 0, &mut rand::thread_rng()).unwrap().0
}

/// A finished match of table `no`: `winner` is a seat, `None` a draw.
fn record(
    no: u64,
    game: &str,
    seats: Vec<SeatRecord>,
    winner: Option<u8>,
    ranked: bool,
    at: u64,
) -> MatchRecord {
    MatchRecord {
        table: no,
        match_no: 1,
        guild: GUILD,
        channel: no,
        game: game.into(),
        size: "7x6".into(),
        seats,
        moves: vec!["4".into()],
        result: if winner.is_some() { "win" } else { "draw" }.into(),
        winner,
        ended_by: "board".into(),
        started_at: at,
        ended_at: at + 1,
        ranked,
    }
}

async fn save(store: &Store, m: &MatchRecord) {
    store
        .save(&carrier(m.table), Some(m), m.ended_at)
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ranked_match_played_at_a_table_rates_both_people_once() {
    for url in each_backend("a_ranked_match_rates_both_once").await {
        let store = Store::open(&url).await.unwrap();
        let opening = Opening {
            no: 70,
            guild: GUILD,
            channel: 70,
            kind: GameKind::Connect4,
            host: HOST,
            host_name: "host".into(),
            level: Level::Easy,
            invited: vec![(GUEST, "guest".into())],
            self_play: false,
            host_seat: None,
            lang: Lang::En,
            open: false,
            rules: boardbot::table::Rules::default(),
            ranked: true,
        };
        let (mut table, _) = Table::open(opening, 1000, &mut rand::thread_rng()).unwrap();
        table
            .apply(
                Action::Accept {
                    user: GUEST,
                    stamp: None,
                },
                1000,
            )
            .unwrap();
        // The first seat takes column 1 four times, the second column 2.
        for (i, mv) in [0, 1, 0, 1, 0, 1, 0].into_iter().enumerate() {
            let Some(Player::Person { id, .. }) = table.player_to_move().cloned() else {
                panic!("a person moves");
            };
            table
                .apply(
                    Action::Move {
                        user: id,
                        mv,
                        stamp: None,
                    },
                    2000 + i as u64,
                )
                .unwrap();
        }
        assert!(matches!(table.phase(), Phase::Finished(_)));
        let m = table.match_record(3000).unwrap();
        assert!(m.ranked);
        let winner = m.seats[0].player.person_id().unwrap();
        let loser = m.seats[1].player.person_id().unwrap();

        let rated = store.save_rated(&table, Some(&m), 3000).await.unwrap();
        assert_eq!(rated.len(), 2, "{url}");
        // Saved again (a restart between the write and the reply): the
        // match is kept once and rated once.
        let again = store.save_rated(&table, Some(&m), 3001).await.unwrap();
        assert!(again.is_empty(), "{url}");
        assert_eq!(store.matches_in_channel(70, 5).await.unwrap().len(), 1);
        assert!(store.matches_in_channel(70, 5).await.unwrap()[0].ranked);

        let w = store
            .rating(GUILD, "connect4", winner)
            .await
            .unwrap()
            .unwrap();
        let l = store
            .rating(GUILD, "connect4", loser)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            (w.rating.games, w.rating.wins, w.rank, w.rated),
            (1, 1, 1, 2)
        );
        assert_eq!((l.rating.games, l.rating.losses, l.rank), (1, 1, 2));
        assert!(w.rating.display() > 1500 && l.rating.display() < 1500);
        assert_eq!(w.rating.display_change(), w.rating.display() - 1500);
        assert!(w.rating.is_provisional());
        assert_eq!(w.updated_at, 3000);
        let name = if winner == HOST { "host" } else { "guest" };
        assert_eq!(w.name, name);
        // Another server, another game: nothing.
        assert!(store
            .rating(GUILD + 1, "connect4", winner)
            .await
            .unwrap()
            .is_none());
        assert!(store.rating(GUILD, "dots", winner).await.unwrap().is_none());
        store.close().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unranked_cpu_and_self_play_matches_change_no_rating() {
    for url in each_backend("unranked_matches_change_nothing").await {
        let store = Store::open(&url).await.unwrap();
        save(
            &store,
            &record(
                1,
                "connect4",
                vec![person(HOST), person(GUEST)],
                Some(0),
                false,
                10,
            ),
        )
        .await;
        save(
            &store,
            &record(
                2,
                "connect4",
                vec![person(HOST), cpu(Level::Hard)],
                Some(0),
                true,
                20,
            ),
        )
        .await;
        save(
            &store,
            &record(
                3,
                "connect4",
                vec![person(HOST), person(HOST)],
                Some(0),
                true,
                30,
            ),
        )
        .await;
        for user in [HOST, GUEST] {
            assert!(
                store
                    .rating(GUILD, "connect4", user)
                    .await
                    .unwrap()
                    .is_none(),
                "{url}"
            );
        }
        let board = store
            .leaderboard(GUILD, "connect4", 10, Some(HOST))
            .await
            .unwrap();
        assert!(board.lines.is_empty() && board.own.is_none());
        assert_eq!(board.rated, 0);
        // The matches are kept all the same.
        let stats = store.stats(GUILD, HOST).await.unwrap();
        assert_eq!(stats.total.games(), 2, "self-play is not counted");

        // GUEST resigns at once: GUEST loses rating, HOST gains nothing.
        let mut early = record(
            4,
            "connect4",
            vec![person(HOST), person(GUEST)],
            Some(0),
            true,
            40,
        );
        early.result = "resigned".into();
        early.ended_by = "resign".into();
        save(&store, &early).await;
        let guest = store
            .rating(GUILD, "connect4", GUEST)
            .await
            .unwrap()
            .unwrap();
        assert_eq!((guest.rating.games, guest.rating.losses), (1, 1), "{url}");
        assert!(guest.rating.display() < 1500);
        assert!(store
            .rating(GUILD, "connect4", HOST)
            .await
            .unwrap()
            .is_none());
        let board = store
            .leaderboard(GUILD, "connect4", 10, Some(HOST))
            .await
            .unwrap();
        assert_eq!((board.lines.len(), board.rated), (1, 1));
        assert!(board.own.is_none());
        store.close().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_three_player_ranked_match_ranks_the_winner_first() {
    for url in each_backend("three_player_ranked").await {
        let store = Store::open(&url).await.unwrap();
        // Player 3 left; a CPU played the seat on.
        let mut seats = vec![person(1), person(2), cpu(Level::Medium)];
        seats[2].left = Some(3);
        // Player 3's name comes from an earlier match.
        save(
            &store,
            &record(
                5,
                "connect4",
                vec![person(3), cpu(Level::Easy)],
                Some(0),
                false,
                1,
            ),
        )
        .await;
        let mut m = record(6, "connect4-3p", seats, Some(1), true, 100);
        m.size = "9x9".into();
        m.moves = (1..=12).map(|n| n.to_string()).collect();
        save(&store, &m).await;
        let board = store
            .leaderboard(GUILD, "connect4-3p", 10, None)
            .await
            .unwrap();
        let order: Vec<u64> = board.lines.iter().map(|l| l.user).collect();
        assert_eq!(order, vec![2, 1, 3], "{url}");
        assert_eq!(board.lines[2].name, "player3");
        assert_eq!(board.lines[2].rating.losses, 1);
        store.close().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_leaderboard_is_best_first_with_the_askers_own_line() {
    for url in each_backend("leaderboard_order_and_own_line").await {
        let store = Store::open(&url).await.unwrap();
        // Player 100 + i beats player 200 + i, i times over: the more wins,
        // the higher.
        let mut no = 1000;
        for i in 1..=6u64 {
            for _ in 0..i {
                no += 1;
                save(
                    &store,
                    &record(
                        no,
                        "connect4",
                        vec![person(100 + i), person(200 + i)],
                        Some(0),
                        true,
                        no,
                    ),
                )
                .await;
            }
        }
        let board = store
            .leaderboard(GUILD, "connect4", 4, Some(206))
            .await
            .unwrap();
        assert_eq!(board.rated, 12, "{url}");
        let users: Vec<u64> = board.lines.iter().map(|l| l.user).collect();
        assert_eq!(users, vec![106, 105, 104, 103], "{url}");
        assert_eq!(
            board.lines.iter().map(|l| l.rank).collect::<Vec<_>>(),
            vec![1, 2, 3, 4]
        );
        assert!(board
            .lines
            .windows(2)
            .all(|w| w[0].rating.value >= w[1].rating.value));
        assert_eq!(board.lines[0].name, "player106");
        let own = board.own.expect("the asker's line");
        assert_eq!((own.user, own.rank), (206, 12));
        assert_eq!(own.rating.losses, 6);
        // Among the top: no separate line.
        let board = store
            .leaderboard(GUILD, "connect4", 4, Some(105))
            .await
            .unwrap();
        assert!(board.own.is_none());
        // An asker with no rating: no line.
        let board = store
            .leaderboard(GUILD, "connect4", 4, Some(999))
            .await
            .unwrap();
        assert!(board.own.is_none());
        let row = store.rating(GUILD, "connect4", 206).await.unwrap().unwrap();
        assert_eq!((row.rank, row.rated), (12, 12));
        let all = store
            .ratings(GUILD, 106, &["connect4", "connect4-3p", "dots"])
            .await
            .unwrap();
        assert_eq!(all.len(), 1);
        assert_eq!(all[0].rating.best_streak, 6);
        store.close().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stats_count_results_by_game_against_people_and_the_cpu_by_level() {
    for url in each_backend("stats_by_game_and_level").await {
        let store = Store::open(&url).await.unwrap();
        let me = HOST;
        let games = [
            // (game, seats, winner): me in seat 0 unless said.
            ("connect4", vec![person(me), person(GUEST)], Some(0)),
            ("connect4", vec![person(me), person(GUEST)], Some(0)),
            ("connect4", vec![person(GUEST), person(me)], None),
            ("connect4", vec![person(me), cpu(Level::Easy)], Some(0)),
            ("connect4", vec![person(me), cpu(Level::Easy)], Some(0)),
            ("connect4", vec![person(me), cpu(Level::Hard)], Some(1)),
            ("dots", vec![cpu(Level::Medium), person(me)], Some(1)),
            ("dots", vec![person(me), person(GUEST)], Some(0)),
            ("dots", vec![person(me), person(GUEST)], Some(0)),
            ("dots", vec![person(me), person(GUEST)], Some(0)),
            ("dots", vec![person(me), person(me)], Some(0)),
        ];
        for (i, (game, seats, winner)) in games.into_iter().enumerate() {
            let i = i as u64;
            save(
                &store,
                &record(300 + i, game, seats, winner, false, 10_000 + i * 10),
            )
            .await;
        }
        // Someone else's match, and a match in another server.
        save(
            &store,
            &record(400, "dots", vec![person(33), person(44)], Some(0), false, 1),
        )
        .await;
        let mut elsewhere = record(401, "dots", vec![person(me), person(44)], Some(1), false, 2);
        elsewhere.guild = GUILD + 1;
        save(&store, &elsewhere).await;

        let stats = store.stats(GUILD, me).await.unwrap();
        assert_eq!(stats.name.as_deref(), Some("player11"), "{url}");
        assert_eq!(stats.games.len(), 2);
        let c4 = &stats.games[0];
        assert_eq!(c4.game, "connect4");
        let t = |wins, draws, losses| Tally {
            wins,
            draws,
            losses,
        };
        assert_eq!(c4.total, t(4, 1, 1));
        assert_eq!(c4.vs_people, t(2, 1, 0));
        assert_eq!(
            c4.vs_cpu,
            vec![(Level::Easy, t(2, 0, 0)), (Level::Hard, t(0, 0, 1))]
        );
        assert_eq!(c4.longest_streak, 2);
        let dots = &stats.games[1];
        assert_eq!(dots.game, "dots");
        assert_eq!(dots.total, t(4, 0, 0));
        assert_eq!(dots.vs_cpu, vec![(Level::Medium, t(1, 0, 0))]);
        assert_eq!(dots.longest_streak, 4);
        // Over all games: the 4 dots wins after the loss to the hard CPU.
        assert_eq!(stats.longest_streak, 4);
        assert_eq!(stats.total, t(8, 1, 1));

        let nobody = store.stats(GUILD, 999).await.unwrap();
        assert!(nobody.games.is_empty() && nobody.name.is_none());
        assert_eq!(nobody.longest_streak, 0);
        store.close().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_rating_the_same_person_at_once_lose_no_change() {
    for url in each_backend("concurrent_ranked_saves").await {
        let first = Store::open(&url).await.unwrap();
        let second = Store::open(&url).await.unwrap();
        // HOST plays two opponents at two tables; both matches end at once
        // in two processes, many times over.
        let rounds = 8u64;
        let mut tasks = Vec::new();
        for round in 0..rounds {
            for (k, store) in [&first, &second].into_iter().enumerate() {
                let store = store.clone();
                let opponent = 500 + k as u64;
                let m = record(
                    10_000 + round * 2 + k as u64,
                    "connect4",
                    vec![person(HOST), person(opponent)],
                    Some(0),
                    true,
                    round * 10,
                );
                tasks.push(tokio::spawn(async move {
                    store
                        .save(&carrier(m.table), Some(&m), m.ended_at)
                        .await
                        .unwrap();
                    // The same match saved again by the other process.
                    store
                        .save(&carrier(m.table), Some(&m), m.ended_at)
                        .await
                        .unwrap();
                }));
            }
        }
        for task in tasks {
            task.await.unwrap();
        }
        let host = first
            .rating(GUILD, "connect4", HOST)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(host.rating.games as u64, rounds * 2, "{url}");
        assert_eq!(host.rating.wins as u64, rounds * 2);
        assert_eq!(host.rating.streak as u64, rounds * 2);
        for opponent in [500, 501] {
            let row = first
                .rating(GUILD, "connect4", opponent)
                .await
                .unwrap()
                .unwrap();
            assert_eq!(row.rating.games as u64, rounds, "{url}");
        }
        first.close().await;
        second.close().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_from_before_ratings_is_brought_up_to_date() {
    for url in each_backend("upgrade_from_0001").await {
        let flavour = if url.starts_with("sqlite") {
            "sqlite"
        } else {
            "postgres"
        };
        // Only the first migration, as a bot of the previous version left it.
        let dir = std::env::temp_dir().join(format!(
            "boardbot-migrations-{flavour}-{}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let first = "0001_tables_and_matches.sql";
        std::fs::copy(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("migrations")
                .join(flavour)
                .join(first),
            dir.join(first),
        )
        .unwrap();
        sqlx::any::install_default_drivers();
        let options: sqlx::any::AnyConnectOptions = format!(
            "{url}{}",
            if flavour == "sqlite" { "?mode=rwc" } else { "" }
        )
        .parse()
        .unwrap();
        let pool = sqlx::any::AnyPoolOptions::new()
            .max_connections(1)
            .connect_with(options)
            .await
            .unwrap();
        sqlx::migrate::Migrator::new(dir.as_path())
            .await
            .unwrap()
            .run(&pool)
            .await
            .unwrap();
        sqlx::query(
            "INSERT INTO matches (table_no, match_no, guild, channel, game, size, seats, moves, \
             result, winner, ended_by, started_at, ended_at) \
             VALUES (7, 1, 1, 7, 'connect4', '7x6', '[]', '[]', 'draw', NULL, 'board', 1, 2)",
        )
        .execute(&pool)
        .await
        .unwrap();
        pool.close().await;
        let _ = std::fs::remove_dir_all(&dir);

        let store = Store::open(&url).await.unwrap();
        let kept = store.matches_in_channel(7, 5).await.unwrap();
        assert_eq!(kept.len(), 1, "{url}");
        assert!(!kept[0].ranked);
        assert!(store
            .rating(GUILD, "connect4", HOST)
            .await
            .unwrap()
            .is_none());
        store.close().await;
    }
}

/// Random matches of a few people, CPUs, self-play, leavers and results.
fn random_match(rng: &mut impl rand::Rng, no: u64, at: u64) -> MatchRecord {
    let people = [HOST, GUEST, 33];
    let games = ["connect4", "connect4-3p", "dots"];
    let game = games[rng.gen_range(0..games.len())];
    let count = if game == "connect4-3p" { 3 } else { 2 };
    let seats: Vec<SeatRecord> = (0..count)
        .map(|_| match rng.gen_range(0..6) {
            0 => cpu(Level::ALL[rng.gen_range(0..3)]),
            1 => {
                let mut left = cpu(Level::Hard);
                left.left = Some(people[rng.gen_range(0..3)]);
                left
            }
            _ => person(people[rng.gen_range(0..3)]),
        })
        .collect();
    let winner = match rng.gen_range(0..4) {
        0 => None,
        _ => Some(rng.gen_range(0..count) as u8),
    };
    let mut m = record(no, game, seats, winner, rng.gen_bool(0.3), at);
    if rng.gen_range(0..8) == 0 {
        m.result = "resigned".into();
        m.ended_by = "resign".into();
        m.winner = None;
    }
    // Ties in the end time happen (two tables in one millisecond).
    m.ended_at = at - at % 20;
    m
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stats_counted_in_sql_match_the_reference_over_random_matches() {
    use rand::SeedableRng;
    for url in each_backend("stats_sql_vs_reference").await {
        let store = Store::open(&url).await.unwrap();
        let mut rng = rand::rngs::StdRng::seed_from_u64(21);
        let n = 160u64;
        for i in 0..n {
            let at = 50_000 + rng.gen_range(0..4000);
            let mut m = random_match(&mut rng, 1000 + i, at);
            if i % 17 == 0 {
                m.guild = GUILD + 1;
            }
            save(&store, &m).await;
        }
        // Every match with its number, as the store numbered them.
        let mut numbered = Vec::new();
        for guild in [GUILD, GUILD + 1] {
            for id in 1..=n + 5 {
                if let Some(found) = store.match_in_guild(guild, id).await.unwrap() {
                    numbered.push(found);
                }
            }
        }
        assert_eq!(numbered.len() as u64, n, "{url}");
        numbered.sort_by_key(|(id, m)| (m.ended_at, *id));
        for user in [HOST, GUEST, 33, 999] {
            for guild in [GUILD, GUILD + 1] {
                let sql = store.stats(guild, user).await.unwrap();
                let reference = boardbot::store::reference_stats(guild, user, &numbered);
                assert_eq!(sql, reference, "{url}: user {user} in {guild}");
            }
        }
        // Matches recorded before the results table get their lines when
        // the store next opens.
        let pool = sqlx::AnyPool::connect(&url).await.unwrap();
        sqlx::query("DELETE FROM match_results")
            .execute(&pool)
            .await
            .unwrap();
        sqlx::query("UPDATE matches SET results_written = 0")
            .execute(&pool)
            .await
            .unwrap();
        assert_eq!(store.stats(GUILD, HOST).await.unwrap().total.games(), 0);
        pool.close().await;
        store.close().await;
        let reopened = Store::open(&url).await.unwrap();
        let reference = boardbot::store::reference_stats(GUILD, HOST, &numbered);
        assert_eq!(
            reopened.stats(GUILD, HOST).await.unwrap(),
            reference,
            "{url}"
        );
        reopened.close().await;
    }
}
