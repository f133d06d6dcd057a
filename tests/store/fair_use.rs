//! Fair use at the service: each limit refuses at once and says which it
//! is, a match's review is judged once and kept, and hints wait in a
//! bounded queue.

use crate::backends;
use backends::{each_backend, fresh_database};
use boardbot::config::Limits;
use boardbot::cpu::Level;
use boardbot::game::GameKind;
use boardbot::service::{At, Busy, Clock, SearchPool, Service, ServiceError};
use boardbot::store::Store;
use boardbot::table::{Action, Opening, Refusal};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

const HOST: u64 = 11;
const GUEST: u64 = 22;

struct FixedClock(AtomicU64);

impl Clock for FixedClock {
    fn now(&self) -> u64 {
        self.0.fetch_add(1, Ordering::Relaxed)
    }
}

fn service(store: Store, limits: Limits) -> Arc<Service> {
    let clock = Arc::new(FixedClock(AtomicU64::new(5_000_000)));
    let (service, _notices) = Service::new(store, clock, SearchPool::new(2), Some(7));
    service.set_limits(limits);
    // These tests count reviews and their searches, not their grades: a
    // short think per position (the late, decided ones still solve), so
    // that the match's hard opening positions do not each take 1.5 s.
    service.set_review_time(Duration::from_millis(150), Duration::from_secs(25));
    service
}

fn opening(no: u64, guild: u64, channel: u64, host: u64, kind: GameKind) -> Opening {
    Opening {
        no,
        guild,
        channel,
        kind,
        host,
        host_name: "host".into(),
        level: Level::Easy,
        invited: vec![],
        // Two seats: the host plays both; three: against two CPUs.
        self_play: kind.seat_count() == 2,
        host_seat: Some(0),
        lang: boardbot::i18n::Lang::En,
        open: false,
        rules: boardbot::table::Rules::default(),
        ranked: false,
    }
}

fn busy<T: std::fmt::Debug>(result: Result<T, ServiceError>) -> Busy {
    match result {
        Err(ServiceError::Busy(busy)) => busy,
        other => panic!("not refused as busy: {other:?}"),
    }
}

/// Plays a self-play Connect Four match at table `no` in `channel` to a
/// win (seven moves) and returns the match's number.
async fn finished_match(svc: &Arc<Service>, no: u64, channel: u64) -> u64 {
    played_match(svc, no, channel, &[3, 2, 3, 2, 3, 2, 3]).await
}

