//! Tournaments through the real serenity client and the Discord stand-in
//! (SPEC section 6): a Swiss tournament of 8 over 3 rounds with a
//! withdrawal, a game lost on time, a draw and a SIGKILL of the bot in the
//! middle of round 2; a round robin of 4; and what `/tournament create`
//! refuses. On SQLite, and on PostgreSQL when `BOARDBOT_TEST_POSTGRES` is
//! set.

use crate::{backends, bot, support};
use bot::process;
use bot::{assert_private, is_over, labels, seats, turn_of, Harness, TOKEN};
use serde_json::json;
use std::collections::BTreeSet;
use std::time::Duration;
use support::{Msg, StandIn, User};

/// A drawn Connect Four: 42 moves, no four in a row (columns 1–7).
const DRAW: &str = "757341132773575647262416323134652254654611";

/// The sign-up message of the channel's tournament, once it shows `want`.
async fn signup(d: &StandIn, channel: u64, want: &str) -> Msg {
    d.wait_channel_message(channel, |m| {
        m.content.contains("tournament ·") && m.content.contains(want)
    })
    .await
}

/// Waits until `n` threads exist, and returns them in order.
async fn threads(d: &StandIn, n: usize) -> Vec<u64> {
    d.wait_for(&format!("{n} threads"), |st| {
        (st.threads_created.len() >= n).then(|| st.threads_created.iter().map(|t| t.0).collect())
    })
    .await
}

/// The board of a tournament game in `thread`: the message with `Resign`.
async fn board_in(d: &StandIn, thread: u64) -> Msg {
    d.wait_channel_message(thread, |m| {
        labels(m).iter().any(|l| l == "Resign") && turn_of(m).is_some()
    })
    .await
}

/// The two players of a board, first (to move first) and second.
fn players_of(board: &Msg) -> (u64, u64) {
    let s = seats(board);
    (s[0].expect("a person"), s[1].expect("a person"))
}

fn user_of(users: &[User], id: u64) -> &User {
    users.iter().find(|u| u.id == id).expect("a player")
}

/// `loser` resigns the game on `board`; waits for the result.
async fn resign(d: &StandIn, loser: &User, board: u64) {
    let ix = d.click_label(loser, board, "Resign").await;
    let reply = d.response(ix).await;
    assert!(reply.kind == 7 || reply.kind == 6, "resigned: {reply:?}");
    d.wait_message(board, is_over).await;
}

/// Plays the 42 moves of [`DRAW`] on `board`, each by the player to move.
async fn play_draw(d: &StandIn, users: &[User], board: u64) {
    for (i, column) in DRAW.chars().enumerate() {
        let message = d
            .wait_message(board, |m| {
                turn_of(m).is_some() && m.content.contains("Turn") || is_over(m)
            })
            .await;
        assert!(
            !is_over(&message),
            "over after {i} moves: {}",
            message.content
        );
        let mover = user_of(users, turn_of(&message).expect("a turn"));
        let before = message.version;
        let ix = d.click_label(mover, board, &column.to_string()).await;
        let reply = d.response(ix).await;
        assert!(reply.kind == 7 || reply.kind == 6, "move {i}: {reply:?}");
        d.wait_message(board, |m| {
            m.version > before && !m.content.contains("thinking")
        })
        .await;
    }
    let end = d.wait_message(board, is_over).await;
    assert!(end.content.contains("Draw"), "{}", end.content);
}

/// The standings message posted after `round` (or the final one).
async fn standings_after(d: &StandIn, channel: u64, title: &str) -> Msg {
    let m = d
        .wait_channel_message(channel, |m| m.content.contains(title))
        .await;
    assert_eq!(m.attachments.len(), 1, "standings carry a picture");
    let alt = m.attachments[0].description.clone().unwrap_or_default();
    assert!(!alt.is_empty(), "the picture has alt text");
    m.attachments[0].decode_png();
    m
}

/// The players sitting a round out, from its pairings message.
fn byes_in(pairings: &Msg) -> Vec<String> {
    pairings
        .content
        .lines()
        .filter(|l| l.contains("sits this round out"))
        .map(|l| l.split(" sits").next().unwrap_or("").to_owned())
        .collect()
}

