//! `/settings`: a channel's defaults and its table's rules.

use super::ack::{in_time, Pending};
use super::answer::{member_may, tell, Asked, InteractionError};
use super::commands;
use crate::i18n::{tr, Lang};
use crate::table::Refusal;

/// `/settings`: shows this channel's defaults to anyone; changes what the
/// service says the person may change (the channel's defaults, this
/// channel's table's rules between matches).
pub(super) async fn command_settings(asked: Asked<'_>) -> Result<(), InteractionError> {
    let (bot, ctx, command) = asked.parts();
    let Some(guild) = command.guild_id else {
        return Err(Refusal::NotInGuild.into());
    };
    let change = commands::read_settings_options(command)?;
    let channel = command.channel_id.get();
    let lang = Lang::from_locale(&command.locale);
    let timer_text = |timer: Option<u32>| match timer {
        Some(seconds) => tr(lang, "rules-timer", &[("seconds", &seconds)]),
        None => tr(lang, "settings-no-timer", &[]),
    };
    let yes_no = |on: bool| tr(lang, if on { "settings-on" } else { "settings-off" }, &[]);
    let level_text = |level: crate::cpu::Level| tr(lang, &format!("level-{}", level.name()), &[]);
    let settings_text = |key: &str, settings: &crate::store::ChannelSettings| {
        let mut text = tr(
            lang,
            key,
            &[
                ("timer", &timer_text(settings.timer)),
                ("rotate", &yes_no(settings.rotate)),
                ("level", &level_text(settings.level)),
                ("ranked", &yes_no(settings.ranked)),
            ],
        );
        // Said only where the bot has a web board.
        if bot.live.is_some() {
            text.push(' ');
            text.push_str(&tr(
                lang,
                "settings-live-links",
                &[("value", &yes_no(settings.live_links))],
            ));
        }
        text
    };
    if change.is_empty() {
        let reading = bot.service.channel_settings(channel);
        let settings = in_time(ctx, Pending::Private(command), asked.arrived, reading).await?;
        tell(ctx, command, settings_text("settings-shown", &settings)).await;
        return Ok(());
    }
    let manager = member_may(command.member.as_deref(), |p| p.manage_channels());
    let changing =
        bot.service
            .change_settings(guild.get(), channel, command.user.id.get(), manager, change);
    let changed = in_time(ctx, Pending::Private(command), asked.arrived, changing).await?;
    if let (Some(live), Some(_)) = (&bot.live, change.live_links) {
        live.forget(channel);
        // The channel's board shows or drops its link now.
        if let Some(table) = bot.service.running_table(channel).await {
            bot.boards.get(table.no()).set_behind();
            super::publish_soon(bot, ctx, table.no());
        }
    }
    let mut lines = Vec::new();
    if let Some(settings) = &changed.channel {
        lines.push(settings_text("settings-changed", settings));
    }
    if let Some(table) = &changed.table {
        lines.push(tr(
            lang,
            "settings-table-changed",
            &[
                ("timer", &timer_text(table.rules().timer)),
                ("rotate", &yes_no(table.rules().rotate)),
                ("level", &level_text(table.level())),
            ],
        ));
    }
    tell(ctx, command, lines.join("\n")).await;
    Ok(())
}
