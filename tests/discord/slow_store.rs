//! A slow or locked store never costs an interaction its first answer:
//! while a second connection holds SQLite's write lock for longer than the
//! window for a first answer, a click and a command are acknowledged inside
//! it, and once the lock is released their changes are stored and shown.
//! The stand-in's window and the bot's acknowledgement delay are half
//! Discord's (1.5 s and 0.3 s, not 3 s and 1.5 s), so the lock is held
//! 1.9 s.

use crate::{bot, support};
use bot::{enabled_moves, turn_of, Harness};
use serde_json::json;
use sqlx::Connection;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use support::{Ix, Msg, StandIn};

/// The window for the first answer, half Discord's.
const WINDOW: Duration = Duration::from_millis(1500);

async fn first_answer_in_window(d: &StandIn, ix: Ix) {
    d.response(ix).await;
    let record = d.interaction(ix);
    let replied = record.replied_at.expect("answered");
    let took = replied.duration_since(record.sent_at);
    assert!(took < WINDOW, "{} answered after {took:?}", record.label);
}

async fn board_for(h: &Harness, id: u64, user: u64, after: Option<u32>) -> Msg {
    h.discord
        .wait_message(id, |m| {
            after.is_none_or(|v| m.version > v)
                && turn_of(m) == Some(user)
                && !m.content.contains("thinking")
        })
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_locked_store_is_answered_in_time_and_loses_nothing() {
    let url = Arc::new(Mutex::new(String::new()));
    let h = {
        let url = url.clone();
        Harness::start_with(move |c| {
            *url.lock().unwrap() = c.database_url.clone();
            c.acknowledge_after = Duration::from_millis(300);
            c.image_wait = Duration::from_millis(200);
        })
        .await
    };
    h.discord.set_callback_window(WINDOW);
    let url = url.lock().unwrap().clone();
    let d = &h.discord;
    let (alice, bob) = (d.user("alice"), d.user("bob"));
    let opened = d
        .slash(&alice, d.channel_id(), "connect4", json!({"level": "easy"}))
        .await;
    let board = d.response(opened).await.message_id.expect("board message");
    let ready = board_for(&h, board, alice.id, None).await;
    let store = boardbot::store::Store::open(&url).await.expect("store");
    let no = store
        .latest_in_channel(d.channel_id())
        .await
        .unwrap()
        .unwrap();
    let played = store.load(no).await.unwrap().unwrap().table.history().len();

    // A backup, say: another connection holds the write lock for longer
    // than the window.
    let mut backup = sqlx::SqliteConnection::connect(&url)
        .await
        .expect("connect");
    sqlx::query("BEGIN IMMEDIATE")
        .execute(&mut backup)
        .await
        .expect("write lock");
    let pick = enabled_moves(&ready)
        .into_iter()
        .find(|m| m == "4")
        .expect("column 4 is open");
    let click = d.click_label(&alice, board, &pick).await;
    let elsewhere = d.add_channel("elsewhere");
    let command = d
        .slash(&bob, elsewhere, "connect4", json!({"level": "easy"}))
        .await;
    first_answer_in_window(d, click).await;
    first_answer_in_window(d, command).await;
    tokio::time::sleep(Duration::from_millis(1900)).await;
    sqlx::query("ROLLBACK").execute(&mut backup).await.unwrap();
    drop(backup);

    // Alice's move and the CPU's reply are stored and on her board.
    board_for(&h, board, alice.id, Some(ready.version)).await;
    let after = store
        .load(no)
        .await
        .unwrap()
        .unwrap()
        .table
        .history()
        .to_vec();
    assert!(after.len() >= played + 2, "{played} moves, then {after:?}");
    // Bob's table opened, its board in the deferred answer.
    d.wait_original(command, |m| !m.buttons().is_empty()).await;
    assert!(d.followups(click).is_empty(), "{:?}", d.followups(click));
    h.stop().await;
}
