//! The table rules of SPEC section 2 through the real serenity client and
//! the Discord stand-in: open tables, pause, ending a table, turn timers
//! and channel settings.

use crate::{bot, support};
use bot::{
    assert_board_image, assert_private, challenge, is_over, labels, seats, turn_of, Harness,
};
use serde_json::json;
use std::time::Duration;
use support::{StandIn, User};

/// Discord's MANAGE_MESSAGES and MANAGE_CHANNELS permission bits.
const MANAGE_MESSAGES: u64 = 1 << 13;
const MANAGE_CHANNELS: u64 = 1 << 4;
/// What the stand-in gives members unless told otherwise.
const MEMBER: u64 = 2_248_473_465_835_065;

/// `user` opens Connect Four 3D against the CPU, moving first; returns
/// the board message.
async fn solo_3d(d: &StandIn, user: &User) -> u64 {
    let ix = d
        .slash(user, d.channel_id(), "connect4-3d", json!({"color": "red"}))
        .await;
    d.response(ix).await.message_id.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_three_player_table_is_joined_and_started_by_its_host() {
    let h = Harness::start().await;
    let d = &h.discord;
    let (alice, bob, carol) = (d.user("alice"), d.user("bob"), d.user("carol"));
    let channel = d.channel_id();
    let ix = d
        .slash(
            &alice,
            channel,
            "connect4-3p",
            json!({"open": true, "level": "easy"}),
        )
        .await;
    let reply = d.response(ix).await;
    assert_eq!(reply.kind, 4);
    let board = reply.message_id.unwrap();
    let lobby = d.message(board).unwrap();
    assert!(lobby.content.contains("open table"), "{}", lobby.content);
    assert_eq!(
        lobby.content.matches("— free seat —").count(),
        2,
        "{}",
        lobby.content
    );
    for label in ["Join", "Leave", "Start"] {
        assert!(labels(&lobby).contains(&label.to_owned()), "{label}");
    }

    // Only the host starts the table.
    let ix = d.click_label(&bob, board, "Start").await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("Only the host"), "{text}");

    for person in [&bob, &carol] {
        let ix = d.click_label(person, board, "Join").await;
        assert_eq!(d.response(ix).await.kind, 7, "a join updates the board");
    }
    let full = d.message(board).unwrap();
    assert!(!full.content.contains("— free seat —"), "{}", full.content);
    assert!(full.expect_button("Join").disabled, "no free seat left");

    let ix = d.click_label(&alice, board, "Start").await;
    let reply = d.response(ix).await;
    assert_eq!(reply.kind, 7);
    let message = h.settled(board, None).await;
    assert_board_image(&message);
    let seated = seats(&message);
    assert_eq!(seated.len(), 3, "{}", message.content);
    for person in [&alice, &bob, &carol] {
        assert!(seated.contains(&Some(person.id)), "{}", message.content);
    }
    assert!(message.content.contains("playing"), "{}", message.content);
    assert!(turn_of(&message).is_some());
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_host_pauses_and_nothing_moves_while_paused() {
    let h = Harness::start().await;
    let d = &h.discord;
    let (alice, bob) = (d.user("alice"), d.user("bob"));
    let channel = d.channel_id();
    let board = solo_3d(d, &alice).await;
    let message = h.settled(board, None).await;
    assert_eq!(turn_of(&message), Some(alice.id));

    let ix = d.slash(&bob, channel, "pause", json!({})).await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("Only the host"), "{text}");

    let ix = d.slash(&alice, channel, "pause", json!({})).await;
    assert_private(&d.response(ix).await);
    let paused = d
        .wait_message(board, |m| m.content.contains("Paused by"))
        .await;
    assert!(paused.content.contains("paused"), "{}", paused.content);
    assert!(!paused.expect_button("Resume").disabled);
    assert!(paused.expect_button("A1").disabled, "moves wait for resume");

    let ix = d.slash(&alice, channel, "move", json!({"at": "A1"})).await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("paused"), "{text}");

    let ix = d.click_label(&alice, board, "Resume").await;
    assert_eq!(d.response(ix).await.kind, 7);
    let resumed = d.message(board).unwrap();
    assert!(
        !resumed.content.contains("Paused by"),
        "{}",
        resumed.content
    );
    let after = h.play(&alice, board, "A1").await;
    assert!(after.content.contains("Last move"), "{}", after.content);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_moderator_ends_someone_elses_table() {
    let h = Harness::start().await;
    let d = &h.discord;
    let (alice, bob, moderator) = (d.user("alice"), d.user("bob"), d.user("mod"));
    d.set_permissions(&moderator, MEMBER | MANAGE_MESSAGES);
    let channel = d.channel_id();
    let ix = d.slash(&alice, channel, "connect4", json!({})).await;
    let board = d.response(ix).await.message_id.unwrap();
    h.settled(board, None).await;

    let ix = d.slash(&bob, channel, "end", json!({})).await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("manage messages"), "{text}");

    let ix = d.slash(&moderator, channel, "end", json!({})).await;
    assert_private(&d.response(ix).await);
    let ended = d
        .wait_message(board, |m| m.content.contains("ended this"))
        .await;
    assert!(ended.buttons().is_empty(), "an ended table has no controls");
    assert!(ended.content.contains(&format!("<@{}>", moderator.id)));

    // The channel is free for a new table.
    let ix = d.slash(&bob, channel, "connect4", json!({})).await;
    assert_eq!(d.response(ix).await.kind, 4);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn channel_settings_are_shown_to_all_and_changed_by_managers() {
    let h = Harness::start().await;
    let d = &h.discord;
    let (alice, bob) = (d.user("alice"), d.user("bob"));
    d.set_permissions(&bob, MEMBER & !MANAGE_CHANNELS);
    let channel = d.channel_id();
    let ix = d.slash(&bob, channel, "settings", json!({})).await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("no turn timer"), "{text}");
    let ix = d
        .slash(&bob, channel, "settings", json!({"timer": "30"}))
        .await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("manage this channel"), "{text}");

    let ix = d
        .slash(
            &alice,
            channel,
            "settings",
            json!({"timer": "30", "rotate": false}),
        )
        .await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("Saved") && text.contains("30 s"), "{text}");

    // A new table takes the channel's defaults.
    challenge(d, d.channel_id(), &bob, &alice, json!({})).await;
    let board = d
        .wait_channel_message(channel, |m| m.content.contains("per move"))
        .await;
    assert!(board.content.contains("30 s per move"), "{}", board.content);
    assert!(board.content.contains("same starter"), "{}", board.content);
    assert!(
        board.content.contains("time runs out <t:"),
        "{}",
        board.content
    );
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timed_game_runs_out() {
    let h = Harness::start().await;
    let d = &h.discord;
    let (alice, bob) = (d.user("alice"), d.user("bob"));
    let channel = d.channel_id();
    challenge(d, d.channel_id(), &alice, &bob, json!({"timer": 30})).await;
    let board = d
        .wait_channel_message(channel, |m| m.content.contains("time runs out"))
        .await;
    let late = turn_of(&board).unwrap();
    // Nobody moves: the clock runs out and the one to move loses. The
    // tables' clock jumps past the 30 s instead of the test waiting them.
    h.advance(Duration::from_secs(31));
    let over = d
        .wait_message(board.id, |m| m.content.contains("ran out of time"))
        .await;
    assert!(is_over(&over), "{}", over.content);
    let result = over.content.lines().last().unwrap_or("");
    assert!(
        result.starts_with("⏱️") && result.contains(&format!("<@{late}> ran out of time")),
        "{result}"
    );
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leaving_a_match_hands_it_to_the_opponent() {
    let h = Harness::start().await;
    let d = &h.discord;
    let (alice, bob) = (d.user("alice"), d.user("bob"));
    let channel = d.channel_id();
    let invitation = challenge(d, d.channel_id(), &alice, &bob, json!({})).await;
    let board = h.settled(invitation, None).await;
    assert!(
        labels(&board).contains(&"Leave".to_owned()),
        "{:?}",
        labels(&board)
    );
    let ix = d.slash(&bob, channel, "leave", json!({})).await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("You left"), "{text}");
    let over = d
        .wait_message(invitation, |m| m.content.contains("left the match"))
        .await;
    assert!(
        over.content.contains(&format!("<@{}> wins!", alice.id)),
        "{}",
        over.content
    );
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cpu_seat_reserved_during_a_match_is_taken_at_the_rematch() {
    let h = Harness::start().await;
    let d = &h.discord;
    let (alice, bob) = (d.user("alice"), d.user("bob"));
    let channel = d.channel_id();
    let board = solo_3d(d, &alice).await;
    h.settled(board, None).await;
    let ix = d.click_label(&bob, board, "Join").await;
    let reply = d.response(ix).await;
    assert_eq!(reply.kind, 7, "{reply:?}");
    let reserved = d.message(board).unwrap();
    assert!(
        reserved
            .content
            .contains(&format!("<@{}> takes the CPU's seat", bob.id)),
        "{}",
        reserved.content
    );
    assert!(
        !seats(&reserved).contains(&Some(bob.id)),
        "not before the end"
    );

    // The host changes the table's rules between matches with /settings.
    let ix = d.slash(&alice, channel, "resign", json!({})).await;
    assert_private(&d.response(ix).await);
    let over = d.wait_message(board, is_over).await;
    let ix = d
        .slash(&alice, channel, "settings", json!({"timer": "60"}))
        .await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("This table's next matches"), "{text}");
    // The board is published again with the new rules' stamp.
    let over = d.wait_message(board, |m| m.version > over.version).await;
    let ix = d.click_label(&bob, over.id, "Rematch").await;
    assert_eq!(d.response(ix).await.kind, 7);
    let next = h.settled(board, None).await;
    let seated = seats(&next);
    assert!(seated.contains(&Some(bob.id)) && seated.contains(&Some(alice.id)));
    assert!(next.content.contains("60 s per move"), "{}", next.content);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_table_closes_without_a_result() {
    // The idle period as a server sets it (an hour); the tables' clock
    // jumps past it instead of the test waiting.
    let h = Harness::start_with(|config| config.idle = Duration::from_secs(3600)).await;
    let d = &h.discord;
    let alice = d.user("alice");
    let channel = d.channel_id();
    let board = solo_3d(d, &alice).await;
    let ready = h.settled(board, None).await;
    assert!(!ready.buttons().is_empty(), "still open");
    h.advance(Duration::from_secs(3599));
    tokio::time::sleep(Duration::from_millis(100)).await;
    let before = d.message(board).unwrap();
    assert!(!before.content.contains("without any move"), "not idle yet");
    h.advance(Duration::from_secs(2));
    let closed = d
        .wait_message(board, |m| m.content.contains("without any move"))
        .await;
    assert!(closed.buttons().is_empty(), "{:?}", closed.buttons());
    let store = h.bot.service().store().clone();
    assert!(store
        .matches_in_channel(channel, 5)
        .await
        .unwrap()
        .is_empty());
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_who_left_a_three_player_match_rejoins_it() {
    let h = Harness::start().await;
    let d = &h.discord;
    let (alice, bob, carol) = (d.user("alice"), d.user("bob"), d.user("carol"));
    let channel = d.channel_id();
    let ix = d
        .slash(
            &alice,
            channel,
            "connect4-3p",
            json!({"open": true, "level": "easy"}),
        )
        .await;
    let board = d.response(ix).await.message_id.unwrap();
    for person in [&bob, &carol] {
        let ix = d.click_label(person, board, "Join").await;
        assert_eq!(d.response(ix).await.kind, 7);
    }
    let ix = d.click_label(&alice, board, "Start").await;
    assert_eq!(d.response(ix).await.kind, 7);
    let started = h.settled(board, None).await;
    assert!(!labels(&started).contains(&"Rejoin".to_owned()));

    // The host leaves: the CPU plays her seat, the host role passes on.
    let ix = d.slash(&alice, channel, "leave", json!({})).await;
    assert_private(&d.response(ix).await);
    let left = d
        .wait_message(board, |m| labels(m).contains(&"Rejoin".to_owned()))
        .await;
    assert!(
        left.content
            .contains(&format!("<@{}> left the match", alice.id)),
        "{}",
        left.content
    );
    let ix = d.slash(&alice, channel, "pause", json!({})).await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("Only the host"), "{text}");
    // The next person after her seat, in seat order, hosts now.
    let order = seats(&started);
    let hers = order.iter().position(|s| *s == Some(alice.id)).unwrap();
    let next = (1..3).find_map(|k| order[(hers + k) % 3]).unwrap();
    let (host, other) = if next == bob.id {
        (&bob, &carol)
    } else {
        (&carol, &bob)
    };
    let ix = d.slash(other, channel, "pause", json!({})).await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("Only the host"), "{text}");
    let ix = d.slash(host, channel, "pause", json!({})).await;
    assert_private(&d.response(ix).await);
    // The slash command answers privately first and edits the board after:
    // wait for each edit, or a click below would find the board changing
    // under it.
    d.wait_message(board, |m| m.content.contains("Paused by"))
        .await;
    let ix = d.slash(host, channel, "resume", json!({})).await;
    assert_private(&d.response(ix).await);

    // Only the person who left may take the seat back. The board is still
    // once a person is to move (the CPU in her seat may move first).
    let latest = d
        .wait_message(board, |m| {
            !m.content.contains("Paused by")
                && !m.content.contains("thinking")
                && turn_of(m).is_some()
        })
        .await;
    let ix = d.click_label(&bob, latest.id, "Rejoin").await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("no seat to take back"), "{text}");
    let latest = h.settled(board, None).await;
    let ix = d.click_label(&alice, latest.id, "Rejoin").await;
    assert_eq!(d.response(ix).await.kind, 7, "the board shows her back");
    let back = d.wait_message(board, |m| m.content.contains("took")).await;
    assert!(seats(&back).contains(&Some(alice.id)), "{}", back.content);
    assert!(!labels(&back).contains(&"Rejoin".to_owned()));
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_lists_the_servers_running_and_open_tables() {
    let h = Harness::start().await;
    let d = &h.discord;
    let (alice, bob, carol) = (d.user("alice"), d.user("bob"), d.user("carol"));
    // An empty server first.
    let ix = d.slash(&carol, d.channel_id(), "tables", json!({})).await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("No table is running"), "{text}");

    // A paused game, an open table and a game in a thread.
    let paused_in = d.channel_id();
    let board = solo_3d(d, &alice).await;
    h.settled(board, None).await;
    let ix = d.slash(&alice, paused_in, "pause", json!({})).await;
    assert_private(&d.response(ix).await);
    let open_in = d.add_channel("open-table");
    let ix = d
        .slash(&bob, open_in, "connect4-3p", json!({"open": true}))
        .await;
    let lobby = d.response(ix).await.message_id.unwrap();
    let thread = d.add_thread(open_in, "a thread");
    let ix = d.slash(&carol, thread, "dots", json!({})).await;
    d.response(ix).await;

    let ix = d.slash(&carol, thread, "tables", json!({})).await;
    let text = assert_private(&d.response(ix).await);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "a header and three tables: {text}");
    assert!(lines[0].contains("3"), "{text}");
    // Newest first.
    assert!(lines[1].contains("Dots and Boxes"), "{text}");
    assert!(
        lines[2].contains("open") && lines[2].contains("free seat"),
        "{text}"
    );
    assert!(
        lines[2].contains(&format!("/{open_in}/{lobby})")),
        "a link to the lobby's board: {text}"
    );
    assert!(lines[3].contains("paused"), "{text}");
    assert!(
        lines[3].contains(&format!("/{paused_in}/{board})")),
        "{text}"
    );
    assert!(lines[3].contains("<t:"), "the last action's time: {text}");
    h.stop().await;
}
