//! Learning from the solver: `/review [match]` and `/puzzle [game]`.
//!
//! A review is the solver's verdict on each move of a finished match, as
//! text (the turning points, each with the better move) and a picture (the
//! biggest turning point and an evaluation strip). The answer is public
//! when the asker played in the match, private otherwise. A match is
//! judged once (on the pool's review lane) and kept: the first review of
//! it is acknowledged while it is judged, later ones come at once.
//!
//! The puzzle is today's position of the game at a table of its own in
//! this channel, against the hard CPU.

use super::ack::Noted;
use super::ack::{deferred, in_time, Pending};
use super::answer::{tell, Asked, BadInput, InteractionError};
use super::reach::{Reach, OUTSIDE};
use super::show::{answer_with_board, Asking};
use super::standings::guild_of;
use super::Bot;
use crate::game::GameKind;
use crate::i18n::{tr, Lang};
use crate::render;
use crate::review::{picture, review_text};
use crate::table::MatchRecord;
use serenity::all::{
    Builder, CommandInteraction, Context, CreateAllowedMentions, CreateAttachment,
    CreateInteractionResponse, CreateInteractionResponseMessage, EditInteractionResponse,
    ResolvedValue,
};
use tracing::warn;

/// `/review [match]`.
pub(super) async fn review(asked: Asked<'_>) -> Result<(), InteractionError> {
    let (bot, ctx, command) = asked.parts();
    let lang = Lang::from_locale(&command.locale);
    let Some((id, record, outside)) = asked_match(bot, ctx, command, lang).await? else {
        return Ok(());
    };
    // Public for the people who played it, private for anyone else; outside
    // a server, for its players alone (a group DM holds other people too).
    let played = record.played(command.user.id.get());
    if outside && !played {
        tell(ctx, command, tr(lang, "review-players-only", &[])).await;
        return Ok(());
    }
    let private = !played || outside;
    let pending = if private {
        Pending::Private(command)
    } else {
        Pending::Public(command)
    };
    // The per-server fair-use limit: outside a server, each DM its own.
    let fair_use_place = if outside {
        command.channel_id.get()
    } else {
        record.guild
    };
    // A stored review comes at once; a new one is judged for up to half a
    // minute, acknowledged first.
    let preparing = async {
        let Some(review) = bot
            .service
            .review(id, &record, command.user.id.get(), fair_use_place)
            .await?
        else {
            return Ok::<_, InteractionError>((tr(lang, "review-cannot", &[]), None));
        };
        let text = review_text(lang, id, &record, &review);
        let picture = picture(lang, id, &record, &review);
        let image = tokio::task::spawn_blocking(move || picture.map(|p| render::review(&p)))
            .await
            .ok()
            .flatten()
            .filter(|i| !i.png.is_empty())
            .map(|i| CreateAttachment::bytes(i.png, "review.png").description(i.alt));
        Ok((text, image))
    };
    let (text, image) = in_time(ctx, pending, asked.arrived, preparing).await?;
    let sent = if deferred().is_some() {
        let mut edit = EditInteractionResponse::new()
            .content(text)
            .allowed_mentions(CreateAllowedMentions::new());
        if let Some(image) = image {
            edit = edit.new_attachment(image);
        }
        edit.execute(&ctx.http, &command.token).await.map(|_| ())
    } else {
        let mut message = CreateInteractionResponseMessage::new()
            .content(text)
            .ephemeral(private)
            .allowed_mentions(CreateAllowedMentions::new());
        if let Some(image) = image {
            message = message.add_file(image);
        }
        command
            .create_response(&ctx.http, CreateInteractionResponse::Message(message))
            .await
            .noted()
    };
    if let Err(e) = sent {
        warn!("could not deliver the review of match {id}: {e}");
    }
    Ok(())
}

/// `/puzzle [game]`: today's puzzle of the game (Connect Four by default).
pub(super) async fn puzzle(asked: Asked<'_>) -> Result<(), InteractionError> {
    let (bot, ctx, command) = asked.parts();
    let host = super::play::host_of(command)?;
    let mut kind = GameKind::Connect4;
    for option in command.data.options() {
        match (option.name, option.value) {
            ("game", ResolvedValue::String(name)) => {
                let named = super::commands::game_kind(name);
                kind = named
                    .filter(|k| crate::cpu::puzzle::PUZZLE_GAMES.contains(k))
                    .ok_or_else(|| {
                        InteractionError::from(BadInput::NoPuzzle {
                            typed: name.to_owned(),
                            game: named,
                        })
                    })?;
            }
            (name, _) => return Err(BadInput::UnexpectedOption(name.to_string()).into()),
        }
    }
    // The first asker of the day may wait for the search: acknowledge
    // first when it is not known yet.
    let deferred = !bot.service.puzzle_ready(kind);
    if deferred {
        command.defer(&ctx.http).await.noted()?;
    }
    let lang = Lang::from_locale(&command.locale);
    let opening = bot.service.open_daily_puzzle(host, kind);
    let opened = if deferred {
        opening.await
    } else {
        in_time(ctx, Pending::Public(command), asked.arrived, opening).await
    };
    let text = match opened {
        Ok(Some(table)) => {
            let asking = Asking::Command { command, deferred };
            answer_with_board(bot, ctx, asking, table, asked.arrived).await;
            return Ok(());
        }
        Ok(None) => tr(lang, "puzzle-none", &[]),
        Err(f) if deferred => InteractionError::from(f).answer(lang),
        Err(f) => return Err(f.into()),
    };
    if deferred {
        if let Err(e) = EditInteractionResponse::new()
            .content(text)
            .execute(&ctx.http, &command.token)
            .await
        {
            warn!("could not answer /puzzle: {e}");
        }
    } else {
        tell(ctx, command, text).await;
    }
    Ok(())
}

/// The match a `/review` or `/replay` asks for (`match:N` of this server,
/// else this channel's last finished one), with whether it was asked
/// outside a server; `None` once the asker has been told there is none.
pub(super) async fn asked_match(
    bot: &Bot,
    ctx: &Context,
    command: &CommandInteraction,
    lang: Lang,
) -> Result<Option<(u64, MatchRecord, bool)>, InteractionError> {
    let outside = Reach::of_command(command).outside();
    let guild = if outside { OUTSIDE } else { guild_of(command)? };
    let mut wanted = None;
    for option in command.data.options() {
        match (option.name, option.value) {
            ("match", ResolvedValue::Integer(id)) if id > 0 => wanted = Some(id as u64),
            ("match", ResolvedValue::Integer(id)) => {
                tell(
                    ctx,
                    command,
                    tr(lang, "review-unknown-match", &[("id", &id.to_string())]),
                )
                .await;
                return Ok(None);
            }
            (name, _) => return Err(BadInput::UnexpectedOption(name.to_string()).into()),
        }
    }
    let found = match wanted {
        // Outside a server, match numbers are shared by every DM: only
        // this channel's matches are found here.
        Some(id) if outside => bot
            .service
            .match_in_guild(guild, id)
            .await?
            .filter(|(_, record)| record.channel == command.channel_id.get()),
        Some(id) => bot.service.match_in_guild(guild, id).await?,
        None => {
            bot.service
                .last_match_in_channel(command.channel_id.get())
                .await?
        }
    };
    let Some((id, record)) = found else {
        let text = match wanted {
            Some(id) => tr(lang, "review-unknown-match", &[("id", &id.to_string())]),
            None => tr(lang, "review-none", &[]),
        };
        tell(ctx, command, text).await;
        return Ok(None);
    };
    Ok(Some((id, record, outside)))
}
