//! A hard kill in the middle of a game: the real bot binary is killed with
//! SIGKILL (no shutdown of any kind), started again on the same database,
//! and the game is finished by clicking the same board message. Runs on
//! SQLite always, and on PostgreSQL when `BOARDBOT_TEST_POSTGRES` is set.

use crate::{backends, bot, support};
use bot::process::{self, invitation_of, moved_on, settled};
use bot::{assert_move_answered, centre_first, is_over, turn_of, TOKEN};
use serde_json::json;
use support::StandIn;

/// The columns holding discs, counted from the board text is not possible;
/// count the moves through the `Last move` line instead: the store's record
/// is read at the end.
async fn play_until_over(
    discord: &StandIn,
    alice: &support::User,
    board: u64,
    clicks: &mut Vec<String>,
) {
    let mut message = settled(discord, board, None).await;
    while !is_over(&message) {
        if turn_of(&message) != Some(alice.id) {
            // The board is behind (a restart in between): wait for the CPU.
            message = discord
                .wait_message(board, |m| turn_of(m) == Some(alice.id) || is_over(m))
                .await;
            continue;
        }
        let pick = centre_first(&message);
        let click = discord.click_label(alice, board, &pick).await;
        let reply = discord.response(click).await;
        assert!(
            reply.kind == 7 || reply.kind == 6,
            "the invitation is answered in place: {reply:?}"
        );
        clicks.push(pick);
        message = moved_on(discord, board, &message).await;
    }
}

