//! Starts the real bot against the Discord stand-in (in this process, or
//! as a process of its own: [`process`]), and helpers to read its board
//! messages. A test crate that uses it declares `mod backends;` too (its
//! databases come from there).
#![allow(dead_code)]

pub mod process;
pub mod web;

use crate::support::{Msg, Reply, StandIn, User};
use boardbot::config::Config;
use boardbot::discord::Running;
use boardbot::service::ManualClock;
use serde_json::Value;
use std::sync::Arc;
use std::time::Duration;

pub const TOKEN: &str = "test-token.not-a-secret";

/// The stand-in plus the bot connected to it, its tables on a clock the
/// test moves ([`Harness::advance`]).
pub struct Harness {
    pub discord: StandIn,
    pub bot: Running,
    pub clock: Arc<ManualClock>,
}

impl Harness {
    /// Starts a stand-in and the bot, waits for READY and the commands.
    pub async fn start() -> Harness {
        Harness::start_with(|_| {}).await
    }

    /// [`Harness::start`] with the configuration changed by `tune`.
    pub async fn start_with(tune: impl FnOnce(&mut Config)) -> Harness {
        let discord = StandIn::start_with_token(TOKEN).await;
        let base = discord.base_url();
        let guild = discord.guild_id().to_string();
        let database = crate::backends::fresh_sqlite("harness");
        let config = Config::from_lookup(|name| match name {
            "DISCORD_TOKEN" => Some(TOKEN.to_owned()),
            "DISCORD_API_BASE" => Some(base.clone()),
            "DISCORD_GUILD_ID" => Some(guild.clone()),
            "DATABASE_URL" => Some(database.clone()),
            _ => None,
        })
        .expect("test configuration");
        let mut config = config;
        // Answers carry their board (tests look at it in the answer) even
        // when the machine is busy with the other tests; the real default
        // acknowledges first after 250 ms, and tests that check that set
        // `image_wait` themselves.
        config.image_wait = std::time::Duration::from_secs(2);
        tune(&mut config);
        let clock = Arc::new(ManualClock::new());
        let bot = boardbot::discord::start_with_clock(&config, clock.clone())
            .await
            .expect("bot starts");
        discord.wait_ready().await;
        discord.wait_command("move").await;
        Harness {
            discord,
            bot,
            clock,
        }
    }

    /// Moves the tables' clock `by` forward at once: a turn timer, an
    /// invitation or an idle close that falls due runs out now.
    pub fn advance(&self, by: Duration) {
        self.clock.advance(by);
    }

    pub async fn stop(self) {
        self.discord.assert_no_violations();
        self.bot.stop().await;
    }

    /// Waits until a board message is ready to be played: a person is to
    /// move or the match is over, and the message changed since `version`.
    pub async fn settled(&self, id: u64, after_version: Option<u32>) -> Msg {
        self.discord
            .wait_message(id, |m| {
                after_version.is_none_or(|v| m.version > v) && !m.content.contains("thinking")
            })
            .await
    }
}

/// The seat mention that is to move, from the board text (`**Turn:** … <@id>`).
pub fn turn_of(message: &Msg) -> Option<u64> {
    let line = message
        .content
        .lines()
        .find(|l| l.starts_with("**Turn:**"))?;
    mention_in(line)
}

fn mention_in(text: &str) -> Option<u64> {
    let start = text.find("<@")? + 2;
    let end = text[start..].find('>')? + start;
    text[start..end].parse().ok()
}

/// A click on a board, to a bot process of its own (the shipped 250 ms
/// image wait): answered in place with its board (7), or acknowledged
/// first with the board edited in (6) when the drawing takes longer, as a
/// debug build on a busy machine can.
pub fn assert_move_answered(kind: u8) {
    assert!(
        kind == 7 || kind == 6,
        "a click is answered in place: {kind}"
    );
}

/// True when the board shows a result.
pub fn is_over(message: &Msg) -> bool {
    message.content.contains("🏆")
        || message.content.contains("Draw!")
        || message
            .buttons()
            .iter()
            .any(|b| b.label.as_deref() == Some("Rematch"))
}

/// Checks that a board message carries one PNG that decodes, with alt text.
pub fn assert_board_image(message: &Msg) -> image::RgbaImage {
    assert_eq!(
        message.attachments.len(),
        1,
        "one board image: {:?}",
        message.attachments
    );
    let image = &message.attachments[0];
    let alt = image.description.as_deref().unwrap_or("");
    assert!(
        !alt.is_empty() && alt.chars().count() <= 1024,
        "alt text: {alt:?}"
    );
    image.decode_png()
}

/// The labels of every button of a message.
pub fn labels(message: &Msg) -> Vec<String> {
    message
        .buttons()
        .into_iter()
        .filter_map(|b| b.label)
        .collect()
}

