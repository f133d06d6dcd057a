//! `/move` and its autocomplete.

use super::ack::Noted;
use super::ack::{in_time, Pending};
use super::answer::{tell, Asked, BadInput, InteractionError};
use super::show::{answer_with_board, board_out_of_reach, Asking};
use super::{publish_soon, Bot};
use crate::game::Game;
use crate::i18n::{tr, Lang};
use crate::service::{At, ServiceError};
use crate::table::{Phase, Refusal};
use serenity::all::{
    CommandInteraction, Context, CreateAutocompleteResponse, CreateInteractionResponse,
};
use std::sync::Arc;
use tracing::warn;

/// `/move at:` plays a move on this channel's table.
pub(super) async fn command_move(asked: Asked<'_>) -> Result<(), InteractionError> {
    let (bot, ctx, command) = asked.parts();
    let typed = command
        .data
        .options
        .iter()
        .find(|o| o.name == "at")
        .and_then(|o| o.value.as_str())
        .unwrap_or("")
        .to_owned();
    // Against the table as it is now (no stamp): stored before the answer.
    let at = At::Channel(command.channel_id.get());
    let user = command.user.id.get();
    let acting = bot.service.act_named(at, user, &typed, None);
    let (table, mv) = match in_time(ctx, Pending::Private(command), asked.arrived, acting).await {
        Ok(played) => played,
        Err(ServiceError::Refused(Refusal::NoSuchMove)) => {
            return Err(BadInput::MoveName(typed).into())
        }
        Err(f) => return Err(f.into()),
    };
    if board_out_of_reach(bot, &table).await {
        let asking = Asking::Command {
            command,
            deferred: false,
        };
        answer_with_board(bot, ctx, asking, table, asked.arrived).await;
        return Ok(());
    }
    let name = table.game().move_name(mv);
    let lang = Lang::from_locale(&command.locale);
    tell(ctx, command, tr(lang, "move-played", &[("move", &name)])).await;
    publish_soon(bot, ctx, table.no());
    Ok(())
}

/// Autocomplete of `/move at:`: the legal moves that match what was typed.
pub(super) async fn on_autocomplete(bot: Arc<Bot>, ctx: Context, command: CommandInteraction) {
    let typed = command
        .data
        .autocomplete()
        .map(|o| crate::game::normalize_name(o.value))
        .unwrap_or_default();
    let mut choices = Vec::new();
    if let Some(table) = bot.service.running_table(command.channel_id.get()).await {
        if *table.phase() == Phase::Playing {
            for mv in table.game().legal_moves() {
                let name = table.game().move_name(mv);
                if crate::game::normalize_name(&name).starts_with(&typed) {
                    choices.push(name);
                }
                if choices.len() == 25 {
                    break;
                }
            }
        }
    }
    let response = choices
        .into_iter()
        .fold(CreateAutocompleteResponse::new(), |r, name| {
            r.add_string_choice(name.clone(), name)
        });
    if let Err(e) = command
        .create_response(&ctx.http, CreateInteractionResponse::Autocomplete(response))
        .await
        .noted()
    {
        warn!("could not answer autocomplete: {e}");
    }
}
