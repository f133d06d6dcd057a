//! Starts the real bot against the Discord stand-in, and helpers to read its
//! board messages.
#![allow(dead_code)]

use crate::support::{Msg, Reply, StandIn, User};
use boardbot::config::Config;
use boardbot::discord::Running;
use serde_json::Value;

pub const TOKEN: &str = "test-token.not-a-secret";

/// The stand-in plus the bot connected to it.
pub struct Harness {
    pub discord: StandIn,
    pub bot: Running,
}

impl Harness {
    /// Starts a stand-in and the bot, waits for READY and the commands.
    pub async fn start() -> Harness {
        let discord = StandIn::start_with_token(TOKEN).await;
        let base = discord.base_url();
        let guild = discord.guild_id().to_string();
        let config = Config::from_lookup(|name| match name {
            "DISCORD_TOKEN" => Some(TOKEN.to_owned()),
            "DISCORD_API_BASE" => Some(base.clone()),
            "DISCORD_GUILD_ID" => Some(guild.clone()),
            _ => None,
        })
        .expect("test configuration");
        let bot = boardbot::discord::start(&config).await.expect("bot starts");
        discord.wait_ready().await;
        discord.wait_command("move").await;
        Harness { discord, bot }
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
