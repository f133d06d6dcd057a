//! A page of the live web board across a hard kill: the bot is killed with
//! SIGKILL while a page watches, a move is made on Discord while it is
//! down and back up, and the page that reconnects catches up from its
//! stamp, still logged in. Runs on SQLite always, and on PostgreSQL when
//! `BOARDBOT_TEST_POSTGRES` is set.

use crate::backends;
use crate::bot::process::{self, challenge, moved_on, settled};
use crate::bot::web::{live_link, log_in, Page, CLIENT_SECRET};
use crate::bot::{turn_of, TOKEN};
use crate::support::{free_port, StandIn};
use serde_json::json;
use std::time::Duration;

async fn reconnecting_page_catches_up(url: &str) {
    let discord = StandIn::start_with_token(TOKEN)
        .await
        .with_timeout(Duration::from_secs(20));
    discord.set_client_secret(CLIENT_SECRET);
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let env = [
        ("DISCORD_GUILD_ID", discord.guild_id().to_string()),
        ("PUBLIC_URL", base.clone()),
        ("WEB_BIND", format!("127.0.0.1:{port}")),
        ("DISCORD_CLIENT_SECRET", CLIENT_SECRET.to_owned()),
    ];
    let mut bot = process::start_bot(&discord, url, &env);
    discord.wait_ready().await;
    discord.wait_command("move").await;
    let alice = discord.user("alice");
    let bob = discord.user("bob");
    let board = challenge(&discord, discord.channel_id(), &alice, &bob, json!({})).await;
    let message = settled(&discord, board, None).await;
    let link = live_link(&message).expect("a Watch live link");
    let path = format!("/t/{}", link.split("/t/").nth(1).unwrap());
    let cookie = log_in(&discord, &base, &path, &alice).await;
    let mut page = Page::open(&link, Some(&cookie)).await;
    let before = page.stamp();
    // One move on Discord, seen by the page.
    let (first, second) = if turn_of(&message) == Some(alice.id) {
        (&alice, &bob)
    } else {
        (&bob, &alice)
    };
    let ix = discord.click_label(first, board, "4").await;
    discord.response(ix).await;
    let seen = page.wait_view(|v| v["stamp"].as_u64() > Some(before)).await;
    let stamp = seen["stamp"].as_u64().unwrap();
    // The Discord board shows it too before the kill: a busy bot (a loaded
    // machine draws slowly) acknowledges the click first and edits the
    // board in after the page has it.
    moved_on(&discord, board, &message).await;

    bot.kill().await.expect("SIGKILL");
    let _ = bot.wait().await;
    page.closed().await;
    let mut bot = process::start_bot(&discord, url, &env);
    discord.wait_ready_count(2).await;
    // A move while the page is away.
    let message = settled(&discord, board, None).await;
    assert_eq!(turn_of(&message), Some(second.id));
    let ix = discord.click_label(second, board, "3").await;
    discord.response(ix).await;
    let moved = moved_on(&discord, board, &message).await;
    assert_eq!(turn_of(&moved), Some(first.id));

    // The page comes back (as its script does, with its stamp) and catches
    // up: both moves, and its login still holds.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    let since = format!("{link}?since={stamp}");
    let mut back = loop {
        match Page::try_open(&since, Some(&cookie), None).await {
            Ok(page) => break page,
            Err(e) => {
                assert!(
                    tokio::time::Instant::now() < deadline,
                    "the page never reconnected: {e}"
                );
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    };
    let view = back.wait_view(|v| v["stamp"].as_u64() > Some(stamp)).await;
    assert!(
        view["board"]["grid"]["cells"][3][0].is_u64(),
        "the move before the kill"
    );
    assert!(
        view["board"]["grid"]["cells"][2][0].is_u64(),
        "the move made while away"
    );
    assert_eq!(view["you"]["may_act"], true, "still logged in");
    assert_eq!(view["you"]["may_move"], first.id == alice.id);
    bot.kill().await.expect("SIGKILL");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_reconnecting_after_a_hard_kill_catches_up() {
    for url in backends::each_backend("web-restart").await {
        reconnecting_page_catches_up(&url).await;
    }
}
