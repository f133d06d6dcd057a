//! What a person is told: private answers and follow-ups, the timing of
//! each interaction's first answer, why an interaction was not carried
//! out, and the names and rights Discord sends with it.

use super::ack::{deferred, Deferred, Noted};
use super::Bot;
use crate::i18n::{tr, GameName, Lang};
use crate::service::ServiceError;
use crate::table::Refusal;
use serenity::all::{
    Builder, CommandInteraction, Context, CreateAllowedMentions, CreateAutocompleteResponse,
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    EditInteractionResponse, Interaction,
};
use std::sync::Arc;
use tokio::time::Instant;
use tracing::{error, warn};

/// While shutting down: "restarting, try again in a moment", privately.
pub(super) async fn answer_restarting(ctx: &Context, interaction: &Interaction) {
    let sent = match interaction {
        Interaction::Command(command) => {
            let text = tr(Lang::from_locale(&command.locale), "error-restarting", &[]);
            command.create_response(&ctx.http, private(text)).await
        }
        Interaction::Component(component) => {
            let text = tr(
                Lang::from_locale(&component.locale),
                "error-restarting",
                &[],
            );
            component.create_response(&ctx.http, private(text)).await
        }
        Interaction::Autocomplete(command) => {
            command
                .create_response(
                    &ctx.http,
                    CreateInteractionResponse::Autocomplete(CreateAutocompleteResponse::new()),
                )
                .await
        }
        _ => return,
    };
    if let Err(e) = sent.noted() {
        warn!("could not answer an interaction while shutting down: {e}");
    }
}

/// Answers a command privately; a failure to answer is logged (the person
/// sees Discord's own notice that the bot did not answer). A command
/// acknowledged while it waited ([`super::ack`]) gets its answer in the
/// deferred message, or, when that one is public, privately after it.
pub(super) async fn tell(ctx: &Context, command: &CommandInteraction, text: impl Into<String>) {
    let text = text.into();
    let sent = match deferred() {
        Some(Deferred::Private) => EditInteractionResponse::new()
            .content(text)
            .allowed_mentions(CreateAllowedMentions::new())
            .execute(&ctx.http, &command.token)
            .await
            .map(|_| ()),
        Some(_) => {
            // A public "thinking" message must not carry a private answer.
            if let Err(e) = command.delete_response(&ctx.http).await {
                warn!(
                    "could not remove /{}'s deferred message: {e}",
                    command.data.name
                );
            }
            command
                .create_followup(&ctx.http, private_followup(text))
                .await
                .map(|_| ())
        }
        None => command
            .create_response(&ctx.http, private(text))
            .await
            .noted(),
    };
    if let Err(e) = sent {
        warn!("could not answer /{}: {e}", command.data.name);
    }
}

/// A private (ephemeral) answer.
pub(super) fn private(text: impl Into<String>) -> CreateInteractionResponse {
    CreateInteractionResponse::Message(
        CreateInteractionResponseMessage::new()
            .content(text)
            .ephemeral(true)
            .allowed_mentions(CreateAllowedMentions::new()),
    )
}

/// A private follow-up, for what goes wrong after an acknowledgement.
pub(super) fn private_followup(text: impl Into<String>) -> CreateInteractionResponseFollowup {
    CreateInteractionResponseFollowup::new()
        .content(text)
        .ephemeral(true)
        .allowed_mentions(CreateAllowedMentions::new())
}

/// Why an interaction was not carried out.
pub(super) enum InteractionError {
    /// The person asked for something not allowed: tell them privately.
    Refused(Refusal),
    /// A bad option value or move name.
    Bad(BadInput),
    /// The change could not be stored: nothing changed, try again.
    Unsaved(String),
    /// Over a fair-use limit: say when to try again.
    Busy(crate::service::Busy),
    /// Our fault: logged, answered with an apology.
    Internal(String),
    /// A board cannot be shared here: the server turned off "Use External
    /// Apps", so Discord would show it to the asker alone.
    Unshared,
    /// A server-only command (`/settings`, `/rating`, ...) used where the
    /// bot was not added to a server.
    ServerOnly(String),
}

impl InteractionError {
    /// The private answer, in the asker's language.
    pub(super) fn answer(self, lang: Lang) -> String {
        match self {
            InteractionError::Refused(r) => r.message_in(lang),
            InteractionError::Bad(bad) => bad.message_in(lang),
            InteractionError::Unsaved(detail) => {
                error!("{detail}");
                tr(lang, "error-storage", &[])
            }
            InteractionError::Internal(detail) => {
                error!("{detail}");
                tr(lang, "error-apology", &[])
            }
            InteractionError::Busy(busy) => tr(lang, busy.key(), &[]),
            InteractionError::Unshared => tr(lang, "anywhere-unshared", &[]),
            InteractionError::ServerOnly(command) => tr(
                lang,
                "anywhere-server-only",
                &[("command", &tr(lang, &format!("name-{command}"), &[]))],
            ),
        }
    }
}

