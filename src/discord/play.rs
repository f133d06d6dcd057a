//! The game commands (`/connect4`, `/dots`, ...): open a table here.

use super::ack::{in_time, Pending};
use super::answer::{display_name, Asked, InteractionError};
use super::commands;
use super::reach::Reach;
use super::show::{answer_with_board, Asking};
use crate::i18n::Lang;
use crate::service::Host;
use serenity::all::CommandInteraction;
use std::sync::atomic::Ordering;

/// Who opens a table with `command`, and where: a table outside the
/// servers that added the bot is stored with [`super::reach::OUTSIDE`]
/// for its server. Refused where the board could not be shared (a server
/// that turned off "Use External Apps": every answer would be private).
pub(super) fn host_of(command: &CommandInteraction) -> Result<Host, InteractionError> {
    let reach = Reach::of_command(command);
    if reach == (Reach::Outside { shared: false }) {
        return Err(InteractionError::Unshared);
    }
    Ok(Host {
        no: command.id.get(),
        guild: reach.guild(),
        channel: command.channel_id.get(),
        user: command.user.id.get(),
        name: display_name(command),
        lang: Lang::from_locale(&command.locale),
    })
}

/// `/connect4` and the other game commands: open a table here.
pub(super) async fn command_play(
    asked: Asked<'_>,
    kind: crate::game::GameKind,
) -> Result<(), InteractionError> {
    let (bot, ctx, command) = asked.parts();
    let host = host_of(command)?;
    let request = commands::read_play_options(command, kind, bot.bot_user.load(Ordering::Relaxed))?;
    let opening = bot.service.open_here(host, request);
    let table = in_time(ctx, Pending::Public(command), asked.arrived, opening).await?;
    let asking = Asking::Command {
        command,
        deferred: false,
    };
    answer_with_board(bot, ctx, asking, table, asked.arrived).await;
    Ok(())
}