/// Plays the self-play Connect Four match of `moves` (columns from 0) at
/// table `no` in `channel` and returns the match's number.
async fn played_match(svc: &Arc<Service>, no: u64, channel: u64, moves: &[u16]) -> u64 {
    let table = svc
        .open(opening(no, 1, channel, HOST, GameKind::Connect4))
        .await
        .unwrap();
    let at = At::Table { no, channel };
    let mut stamp = table.stamp();
    for &mv in moves {
        let action = Action::Move {
            user: HOST,
            mv,
            stamp: Some(stamp),
        };
        stamp = svc.act(at, action).await.unwrap().stamp();
    }
    svc.last_match_in_channel(channel).await.unwrap().unwrap().0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_hosts_so_many_tables_per_server() {
    let url = fresh_database("sqlite", "fair_tables").await.unwrap();
    let limits = Limits {
        tables_per_person: 2,
        ..Limits::default()
    };
    let svc = service(Store::open(&url).await.unwrap(), limits);
    let kind = GameKind::Connect4;
    svc.open(opening(1, 1, 101, HOST, kind)).await.unwrap();
    svc.open(opening(2, 1, 102, HOST, kind)).await.unwrap();
    assert_eq!(
        busy(svc.open(opening(3, 1, 103, HOST, kind)).await),
        Busy::Tables
    );
    // Someone else, and the same person in another server, may.
    svc.open(opening(4, 1, 104, GUEST, kind)).await.unwrap();
    svc.open(opening(5, 2, 105, HOST, kind)).await.unwrap();
    // A table that ends frees its place.
    let end = Action::End {
        user: HOST,
        moderator: false,
    };
    svc.act(At::Channel(101), end).await.unwrap();
    svc.open(opening(6, 1, 106, HOST, kind)).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_is_judged_once_and_kept() {
    for url in each_backend("fair_review_once").await {
        let store = Store::open(&url).await.unwrap();
        let limits = Limits {
            reviews_per_person: 3,
            ..Limits::default()
        };
        let svc = service(store.clone(), limits);
        let id = finished_match(&svc, 700, 70).await;
        let (_, record) = svc.last_match_in_channel(70).await.unwrap().unwrap();
        let before = svc.pool_stats().started;
        let mut asks = Vec::new();
        for _ in 0..5 {
            let (svc, record) = (svc.clone(), record.clone());
            asks.push(tokio::spawn(async move {
                svc.review(id, &record, HOST, 1).await
            }));
        }
        let mut reviews = Vec::new();
        let mut refused = 0;
        for ask in asks {
            match ask.await.unwrap() {
                Ok(review) => reviews.push(review.expect("a review")),
                Err(ServiceError::Busy(Busy::Reviews)) => refused += 1,
                Err(other) => panic!("{other:?}"),
            }
        }
        assert_eq!((reviews.len(), refused), (3, 2), "{url}");
        assert!(reviews.windows(2).all(|w| w[0] == w[1]), "{url}");
        // Eight positions, each judged once for all three.
        let judged = svc.pool_stats().started - before;
        assert_eq!(judged, 8, "{url}");
        // Asked again, here or by a new process: no search at all (the
        // pools' counts say so; no wall-clock figure is asserted).
        let again = svc.review(id, &record, GUEST, 1).await.unwrap().unwrap();
        assert_eq!(again, reviews[0], "{url}");
        assert_eq!(svc.pool_stats().started - before, 8, "{url}");
        let fresh = service(store.clone(), Limits::default());
        let kept = fresh.review(id, &record, GUEST, 1).await.unwrap().unwrap();
        assert_eq!(kept, reviews[0], "{url}");
        assert_eq!(fresh.pool_stats().started, 0, "{url}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_prepares_so_many_reviews_at_once() {
    let url = fresh_database("sqlite", "fair_server_reviews")
        .await
        .unwrap();
    let limits = Limits {
        reviews_per_server: 1,
        ..Limits::default()
    };
    let svc = service(Store::open(&url).await.unwrap(), limits);
    let first = finished_match(&svc, 710, 71).await;
    let second = finished_match(&svc, 720, 72).await;
    let (_, a) = svc.last_match_in_channel(71).await.unwrap().unwrap();
    let (_, b) = svc.last_match_in_channel(72).await.unwrap().unwrap();
    let (x, y) = tokio::join!(
        svc.review(first, &a, HOST, 1),
        svc.review(second, &b, GUEST, 1)
    );
    let refused: Vec<Busy> = [x.err(), y.err()]
        .into_iter()
        .flatten()
        .map(|f| match f {
            ServiceError::Busy(b) => b,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(refused, vec![Busy::ServerReviews]);
    // Another server is not held up.
    let third = finished_match(&svc, 730, 73).await;
    let (_, c) = svc.last_match_in_channel(73).await.unwrap().unwrap();
    assert!(svc.review(third, &c, HOST, 2).await.unwrap().is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hints_are_limited_per_person_and_in_the_queue() {
    let url = fresh_database("sqlite", "fair_hints").await.unwrap();
    let limits = Limits {
        hints_per_person: 2,
        hint_queue: 3,
        ..Limits::default()
    };
    let svc = service(Store::open(&url).await.unwrap(), limits);
    // Three-player hints think for their whole time: they stay pending
    // until the tables move on.
    let kind = GameKind::Connect4ThreePlayer;
    let mut tables = Vec::new();
    for (i, host) in [HOST, HOST, HOST, GUEST, GUEST].into_iter().enumerate() {
        let (no, channel) = (800 + i as u64, 80 + i as u64);
        let table = svc.open(opening(no, 1, channel, host, kind)).await.unwrap();
        tables.push((At::Table { no, channel }, table.stamp(), host));
    }
    let mut asks = Vec::new();
    for &(at, stamp, host) in &tables[..2] {
        let svc = svc.clone();
        asks.push(tokio::spawn(async move { svc.hint(at, stamp, host).await }));
    }
    let waiting = |n: usize| {
        let svc = svc.clone();
        async move {
            while svc.hints_pending() < n {
                tokio::time::sleep(Duration::from_millis(2)).await;
            }
        }
    };
    waiting(2).await;
    let (at, stamp, host) = tables[2];
    assert_eq!(busy(svc.hint(at, stamp, host).await), Busy::Hints);
    // The guest's first hint takes the queue's last place, the second finds it full.
    let (at, stamp, host) = tables[3];
    {
        let svc = svc.clone();
        asks.push(tokio::spawn(async move { svc.hint(at, stamp, host).await }));
    }
    waiting(3).await;
    let (at, stamp, host) = tables[4];
    assert_eq!(busy(svc.hint(at, stamp, host).await), Busy::HintQueue);
    // A move at each table cancels its hint; the places come free.
    for &(at, stamp, host) in tables.iter().take(4).filter(|t| t.0 != tables[2].0) {
        let action = Action::Move {
            user: host,
            mv: 0,
            stamp: Some(stamp),
        };
        svc.act(at, action).await.unwrap();
    }
    for ask in asks {
        match ask.await.unwrap() {
            Err(ServiceError::Refused(Refusal::StaleBoard)) | Ok(_) => {}
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(svc.hints_pending(), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replay_is_made_once_beside_the_reviews_and_kept() {
    use boardbot::i18n::Lang;
    let url = fresh_database("sqlite", "fair_replay").await.unwrap();
    let svc = service(Store::open(&url).await.unwrap(), Limits::default());
    // Red misses the win in column 1 at move 7; yellow then wins.
    let id = played_match(&svc, 730, 73, &[0, 1, 0, 1, 0, 1, 2, 1]).await;
    let (_, record) = svc.last_match_in_channel(73).await.unwrap().unwrap();
    let searches = svc.pool_stats().started;
    // Asked twice at once at the table: made once, the second waits for it.
    let (a, b) = tokio::join!(
        svc.replay(id, &record, Lang::En),
        svc.replay(id, &record, Lang::En)
    );
    let (a, b) = (a.unwrap().unwrap(), b.unwrap().unwrap());
    assert!(Arc::ptr_eq(&a, &b), "the same replay");
    assert_eq!(a.frames, record.moves.len() + 2);
    let stats = svc.pool_stats();
    assert_eq!(stats.review_jobs, 1, "made on the review lane");
    assert_eq!(stats.started, searches, "no search for it");
    // Asked again a moment later: kept.
    let again = svc.replay(id, &record, Lang::En).await.unwrap().unwrap();
    assert!(Arc::ptr_eq(&a, &again));
    assert_eq!(svc.pool_stats().review_jobs, 1);
    // Its words are the reader's: another language, another replay.
    let french = svc.replay(id, &record, Lang::Fr).await.unwrap().unwrap();
    assert!(french.alt.starts_with("Partie n°"), "{}", french.alt);
    assert_eq!(svc.pool_stats().review_jobs, 2);
    // Once the match is reviewed, its turning points are marked.
    let review = svc.review(id, &record, HOST, 1).await.unwrap().unwrap();
    assert!(review.turning_points().count() > 0, "{review:?}");
    let marked = svc.replay(id, &record, Lang::En).await.unwrap().unwrap();
    assert!(!Arc::ptr_eq(&a, &marked));
    assert!(marked.alt.contains("Turning point"), "{}", marked.alt);
    assert!(!a.alt.contains("Turning point"), "{}", a.alt);
}
