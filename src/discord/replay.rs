//! `/replay [match]` and the Replay button of a finished board: the match
//! as an animated GIF, public when the asker played in it, private
//! otherwise (as `/review`). The service makes the GIF on its review lane
//! and keeps it a few minutes; one that takes longer than a moment is
//! acknowledged first and delivered when it is ready.

use super::ack::Noted;
use super::ack::{deferred, in_time, Pending};
use super::answer::{private, private_followup, tell, Asked, InteractionError};
use super::reach::OUTSIDE;
use super::Bot;
use crate::i18n::{tr, Lang};
use crate::table::{MatchRecord, Refusal};
use serenity::all::{
    Builder, CommandInteraction, ComponentInteraction, Context, CreateAllowedMentions,
    CreateAttachment, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, EditInteractionResponse,
};
use std::sync::Arc;
use tokio::time::Instant;
use tracing::warn;

/// What asked for a replay.
#[derive(Clone, Copy)]
enum Asker<'a> {
    Command(&'a CommandInteraction),
    Click(&'a ComponentInteraction),
}

/// `/replay [match]`: this channel's last finished match, or match N of
/// this server.
pub(super) async fn command_replay(asked: Asked<'_>) -> Result<(), InteractionError> {
    let (bot, ctx, command) = asked.parts();
    let lang = Lang::from_locale(&command.locale);
    let Some((id, record, _)) = super::learn::asked_match(bot, ctx, command, lang).await? else {
        return Ok(());
    };
    let asker = Asker::Command(command);
    answer(bot, ctx, asker, id, &record, lang, asked.arrived).await;
    Ok(())
}

/// The Replay button of a finished board: the replay of the table's match
/// `match_no` (the one the board showed when it was drawn).
pub(super) async fn click_replay(
    bot: &Arc<Bot>,
    ctx: &Context,
    component: &ComponentInteraction,
    table: u64,
    match_no: u32,
    arrived: Instant,
) -> Result<(), InteractionError> {
    let channel = component.channel_id.get();
    let found = bot.service.match_of_table(table, match_no, channel).await?;
    let Some((id, record)) = found else {
        return Err(Refusal::UnknownControl.into());
    };
    let lang = Lang::from_locale(&component.locale);
    answer(
        bot,
        ctx,
        Asker::Click(component),
        id,
        &record,
        lang,
        arrived,
    )
    .await;
    Ok(())
}

/// Posts the replay of match `id`: publicly when the asker played in it.
async fn answer(
    bot: &Arc<Bot>,
    ctx: &Context,
    asker: Asker<'_>,
    id: u64,
    record: &MatchRecord,
    lang: Lang,
    arrived: Instant,
) {
    let user = match asker {
        Asker::Command(c) => c.user.id.get(),
        Asker::Click(c) => c.user.id.get(),
    };
    // Public for the people who played it, private for anyone else;
    // outside a server, for its players alone (as /review).
    let played = record.played(user);
    let outside = record.guild == OUTSIDE;
    if outside && !played {
        say_privately(ctx, asker, tr(lang, "review-players-only", &[])).await;
        return;
    }
    let private = !played || outside;
    let pending = match asker {
        Asker::Command(c) if private => Pending::Private(c),
        Asker::Command(c) => Pending::Public(c),
        Asker::Click(c) => Pending::Click(c),
    };
    let making = bot.service.replay(id, record, lang);
    let made = in_time(ctx, pending, arrived, making).await;
    let (text, file) = match made {
        Ok(Some(animation)) => {
            let file = CreateAttachment::bytes(animation.gif.clone(), "replay.gif")
                .description(animation.alt.clone());
            (crate::replay::replay_text(lang, id, record), Some(file))
        }
        Ok(None) => (tr(lang, "replay-cannot", &[]), None),
        Err(f) => (InteractionError::from(f).answer(lang), None),
    };
    let Some(file) = file else {
        // Nothing to show: a short private answer.
        say_privately(ctx, asker, text).await;
        return;
    };
    let sent = match (asker, deferred()) {
        (Asker::Command(command), Some(_)) => EditInteractionResponse::new()
            .content(text)
            .allowed_mentions(CreateAllowedMentions::new())
            .new_attachment(file)
            .execute(&ctx.http, &command.token)
            .await
            .map(|_| ()),
        (Asker::Click(click), Some(_)) => click
            .create_followup(
                &ctx.http,
                CreateInteractionResponseFollowup::new()
                    .content(text)
                    .ephemeral(private)
                    .allowed_mentions(CreateAllowedMentions::new())
                    .add_file(file),
            )
            .await
            .map(|_| ()),
        (asker, None) => {
            let message = CreateInteractionResponseMessage::new()
                .content(text)
                .ephemeral(private)
                .allowed_mentions(CreateAllowedMentions::new())
                .add_file(file);
            let response = CreateInteractionResponse::Message(message);
            match asker {
                Asker::Command(command) => command.create_response(&ctx.http, response).await,
                Asker::Click(click) => click.create_response(&ctx.http, response).await,
            }
            .noted()
        }
    };
    if let Err(e) = sent {
        warn!("could not deliver the replay of match {id}: {e}");
    }
}

/// A private answer, after an acknowledgement or as the first answer.
async fn say_privately(ctx: &Context, asker: Asker<'_>, text: String) {
    match asker {
        Asker::Command(command) => tell(ctx, command, text).await,
        Asker::Click(click) => {
            let sent = match deferred() {
                Some(_) => click
                    .create_followup(&ctx.http, private_followup(text))
                    .await
                    .map(|_| ()),
                None => click
                    .create_response(&ctx.http, private(text))
                    .await
                    .noted(),
            };
            if let Err(e) = sent {
                warn!("could not answer a replay click: {e}");
            }
        }
    }
}
