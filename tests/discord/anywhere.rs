//! Play anywhere (SPEC section 7): the bot as a person's own install, in a
//! DM with the bot (interaction context 1), a group DM (context 2) and a
//! server that did not add it. The stand-in sends those interactions with
//! no guild (or a foreign one) and a user install among the authorizing
//! owners, and refuses — and records — every channel route for such a
//! channel: a board there lives on interaction tokens only.

use crate::{backends, bot, support};
use bot::process::{self, moved_on, settled};
use bot::{assert_private, centre_first, challenge, is_over, turn_of, Harness, TOKEN};
use serde_json::json;
use std::time::Duration;
use support::{FaultCause, StandIn};

/// Commands that need a server that added the bot.
const SERVER_ONLY: [&str; 7] = [
    "settings",
    "rating",
    "leaderboard",
    "stats",
    "tables",
    "puzzle",
    "tournament",
];

/// The bot broke no rule and never used a channel route where it has none.
fn assert_tokens_only(d: &StandIn) {
    assert_eq!(
        d.private_channel_calls(),
        Vec::<String>::new(),
        "channel routes where the bot has no channel"
    );
    d.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn global_commands_declare_both_installs_and_every_context() {
    // Globally registered, as Discord needs for user installs.
    let h = Harness::start_with(|config| config.guild_id = None).await;
    let d = &h.discord;
    let commands = d.with_state(|st| st.global_commands.clone());
    assert!(commands.len() > 10, "{commands:?}");
    let mut anywhere = Vec::new();
    for command in &commands {
        let name = command["name"].as_str().unwrap();
        if SERVER_ONLY.contains(&name) {
            assert_eq!(command["integration_types"], json!([0]), "/{name}");
            assert_eq!(command["contexts"], json!([0]), "/{name}");
        } else {
            assert_eq!(command["integration_types"], json!([0, 1]), "/{name}");
            assert_eq!(command["contexts"], json!([0, 1, 2]), "/{name}");
            assert_ne!(command["dm_permission"], json!(false), "/{name}");
            anywhere.push(name.to_owned());
        }
    }
    for name in [
        "connect4",
        "connect4-3p",
        "connect4-3d",
        "dots",
        "move",
        "resign",
        "leave",
        "end",
        "pause",
        "resume",
        "review",
        "replay",
        "help",
        "rules",
    ] {
        assert!(
            anywhere.contains(&name.to_owned()),
            "/{name} works anywhere"
        );
    }
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_solo_game_in_a_dm_with_the_bot_is_played_to_its_end() {
    // The review is checked for where it is shown, not for its grades: a
    // short think per position.
    let mut h = Harness::start_with(|c| {
        c.review_time = Some((Duration::from_millis(150), Duration::from_secs(25)));
    })
    .await;
    h.discord.set_timeout(Duration::from_secs(20));
    let d = &h.discord;
    let alice = d.user("alice");
    let dm = d.add_bot_dm(&alice);

    // Never ranked outside a server: a short private answer, in the
    // asker's language.
    let pierre = d.user_with_locale("pierre", "fr");
    let his = d.add_bot_dm(&pierre);
    let ix = d
        .slash(&pierre, his, "connect4", json!({"ranked": true}))
        .await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("jamais classées"), "{text}");
    // The server's own commands say where they belong.
    let ix = d.slash(&pierre, his, "leaderboard", json!({})).await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("serveur qui m'a ajouté"), "{text}");

    let ix = d
        .slash(&alice, dm, "connect4", json!({"level": "easy"}))
        .await;
    let reply = d.response(ix).await;
    assert_eq!(reply.kind, 4, "the command's answer is the board");
    let board = reply.message_id.expect("board message");
    let mut message = h.settled(board, None).await;
    while !is_over(&message) {
        assert_eq!(turn_of(&message), Some(alice.id), "{}", message.content);
        message = h.play(&alice, board, &centre_first(&message)).await;
    }
    assert!(
        message
            .buttons()
            .iter()
            .any(|b| b.label.as_deref() == Some("Rematch")),
        "{:?}",
        bot::labels(&message)
    );
    // Her review, privately (only players see reviews outside a server).
    let ix = d.slash(&alice, dm, "review", json!({})).await;
    let reply = d.response(ix).await;
    let review = match reply.message_id {
        Some(_) => {
            d.wait_original(ix, |m| !m.loading() && !m.content.is_empty())
                .await
        }
        None => panic!("no review answer: {reply:?}"),
    };
    assert!(review.ephemeral(), "{}", review.content);
    assert_tokens_only(d);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_in_a_group_dm_is_played_and_reviewed_by_its_players_only() {
    let h = Harness::start().await;
    let d = &h.discord;
    let (alice, bob, carol) = (d.user("alice"), d.user("bob"), d.user("carol"));
    let group = d.add_group_dm("friends");
    let board = challenge(d, group, &alice, &bob, json!({})).await;
    let mut message = h.settled(board, None).await;
    // A few moves each, then bob resigns.
    for _ in 0..4 {
        let mover = match turn_of(&message) {
            Some(id) if id == alice.id => &alice,
            Some(id) if id == bob.id => &bob,
            other => panic!("turn of {other:?}: {}", message.content),
        };
        // Carol watches: the board is not hers to play.
        let ix = d.click_label(&carol, board, &centre_first(&message)).await;
        assert_private(&d.response(ix).await);
        message = h.play(mover, board, &centre_first(&message)).await;
    }
    let ix = d.click_label(&bob, board, "Resign").await;
    assert_eq!(d.response(ix).await.kind, 7);
    let over = d.wait_message(board, is_over).await;
    assert!(
        over.content.contains(&format!("<@{}>", alice.id)),
        "{}",
        over.content
    );
    // The review is for the players alone here.
    let ix = d.slash(&carol, group, "review", json!({})).await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("Only the people who played"), "{text}");
    let ix = d.slash(&carol, group, "replay", json!({})).await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("Only the people who played"), "{text}");
    // The rematch goes on at the same table, by tokens again.
    let ix = d.click_label(&alice, board, "Rematch").await;
    assert_eq!(
        d.response(ix).await.kind,
        7,
        "the rematch updates the board"
    );
    let again = h.settled(board, None).await;
    assert!(!is_over(&again), "{}", again.content);
    // Only the host ends the table (no one has Manage Messages in a DM).
    let ix = d.slash(&bob, group, "end", json!({})).await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.starts_with("Only the host"), "{text}");
    let ix = d.slash(&alice, group, "end", json!({})).await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("was ended"), "{text}");
    let ended = d.wait_message(board, |m| m.content.contains("ended")).await;
    assert!(ended.buttons().is_empty(), "{:?}", bot::labels(&ended));
    assert_tokens_only(d);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timer_that_runs_out_after_the_last_token_expired_shows_at_the_next_click() {
    let mut h = Harness::start().await;
    h.discord.set_timeout(Duration::from_secs(60));
    let d = &h.discord;
    let (alice, bob) = (d.user("alice"), d.user("bob"));
    let group = d.add_group_dm("timed");
    let board = challenge(d, group, &alice, &bob, json!({"timer": 30})).await;
    let message = d
        .wait_message(board, |m| m.content.contains("time runs out"))
        .await;
    let late = turn_of(&message).unwrap();
    let shown = message.version;
    // Every token so far dies, as Discord's do after 15 minutes.
    d.expire_tokens();
    // The clock runs out (the tables' clock jumps past the 30 s); nothing
    // can show it yet.
    h.advance(Duration::from_secs(31));
    // The bot tries to show the result, and Discord refuses the dead token.
    d.wait_fault_hits(FaultCause::ExpiredToken, 1).await;
    let still = d.message(board).unwrap();
    assert_eq!(still.version, shown, "no token could carry the result");
    assert!(!is_over(&still), "{}", still.content);

    // The next click on the board shows how the game stands.
    let other = if late == alice.id { &alice } else { &bob };
    let ix = d.click_label(other, board, &centre_first(&message)).await;
    assert_eq!(
        d.response(ix).await.kind,
        7,
        "the click refreshes the board"
    );
    let over = d
        .wait_message(board, |m| m.content.contains("ran out of time"))
        .await;
    assert!(is_over(&over), "{}", over.content);
    assert!(
        over.content.contains(&format!("<@{late}> ran out of time")),
        "{}",
        over.content
    );
    assert_tokens_only(d);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dm_game_goes_on_after_a_hard_kill() {
    let discord = StandIn::start_with_token(TOKEN)
        .await
        .with_timeout(Duration::from_secs(20));
    let url = backends::fresh_sqlite("anywhere-restart");
    let guild = [("DISCORD_GUILD_ID", discord.guild_id().to_string())];
    let mut bot = process::start_bot(&discord, &url, &guild);
    discord.wait_ready().await;
    discord.wait_command("move").await;
    let alice = discord.user("alice");
    let dm = discord.add_bot_dm(&alice);
    let ix = discord
        .slash(&alice, dm, "connect4", json!({"level": "easy"}))
        .await;
    let board = discord.response(ix).await.message_id.expect("board");
    let mut message = settled(&discord, board, None).await;
    if turn_of(&message) == Some(alice.id) {
        let click = discord
            .click_label(&alice, board, &centre_first(&message))
            .await;
        discord.response(click).await;
        message = moved_on(&discord, board, &message).await;
    }
    bot.kill().await.expect("SIGKILL");
    let _ = bot.wait().await;

    let mut bot = process::start_bot(&discord, &url, &guild);
    discord.wait_ready_count(2).await;
    // The same DM board's buttons go on to the end.
    while !is_over(&message) {
        if turn_of(&message) != Some(alice.id) {
            message = discord
                .wait_message(board, |m| turn_of(m) == Some(alice.id) || is_over(m))
                .await;
            continue;
        }
        let click = discord
            .click_label(&alice, board, &centre_first(&message))
            .await;
        let reply = discord.response(click).await;
        assert!(reply.kind == 7 || reply.kind == 6, "{reply:?}");
        message = moved_on(&discord, board, &message).await;
    }
    assert_tokens_only(&discord);
    bot.kill().await.expect("stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_without_the_bot_plays_by_tokens_and_says_when_boards_cannot_be_shared() {
    let h = Harness::start().await;
    let d = &h.discord;
    let (alice, bob) = (d.user("alice"), d.user("bob"));
    let foreign = d.add_foreign_channel("their-server");
    let ix = d
        .slash(&alice, foreign, "connect4", json!({"level": "easy"}))
        .await;
    let board = d.response(ix).await.message_id.expect("board");
    let message = h.settled(board, None).await;
    h.play(&alice, board, &centre_first(&message)).await;
    let ix = d.slash(&alice, foreign, "tables", json!({})).await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("server that added me"), "{text}");

    // Bob's server turned off "Use External Apps": his answers would be
    // private, so no board is opened.
    d.deny_external_apps(&bob);
    let other = d.add_foreign_channel("strict-server");
    let ix = d.slash(&bob, other, "dots", json!({})).await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("Use External Apps"), "{text}");
    assert_tokens_only(d);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_no_token_can_reach_comes_back_with_the_next_command() {
    let mut h = Harness::start().await;
    h.discord.set_timeout(Duration::from_secs(20));
    let d = &h.discord;
    let alice = d.user("alice");
    let dm = d.add_bot_dm(&alice);
    let ix = d
        .slash(&alice, dm, "connect4", json!({"level": "easy"}))
        .await;
    let old_board = d.response(ix).await.message_id.expect("board");
    let message = h.settled(old_board, None).await;
    assert_eq!(turn_of(&message), Some(alice.id), "{}", message.content);

    // Every token dies; a move by command is stored, the board cannot
    // show it (Discord refuses the dead token once, and is not asked again).
    d.expire_tokens();
    let ix = d
        .slash(&alice, dm, "move", json!({"at": centre_first(&message)}))
        .await;
    assert_private(&d.response(ix).await);
    d.wait_fault_hits(FaultCause::ExpiredToken, 1).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(d.message(old_board).unwrap().version, message.version);
    let refused = d.fault_hits().len();

    // The next command answers with the board itself, a new message the
    // table follows from then on.
    let ix = d.slash(&alice, dm, "pause", json!({})).await;
    let reply = d.response(ix).await;
    assert_eq!(reply.kind, 4, "{reply:?}");
    assert!(!reply.ephemeral, "the board is public");
    assert_eq!(reply.files.len(), 1, "with its image");
    let board = reply.message_id.expect("the new board");
    assert_ne!(board, old_board);
    let paused = d.message(board).unwrap();
    assert!(paused.content.contains("paused"), "{}", paused.content);
    assert_eq!(
        d.fault_hits().len(),
        refused,
        "the dead token was not asked again"
    );

    let ix = d.click_label(&alice, board, "Resume").await;
    assert_eq!(d.response(ix).await.kind, 7);
    let mut message = h.settled(board, None).await;
    while !is_over(&message) {
        if turn_of(&message) != Some(alice.id) {
            message = d
                .wait_message(board, |m| turn_of(m) == Some(alice.id) || is_over(m))
                .await;
            continue;
        }
        message = h.play(&alice, board, &centre_first(&message)).await;
    }
    assert_tokens_only(d);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_table_in_a_group_dm_is_joined_and_started() {
    let h = Harness::start().await;
    let d = &h.discord;
    let (alice, bob) = (d.user("alice"), d.user("bob"));
    let group = d.add_group_dm("open-table");
    let ix = d
        .slash(&alice, group, "connect4", json!({"open": true}))
        .await;
    let reply = d.response(ix).await;
    assert_eq!(reply.kind, 4, "{reply:?}");
    let board = reply.message_id.unwrap();
    let ix = d.click_label(&bob, board, "Join").await;
    assert_eq!(d.response(ix).await.kind, 7, "a join updates the board");
    let ix = d.click_label(&alice, board, "Start").await;
    assert_eq!(d.response(ix).await.kind, 7, "the start updates the board");
    let started = h.settled(board, None).await;
    assert!(
        bot::seats(&started).contains(&Some(bob.id)),
        "{}",
        started.content
    );
    assert!(turn_of(&started).is_some(), "{}", started.content);
    assert_tokens_only(d);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn undo_and_hints_work_in_a_dm() {
    let mut h = Harness::start().await;
    h.discord.set_timeout(Duration::from_secs(20));
    let d = &h.discord;
    let alice = d.user("alice");
    let dm = d.add_bot_dm(&alice);
    let ix = d
        .slash(&alice, dm, "connect4", json!({"level": "easy"}))
        .await;
    let board = d.response(ix).await.message_id.expect("board");
    let first = h.settled(board, None).await;
    let moved = h.play(&alice, board, &centre_first(&first)).await;
    assert!(!is_over(&moved), "{}", moved.content);

    // Undo takes back her move and the CPU's answer, on the same board.
    let ix = d.click_label(&alice, board, "Undo").await;
    assert_eq!(d.response(ix).await.kind, 7, "the undo updates the board");
    let undone = h.settled(board, Some(moved.version)).await;
    assert_eq!(
        bot::last_mover(&undone),
        bot::last_mover(&first),
        "{}",
        undone.content
    );

    // A hint is hers alone: deferred privately, then edited in.
    let ix = d.click_label(&alice, board, "Hint").await;
    let reply = d.response(ix).await;
    assert_eq!(reply.kind, 5, "{reply:?}");
    assert!(reply.ephemeral);
    let hint = d.wait_original(ix, |m| m.content.contains("Hint")).await;
    assert!(hint.ephemeral(), "{}", hint.content);
    assert_tokens_only(d);
    h.stop().await;
}
