//! Answering an interaction with a board: at once when the image is ready
//! in time, else acknowledged and edited in; then where the board is, for
//! the next update. Every path that shows a board comes through here.

use super::ack::Noted;
use super::compose::Drawing;
use super::{publish_soon, Bot};
use crate::store::BoardLink;
use crate::table::Table;
use serenity::all::{CommandInteraction, ComponentInteraction, Context, CreateInteractionResponse};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;
use tracing::{debug, warn};

/// How long the latest answers' boards took to draw, waiting for a turn
/// to draw included: a moving average (each new board weighs an eighth).
/// While it is over a quarter of the image wait, an answer acknowledges at
/// once and edits its board in, instead of spending the whole wait on a
/// board that a loaded machine would not have ready in time; on an idle
/// bot (a board in a few milliseconds) answers carry their board.
#[derive(Default)]
pub(super) struct DrawPace {
    micros: AtomicU64,
}

impl DrawPace {
    pub(super) fn note(&self, took: Duration) {
        let took = u64::try_from(took.as_micros()).unwrap_or(u64::MAX);
        let _ = self
            .micros
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |old| {
                Some(old - old / 8 + took / 8)
            });
    }

    /// Whether boards come too slowly to wait `wait` for one.
    pub(super) fn slow(&self, wait: Duration) -> bool {
        Duration::from_micros(self.micros.load(Ordering::Relaxed)) * 4 > wait
    }
}

/// The interaction a board answers.
#[derive(Clone, Copy)]
pub(super) enum Asking<'a> {
    /// A command that opened a table: its answer is a new board message
    /// (`deferred`: already acknowledged, so the board is edited in).
    Command {
        command: &'a CommandInteraction,
        deferred: bool,
    },
    /// A click on a board message: its answer updates that message.
    Click(&'a ComponentInteraction),
}

impl Asking<'_> {
    fn token(&self) -> &str {
        match self {
            Asking::Command { command, .. } => &command.token,
            Asking::Click(click) => &click.token,
        }
    }

    fn id(&self) -> u64 {
        match self {
            Asking::Command { command, .. } => command.id.get(),
            Asking::Click(click) => click.id.get(),
        }
    }

    fn channel(&self) -> u64 {
        match self {
            Asking::Command { command, .. } => command.channel_id.get(),
            Asking::Click(click) => click.channel_id.get(),
        }
    }

    fn already_acknowledged(&self) -> bool {
        matches!(self, Asking::Command { deferred: true, .. }) || super::ack::deferred().is_some()
    }

    /// Acknowledges now, to answer with an edit later (a slow image, or an
    /// update of the same board being sent); a failure is only logged (the
    /// answer still goes through the board's edit).
    async fn acknowledge_now(&self, ctx: &Context, no: u64) {
        let sent = match self {
            Asking::Command { command, .. } => command.defer(&ctx.http).await.noted(),
            Asking::Click(click) => click
                .create_response(&ctx.http, CreateInteractionResponse::Acknowledge)
                .await
                .noted(),
        };
        if let Err(e) = sent {
            warn!("table {no}: could not acknowledge: {e}");
        }
    }
}

/// Answers `asking` with `table`'s board, drawn for the table as the
/// service returned it; whatever fails, the board is published again later
/// through its link.
pub(super) async fn answer_with_board(
    bot: &Arc<Bot>,
    ctx: &Context,
    asking: Asking<'_>,
    table: Table,
    arrived: Instant,
) {
    let no = table.no();
    let sync = bot.boards.get(no);
    let mut acknowledged = asking.already_acknowledged();
    // Boards are coming slowly (a loaded machine): this one would not be
    // ready in the wait either, so the first answer does not wait for it.
    if !acknowledged && bot.draw_pace.slow(bot.image_wait) {
        asking.acknowledge_now(ctx, no).await;
        acknowledged = true;
    }
    // Wait a moment for an update being sent (a CPU reply, say), so that
    // this answer still comes in Discord's window.
    let left = bot.image_wait.saturating_sub(arrived.elapsed());
    let phases = crate::metrics::metrics();
    let waiting = Instant::now();
    let mut shown = match tokio::time::timeout(left, sync.order.lock()).await {
        Ok(shown) => shown,
        Err(_) => {
            if !acknowledged {
                asking.acknowledge_now(ctx, no).await;
                acknowledged = true;
            }
            sync.order.lock().await
        }
    };
    // Marks made from here on (a link setting changed, say) are not
    // covered by this answer's board.
    let mark = sync.mark();
    // An update sent meanwhile (the CPU's reply, say) may already show a
    // newer position: then the answer shows that one.
    let mut already_shown = false;
    let table = if *shown > table.stamp() {
        match bot.service.board(no).await {
            Ok(Some((newer, link))) => {
                // When that message is the one clicked, it shows the newest
                // position already: drawing and sending it again would
                // only cost a board, and change nothing the person sees.
                let shows_it = |link: Option<&BoardLink>| match (&asking, link) {
                    (Asking::Click(click), Some(link)) => {
                        link.message == Some(click.message.id.get()) && link.shown >= newer.stamp()
                    }
                    _ => false,
                };
                // This process's memory first, then the store: another
                // process serving the table (an overlapping deploy) may
                // have put an older board on the message since.
                already_shown = *shown >= newer.stamp()
                    && !sync.is_behind()
                    && shows_it(link.as_ref())
                    && matches!(
                        bot.service.stored_board(no).await,
                        Ok(stored) if shows_it(stored.as_ref())
                    );
                newer
            }
            _ => table,
        }
    } else {
        table
    };
    phases.phase("board_wait", waiting.elapsed());
    let sent: Result<(), String> = if already_shown {
        if !acknowledged {
            let sending = Instant::now();
            asking.acknowledge_now(ctx, no).await;
            phases.phase("answer", sending.elapsed());
        }
        Ok(())
    } else {
        draw_and_send(bot, ctx, asking, &table, arrived, acknowledged).await
    };
    debug!(
        "table {no}: answered interaction {} with stamp {} ({})",
        asking.id(),
        table.stamp(),
        match (&sent, already_shown) {
            (Err(_), _) => "failed",
            (Ok(()), true) => "already shown",
            (Ok(()), false) => "sent",
        }
    );
    if let Err(e) = sent {
        // The change is stored and the CPU turn queued: only the message
        // is behind. Publish it through the board's link.
        warn!("table {no}: could not answer with the board ({e}); publishing it");
        sync.set_behind();
        drop(shown);
        publish_soon(bot, ctx, no);
        return;
    }
    let message = match asking {
        Asking::Click(click) => Some(click.message.id.get()),
        Asking::Command { command, .. } => match command.get_response(&ctx.http).await {
            Ok(m) => Some(m.id.get()),
            Err(e) => {
                warn!("could not read back the board message: {e}");
                None
            }
        },
    };
    let link = BoardLink {
        channel: asking.channel(),
        message,
        token: Some(asking.token().to_owned()),
        token_at: bot.service.now(),
        shown: table.stamp(),
    };
    // Stored before the lock opens: the next update must find it.
    let recording = Instant::now();
    let covered = super::publish::record_shown(&bot.service, no, link).await;
    phases.phase("record", recording.elapsed());
    *shown = table.stamp();
    if covered {
        sync.set_behind();
    } else {
        sync.shown_up_to(mark);
    }
    drop(shown);
    if covered {
        publish_soon(bot, ctx, no);
        return;
    }
    if !table.is_running() {
        drop(sync);
        bot.boards.release(no);
    }
}

