//! `/help` and `/rules`.

use super::answer::{tell, Asked, InteractionError};
use super::commands;
use crate::i18n::{tr, Lang};
use crate::service::At;

/// `/help`, and `/rules [game]` (default: the game at this channel's table).
pub(super) async fn command_help(asked: Asked<'_>) -> Result<(), InteractionError> {
    let (bot, ctx, command) = asked.parts();
    let lang = Lang::from_locale(&command.locale);
    let text = if command.data.name == "help" {
        tr(lang, "help-text", &[])
    } else {
        let chosen = command
            .data
            .options
            .iter()
            .find(|o| o.name == "game")
            .and_then(|o| o.value.as_str())
            .and_then(commands::game_kind);
        let here = match chosen {
            Some(_) => None,
            None => bot
                .service
                .table(At::Channel(command.channel_id.get()))
                .await
                .ok()
                .map(|t| t.kind()),
        };
        let kind = chosen.or(here).unwrap_or(crate::game::GameKind::Connect4);
        tr(lang, &format!("rules-{}", kind.command()), &[])
    };
    tell(ctx, command, text).await;
    Ok(())
}
