//! The table controls: the board's buttons and menus, the table commands
//! (`/end`, `/pause`, `/resume`, `/leave`, `/resign`) and hints (a Replay
//! click goes to [`super::replay`]).

use super::ack::{deferred, in_time, Noted, Pending};
use super::answer::{
    member_may, member_name, private, private_followup, tell, Asked, InteractionError,
};
use super::ids::{Control, ControlId};
use super::show::{answer_with_board, board_out_of_reach, Asking};
use super::{publish_soon, Bot};
use crate::i18n::{tr, Lang};
use crate::service::{At, ServiceError};
use crate::table::{Action, Refusal, Table};
use serenity::all::{
    Builder, ComponentInteraction, ComponentInteractionDataKind, Context,
    CreateInteractionResponse, CreateInteractionResponseMessage, EditInteractionResponse,
};
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;
use tracing::warn;

/// How long a refreshed board may wait for an update in flight before it
/// is drawn (well inside Discord's 3 s window).
const ANSWER_WITHIN: Duration = Duration::from_millis(1500);

/// `/end`, `/pause`, `/resume`, `/leave`, `/resign`: act on this channel's
/// table, answer privately, and show the change on the board.
pub(super) async fn command_table(asked: Asked<'_>) -> Result<(), InteractionError> {
    let (bot, ctx, command) = asked.parts();
    let user = command.user.id.get();
    let name = command.data.name.as_str();
    let action = match name {
        "end" => Action::End {
            user,
            moderator: member_may(command.member.as_deref(), |p| p.manage_messages()),
        },
        "pause" => Action::Pause { user, stamp: None },
        "resume" => Action::Resume { user, stamp: None },
        "leave" => Action::Leave { user, stamp: None },
        _ => Action::Resign { user, stamp: None },
    };
    let acting = bot
        .service
        .act(At::Channel(command.channel_id.get()), action);
    let table = in_time(ctx, Pending::Private(command), asked.arrived, acting).await?;
    if board_out_of_reach(bot, &table).await {
        let asking = Asking::Command {
            command,
            deferred: false,
        };
        answer_with_board(bot, ctx, asking, table, asked.arrived).await;
        return Ok(());
    }
    let lang = Lang::from_locale(&command.locale);
    let text = tr(
        lang,
        &format!("done-{name}"),
        &[("game", &crate::i18n::GameName::of(table.kind()))],
    );
    tell(ctx, command, text).await;
    publish_soon(bot, ctx, table.no());
    Ok(())
}

pub(super) async fn on_component(
    bot: Arc<Bot>,
    ctx: Context,
    component: ComponentInteraction,
    arrived: Instant,
) {
    if let Err(failure) = component_action(&bot, &ctx, &component, arrived).await {
        let text = failure.answer(Lang::from_locale(&component.locale));
        // Acknowledged while it waited: the board stays, the answer follows.
        let sent = if deferred().is_some() {
            component
                .create_followup(&ctx.http, private_followup(text))
                .await
                .map(|_| ())
        } else {
            component
                .create_response(&ctx.http, private(text))
                .await
                .noted()
        };
        if let Err(e) = sent {
            warn!("could not answer a click: {e}");
        }
    }
}

/// Decodes a click into the action it stands for; the service applies it
/// (or refuses it) and the click is answered with the new board.
async fn component_action(
    bot: &Arc<Bot>,
    ctx: &Context,
    component: &ComponentInteraction,
    arrived: Instant,
) -> Result<(), InteractionError> {
    if component.data.custom_id.starts_with("t1:") {
        return super::tournament::on_click(bot, ctx, component).await;
    }
    let Some(id) = ControlId::decode(&component.data.custom_id) else {
        return Err(Refusal::UnknownControl.into());
    };
    let at = At::Table {
        no: id.table,
        channel: component.channel_id.get(),
    };
    let user = component.user.id.get();
    let stamp = Some(id.stamp);
    let action = match id.control {
        Control::Move(mv) => Action::Move { user, mv, stamp },
        Control::MoveMenu(_) => {
            let ComponentInteractionDataKind::StringSelect { values } = &component.data.kind else {
                return Err(Refusal::UnknownControl.into());
            };
            let name = values.first().ok_or(Refusal::NoSuchMove)?;
            let acting = bot.service.act_named(at, user, name, stamp);
            let acted = in_time(ctx, Pending::Click(component), arrived, acting).await;
            let acted = acted.map(|(table, _)| table);
            return answer_click(bot, ctx, component, at, acted, arrived).await;
        }
        Control::Resign => Action::Resign { user, stamp },
        Control::Accept => Action::Accept { user, stamp },
        Control::Decline => Action::Decline { user, stamp },
        Control::Rematch => Action::Rematch { user, stamp },
        Control::Undo => Action::Undo { user, stamp },
        Control::UndoAnswer(accept) => Action::AnswerUndo {
            user,
            accept,
            stamp,
        },
        Control::Hint => return hint(bot, ctx, component, at, id.stamp).await,
        Control::Replay(match_no) => {
            let table = id.table;
            return super::replay::click_replay(bot, ctx, component, table, match_no, arrived)
                .await;
        }
        Control::Join => Action::Join {
            user,
            name: member_name(&component.user, component.member.as_ref()),
            stamp,
        },
        Control::Rejoin => Action::Rejoin {
            user,
            name: member_name(&component.user, component.member.as_ref()),
        },
        Control::Leave => Action::Leave { user, stamp },
        Control::Start => Action::Start { user, stamp },
        Control::Pause => Action::Pause { user, stamp },
        Control::Resume => Action::Resume { user, stamp },
        Control::FreeSeat => Action::FreeSeat { user, stamp },
        Control::PlayLive => return launch_activity(ctx, component).await,
    };
    crate::metrics::metrics().phase("decode", arrived.elapsed());
    let acting = bot.service.act(at, action);
    let acted = in_time(ctx, Pending::Click(component), arrived, acting).await;
    answer_click(bot, ctx, component, at, acted, arrived).await
}

