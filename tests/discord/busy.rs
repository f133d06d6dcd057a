//! A busy bot acknowledges an interaction before its work: past
//! `Config::busy_after` interactions in hand (0 here, so every time), a
//! command is answered "thinking" before its table is opened and stored,
//! and a click with a deferred update before its move is stored; the board
//! is then edited in, and a refusal comes privately after the
//! acknowledgement. Nothing changes but when the first answer comes.

use crate::{bot, support};
use bot::{enabled_moves, turn_of, Harness};
use serde_json::json;
use support::Msg;

fn is_board_for(m: &Msg, user: u64) -> bool {
    turn_of(m) == Some(user) && !m.content.contains("thinking") && m.attachments.len() == 1
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_busy_bot_acknowledges_first_then_shows_the_board_or_the_refusal() {
    let h = Harness::start_with(|c| c.busy_after = 0).await;
    let d = &h.discord;
    let (alice, bob) = (d.user("alice"), d.user("bob"));

    // The command: "thinking" first, then its board edited in.
    let opened = d
        .slash(&alice, d.channel_id(), "connect4", json!({"level": "easy"}))
        .await;
    let reply = d.response(opened).await;
    assert_eq!(reply.kind, 5, "a busy bot defers the command: {reply:?}");
    assert!(!reply.ephemeral, "the board's message is public: {reply:?}");
    let board = reply.message_id.expect("the deferred message");
    let shown = d.wait_original(opened, |m| is_board_for(m, alice.id)).await;
    assert_eq!(shown.id, board, "the board is the deferred message");
    assert_eq!(shown.flags & 64, 0, "the board is public");

    // A click: a deferred update first, then the move and the CPU's reply
    // edited onto the board.
    let before = shown.version;
    let column = enabled_moves(&shown)
        .into_iter()
        .find(|m| m == "4")
        .expect("column 4 is open");
    let click = d.click_label(&alice, board, &column).await;
    let reply = d.response(click).await;
    assert_eq!(reply.kind, 6, "a busy bot defers the click: {reply:?}");
    let after = d
        .wait_message(board, |m| m.version > before && is_board_for(m, alice.id))
        .await;
    assert!(
        after.content.contains("Last move:"),
        "the board shows the moves: {}",
        after.content
    );
    assert!(d.followups(click).is_empty(), "{:?}", d.followups(click));

    // A refused click: acknowledged, then told privately; the board stays.
    let stranger = d.click_label(&bob, board, &column).await;
    assert_eq!(d.response(stranger).await.kind, 6);
    let told = d.wait_followups(stranger, 1).await;
    assert_eq!(told.len(), 1, "{told:?}");
    assert_ne!(told[0].flags & 64, 0, "the refusal is private: {told:?}");
    assert!(
        told[0].content.contains("not playing at this table"),
        "{}",
        told[0].content
    );
    assert_eq!(
        d.message(board).unwrap().version,
        after.version,
        "a refused click changes nothing"
    );

    // A refused command: its public "thinking" message is taken away and
    // the refusal comes privately; the running table is untouched.
    let again = d
        .slash(&bob, d.channel_id(), "connect4", json!({"level": "easy"}))
        .await;
    let reply = d.response(again).await;
    assert_eq!(reply.kind, 5, "{reply:?}");
    let told = d.wait_followups(again, 1).await;
    assert_ne!(told[0].flags & 64, 0, "the refusal is private: {told:?}");
    assert!(
        told[0].content.contains("already running in this channel"),
        "{}",
        told[0].content
    );
    let thinking = d.original(again).expect("the deferred message");
    assert!(thinking.deleted, "no public message is left: {thinking:?}");
    assert_eq!(d.message(board).unwrap().version, after.version);
    d.assert_no_violations();
    h.stop().await;
}
