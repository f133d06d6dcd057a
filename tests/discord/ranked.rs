//! Ranked play through the real serenity client and the Discord stand-in:
//! refusals before a table opens, a ranked match that changes ratings,
//! `/rating`, `/leaderboard`, `/stats` and switching ranked play off.

use crate::bot;
use bot::{assert_private, is_over, turn_of, user_json_id, Harness};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ranked_match_changes_ratings_that_every_command_shows() {
    let h = Harness::start().await;
    let d = &h.discord;
    let (alice, bob) = (d.user("alice"), d.user("bob"));
    let channel = d.channel_id();

    // Against the CPU: refused privately, and no table opens.
    let ix = d
        .slash(&alice, channel, "connect4", json!({"ranked": true}))
        .await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("between people only"), "{text}");
    let ix = d.slash(&alice, channel, "rating", json!({})).await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("no Connect Four rating"), "{text}");

    let ix = d
        .slash(
            &alice,
            channel,
            "connect4",
            json!({"opponent": user_json_id(&bob), "ranked": true}),
        )
        .await;
    let board = d.response(ix).await.message_id.unwrap();
    let ix = d.click_label(&bob, board, "Accept").await;
    assert_eq!(d.response(ix).await.kind, 7);
    let mut message = h.settled(board, None).await;
    assert!(
        message.content.contains("Ranked match"),
        "{}",
        message.content
    );
    let labels = bot::labels(&message);
    assert!(!labels.contains(&"Undo".to_owned()), "{labels:?}");
    // Red stacks column 1 while yellow stacks column 2: red wins.
    let red = turn_of(&message).unwrap();
    while !is_over(&message) {
        let mover = if turn_of(&message) == Some(alice.id) {
            &alice
        } else {
            &bob
        };
        let column = if turn_of(&message) == Some(red) {
            "1"
        } else {
            "2"
        };
        message = h.play(mover, board, column).await;
    }
    let ratings_line = message
        .content
        .lines()
        .find(|l| l.starts_with("⚖️"))
        .unwrap_or_else(|| panic!("rating changes on the board: {}", message.content))
        .to_owned();
    assert!(
        ratings_line.contains(&format!("<@{red}>")) && ratings_line.contains('+'),
        "{ratings_line}"
    );

    let winner = if red == alice.id { &alice } else { &bob };
    let ix = d
        .slash(winner, channel, "rating", json!({"game": "connect4"}))
        .await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("Rank **1** of 2"), "{text}");
    assert!(
        text.contains("1 ranked match: 1 win, 0 draws, 0 losses"),
        "{text}"
    );

    let ix = d.slash(&alice, channel, "leaderboard", json!({})).await;
    let reply = d.response(ix).await;
    assert!(
        !reply.ephemeral,
        "the leaderboard is for everyone: {reply:?}"
    );
    assert_eq!(reply.files.len(), 1, "with its image");
    assert!(reply.files[0].is_png());
    let text = reply.content.clone().unwrap_or_default();
    assert!(text.contains("1. ") && text.contains("2. "), "{text}");

    let ix = d
        .slash(
            &alice,
            channel,
            "stats",
            json!({"user": user_json_id(&bob)}),
        )
        .await;
    let reply = d.response(ix).await;
    assert_eq!(reply.files.len(), 1);
    assert!(
        reply.content.unwrap_or_default().contains("1"),
        "a result is counted"
    );

    // Switched off in this channel: ranked is refused.
    let ix = d
        .slash(&alice, channel, "settings", json!({"ranked": false}))
        .await;
    assert_private(&d.response(ix).await);
    let ix = d
        .slash(
            &bob,
            channel,
            "connect4",
            json!({"opponent": user_json_id(&alice), "ranked": true}),
        )
        .await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("switched off"), "{text}");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_three_player_ranked_match_rates_all_three() {
    let h = Harness::start().await;
    let d = &h.discord;
    let people = [d.user("alice"), d.user("bob"), d.user("carol")];
    let channel = d.channel_id();
    let ix = d
        .slash(
            &people[0],
            channel,
            "connect4-3p",
            json!({
                "player2": user_json_id(&people[1]),
                "player3": user_json_id(&people[2]),
                "ranked": true
            }),
        )
        .await;
    let board = d.response(ix).await.message_id.unwrap();
    for person in &people[1..] {
        let ix = d.click_label(person, board, "Accept").await;
        assert_eq!(d.response(ix).await.kind, 7);
    }
    let mut message = h.settled(board, None).await;
    assert!(
        message.content.contains("Ranked match"),
        "{}",
        message.content
    );
    // Each seat stacks its own column: the first seat wins on its fourth.
    let order: Vec<u64> = bot::seats(&message).into_iter().flatten().collect();
    assert_eq!(order.len(), 3, "{}", message.content);
    while !is_over(&message) {
        let to_move = turn_of(&message).unwrap();
        let seat = order.iter().position(|&id| id == to_move).unwrap();
        let who = people.iter().find(|p| p.id == to_move).unwrap();
        message = h.play(who, board, &(seat + 1).to_string()).await;
    }
    let line = message
        .content
        .lines()
        .find(|l| l.starts_with("⚖️"))
        .unwrap_or_else(|| panic!("{}", message.content))
        .to_owned();
    for id in &order {
        assert!(line.contains(&format!("<@{id}>")), "{line}");
    }
    let ix = d
        .slash(
            &people[1],
            channel,
            "leaderboard",
            json!({"game": "connect4-3p"}),
        )
        .await;
    let text = d.response(ix).await.content.unwrap_or_default();
    // The winner (the first seat) first; the two others tied, sharing a rank.
    let name = |id: u64| people.iter().find(|p| p.id == id).unwrap().name.clone();
    assert!(text.contains(&format!("1. {}", name(order[0]))), "{text}");
    for &other in &order[1..] {
        assert!(text.contains(&format!("2. {}", name(other))), "{text}");
    }
    h.stop().await;
}
