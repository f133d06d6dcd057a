//! `/review [match]`: the solver's verdict on each move of a finished
//! match, as text (the turning points, each with the better move) and a
//! picture (the biggest turning point and an evaluation strip).
//!
//! The answer is public when the asker played in the match, private
//! otherwise. It is deferred at once: the grading runs on the search pool,
//! one position at a time.

use super::standings::guild_of;
use super::{tell, Asked, Failure, Noted};
use crate::i18n::{tr, Lang};
use crate::render;
use crate::review::{picture, review_text};
use serenity::all::{
    Builder, CreateAllowedMentions, CreateAttachment, CreateInteractionResponse,
    CreateInteractionResponseMessage, EditInteractionResponse, ResolvedValue,
};
use tracing::warn;

/// `/review [match]`.
pub async fn review(asked: Asked<'_>) -> Result<(), Failure> {
    let (bot, ctx, command) = asked.parts();
    let lang = Lang::from_locale(&command.locale);
    let guild = guild_of(command)?;
    let mut wanted = None;
    for option in command.data.options() {
        match (option.name, option.value) {
            ("match", ResolvedValue::Integer(id)) if id > 0 => wanted = Some(id as u64),
            ("match", ResolvedValue::Integer(id)) => {
                tell(
                    ctx,
                    command,
                    tr(lang, "review.unknown_match", &[("id", &id.to_string())]),
                )
                .await;
                return Ok(());
            }
            (name, _) => return Err(super::BadInput::UnexpectedOption(name.to_string()).into()),
        }
    }
    let store = bot.service.store();
    let found = match wanted {
        Some(id) => store.match_in_guild(guild, id).await,
        None => store.last_match_in_channel(command.channel_id.get()).await,
    }
    .map_err(|e| Failure::Unsaved(format!("reading a match: {e}")))?;
    let Some((id, record)) = found else {
        let text = match wanted {
            Some(id) => tr(lang, "review.unknown_match", &[("id", &id.to_string())]),
            None => tr(lang, "review.none", &[]),
        };
        tell(ctx, command, text).await;
        return Ok(());
    };
    // Public for the people who played it, private for anyone else.
    let private = !record.played(command.user.id.get());
    command
        .create_response(
            &ctx.http,
            CreateInteractionResponse::Defer(
                CreateInteractionResponseMessage::new().ephemeral(private),
            ),
        )
        .await
        .noted()?;
    let edit = match bot.service.review(&record).await {
        Some(review) => {
            let text = review_text(lang, id, &record, &review);
            let picture = picture(lang, id, &record, &review);
            let image = tokio::task::spawn_blocking(move || picture.map(|p| render::review(&p)))
                .await
                .ok()
                .flatten();
            let mut edit = EditInteractionResponse::new()
                .content(text)
                .allowed_mentions(CreateAllowedMentions::new());
            if let Some(image) = image.filter(|i| !i.png.is_empty()) {
                edit = edit.new_attachment(
                    CreateAttachment::bytes(image.png, "review.png").description(image.alt),
                );
            }
            edit
        }
        None => EditInteractionResponse::new().content(tr(lang, "review.cannot", &[])),
    };
    if let Err(e) = edit.execute(&ctx.http, &command.token).await {
        warn!("could not deliver the review of match {id}: {e}");
    }
    Ok(())
}