/// A value typed into a command that means nothing here; what was typed is
/// cut short before it is shown back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum BadInput {
    /// The same person named twice.
    InviteOnce,
    UnknownLevel(String),
    PickColour,
    UnknownSize(String),
    UnexpectedOption(String),
    UnknownTimer(String),
    MoveName(String),
    /// `/puzzle` for a game that has no puzzles (`game`: the game typed,
    /// when it is one).
    NoPuzzle {
        typed: String,
        game: Option<crate::game::GameKind>,
    },
}

impl BadInput {
    pub(super) fn message_in(&self, lang: Lang) -> String {
        let short = |typed: &str| typed.chars().take(40).collect::<String>();
        match self {
            BadInput::InviteOnce => tr(lang, "error-invite-once", &[]),
            BadInput::UnknownLevel(l) => tr(lang, "error-unknown-level", &[("level", &short(l))]),
            BadInput::PickColour => tr(lang, "error-pick-colour", &[]),
            BadInput::UnknownSize(s) => tr(lang, "error-unknown-size", &[("size", &short(s))]),
            BadInput::UnexpectedOption(o) => {
                tr(lang, "error-unexpected-option", &[("option", &short(o))])
            }
            BadInput::NoPuzzle { typed, game } => match game {
                Some(kind) => tr(lang, "error-no-puzzle", &[("game", &GameName::of(*kind))]),
                None => tr(
                    lang,
                    "error-no-puzzle",
                    &[("game", &short(typed)), ("game-gender", &"other")],
                ),
            },
            BadInput::UnknownTimer(t) => tr(lang, "error-unknown-timer", &[("timer", &short(t))]),
            BadInput::MoveName(m) => tr(lang, "error-bad-move-name", &[("typed", &short(m))]),
        }
    }
}

impl From<BadInput> for InteractionError {
    fn from(bad: BadInput) -> Self {
        InteractionError::Bad(bad)
    }
}

impl From<Refusal> for InteractionError {
    fn from(r: Refusal) -> Self {
        InteractionError::Refused(r)
    }
}

impl From<ServiceError> for InteractionError {
    fn from(f: ServiceError) -> Self {
        match f {
            ServiceError::Refused(r) => InteractionError::Refused(r),
            ServiceError::Store(e) => InteractionError::Unsaved(format!("storage failed: {e}")),
            ServiceError::Busy(busy) => InteractionError::Busy(busy),
        }
    }
}

impl From<serenity::Error> for InteractionError {
    fn from(e: serenity::Error) -> Self {
        InteractionError::Internal(format!("Discord request failed: {e}"))
    }
}

/// A slash command being handled: the bot, serenity's context, the
/// interaction, and when it arrived (every command handler takes one).
#[derive(Clone, Copy)]
pub(super) struct Asked<'a> {
    pub(super) bot: &'a Arc<Bot>,
    pub(super) ctx: &'a Context,
    pub(super) command: &'a CommandInteraction,
    pub(super) arrived: Instant,
}

impl<'a> Asked<'a> {
    pub(super) fn parts(self) -> (&'a Arc<Bot>, &'a Context, &'a CommandInteraction) {
        (self.bot, self.ctx, self.command)
    }
}

/// The person's name as the table shows it.
pub(super) fn display_name(command: &CommandInteraction) -> String {
    member_name(&command.user, command.member.as_deref())
}

/// A person's name in this server: nickname, display name or user name.
pub(super) fn member_name(
    user: &serenity::all::User,
    member: Option<&serenity::all::Member>,
) -> String {
    shown_name(user, member.and_then(|m| m.nick.as_deref()))
}

/// A person's name in this server from their nickname there, if any (a
/// full member in an interaction, a partial one in a user option).
pub(super) fn shown_name(user: &serenity::all::User, nick: Option<&str>) -> String {
    nick.map(str::to_owned)
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone())
}

/// Whether the member who used a command may do what `check` says in this
/// channel (Discord sends the member's permissions there with the
/// interaction).
pub(super) fn member_may(
    member: Option<&serenity::all::Member>,
    check: fn(&serenity::all::Permissions) -> bool,
) -> bool {
    member
        .and_then(|m| m.permissions)
        .is_some_and(|p| check(&p))
}
