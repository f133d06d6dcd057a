//! The binary's start-up: a missing or bad setting stops it at once with one
//! line naming the variable, and no panic or backtrace; a Discord out of
//! reach is waited for, and a token Discord refuses ends the process with
//! its own exit code.

use crate::support::free_port;
use crate::{backends, bot, support};
use bot::process::bot_command;
use std::process::{Command, Stdio};
use std::time::Duration;
use support::StandIn;

/// sysexits' EX_CONFIG, what the bot exits with on a refused token.
const EXIT_CONFIG: i32 = 78;

/// `/healthz`'s status and text, once the listener answers.
async fn healthz(addr: &str) -> (u16, String) {
    let url = format!("http://{addr}/healthz");
    for _ in 0..200 {
        if let Ok(response) = reqwest::get(&url).await {
            let status = response.status().as_u16();
            return (status, response.text().await.unwrap_or_default());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("{url} never answered");
}

fn boardbot(vars: &[(&str, &str)]) -> std::process::Output {
    let dir = std::env::temp_dir().join(format!("boardbot-startup-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_boardbot"));
    // A folder without .env, and no inherited Discord settings.
    command
        .current_dir(&dir)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default());
    for (k, v) in vars {
        command.env(k, v);
    }
    command.output().expect("run boardbot")
}

#[test]
fn without_a_token_it_names_the_variable_and_exits() {
    let out = boardbot(&[]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("DISCORD_TOKEN"), "{stderr}");
    assert!(
        !stderr.contains("panicked") && !stderr.contains("backtrace"),
        "{stderr}"
    );
}

#[test]
fn a_bad_setting_is_named_and_the_token_is_not_printed() {
    let out = boardbot(&[
        ("DISCORD_TOKEN", "very-secret-token"),
        ("DISCORD_GUILD_ID", "my server"),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("DISCORD_GUILD_ID"), "{stderr}");
    assert!(!stderr.contains("very-secret-token"), "{stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
}

#[test]
fn an_unknown_command_is_refused_with_the_usage() {
    let out = {
        let mut c = Command::new(env!("CARGO_BIN_EXE_boardbot"));
        c.arg("fly").env_clear();
        c.output().unwrap()
    };
    assert_eq!(out.status.code(), Some(2));
    // clap's error: what was wrong, then the usage.
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("error: unrecognized subcommand 'fly'"),
        "{stderr}"
    );
    assert!(stderr.contains("Usage: boardbot [COMMAND]"), "{stderr}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_discord_not_there_yet_is_waited_for() {
    let url = backends::fresh_sqlite("a_discord_not_there_yet");
    let port = free_port();
    let metrics = format!("127.0.0.1:{}", free_port());
    let mut process = bot_command(
        &format!("http://127.0.0.1:{port}"),
        &url,
        &[("METRICS_ADDR", metrics.clone())],
    )
    .spawn()
    .expect("the bot binary starts");
    let (status, text) = healthz(&metrics).await;
    assert_eq!(status, 503, "{text}");
    assert!(text.contains("gateway: connecting"), "{text}");
    // Long enough for a few refused tries.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert!(
        process.try_wait().expect("status").is_none(),
        "the bot is still up"
    );

    let discord = StandIn::start_on(port)
        .await
        .with_timeout(Duration::from_secs(30));
    discord.wait_ready().await;
    discord.wait_command("move").await;
    let mut health = healthz(&metrics).await;
    for _ in 0..100 {
        if health.0 == 200 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        health = healthz(&metrics).await;
    }
    assert_eq!(health.0, 200, "{}", health.1);
    process.kill().await.expect("SIGKILL");
    let _ = process.wait().await;
    discord.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_token_ends_the_process_with_its_own_code() {
    let url = backends::fresh_sqlite("a_refused_token");
    let discord = StandIn::start_with_token("another-token");
    let discord = discord.await;
    let mut command = bot_command(&discord.base_url(), &url, &[]);
    command.stderr(Stdio::piped());
    let process = command.spawn().expect("the bot binary starts");
    let out = tokio::time::timeout(Duration::from_secs(20), process.wait_with_output())
        .await
        .expect("the bot stops by itself")
        .expect("its output");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(EXIT_CONFIG), "{stderr}");
    let last = stderr.trim().lines().last().unwrap_or_default();
    assert!(last.contains("DISCORD_TOKEN"), "{stderr}");
    assert!(
        !stderr.contains(bot::TOKEN),
        "the token is not printed: {stderr}"
    );
}