async fn pairings_of(d: &StandIn, channel: u64, round: usize) -> Msg {
    let title = format!("Round {round} of ");
    let m = d
        .wait_channel_message(channel, |m| {
            m.content.starts_with(&title) && m.content.contains(": pairings")
        })
        .await;
    assert_eq!(m.attachments.len(), 1, "pairings carry a picture");
    m
}

async fn swiss_of_eight(url: &str) {
    let d = StandIn::start_with_token(TOKEN)
        .await
        .with_timeout(Duration::from_secs(60));
    // The bot's tables run on a clock the test moves (a 30-second turn
    // timer runs out when the test says).
    let clock = process::TestClock::new("swiss");
    let env = [
        ("DISCORD_GUILD_ID", d.guild_id().to_string()),
        (clock.env().0, clock.env().1),
    ];
    let mut bot = process::start_bot(&d, url, &env);
    d.wait_ready().await;
    d.wait_command("tournament").await;
    let channel = d.channel_id();
    // The host organises and does not play.
    let host = d.user("host");
    let users: Vec<User> = (0..8).map(|i| d.user(&format!("p{i}"))).collect();

    let ix = d
        .slash(
            &host,
            channel,
            "tournament create",
            json!({"game": "connect4", "format": "swiss", "timer": 30}),
        )
        .await;
    assert_private(&d.response(ix).await);
    let message = signup(&d, channel, "Players (0/64)").await;
    assert_eq!(labels(&message), ["Join", "Leave", "Start"]);
    for u in &users {
        let ix = d.click_label(u, message.id, "Join").await;
        assert_private(&d.response(ix).await);
    }
    // Joining twice is refused and changes nothing.
    let ix = d.click_label(&users[0], message.id, "Join").await;
    assert!(assert_private(&d.response(ix).await).contains("signed up already"));
    signup(&d, channel, "Players (8/64)").await;
    // Only the host starts.
    let ix = d.click_label(&users[0], message.id, "Start").await;
    assert!(assert_private(&d.response(ix).await).contains("host"));
    let ix = d.click_label(&host, message.id, "Start").await;
    assert_private(&d.response(ix).await);

    // Round 1: four games, each in a thread named for its pairing.
    let round1 = threads(&d, 4).await;
    for (thread, parent, name, archive) in d.threads_created() {
        assert_eq!(parent, channel);
        assert!(
            name.starts_with("Round 1 · ") && name.contains(" vs "),
            "{name}"
        );
        assert_eq!(archive, 10080, "threads stay open for the round");
        assert!(round1.contains(&thread));
    }
    let pairings = pairings_of(&d, channel, 1).await;
    assert!(byes_in(&pairings).is_empty());
    let mut played: BTreeSet<(u64, u64)> = BTreeSet::new();
    let mut boards = Vec::new();
    for &thread in &round1 {
        let board = board_in(&d, thread).await;
        // Both players are called in the thread, once.
        let calls: Vec<Msg> = d
            .channel_messages(thread)
            .into_iter()
            .filter(|m| m.content.contains("your round 1 game"))
            .collect();
        assert_eq!(calls.len(), 1, "one call per game");
        let (first, second) = players_of(&board);
        assert!(calls[0].content.contains(&format!("<@{first}>")));
        assert!(calls[0].content.contains(&format!("<@{second}>")));
        // No undo, hint or pause in a tournament game.
        let shown = labels(&board);
        assert!(
            !shown
                .iter()
                .any(|l| l == "Undo" || l == "Hint" || l == "Pause"),
            "{shown:?}"
        );
        played.insert((first.min(second), first.max(second)));
        boards.push((board.id, first, second));
    }
    // Three games end by resigning (the second player resigns); the last
    // one is never played: its first player loses on time (30 s, on the
    // test's clock).
    for &(board, _, second) in &boards[..3] {
        resign(&d, user_of(&users, second), board).await;
    }
    // A round-1 loser withdraws after their game, while the round's last
    // game runs: rounds 2 and 3 pair seven, each with a bye.
    let leaver = user_of(&users, boards[0].2);
    let ix = d
        .slash(leaver, channel, "tournament leave", json!({}))
        .await;
    assert_private(&d.response(ix).await);
    let (late_board, late_first, _) = boards[3];
    clock.advance(Duration::from_secs(31));
    let timed_out = d
        .wait_message(late_board, |m| m.content.contains("ran out of time"))
        .await;
    assert!(timed_out.content.contains(&format!("<@{late_first}>")));
    let after1 = standings_after(&d, channel, "Standings after round 1 of 3").await;
    assert!(after1.content.contains("Buchholz"), "{}", after1.content);

    let all = threads(&d, 7).await;
    let round2 = all[4..7].to_vec();
    let pairings = pairings_of(&d, channel, 2).await;
    let bye2 = byes_in(&pairings);
    assert_eq!(bye2.len(), 1, "{}", pairings.content);
    let mut boards2 = Vec::new();
    for &thread in &round2 {
        let board = board_in(&d, thread).await;
        let (first, second) = players_of(&board);
        assert!(
            first != leaver.id && second != leaver.id,
            "the withdrawn player sits out"
        );
        assert!(
            played.insert((first.min(second), first.max(second))),
            "no pairing is repeated"
        );
        boards2.push((board.id, first, second));
    }
    // One game of round 2 ends, then the bot is killed with SIGKILL.
    resign(&d, user_of(&users, boards2[0].2), boards2[0].0).await;
    bot.kill().await.expect("SIGKILL");
    let _ = bot.wait().await;
    let mut bot = process::start_bot(&d, url, &env);
    d.wait_ready_count(2).await;
    // After the restart, on the same board messages: one game is resigned
    // at once (its clock ran on through the restart), the other drawn.
    resign(&d, user_of(&users, boards2[2].1), boards2[2].0).await;
    play_draw(&d, &users, boards2[1].0).await;
    standings_after(&d, channel, "Standings after round 2 of 3").await;

    let all = threads(&d, 10).await;
    let pairings = pairings_of(&d, channel, 3).await;
    let bye3 = byes_in(&pairings);
    assert_eq!(bye3.len(), 1);
    assert_ne!(bye2, bye3, "the bye goes to a different player");
    for &thread in &all[7..10] {
        let board = board_in(&d, thread).await;
        let (first, second) = players_of(&board);
        assert!(first != leaver.id && second != leaver.id);
        assert!(played.insert((first.min(second), first.max(second))));
        resign(&d, user_of(&users, second), board.id).await;
    }
    let last = standings_after(&d, channel, "Final standings").await;
    assert!(
        last.content.contains("The winner") || last.content.contains("Shared first place"),
        "{}",
        last.content
    );
    assert!(last.content.contains("withdrawn"), "{}", last.content);
    signup(&d, channel, "The tournament is over").await;
    // `/tournament standings` still answers, privately.
    let ix = d
        .slash(&users[1], channel, "tournament standings", json!({}))
        .await;
    let reply = d.response(ix).await;
    assert!(reply.ephemeral && reply.files.len() == 1, "{reply:?}");

    bot.kill().await.expect("SIGKILL");
    let _ = bot.wait().await;
    // The store kept it, finished, and /stats counts its games.
    let store = boardbot::store::Store::open(url).await.expect("store");
    let id = store
        .latest_tournament_in(channel)
        .await
        .unwrap()
        .expect("kept");
    let t = store.tournament(id).await.unwrap().expect("readable");
    assert!(!t.is_running());
    assert_eq!(t.rounds().len(), 3);
    let games: usize = t.rounds().iter().map(|r| r.boards.len()).sum();
    assert_eq!(games, 10);
    let stayed = users.iter().find(|u| u.id != leaver.id).expect("a player");
    let stats = store.stats(d.guild_id(), stayed.id).await.unwrap();
    assert!(
        stats.total.games() >= 2,
        "tournament games count in /stats: {}",
        stats.total.games()
    );
    d.assert_no_violations();
    store.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_tournament_of_eight_survives_a_hard_kill() {
    for url in backends::each_backend("a_swiss_tournament_of_eight").await {
        swiss_of_eight(&url).await;
    }
}

async fn round_robin_of_four(url: &str) {
    let h = Harness::start_with(|c| c.database_url = url.to_owned()).await;
    let d = &h.discord;
    d.wait_command("tournament").await;
    let channel = d.channel_id();
    let users: Vec<User> = (0..4).map(|i| d.user(&format!("rr{i}"))).collect();
    let ix = d
        .slash(
            &users[0],
            channel,
            "tournament create",
            json!({"game": "connect4", "format": "round-robin"}),
        )
        .await;
    assert_private(&d.response(ix).await);
    for u in &users {
        let ix = d.slash(u, channel, "tournament join", json!({})).await;
        assert_private(&d.response(ix).await);
    }
    let ix = d
        .slash(&users[0], channel, "tournament start", json!({}))
        .await;
    assert_private(&d.response(ix).await);
    let mut met = BTreeSet::new();
    for round in 1..=3 {
        let all = threads(d, round * 2).await;
        for &thread in &all[(round - 1) * 2..round * 2] {
            let board = board_in(d, thread).await;
            let (first, second) = players_of(&board);
            assert!(met.insert((first.min(second), first.max(second))));
            // Discord archives a game's thread: the bot reopens it.
            if round == 1 && met.len() == 1 {
                d.archive_thread(thread);
                d.wait_for("the thread reopened", |st| {
                    st.reopened.contains(&thread).then_some(())
                })
                .await;
            }
            // Round 2's first game is left by its first player: a loss.
            if round == 2 && met.len() == 3 {
                let ix = d
                    .slash(user_of(&users, first), thread, "leave", json!({}))
                    .await;
                d.response(ix).await;
                d.wait_message(board.id, is_over).await;
            } else {
                resign(d, user_of(&users, second), board.id).await;
            }
        }
    }
    assert_eq!(met.len(), 6, "everyone met everyone once");
    let last = standings_after(d, channel, "Final standings").await;
    assert!(
        last.content.contains("Sonneborn–Berger"),
        "{}",
        last.content
    );
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_of_four_plays_everyone_once() {
    for url in backends::each_backend("a_round_robin_of_four").await {
        round_robin_of_four(&url).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_is_refused_in_a_thread_and_without_thread_permissions() {
    let h = Harness::start().await;
    let d = &h.discord;
    d.wait_command("tournament").await;
    let alice = d.user("alice");
    let options = json!({"game": "connect4", "format": "swiss"});
    let thread = d.add_thread(d.channel_id(), "chat");
    let ix = d
        .slash(&alice, thread, "tournament create", options.clone())
        .await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("inside a thread"), "{text}");
    let closed = d.add_channel("closed");
    d.deny_threads(closed);
    let ix = d
        .slash(&alice, closed, "tournament create", options.clone())
        .await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("Create Public Threads"), "{text}");
    // Nothing was opened there.
    let ix = d.slash(&alice, closed, "tournament join", json!({})).await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("no tournament"), "{text}");
    // Ranked is for Connect Four.
    let ix = d
        .slash(
            &alice,
            d.channel_id(),
            "tournament create",
            json!({"game": "dots", "format": "swiss", "ranked": true}),
        )
        .await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("Connect Four only"), "{text}");
    // A tournament too small to start says so and stays open.
    let ix = d
        .slash(&alice, d.channel_id(), "tournament create", options)
        .await;
    assert_private(&d.response(ix).await);
    let ix = d
        .slash(&alice, d.channel_id(), "tournament start", json!({}))
        .await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("Not enough players"), "{text}");
    // The host removes a player; nobody else may.
    let (bob, carol) = (d.user("bob"), d.user("carol"));
    for u in [&bob, &carol] {
        let ix = d
            .slash(u, d.channel_id(), "tournament join", json!({}))
            .await;
        assert_private(&d.response(ix).await);
    }
    signup(d, d.channel_id(), "Players (2/64)").await;
    let ix = d
        .slash(
            &bob,
            d.channel_id(),
            "tournament leave",
            json!({"player": carol.id.to_string()}),
        )
        .await;
    assert!(assert_private(&d.response(ix).await).contains("host"));
    let ix = d
        .slash(
            &alice,
            d.channel_id(),
            "tournament leave",
            json!({"player": carol.id.to_string()}),
        )
        .await;
    assert_private(&d.response(ix).await);
    let after = signup(d, d.channel_id(), "Players (1/64)").await;
    assert!(after.content.contains("bob") && !after.content.contains("carol"));
    assert!(d.threads_created().is_empty());
    h.stop().await;
}

