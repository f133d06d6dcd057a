//! Replays through the real serenity client and the Discord stand-in: the
//! Replay button of a finished board posts the match as an animated GIF
//! (public for its players), `/replay match:N` from someone else answers
//! privately with the same GIF, and bad input gets a short private answer.

use crate::{bot, support};
use bot::{assert_private, enabled_moves, is_over, Harness};
use serde_json::json;
use std::time::Duration;
use support::{Attachment, Ix, StandIn};

/// The GIF a replay answer carries: in the answer itself, or (when it was
/// acknowledged first) in its follow-up or its edited original.
async fn replay_of(d: &StandIn, ix: Ix) -> (bool, String, Attachment) {
    let reply = d.response(ix).await;
    let (ephemeral, content, files) = match reply.kind {
        4 => (
            reply.ephemeral,
            reply.content.unwrap_or_default(),
            reply.files,
        ),
        // A command acknowledged first: its original message is edited.
        5 => {
            let message = d.wait_original(ix, |m| !m.attachments.is_empty()).await;
            (
                reply.ephemeral,
                message.content.clone(),
                message.attachments,
            )
        }
        // A click acknowledged first: the replay follows.
        6 => {
            let message = d.wait_followups(ix, 1).await.remove(0);
            (
                message.ephemeral(),
                message.content.clone(),
                message.attachments,
            )
        }
        other => panic!("a replay is a message: {other} {reply:?}"),
    };
    assert_eq!(files.len(), 1, "one GIF: {files:?}");
    (ephemeral, content, files.into_iter().next().unwrap())
}

/// The frames of a GIF and the delay of each, decoded with the gif crate.
fn frames(gif: &Attachment) -> Vec<u16> {
    assert!(gif.filename.ends_with(".gif"), "{}", gif.filename);
    assert!(gif.bytes.starts_with(b"GIF89a"), "a GIF");
    let mut decoder = gif::DecodeOptions::new()
        .read_info(&gif.bytes[..])
        .expect("the GIF decodes");
    let mut delays = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        delays.push(frame.delay);
    }
    delays
}

/// The number after `prefix` in `text`.
fn number_after(text: &str, prefix: &str) -> u64 {
    text.split(prefix)
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a number after {prefix:?} in {text}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_board_replays_and_others_get_it_privately() {
    let mut h = Harness::start().await;
    // A replay is made on the review lane (a debug build is slow at it).
    h.discord.set_timeout(Duration::from_secs(60));
    let d = &h.discord;
    let (alice, bob) = (d.user("alice"), d.user("bob"));
    let channel = d.channel_id();

    // No finished match here yet.
    let ix = d.slash(&alice, channel, "replay", json!({})).await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("No finished match"), "{text}");

    let ix = d
        .slash(&alice, channel, "connect4", json!({"level": "easy"}))
        .await;
    let board = d.response(ix).await.message_id.unwrap();
    let mut message = h.settled(board, None).await;
    assert!(message.button("Replay").is_none(), "not while it is played");
    while !is_over(&message) {
        let enabled = enabled_moves(&message);
        let column = ["4", "3", "5", "2", "6", "1", "7"]
            .into_iter()
            .find(|c| enabled.iter().any(|e| e == c))
            .unwrap();
        message = h.play(&alice, board, column).await;
    }
    assert!(!message.expect_button("Replay").disabled);

    // alice played: her replay is public, with its alt text.
    let ix = d.click_label(&alice, board, "Replay").await;
    let (ephemeral, content, gif) = replay_of(d, ix).await;
    assert!(!ephemeral, "public for a player");
    assert!(content.contains("Replay of match #"), "{content}");
    assert!(content.contains("alice") && content.contains("CPU (easy)"));
    let alt = gif.description.clone().unwrap_or_default();
    assert!(alt.contains("animated replay"), "{alt}");
    // Seats are drawn: alice is red or yellow, with her colour's mark.
    assert!(
        alt.contains("alice (red ○)") || alt.contains("alice (yellow ×)"),
        "{alt}"
    );
    assert!(alt.chars().count() <= 1024);
    let moves = number_after(&alt, ". ");
    let delays = frames(&gif);
    assert_eq!(delays.len() as u64, moves + 2, "{alt}");
    assert_eq!(delays[0], boardbot::render::START_DELAY);
    assert_eq!(delays[1], boardbot::render::MOVE_DELAY);
    assert_eq!(*delays.last().unwrap(), boardbot::render::END_DELAY);
    // The board stays as it was.
    let after = d.message(board).unwrap();
    assert_eq!(after.version, message.version, "the click posts, not edits");

    // bob did not play: /replay match:N elsewhere is private, and the
    // replay made a moment ago is reused.
    let id = number_after(&content, "#");
    let elsewhere = d.add_channel("elsewhere");
    let ix = d
        .slash(&bob, elsewhere, "replay", json!({"match": id}))
        .await;
    let reply = d.response(ix).await;
    assert_eq!(reply.kind, 4, "kept: answered at once");
    let (ephemeral, content, again) = replay_of(d, ix).await;
    assert!(ephemeral, "private for someone who did not play");
    assert!(content.contains(&format!("#{id}")), "{content}");
    assert!(again.bytes == gif.bytes, "the same GIF");

    // A match number this server does not have, and another server's.
    let ix = d
        .slash(&bob, channel, "replay", json!({"match": id + 1000}))
        .await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("no match"), "{text}");
    let (_, other_server) = d.add_guild(0, 1);
    let ix = d
        .slash(&bob, other_server, "replay", json!({"match": id}))
        .await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains(&format!("no match #{id}")), "{text}");
    h.stop().await;
}