/// Answers a click with the table the service returned, or with its
/// refusal; a click on a board that is behind its table refreshes it.
async fn answer_click(
    bot: &Arc<Bot>,
    ctx: &Context,
    component: &ComponentInteraction,
    at: At,
    acted: Result<Table, ServiceError>,
    arrived: Instant,
) -> Result<(), InteractionError> {
    match acted {
        Ok(table) => {
            answer_with_board(bot, ctx, Asking::Click(component), table, arrived).await;
            Ok(())
        }
        // A board behind a finished match offers moves that say "game over".
        Err(ServiceError::Refused(refusal @ (Refusal::StaleBoard | Refusal::GameOver))) => {
            refresh_if_behind(bot, ctx, component, at, refusal, arrived).await
        }
        Err(f) => Err(f.into()),
    }
}

/// A click on the table's board message while it shows an older position
/// than the table (an update that failed or waits for its retry, a finished
/// match whose last board was not shown, a restart in between) refreshes it
/// instead of refusing; a click on any other old board is refused.
async fn refresh_if_behind(
    bot: &Arc<Bot>,
    ctx: &Context,
    component: &ComponentInteraction,
    at: At,
    refusal: Refusal,
    arrived: Instant,
) -> Result<(), InteractionError> {
    let At::Table { no, .. } = at else {
        return Err(refusal.into());
    };
    let Some(drawn_for) = ControlId::decode(&component.data.custom_id).map(|id| id.stamp) else {
        return Err(refusal.into());
    };
    let sync = bot.boards.get(no);
    // Let an update being sent finish first: it may bring the board up to
    // date. (A retry that waits does not hold this lock.)
    let left = ANSWER_WITHIN.saturating_sub(arrived.elapsed()) / 2;
    drop(tokio::time::timeout(left, sync.order.lock()).await);
    let Some((table, link)) = bot.service.board(no).await? else {
        return Err(refusal.into());
    };
    let on_board = link
        .as_ref()
        .and_then(|l| l.message)
        .is_none_or(|m| m == component.message.id.get());
    let shown = link.as_ref().map_or(0, |l| l.shown);
    let behind = sync.is_behind() || shown < table.stamp();
    if !(on_board && behind && drawn_for < table.stamp()) {
        return Err(refusal.into());
    }
    drop(sync);
    answer_with_board(bot, ctx, Asking::Click(component), table, arrived).await;
    let text = tr(
        Lang::from_locale(&component.locale),
        "refusal-board-refreshed",
        &[],
    );
    if let Err(e) = component
        .create_followup(&ctx.http, private_followup(text))
        .await
    {
        warn!("could not tell a click its board was refreshed: {e}");
    }
    Ok(())
}

/// Answers privately with the move to play for the asker and what the
/// search proved about it (wins, holds the draw, every move loses, or a
/// plain best guess).
async fn hint(
    bot: &Arc<Bot>,
    ctx: &Context,
    component: &ComponentInteraction,
    at: At,
    stamp: u64,
) -> Result<(), InteractionError> {
    let asker = component.user.id.get();
    // Refuse at once what can be refused without searching.
    bot.service.check_hint(at, stamp, asker).await?;
    // The search may take longer than Discord's window: defer privately.
    component
        .create_response(
            &ctx.http,
            CreateInteractionResponse::Defer(
                CreateInteractionResponseMessage::new().ephemeral(true),
            ),
        )
        .await
        .noted()?;
    let lang = Lang::from_locale(&component.locale);
    // Say what the search proved about the move, or that it is a guess.
    let text = match bot.service.hint(at, stamp, asker).await {
        Ok(answer) => answer.text(lang),
        Err(f) => InteractionError::from(f).answer(lang),
    };
    // After the acknowledgement, everything goes into the deferred answer,
    // never into a second response.
    if let Err(e) = EditInteractionResponse::new()
        .content(text)
        .execute(&ctx.http, &component.token)
        .await
    {
        warn!("could not deliver a hint: {e}");
    }
    Ok(())
}

/// **Play live**: answered with `LAUNCH_ACTIVITY` (callback type 12);
/// Discord opens the Activity in the click's channel, whose table it shows.
async fn launch_activity(
    ctx: &Context,
    component: &ComponentInteraction,
) -> Result<(), InteractionError> {
    ctx.http
        .create_interaction_response(
            component.id,
            &component.token,
            &serde_json::json!({ "type": 12 }),
            Vec::new(),
        )
        .await
        .noted()?;
    Ok(())
}
