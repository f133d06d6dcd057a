//! Fair use through the real serenity client and the Discord stand-in:
//! one person floods tables, hints and reviews while another plays the
//! CPU in a channel of their own; every interaction of both is answered
//! inside Discord's window, the flood's extras are refused privately, and
//! every CPU move of the other game is made.

use crate::{bot, support};
use bot::{assert_private, enabled_moves, is_over, turn_of, Harness};
use serde_json::json;
use std::time::Duration;
use support::{Ix, StandIn, User};

/// Discord's window for the first answer.
const WINDOW: Duration = Duration::from_secs(3);

async fn answered_in_window(d: &StandIn, ix: Ix) {
    d.response(ix).await;
    let record = d.interaction(ix);
    let took = record
        .replied_at
        .expect("answered")
        .duration_since(record.sent_at);
    assert!(took < WINDOW, "{} answered after {took:?}", record.label);
}

/// Waits until `board` is `user`'s to play (or over), newer than `after`.
async fn turn(h: &Harness, board: u64, user: &User, after: Option<u32>) -> support::Msg {
    let id = user.id;
    h.discord
        .wait_message(board, |m| {
            after.is_none_or(|v| m.version > v)
                && !m.content.contains("thinking")
                && (turn_of(m) == Some(id) || is_over(m))
        })
        .await
}

/// Plays `user`'s game on `board` to its end; returns every click and how
/// many CPU replies came.
async fn play_out(h: &Harness, user: &User, board: u64) -> (Vec<Ix>, usize) {
    let d = &h.discord;
    let mut clicks = Vec::new();
    let mut replies = 0;
    let mut message = turn(h, board, user, None).await;
    while !is_over(&message) {
        let enabled = enabled_moves(&message);
        let column = ["4", "3", "5", "2", "6", "1", "7"]
            .into_iter()
            .find(|c| enabled.iter().any(|e| e == c))
            .expect("a column to play");
        let click = d.click_label(user, board, column).await;
        let reply = d.response(click).await;
        assert!(matches!(reply.kind, 6 | 7), "a move: {reply:?}");
        clicks.push(click);
        message = turn(h, board, user, Some(message.version)).await;
        if turn_of(&message) == Some(user.id) {
            replies += 1;
        }
    }
    (clicks, replies)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_by_one_person_does_not_hold_up_anothers_game() {
    let mut h = Harness::start().await;
    h.discord.set_timeout(Duration::from_secs(120));
    let d = &h.discord;
    let (alice, bob) = (d.user("alice"), d.user("bob"));

    // A short finished match of alice's, to review.
    let home = d.channel_id();
    let ix = d
        .slash(&alice, home, "connect4", json!({"level": "easy"}))
        .await;
    let board = d.response(ix).await.message_id.unwrap();
    let message = turn(&h, board, &alice, None).await;
    let click = d.click_label(&alice, board, "4").await;
    d.response(click).await;
    turn(&h, board, &alice, Some(message.version)).await;
    let ix = d.slash(&alice, home, "resign", json!({})).await;
    d.response(ix).await;

    let bobs = d.add_channel("bob");
    let ix = d
        .slash(&bob, bobs, "connect4", json!({"level": "easy"}))
        .await;
    let bobs_board = d.response(ix).await.message_id.unwrap();
    let mut asked = vec![ix];

    let flood = async {
        let mut asked = Vec::new();
        // Tables in eight channels: five open, three are refused.
        let mut boards = Vec::new();
        let mut refused = 0;
        for i in 0..8 {
            let channel = d.add_channel(&format!("alice-{i}"));
            let ix = d
                .slash(&alice, channel, "connect4", json!({"level": "easy"}))
                .await;
            let reply = d.response(ix).await;
            match reply.message_id.filter(|_| !reply.ephemeral) {
                Some(board) => boards.push(board),
                None => {
                    let text = assert_private(&reply);
                    assert!(text.contains("try again"), "{text}");
                    refused += 1;
                }
            }
            asked.push(ix);
        }
        assert_eq!((boards.len(), refused), (5, 3));
        // A hint at each of them, and reviews, all at once.
        for &board in &boards {
            turn(&h, board, &alice, None).await;
            asked.push(d.click_label(&alice, board, "Hint").await);
        }
        for _ in 0..12 {
            asked.push(d.slash(&alice, home, "review", json!({})).await);
        }
        asked
    };
    let ((clicks, replies), flooded) = tokio::join!(play_out(&h, &bob, bobs_board), flood);
    asked.extend(clicks.iter().copied());
    // Every move of bob's but the last got the CPU's reply back to him
    // (the last one ended the game, or the CPU's reply to it did).
    assert_eq!(replies + 1, clicks.len(), "CPU replies to bob's moves");
    for ix in asked.into_iter().chain(flooded) {
        answered_in_window(d, ix).await;
    }
    h.stop().await;
}