/// A round's set-up for 32 players: 16 threads created and 16 boards
/// posted. Prints the time it took (a figure, not a check:
/// `cargo test --release --test tournament_discord -- --nocapture a_round_of_32`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_of_32_is_set_up_with_a_thread_and_a_board_per_game() {
    let h = Harness::start().await;
    let d = &h.discord;
    d.wait_command("tournament").await;
    let channel = d.channel_id();
    let users: Vec<User> = (0..32).map(|i| d.user(&format!("s{i}"))).collect();
    let ix = d
        .slash(
            &users[0],
            channel,
            "tournament create",
            json!({"game": "connect4", "format": "swiss"}),
        )
        .await;
    assert_private(&d.response(ix).await);
    for u in &users {
        let ix = d.slash(u, channel, "tournament join", json!({})).await;
        assert_private(&d.response(ix).await);
    }
    signup(d, channel, "Players (32/64)").await;
    let started = std::time::Instant::now();
    let ix = d
        .slash(&users[0], channel, "tournament start", json!({}))
        .await;
    assert_private(&d.response(ix).await);
    let all = threads(d, 16).await;
    let mut seated = BTreeSet::new();
    for &thread in &all {
        let board = board_in(d, thread).await;
        let (first, second) = players_of(&board);
        assert!(seated.insert(first) && seated.insert(second));
    }
    pairings_of(d, channel, 1).await;
    eprintln!(
        "a round of 32 players set up (16 threads, 16 boards, the pairings): {} ms",
        started.elapsed().as_millis()
    );
    assert_eq!(seated.len(), 32);
    h.stop().await;
}

