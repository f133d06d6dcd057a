//! The first answer inside Discord's window whatever the store does: work
//! that has not finished soon after its interaction arrived (a write
//! waiting for a locked or slow database, say) is acknowledged first, and
//! its answer then comes as an edit or a follow-up ([`super::answer`]
//! reads [`deferred`] to choose).

use serenity::all::{CommandInteraction, ComponentInteraction, Context, CreateInteractionResponse};
use std::future::Future;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;
use tracing::warn;

tokio::task_local! {
    /// The interaction being handled, to measure its first answer.
    pub(super) static FIRST_ANSWER: Arc<FirstAnswer>;
}

pub(super) struct FirstAnswer {
    pub(super) arrived: Instant,
    pub(super) kind: &'static str,
    pub(super) noted: std::sync::atomic::AtomicBool,
    /// How it was acknowledged before its answer was ready.
    pub(super) deferred: std::sync::Mutex<Option<Deferred>>,
    /// How long its work may run before it is acknowledged.
    pub(super) acknowledge_after: Duration,
    /// It arrived while the bot was busy ([`Config::busy_after`](crate::config::Config::busy_after)):
    /// a board's command or a click is acknowledged before its work.
    pub(super) busy: bool,
}

impl FirstAnswer {
    pub(super) fn new(
        arrived: Instant,
        kind: &'static str,
        acknowledge_after: Duration,
        busy: bool,
    ) -> Arc<FirstAnswer> {
        Arc::new(FirstAnswer {
            arrived,
            kind,
            noted: Default::default(),
            deferred: Default::default(),
            acknowledge_after,
            busy,
        })
    }
}

/// How long the interaction being handled may work before it is
/// acknowledged (the default outside one).
fn acknowledge_after() -> Duration {
    FIRST_ANSWER
        .try_with(|a| a.acknowledge_after)
        .unwrap_or(crate::config::ACKNOWLEDGE_AFTER)
}

/// Notes the first answer to the interaction being handled (later calls
/// for the same interaction, such as edits after an acknowledgement, are
/// not answers).
pub(super) fn answered<T, E>(result: &Result<T, E>) {
    let _ = FIRST_ANSWER.try_with(|a| {
        if !a.noted.swap(true, Ordering::Relaxed) {
            crate::metrics::metrics().answered(a.kind, a.arrived.elapsed(), result.is_ok());
        }
    });
}

/// Marks a call's result as the first answer to the interaction.
pub(super) trait Noted {
    fn noted(self) -> Self;
}

impl<T, E> Noted for Result<T, E> {
    fn noted(self) -> Self {
        answered(&self);
        self
    }
}

/// How an interaction was acknowledged before its answer was ready.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Deferred {
    /// A command, with a private "thinking" message.
    Private,
    /// A command whose answer is a board, with a public one.
    Public,
    /// A click, with a deferred update of its message.
    Update,
}

/// The interaction whose work may be slow.
#[derive(Clone, Copy)]
pub(super) enum Pending<'a> {
    /// A command answered privately.
    Private(&'a CommandInteraction),
    /// A command answered with a public message (a new board).
    Public(&'a CommandInteraction),
    Click(&'a ComponentInteraction),
}

/// Runs `work`, acknowledging the interaction first when the work has not
/// finished [`Config::acknowledge_after`](crate::config::Config::acknowledge_after)
/// after its arrival (the interaction's [`FirstAnswer`] carries it), or at
/// once when it arrived while the bot was busy. Every
/// click and command that waits for the store goes through here.
pub(super) async fn in_time<F: Future>(
    ctx: &Context,
    pending: Pending<'_>,
    arrived: Instant,
    work: F,
) -> F::Output {
    // A busy bot acknowledges a board's command or a click before the work
    // starts. A private command keeps its wait: `/move` on a table only
    // tokens reach answers with a new board unless it was deferred
    // privately (`show::board_out_of_reach`).
    let busy = FIRST_ANSWER.try_with(|a| a.busy).unwrap_or(false);
    if busy && !matches!(pending, Pending::Private(_)) {
        acknowledge(ctx, pending).await;
        return work.await;
    }
    tokio::pin!(work);
    tokio::select! {
        done = &mut work => return done,
        _ = tokio::time::sleep_until(arrived + acknowledge_after()) => {}
    }
    acknowledge(ctx, pending).await;
    work.await
}

/// Acknowledges `pending` unless it has had its first answer already.
async fn acknowledge(ctx: &Context, pending: Pending<'_>) {
    let answered = FIRST_ANSWER
        .try_with(|a| a.noted.load(std::sync::atomic::Ordering::Relaxed))
        .unwrap_or(false);
    if answered {
        return;
    }
    let (sent, how) = match pending {
        Pending::Private(command) => (
            command.defer_ephemeral(&ctx.http).await.noted(),
            Deferred::Private,
        ),
        Pending::Public(command) => (command.defer(&ctx.http).await.noted(), Deferred::Public),
        Pending::Click(click) => (
            click
                .create_response(&ctx.http, CreateInteractionResponse::Acknowledge)
                .await
                .noted(),
            Deferred::Update,
        ),
    };
    match sent {
        Ok(()) => set_deferred(how),
        Err(e) => warn!("could not acknowledge a slow interaction: {e}"),
    }
}

/// Notes how the interaction being handled was acknowledged.
pub(super) fn set_deferred(how: Deferred) {
    let _ = FIRST_ANSWER.try_with(|a| {
        *a.deferred.lock().unwrap_or_else(|e| e.into_inner()) = Some(how);
    });
}

/// How the interaction being handled was acknowledged, if it was.
pub(super) fn deferred() -> Option<Deferred> {
    FIRST_ANSWER
        .try_with(|a| *a.deferred.lock().unwrap_or_else(|e| e.into_inner()))
        .ok()
        .flatten()
}
