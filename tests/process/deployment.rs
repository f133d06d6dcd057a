//! Running past one process: two bot processes with disjoint shard ranges
//! on one database, a clean stop on SIGTERM, and the metrics and health
//! listener. The real bot binary runs against the Discord stand-in.

use crate::support::free_port;
use crate::{backends, bot, support};
use bot::process::{invitation_of, moved_on, settled, start_bot};
use bot::{assert_move_answered, enabled_moves, is_over, turn_of, Harness, TOKEN};
use serde_json::json;
use std::time::Duration;
use support::{StandIn, User};

async fn get(url: &str) -> (u16, String) {
    for _ in 0..100 {
        if let Ok(response) = reqwest::get(url).await {
            let status = response.status().as_u16();
            return (status, response.text().await.unwrap_or_default());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{url} never answered");
}

/// The value of one metric line (`name{labels} value`).
fn metric(text: &str, line_start: &str) -> f64 {
    text.lines()
        .find(|l| l.starts_with(line_start))
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.0)
}

/// Plays the first free column (or rod) for `who` whenever it is their
/// turn, until the game ends.
async fn play_to_the_end(discord: &StandIn, who: &User, board: u64) {
    let mut message = settled(discord, board, None).await;
    while !is_over(&message) {
        if turn_of(&message) != Some(who.id) {
            message = discord
                .wait_message(board, |m| turn_of(m) == Some(who.id) || is_over(m))
                .await;
            continue;
        }
        let column = enabled_moves(&message)[0].clone();
        let click = discord.click_label(who, board, &column).await;
        assert_move_answered(discord.response(click).await.kind);
        message = moved_on(discord, board, &message).await;
    }
}

/// Two people play: red stacks column 1, yellow column 2, so red wins.
async fn play_a_pair(discord: &StandIn, people: [&User; 2], board: u64) {
    let mut message = settled(discord, board, None).await;
    let red = turn_of(&message).expect("someone starts");
    while !is_over(&message) {
        let to_move = turn_of(&message).expect("someone is to move");
        let who = people.iter().find(|p| p.id == to_move).expect("a player");
        let column = if to_move == red { "1" } else { "2" };
        let click = discord.click_label(who, board, column).await;
        assert_move_answered(discord.response(click).await.kind);
        message = moved_on(discord, board, &message).await;
    }
}

async fn two_processes(url: &str) {
    let discord = StandIn::start_with_token(TOKEN)
        .await
        .with_timeout(Duration::from_secs(30));
    let (guild_a, channel_a) = discord.add_guild(0, 2);
    let (guild_b, channel_b) = discord.add_guild(1, 2);
    let ports = [free_port(), free_port()];
    let process = |first: u32, port: u16| {
        start_bot(
            &discord,
            url,
            &[
                ("SHARD_TOTAL", "2".into()),
                ("SHARD_RANGE", format!("{first}-{first}")),
                ("METRICS_ADDR", format!("127.0.0.1:{port}")),
            ],
        )
    };
    let mut first = process(0, ports[0]);
    let mut second = process(1, ports[1]);
    discord.wait_shards(2).await;
    discord.wait_command("move").await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let mut boards = Vec::new();
    for (who, channel) in [(&alice, channel_a), (&bob, channel_b)] {
        let ix = discord
            .slash(who, channel, "connect4", json!({"level": "easy"}))
            .await;
        let reply = discord.response(ix).await;
        // The board at once (4), or deferred (5) and edited in when the
        // drawing is slow on a busy machine.
        assert!(
            reply.kind == 4 || reply.kind == 5,
            "{url}: the table opens: {reply:?}"
        );
        boards.push(reply.message_id.expect("board message"));
    }
    // Both boards drawn (a deferred one is edited in) before anything dies.
    for &board in &boards {
        settled(&discord, board, None).await;
    }
    let scrape = |port: u16| async move {
        let (status, text) = get(&format!("http://127.0.0.1:{port}/metrics")).await;
        assert_eq!(status, 200);
        text
    };
    // Each process holds the table of its own guild, and only that one.
    for port in ports {
        let text = scrape(port).await;
        let open = metric(&text, "boardbot_open_tables{game=\"connect4\"}");
        let shards = discord.shards();
        let deliveries = discord.with_state(|st| st.conn_seq.clone());
        assert_eq!(
            open, 1.0,
            "{url}: port {port} of {ports:?}, shards {shards:?}, {deliveries:?}, guilds {guild_a} {guild_b}:\n{text}"
        );
    }
    // The commands were registered once, by the process of shard 0.
    assert_eq!(discord.with_state(|st| st.command_puts), 1, "{url}");

    // The first process dies; the second serves its guild on.
    first.kill().await.expect("SIGKILL");
    let _ = first.wait().await;
    play_to_the_end(&discord, &bob, boards[1]).await;

    // Back again: it restores its guild's table only, and finds the
    // commands up to date.
    let mut first = process(0, ports[0]);
    discord.wait_shards(2).await;
    discord.wait_ready_count(3).await;
    let text = scrape(ports[0]).await;
    assert_eq!(
        metric(&text, "boardbot_open_tables{game=\"connect4\"}"),
        1.0,
        "{url}: {guild_a} only, not {guild_b}:\n{text}"
    );
    play_to_the_end(&discord, &alice, boards[0]).await;
    assert_eq!(discord.with_state(|st| st.command_puts), 1, "{url}");

    // A ranked match in each guild, each process rating its own on the
    // one database.
    for channel in [channel_a, channel_b] {
        let ix = discord
            .slash(
                &alice,
                channel,
                "connect4",
                json!({"opponent": bob.id.to_string(), "ranked": true}),
            )
            .await;
        let board = invitation_of(&discord, ix).await;
        let click = discord.click_label(&bob, board, "Accept").await;
        assert_move_answered(discord.response(click).await.kind);
        discord.wait_message(board, |m| turn_of(m).is_some()).await;
        play_a_pair(&discord, [&alice, &bob], board).await;
    }
    for child in [&mut first, &mut second] {
        child.kill().await.expect("SIGKILL");
        let _ = child.wait().await;
    }
    let store = boardbot::store::Store::open(url).await.expect("store");
    for (guild, channel) in [(guild_a, channel_a), (guild_b, channel_b)] {
        let history = store.matches_in_channel(channel, 5).await.expect("history");
        assert_eq!(history.len(), 2, "{url}: two matches in {channel}");
        let board = store
            .leaderboard(guild, "connect4", 10, None)
            .await
            .expect("leaderboard");
        assert_eq!(board.lines.len(), 2, "{url}: both rated in {guild}");
        assert_eq!(board.lines[0].rating.wins, 1, "{url}");
    }
    store.close().await;
    discord.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_serve_their_own_shards_on_one_database() {
    for url in backends::each_backend("two_processes_serve_their_own_shards").await {
        two_processes(&url).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_in_the_middle_of_a_game_loses_nothing() {
    let url = backends::fresh_sqlite("sigterm_in_the_middle_of_a_game");
    let discord = StandIn::start_with_token(TOKEN)
        .await
        .with_timeout(Duration::from_secs(30));
    let guild = [("DISCORD_GUILD_ID", discord.guild_id().to_string())];
    let mut process = start_bot(&discord, &url, &guild);
    discord.wait_ready().await;
    discord.wait_command("move").await;
    let alice = discord.user("alice");
    let channel = discord.channel_id();
    let ix = discord
        .slash(&alice, channel, "connect4-3d", json!({"color": "red"}))
        .await;
    let board = discord.response(ix).await.message_id.unwrap();
    let message = settled(&discord, board, None).await;
    let click = discord.click_label(&alice, board, "A1").await;
    assert_move_answered(discord.response(click).await.kind);
    settled(&discord, board, Some(message.version)).await;

    // SIGTERM, and a click while the bot finishes: it is answered.
    let pid = process.id().expect("pid").to_string();
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .expect("kill");
    assert!(killed.success());
    let during = discord.slash(&alice, channel, "rules", json!({})).await;
    let reply = discord.response(during).await;
    assert!(reply.ephemeral, "{reply:?}");
    let status = tokio::time::timeout(Duration::from_secs(20), process.wait())
        .await
        .expect("the bot stops within 20 s")
        .expect("exit status");
    assert!(status.success(), "a clean stop exits with 0: {status:?}");

    // Started again, the game goes on to its end from the same board.
    let mut process = start_bot(&discord, &url, &guild);
    discord.wait_ready_count(2).await;
    play_to_the_end(&discord, &alice, board).await;
    process.kill().await.expect("SIGKILL");
    let _ = process.wait().await;
    let unanswered = discord.with_state(|st| {
        st.interactions
            .values()
            .filter(|i| i.reply.is_none())
            .count()
    });
    assert_eq!(unanswered, 0, "every interaction was answered");
    discord.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_and_metrics_answer_and_count_a_game() {
    let h = Harness::start_with(|config| {
        config.metrics_addr = Some("127.0.0.1:0".parse().unwrap());
    })
    .await;
    let addr = h.bot.metrics_addr().expect("listening");
    let (status, text) = get(&format!("http://{addr}/healthz")).await;
    assert_eq!(status, 200, "{text}");
    assert!(
        text.contains("1/1 shards connected") && text.contains("reachable"),
        "{text}"
    );
    let (status, _) = get(&format!("http://{addr}/nothing")).await;
    assert_eq!(status, 404);

    let (_, before) = get(&format!("http://{addr}/metrics")).await;
    let d = &h.discord;
    let alice = d.user("alice");
    let ix = d
        .slash(
            &alice,
            d.channel_id(),
            "connect4-3d",
            json!({"color": "red"}),
        )
        .await;
    let board = d.response(ix).await.message_id.unwrap();
    h.settled(board, None).await;
    h.play(&alice, board, "B2").await;
    let (status, after) = get(&format!("http://{addr}/metrics")).await;
    assert_eq!(status, 200);
    let moves = "boardbot_moves_total{game=\"connect4-3d\"}";
    assert!(
        metric(&after, moves) >= metric(&before, moves) + 2.0,
        "a person's move and the CPU's reply:\n{after}"
    );
    let answered = "boardbot_interactions_total{kind=\"component\",outcome=\"answered\"}";
    assert!(
        metric(&after, answered) > metric(&before, answered),
        "{after}"
    );
    assert_eq!(
        metric(&after, "boardbot_open_tables{game=\"connect4-3d\"}"),
        1.0,
        "{after}"
    );
    assert!(after.contains("boardbot_ack_seconds_bucket"), "{after}");
    assert!(
        after.contains("boardbot_cpu_move_seconds_count{game=\"connect4-3d\",level=\"medium\"}"),
        "{after}"
    );
    h.stop().await;
}

/// Two processes given the same shard (an overlapping deploy: the new
/// one starts before the old one stops) on one database: both receive
/// every interaction, one answer each wins, and a game against the CPU
/// plays to its end with each move made once.
async fn overlapping_processes(url: &str) {
    let discord = StandIn::start_with_token(TOKEN)
        .await
        .with_timeout(Duration::from_secs(30));
    discord.allow_twin_sessions();
    let (_, channel) = discord.add_guild(0, 1);
    let process = || {
        start_bot(
            &discord,
            url,
            &[("SHARD_TOTAL", "1".into()), ("SHARD_RANGE", "0-0".into())],
        )
    };
    let mut old = process();
    discord.wait_sessions(1).await;
    discord.wait_command("move").await;
    let mut new = process();
    discord.wait_sessions(2).await;
    let alice = discord.user("alice");
    let ix = discord
        .slash(&alice, channel, "connect4", json!({"level": "easy"}))
        .await;
    let reply = discord.response(ix).await;
    assert!(reply.kind == 4 || reply.kind == 5, "{url}: {reply:?}");
    let board = reply.message_id.expect("board message");
    let store = boardbot::store::Store::open(url).await.expect("store");
    let stamp_of = |m: &support::Msg| -> Option<(u64, u64)> {
        m.buttons().into_iter().find_map(|b| {
            let id = b.custom_id?;
            let mut parts = id.split(':').skip(1);
            Some((parts.next()?.parse().ok()?, parts.next()?.parse().ok()?))
        })
    };
    let mut clicks = Vec::new();
    let mut refused = 0;
    loop {
        // Wait for the board message to show the stored table with her to
        // move (or the end): the truth both processes share.
        let (message, stored) = {
            let mut tries = 0;
            loop {
                let message = settled(&discord, board, None).await;
                if let Some((no, stamp)) = stamp_of(&message) {
                    let stored = store.load(no).await.expect("load").expect("stored").table;
                    let hers =
                        stored.player_to_move().and_then(|p| p.person_id()) == Some(alice.id);
                    if stored.stamp() == stamp && (hers || !stored.is_running()) {
                        break (message, stored);
                    }
                }
                tries += 1;
                assert!(tries < 300, "{url}: the board never caught up");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        };
        if !stored.is_running() {
            break;
        }
        let made = stored.history().len();
        let column = enabled_moves(&message)[0].clone();
        let click = discord.click_label(&alice, board, &column).await;
        let answer = discord.response(click).await;
        if answer.kind == 4 {
            // One process's board can land over the other's newer one, for
            // the moment until it is put right; a click on that older
            // board is refused as out of date, and makes no move (the
            // record below holds exactly her accepted clicks).
            let text = answer.content.as_deref().unwrap_or("");
            assert!(
                answer.ephemeral && text.contains("out of date"),
                "{url}: {answer:?}"
            );
            refused += 1;
            assert!(refused <= 3, "{url}: {refused} clicks refused");
            continue;
        }
        assert_move_answered(answer.kind);
        clicks.push(column);
        // Her move is made once, and the CPU answers it once.
        let no = stored.no();
        let mut tries = 0;
        loop {
            let now = store.load(no).await.expect("load").expect("stored").table;
            let settled_again = !now.is_running()
                || now.player_to_move().and_then(|p| p.person_id()) == Some(alice.id);
            if now.history().len() > made && settled_again {
                let grown = now.history().len() - made;
                assert!(
                    grown == 2 || (grown == 1 && !now.is_running()),
                    "{url}: one move each, not {grown}: {:?}",
                    now.history()
                );
                break;
            }
            tries += 1;
            assert!(tries < 300, "{url}: her move was lost");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    for child in [&mut old, &mut new] {
        child.kill().await.expect("SIGKILL");
        let _ = child.wait().await;
    }
    let history = store.matches_in_channel(channel, 5).await.expect("history");
    assert_eq!(history.len(), 1, "{url}: one match, recorded once");
    let record = &history[0];
    assert!(record.replay().is_some(), "{url}: every move legal");
    let seat = record
        .seats
        .iter()
        .position(|s| s.player.person_id() == Some(alice.id))
        .expect("alice played");
    let hers: Vec<String> = record.moves.iter().skip(seat).step_by(2).cloned().collect();
    assert_eq!(hers, clicks, "{url}: each of her clicks made one move");
    // A CPU move played twice would stand in her place: her moves are
    // exactly her clicks, so none was.
    let cpus = record.moves.len() - hers.len();
    assert!(cpus.abs_diff(hers.len()) <= 1, "{url}: {:?}", record.moves);
    store.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_given_the_same_shard_make_each_move_once() {
    for url in backends::each_backend("overlapping_processes").await {
        overlapping_processes(&url).await;
    }
}