/// The host or a moderator ends a tournament early: its running games
/// close with no result and the standings so far are final.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_ended_early_closes_its_games_and_posts_the_final_standings() {
    let h = Harness::start().await;
    let d = &h.discord;
    d.wait_command("tournament").await;
    let channel = d.channel_id();
    let host = d.user("organiser");
    let users: Vec<User> = (0..4).map(|i| d.user(&format!("e{i}"))).collect();
    let ix = d
        .slash(
            &host,
            channel,
            "tournament create",
            json!({"game": "dots", "format": "swiss", "size": "3x3"}),
        )
        .await;
    assert_private(&d.response(ix).await);
    for u in &users {
        let ix = d.slash(u, channel, "tournament join", json!({})).await;
        assert_private(&d.response(ix).await);
    }
    let ix = d.slash(&host, channel, "tournament start", json!({})).await;
    assert_private(&d.response(ix).await);
    let all = threads(d, 2).await;
    let first = d
        .wait_channel_message(all[0], |m| labels(m).iter().any(|l| l == "Resign"))
        .await;
    // A player may not end it.
    let ix = d
        .slash(&users[0], channel, "tournament end", json!({}))
        .await;
    let text = assert_private(&d.response(ix).await);
    assert!(!text.contains("is over"), "{text}");
    let ix = d.slash(&host, channel, "tournament end", json!({})).await;
    assert!(assert_private(&d.response(ix).await).contains("is over"));
    let closed = d
        .wait_message(first.id, |m| !labels(m).iter().any(|l| l == "Resign"))
        .await;
    assert!(closed.components.is_empty() || !labels(&closed).contains(&"Resign".to_owned()));
    standings_after(d, channel, "Final standings").await;
    signup(d, channel, "Ended early by").await;
    // Nothing more to do there.
    let ix = d
        .slash(&users[1], channel, "tournament leave", json!({}))
        .await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("no tournament"), "{text}");
    h.stop().await;
}