async fn hard_kill_scenario(url: &str) {
    let discord = StandIn::start_with_token(TOKEN)
        .await
        .with_timeout(std::time::Duration::from_secs(20));
    let mut bot = process::start_bot_in_guild(&discord, url);
    discord.wait_ready().await;
    discord.wait_command("move").await;
    let alice = discord.user("alice");
    let (bob, carol) = (discord.user("bob"), discord.user("carol"));
    let channel = discord.channel_id();
    let second = discord.add_channel("second");

    // A game against the CPU, and an invitation waiting in another channel.
    let ix = discord
        .slash(&alice, channel, "connect4", json!({"level": "medium"}))
        .await;
    let board = discord
        .response(ix)
        .await
        .message_id
        .expect("board message");
    let ix = discord
        .slash(&bob, second, "connect4", json!({"opponent": carol.id}))
        .await;
    let invitation = invitation_of(&discord, ix).await;

    // One move of alice's, then a second click and at once SIGKILL, while
    // the CPU may still be thinking about its answer (no game of Connect
    // Four ends within four moves).
    let mut clicks = Vec::new();
    let mut message = settled(&discord, board, None).await;
    for _ in 0..2 {
        if turn_of(&message) != Some(alice.id) {
            break;
        }
        let pick = centre_first(&message);
        let click = discord.click_label(&alice, board, &pick).await;
        let kind = discord.response(click).await.kind;
        assert_move_answered(kind);
        clicks.push(pick);
        // A busy bot (a loaded machine draws slowly) acknowledges a click
        // (6) before it stores the move, and shows the move only once it is
        // stored: then the answer that counts is the board showing it.
        if clicks.len() < 2 || kind == 6 {
            message = moved_on(&discord, board, &message).await;
        }
    }
    bot.kill().await.expect("SIGKILL");
    let _ = bot.wait().await;

    // Start again on the same database; the stand-in stays up.
    let restarting = std::time::Instant::now();
    let mut bot = process::start_bot_in_guild(&discord, url);
    discord.wait_ready_count(2).await;
    // A figure, not a check: `cargo test --test restart -- --nocapture`.
    eprintln!(
        "{}: process start to READY after the kill: {} ms",
        url.split(':').next().unwrap_or(""),
        restarting.elapsed().as_millis()
    );
    play_until_over(&discord, &alice, board, &mut clicks).await;

    // The invitation from before the kill is still answerable.
    let click = discord.click_label(&carol, invitation, "Accept").await;
    let reply = discord.response(click).await;
    assert_move_answered(reply.kind);
    let started = discord.message(invitation).unwrap();
    assert!(turn_of(&started).is_some(), "{}", started.content);

    // No move lost or doubled: the recorded match holds alice's clicks, in
    // order, alternating with the CPU's moves.
    bot.kill().await.expect("SIGKILL");
    let _ = bot.wait().await;
    let store = boardbot::store::Store::open(url).await.expect("store");
    let history = store.matches_in_channel(channel, 5).await.expect("history");
    assert_eq!(history.len(), 1, "{url}: one finished match");
    let record = &history[0];
    let alice_seat = record
        .seats
        .iter()
        .position(|s| s.player.person_id() == Some(alice.id))
        .expect("alice has a seat");
    let alice_moves: Vec<&String> = record.moves.iter().skip(alice_seat).step_by(2).collect();
    let clicked: Vec<&String> = clicks.iter().collect();
    assert_eq!(alice_moves, clicked, "{url}: {:?}", record.moves);
    let cpu_moves = record.moves.len() - alice_moves.len();
    assert!(
        cpu_moves.abs_diff(alice_moves.len()) <= 1,
        "{url}: moves alternate: {:?}",
        record.moves
    );
    discord.assert_no_violations();
    store.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_survives_a_hard_kill() {
    for url in backends::each_backend("a_game_survives_a_hard_kill").await {
        hard_kill_scenario(&url).await;
    }
}

/// A turn timer that was running when the bot was killed still runs out
/// after the restart, at its stored deadline, and the board says so. The
/// bot's tables run on a clock the test moves: 20 of the 30 s pass before
/// the kill, 11 after the restart, and only then does the time run out.
async fn timer_kill_scenario(url: &str) {
    let discord = StandIn::start_with_token(TOKEN)
        .await
        .with_timeout(std::time::Duration::from_secs(60));
    let clock = process::TestClock::new("timer-kill");
    let env = [
        ("DISCORD_GUILD_ID", discord.guild_id().to_string()),
        (clock.env().0, clock.env().1),
    ];
    let mut bot = process::start_bot(&discord, url, &env);
    discord.wait_ready().await;
    discord.wait_command("move").await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let channel = discord.channel_id();
    let ix = discord
        .slash(
            &alice,
            channel,
            "connect4",
            json!({"opponent": bob.id.to_string(), "timer": 30}),
        )
        .await;
    let invitation = invitation_of(&discord, ix).await;
    let click = discord.click_label(&bob, invitation, "Accept").await;
    assert_move_answered(discord.response(click).await.kind);
    let board = discord
        .wait_message(invitation, |m| m.content.contains("time runs out"))
        .await;
    let late = turn_of(&board).expect("someone is to move");
    clock.advance(std::time::Duration::from_secs(20));
    bot.kill().await.expect("SIGKILL");
    let _ = bot.wait().await;

    let mut bot = process::start_bot(&discord, url, &env);
    discord.wait_ready_count(2).await;
    let still = discord.message(invitation).expect("the board");
    assert!(!is_over(&still), "{url}: ran out early: {}", still.content);
    // 31 s in all since the turn began: the stored deadline has passed.
    clock.advance(std::time::Duration::from_secs(11));
    let over = discord
        .wait_message(invitation, |m| m.content.contains("ran out of time"))
        .await;
    assert!(is_over(&over), "{}", over.content);
    assert!(
        over.content.contains(&format!("<@{late}> ran out of time")),
        "{}",
        over.content
    );
    bot.kill().await.expect("SIGKILL");
    let _ = bot.wait().await;
    let store = boardbot::store::Store::open(url).await.expect("store");
    let history = store.matches_in_channel(channel, 5).await.expect("history");
    assert_eq!(history.len(), 1, "{url}: the timeout is recorded");
    assert_eq!(history[0].result, "timeout");
    discord.assert_no_violations();
    store.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_timer_runs_out_after_a_hard_kill() {
    // The clock takes half a minute: both backends wait at the same time.
    let urls = backends::each_backend("a_turn_timer_runs_out_after_a_hard_kill").await;
    futures_util::future::join_all(urls.iter().map(|url| timer_kill_scenario(url))).await;
}
