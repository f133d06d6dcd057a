//! The bot's own process (the real binary) against the Discord stand-in,
//! for the tests that kill it, stop it or run two of them.

use super::{assert_move_answered, is_over, turn_of, user_json_id, TOKEN};
use crate::support::{Ix, Msg, StandIn, User};
use serde_json::Value;
use std::process::Stdio;
use tokio::process::{Child, Command};

/// Starts the bot binary on `database_url` against `discord`, with only the
/// environment given here (`extra` adds or overrides variables, such as
/// `DISCORD_GUILD_ID`, `SHARD_RANGE` or `METRICS_ADDR`). The process dies
/// with its handle.
pub fn start_bot(discord: &StandIn, database_url: &str, extra: &[(&str, String)]) -> Child {
    bot_command(&discord.base_url(), database_url, extra)
        .spawn()
        .expect("the bot binary starts")
}

/// [`start_bot`] with the stand-in's server as the bot's only guild
/// (`DISCORD_GUILD_ID`), as the tests that restart the bot run it.
pub fn start_bot_in_guild(discord: &StandIn, database_url: &str) -> Child {
    let guild = [("DISCORD_GUILD_ID", discord.guild_id().to_string())];
    start_bot(discord, database_url, &guild)
}

/// The command [`start_bot`] runs, against the API at `api_base` (a
/// stand-in that may not be listening yet), for a test to change before
/// it spawns it (to read its stderr, say).
pub fn bot_command(api_base: &str, database_url: &str, extra: &[(&str, String)]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_boardbot"));
    command
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("DISCORD_TOKEN", TOKEN)
        .env("DISCORD_API_BASE", api_base)
        .env("DATABASE_URL", database_url)
        .env("RUST_LOG", "boardbot=info,serenity=warn");
    for (name, value) in extra {
        command.env(name, value);
    }
    command
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .kill_on_drop(true);
    command
}

/// Waits until the board is ready for a person (or the match is over) and
/// changed since `after`. Stricter than [`super::Harness::settled`]: with
/// processes that die and restart, a deferred answer's message can stay
/// empty for a while, so a board counts only once it shows a turn or a
/// result.
pub async fn settled(discord: &StandIn, board: u64, after: Option<u32>) -> Msg {
    discord
        .wait_message(board, |m| {
            // A deferred answer's message stays empty until the board is
            // edited in: it is not a board yet.
            after.is_none_or(|v| m.version > v)
                && !m.content.contains("thinking")
                && (turn_of(m).is_some() || is_over(m))
        })
        .await
}

/// Waits for the board after a click on `clicked`: [`settled`], and its
/// controls changed (each carries the table's stamp, which every move
/// moves on). A restarted process may first show again the board it last
/// stored as shown, when the kill came before the store heard that a
/// newer one landed: such an edit shows the clicked board once more, and
/// is not the click's answer.
pub async fn moved_on(discord: &StandIn, board: u64, clicked: &Msg) -> Msg {
    discord
        .wait_message(board, |m| {
            m.version > clicked.version
                && m.components != clicked.components
                && !m.content.contains("thinking")
                && (turn_of(m).is_some() || is_over(m))
        })
        .await
}

/// The invitation a `/connect4 opponent:` command to a bot process was
/// answered with, once it shows its buttons: posted with the answer (4),
/// or, from a busy bot (a debug build on a loaded machine draws slower
/// than the shipped 250 ms image wait), after a public "thinking" (5) that
/// the invitation is edited into.
pub async fn invitation_of(d: &StandIn, ix: Ix) -> u64 {
    let reply = d.response(ix).await;
    assert!(
        reply.kind == 4 || reply.kind == 5,
        "the command is answered publicly: {reply:?}"
    );
    let invitation = reply.message_id.expect("the invitation");
    d.wait_message(invitation, |m| m.button("Accept").is_some())
        .await;
    invitation
}

/// [`super::challenge`] for a bot process: the invitation and its
/// acceptance may be acknowledged first and edited in
/// ([`invitation_of`], [`assert_move_answered`]); returns once the board
/// shows whose turn it is.
pub async fn challenge(
    d: &StandIn,
    channel: u64,
    host: &User,
    guest: &User,
    mut options: Value,
) -> u64 {
    options["opponent"] = user_json_id(guest);
    let ix = d.slash(host, channel, "connect4", options).await;
    let invitation = invitation_of(d, ix).await;
    let ix = d.click_label(guest, invitation, "Accept").await;
    assert_move_answered(d.response(ix).await.kind);
    d.wait_message(invitation, |m| turn_of(m).is_some()).await;
    invitation
}

/// The tables' clock of bot processes started with
/// [`TestClock::env`]: a file holding how far ahead of the system's time
/// it runs, which the bot looks at every 20 ms and which outlives a
/// killed process.
pub struct TestClock {
    path: std::path::PathBuf,
    ahead: std::sync::Mutex<u64>,
}

impl TestClock {
    pub fn new(name: &str) -> TestClock {
        let path = std::env::temp_dir().join(format!(
            "boardbot-clock-{name}-{}-{}",
            std::process::id(),
            crate::support::free_port()
        ));
        std::fs::write(&path, "0").expect("the clock file is writable");
        TestClock {
            path,
            ahead: std::sync::Mutex::new(0),
        }
    }

    /// The variable that hands this clock to [`start_bot`].
    pub fn env(&self) -> (&'static str, String) {
        ("BOARDBOT_TEST_CLOCK", self.path.display().to_string())
    }

    /// Moves the clock `by` forward (a bot process sees it within 20 ms).
    pub fn advance(&self, by: std::time::Duration) {
        let mut ahead = self.ahead.lock().unwrap();
        *ahead += by.as_millis() as u64;
        // Written whole, then renamed: the bot never reads half a number.
        let fresh = self.path.with_extension("new");
        std::fs::write(&fresh, ahead.to_string()).expect("write the clock");
        std::fs::rename(&fresh, &self.path).expect("move the clock");
    }
}

impl Drop for TestClock {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}