/// Draws `table`'s board and sends it as the answer to `asking`: the
/// interaction's own answer, or an edit once it was acknowledged (now, if
/// the board is not ready within the image wait).
async fn draw_and_send(
    bot: &Arc<Bot>,
    ctx: &Context,
    asking: Asking<'_>,
    table: &Table,
    arrived: Instant,
    mut acknowledged: bool,
) -> Result<(), String> {
    let no = table.no();
    let phases = crate::metrics::metrics();
    let drawing_since = Instant::now();
    let live = bot.boards.live(&bot.service, table).await;
    let drawing = Drawing::start(table, live);
    let composed = if acknowledged {
        drawing.finish().await
    } else {
        let left = bot.image_wait.saturating_sub(arrived.elapsed());
        match drawing.within(left).await {
            Ok(composed) => composed,
            Err(drawing) => {
                // The image is slow (a loaded machine): acknowledge now.
                asking.acknowledge_now(ctx, no).await;
                acknowledged = true;
                drawing.finish().await
            }
        }
    };
    let drew = drawing_since.elapsed();
    phases.phase("draw", drew);
    bot.draw_pace.note(drew);
    let sending = Instant::now();
    let sent = match composed {
        Err(e) => Err(e),
        // Through the board calls, so that a rate limit on this message
        // is honoured (and, when held, the publisher sends it later).
        Ok(composed) if acknowledged => composed
            .edit_original(&bot.boards.rest, &ctx.http, asking.token())
            .await
            .map_err(|e| e.to_string()),
        Ok(composed) => match asking {
            Asking::Command { command, .. } => command
                .create_response(
                    &ctx.http,
                    CreateInteractionResponse::Message(composed.response()),
                )
                .await
                .noted(),
            Asking::Click(click) => click
                .create_response(
                    &ctx.http,
                    CreateInteractionResponse::UpdateMessage(composed.response()),
                )
                .await
                .noted(),
        }
        .map_err(|e| e.to_string()),
    };
    phases.phase("answer", sending.elapsed());
    sent
}

/// Whether a command on `table` (`/move`, `/resign`, ...) answers with the
/// board itself, as a new board message the table then follows: a table
/// with no channel whose latest token can no longer edit its board (past
/// its 15 minutes, or refused), where a private "done" would leave the
/// board unchanged until the next click. Not once the command was
/// acknowledged privately (a slow store): its answer could only be a
/// private board, which the others at the table would not see.
pub(super) async fn board_out_of_reach(bot: &Arc<Bot>, table: &Table) -> bool {
    if super::publish::Way::of(table) != super::publish::Way::TokensOnly
        || super::ack::deferred().is_some()
    {
        return false;
    }
    match bot.service.board(table.no()).await {
        Ok(Some((_, Some(link)))) => {
            link.token.is_none()
                || bot.service.now().saturating_sub(link.token_at)
                    >= super::publish::TOKEN_LIFETIME_MS
        }
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::DrawPace;
    use std::time::Duration;

    #[test]
    fn answers_stop_waiting_for_boards_while_they_come_slowly_and_wait_again_after() {
        let wait = Duration::from_millis(250);
        let pace = DrawPace::default();
        assert!(!pace.slow(wait), "a new bot waits for its boards");
        for _ in 0..50 {
            pace.note(Duration::from_millis(3));
        }
        assert!(!pace.slow(wait), "boards in 3 ms are waited for");
        // One slow board is not a trend...
        pace.note(Duration::from_millis(300));
        assert!(!pace.slow(wait));
        // ...a run of them is.
        for _ in 0..10 {
            pace.note(Duration::from_millis(300));
        }
        assert!(pace.slow(wait));
        // Fast again: the answers carry their boards again.
        for _ in 0..20 {
            pace.note(Duration::from_millis(3));
        }
        assert!(!pace.slow(wait));
        // No wait at all: every answer acknowledges first anyway.
        assert!(pace.slow(Duration::ZERO));
    }
}