/// The enabled move buttons (labels) of a board message.
pub fn enabled_moves(message: &Msg) -> Vec<String> {
    message
        .buttons()
        .into_iter()
        .filter(|b| !b.disabled && b.custom_id.as_deref().is_some_and(|id| id.contains(":m")))
        .filter_map(|b| b.label)
        .collect()
}

/// A private refusal: an ephemeral message answer.
pub fn assert_private(reply: &Reply) -> String {
    assert_eq!(reply.kind, 4, "a refusal is a message answer: {reply:?}");
    assert!(reply.ephemeral, "a refusal is private: {reply:?}");
    reply.content.clone().unwrap_or_default()
}

/// The seat labels line: who is red (first mention after 🔴).
pub fn seat_of_colour(message: &Msg, emoji: &str) -> Option<u64> {
    let first = message.content.lines().next()?;
    let at = first.find(emoji)?;
    mention_in(&first[at..])
}

pub fn user_json_id(user: &User) -> Value {
    Value::String(user.id.to_string())
}

/// The seats in order (red, yellow, blue) from the board's first line: the
/// person's id, or `None` for a CPU seat.
pub fn seats(message: &Msg) -> Vec<Option<u64>> {
    let first = message.content.lines().next().unwrap_or("");
    let list = first.split_once(" — ").map(|(_, s)| s).unwrap_or("");
    list.split(" vs ").map(mention_in).collect()
}

/// The emoji of the seat that made the last move (`Last move: 🔴 …`).
pub fn last_mover(message: &Msg) -> Option<String> {
    let line = message
        .content
        .lines()
        .find(|l| l.starts_with("Last move:"))?;
    line.trim_start_matches("Last move:")
        .split_whitespace()
        .next()
        .map(str::to_owned)
}

/// The free lines of a Dots and Boxes board, from its select menus; checks
/// that every option's label is its value and that a menu holds at most 25.
pub fn free_lines(message: &Msg) -> Vec<String> {
    let mut lines = Vec::new();
    for select in message.selects() {
        assert!(
            !select.options.is_empty() && select.options.len() <= 25,
            "{select:?}"
        );
        for (label, value) in &select.options {
            assert_eq!(label, value, "label and value are the line name");
            lines.push(value.clone());
        }
    }
    let mut unique = lines.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), lines.len(), "a line is listed once");
    lines
}

impl Harness {
    /// Plays `name` for `user` on the board message: a button with that
    /// label, or the select menu option with that value. Checks the click is
    /// answered with an in-place update that carries a PNG, then waits until
    /// the board is ready again (a person to move, or the match over).
    pub async fn play(&self, user: &User, board: u64, name: &str) -> Msg {
        let d = &self.discord;
        let message = d.message(board).expect("board message");
        let ix = match message
            .selects()
            .into_iter()
            .find(|s| s.options.iter().any(|(_, v)| v == name))
        {
            Some(select) => d.select(user, board, &select.custom_id, &[name]).await,
            None => d.click_label(user, board, name).await,
        };
        let reply = d.response(ix).await;
        assert_eq!(reply.kind, 7, "{name}: a move updates the board: {reply:?}");
        assert_eq!(reply.files.len(), 1, "the update carries the board image");
        assert!(reply.files[0].is_png());
        reply.files[0].decode_png();
        let version = d.message(board).unwrap().version;
        self.settled(board, Some(version - 1)).await
    }
}

/// The centre column when it is open, else the first open move: a player
/// that keeps a game going without thinking.
pub fn centre_first(message: &Msg) -> String {
    let moves = enabled_moves(message);
    moves
        .iter()
        .find(|m| *m == "4")
        .unwrap_or(&moves[0])
        .clone()
}

/// `host` opens Connect Four against `guest` in `channel` with `options`
/// and `guest` accepts; returns the board message (the invitation, now
/// the board).
pub async fn challenge(
    d: &StandIn,
    channel: u64,
    host: &User,
    guest: &User,
    mut options: Value,
) -> u64 {
    options["opponent"] = user_json_id(guest);
    let ix = d.slash(host, channel, "connect4", options).await;
    let reply = d.response(ix).await;
    assert_eq!(reply.kind, 4, "{reply:?}");
    let invitation = reply.message_id.expect("the invitation");
    let ix = d.click_label(guest, invitation, "Accept").await;
    assert_eq!(d.response(ix).await.kind, 7, "the invitation is accepted");
    invitation
}

/// `user` opens Connect Four against the easy CPU in `channel`; returns
/// the board message (the command's answer).
pub async fn open_solo(d: &StandIn, user: &User, channel: u64) -> u64 {
    let ix = d
        .slash(
            user,
            channel,
            "connect4",
            serde_json::json!({"level": "easy"}),
        )
        .await;
    let reply = d.response(ix).await;
    assert_eq!(reply.kind, 4, "{reply:?}");
    reply.message_id.expect("board message")
}
