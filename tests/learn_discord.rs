//! Learning from games through the real serenity client and the Discord
//! stand-in: `/review` of a finished match (public for its players,
//! private for others, by number too).

mod bot;
mod support;

use bot::{assert_private, enabled_moves, is_over, Harness};
use serde_json::json;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_solo_game_ends_and_review_answers_with_text_and_a_picture() {
    let mut h = Harness::start().await;
    // A review thinks for up to 25 s (one position at a time).
    h.discord.set_timeout(Duration::from_secs(90));
    let d = &h.discord;
    let (alice, bob) = (d.user("alice"), d.user("bob"));
    let channel = d.channel_id();

    // Nothing to review yet.
    let ix = d.slash(&alice, channel, "review", json!({})).await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("No finished match"), "{text}");

    let ix = d
        .slash(&alice, channel, "connect4", json!({"level": "easy"}))
        .await;
    let board = d.response(ix).await.message_id.unwrap();
    let mut message = h.settled(board, None).await;
    while !is_over(&message) {
        // The centre first, then outwards.
        let enabled = enabled_moves(&message);
        let column = ["4", "3", "5", "2", "6", "1", "7"]
            .into_iter()
            .find(|c| enabled.iter().any(|e| e == c))
            .unwrap();
        message = h.play(&alice, board, column).await;
    }

    // alice played: the review is public, deferred, then filled in.
    let ix = d.slash(&alice, channel, "review", json!({})).await;
    let reply = d.response(ix).await;
    assert_eq!(reply.kind, 5, "deferred: {reply:?}");
    assert!(!reply.ephemeral, "public for a player");
    let review = d
        .wait_original(ix, |m| m.content.contains("Review of match"))
        .await;
    let text = review.content.clone();
    assert!(text.contains("alice"), "{text}");
    assert!(text.contains("CPU (easy)"), "{text}");
    assert!(text.contains("exact solver"), "{text}");
    assert!(text.contains("best"), "{text}");
    assert_eq!(review.attachments.len(), 1, "with its picture");
    let picture = &review.attachments[0];
    assert!(picture.is_png());
    assert!(picture
        .description
        .as_deref()
        .is_some_and(|a| a.contains("Played")));
    let image = picture.decode_png();
    assert!(image.width() >= 600, "{}", image.width());

    // bob did not play: his review of the same match (by its number) is
    // private.
    let id: u64 = text
        .split('#')
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a match number in {text}"));
    let ix = d
        .slash(
            &bob,
            d.add_channel("elsewhere"),
            "review",
            json!({"match": id}),
        )
        .await;
    let reply = d.response(ix).await;
    assert_eq!(reply.kind, 5);
    assert!(reply.ephemeral, "private for someone who did not play");
    let private = d
        .wait_original(ix, |m| m.content.contains("Review of match"))
        .await;
    assert!(private.content.contains(&format!("#{id}")));

    // A number that names no match here.
    let ix = d
        .slash(&bob, channel, "review", json!({"match": id + 1000}))
        .await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("no match"), "{text}");
    h.stop().await;
}
