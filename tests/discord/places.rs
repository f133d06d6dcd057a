//! Tables follow their place: a deleted channel or thread, or a server the
//! bot was removed from, ends its tables with no result; a server's outage
//! ends nothing.

use crate::{bot, support};
use boardbot::table::{Closed, Phase, Table};
use bot::{enabled_moves, turn_of, Harness};
use serde_json::json;
use std::time::Duration;
use support::User;

/// `user` opens `game` against the CPU at `level` in `channel`; returns
/// the board message and the table's number.
async fn open(h: &Harness, user: &User, channel: u64, game: &str, level: &str) -> (u64, u64) {
    let d = &h.discord;
    let ix = d.slash(user, channel, game, json!({"level": level})).await;
    let board = d.response(ix).await.message_id.expect("a board");
    h.settled(board, None).await;
    let table = h
        .bot
        .service()
        .running_table(channel)
        .await
        .expect("running");
    (board, table.no())
}

/// Table `no` as the store has it.
async fn stored(h: &Harness, no: u64) -> Table {
    let store = h.bot.service();
    let stored = store.store().load(no).await.expect("store reads");
    stored.expect("the table is stored").table
}

/// Waits until the store has table `no` closed because its place went.
async fn wait_gone(h: &Harness, no: u64) -> Table {
    for _ in 0..100 {
        let table = stored(h, no).await;
        if *table.phase() == Phase::Closed(Closed::PlaceGone) {
            return table;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!(
        "table {no} was not closed: {:?}",
        stored(h, no).await.phase()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_channel_ends_its_table_and_its_cpu_stops() {
    let h = Harness::start().await;
    let d = &h.discord;
    let alice = d.user("alice");
    let games = d.add_channel("games");
    let (board, no) = open(&h, &alice, games, "connect4-3d", "hard").await;
    let message = d.message(board).unwrap();
    assert_eq!(turn_of(&message), Some(alice.id), "{}", message.content);
    // The CPU (hard: up to 1.5 s) starts thinking, and the channel goes.
    let pick = enabled_moves(&message)[0].clone();
    let click = d.click_label(&alice, board, &pick).await;
    assert_eq!(d.response(click).await.kind, 7);
    let thinking = stored(&h, no).await.history().len();
    d.delete_channel(games);

    let table = wait_gone(&h, no).await;
    assert!(!table.is_running());
    assert_eq!(table.match_record(0), None, "no result");
    let moves = table.history().len();
    assert_eq!(moves, thinking, "closed while the CPU was thinking");
    let version = d.message(board).unwrap().version;
    // The search that was running ends (cancelled, or out of its time):
    // then nothing more can come of it.
    let service = h.bot.service();
    for _ in 0..200 {
        if service.pool_stats().running == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(service.pool_stats().running, 0, "the search ended");
    tokio::time::sleep(Duration::from_millis(200)).await;
    let table = stored(&h, no).await;
    assert_eq!(table.history().len(), moves, "the CPU did not move");
    assert_eq!(*table.phase(), Phase::Closed(Closed::PlaceGone));
    assert_eq!(
        d.message(board).unwrap().version,
        version,
        "nothing published"
    );
    assert!(h.bot.service().running_table(games).await.is_none());
    assert_eq!(h.bot.service().open_tables(), vec![]);

    // Another channel's new table plays on.
    let (board, _) = open(&h, &alice, d.channel_id(), "connect4", "easy").await;
    let message = d.message(board).unwrap();
    let pick = enabled_moves(&message)[0].clone();
    h.play(&alice, board, &pick).await;
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_thread_ends_its_table() {
    let h = Harness::start().await;
    let d = &h.discord;
    let alice = d.user("alice");
    let thread = d.add_thread(d.channel_id(), "a game");
    let (_, no) = open(&h, &alice, thread, "connect4", "easy").await;
    let (_, other) = open(&h, &alice, d.channel_id(), "connect4", "easy").await;
    d.delete_channel(thread);
    wait_gone(&h, no).await;
    assert!(
        stored(&h, other).await.is_running(),
        "the channel's goes on"
    );
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn removed_from_a_server_its_tables_end_but_an_outage_ends_none() {
    let h = Harness::start().await;
    let d = &h.discord;
    let alice = d.user("alice");
    let games = d.add_channel("games");
    let (_, first) = open(&h, &alice, d.channel_id(), "connect4", "easy").await;
    let (_, second) = open(&h, &alice, games, "connect4", "easy").await;

    d.guild_outage(d.guild_id());
    tokio::time::sleep(Duration::from_millis(500)).await;
    for no in [first, second] {
        assert!(stored(&h, no).await.is_running(), "an outage ends nothing");
    }

    d.remove_from_guild(d.guild_id());
    for no in [first, second] {
        wait_gone(&h, no).await;
    }
    assert_eq!(h.bot.service().open_tables(), vec![]);
    h.stop().await;
}
