//! The game commands (`/connect4`, `/dots`, ...): open a table here.

use super::ack::{in_time, Pending};
use super::answer::{display_name, Asked, Failure};
use super::commands;
use super::show::{answer_with_board, Asking};
use crate::i18n::Lang;
use crate::service::Host;
use crate::table::Refusal;
use serenity::all::CommandInteraction;
use std::sync::atomic::Ordering;

/// Who opens a table with `command`, and where.
pub(super) fn host_of(command: &CommandInteraction) -> Result<Host, Failure> {
    let Some(guild) = command.guild_id else {
        return Err(Refusal::NotInGuild.into());
    };
    Ok(Host {
        no: command.id.get(),
        guild: guild.get(),
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
) -> Result<(), Failure> {
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
