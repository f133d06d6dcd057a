//! The only module that knows serenity: decodes interactions into table
//! actions, encodes tables as messages and publishes them.
//!
//! The path of one move: an interaction arrives → it is decoded (or refused
//! privately at once) → the service applies it under the table's lock and
//! stores it → the click is answered with the new board, rendered off the
//! runtime (or acknowledged at once and edited when the image is slow) →
//! the service has already queued the CPU seat's search, whatever happened
//! to the answer; its move comes back as a [`Notice`] and is published.

mod ack;
mod answer;
mod board;
mod commands;
mod compose;
mod controls;
mod help;
mod ids;
mod learn;
mod moves;
mod play;
mod publish;
mod reach;
mod replay;
mod rest;
mod run;
mod settings;
mod show;
mod standings;
mod tables;
mod tournament;

pub use run::{
    start, start_with_clock, Backoff, Fatal, Running, StartError, EXIT_CONFIG, RETRY_CAP,
};

use crate::i18n::Lang;
use crate::service::{Place, Service};
use ack::{FirstAnswer, FIRST_ANSWER};
use answer::{answer_restarting, tell, Asked, InteractionError};
use publish::Boards;
use serenity::all::{
    CommandInteraction, Context, EventHandler, Guild, GuildChannel, Interaction, Message,
    PartialGuildChannel, Ready, UnavailableGuild,
};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;
use tracing::{error, info};

/// What the bot keeps besides the tables.
struct Bot {
    service: Arc<Service>,
    /// The live web board's links (`PUBLIC_URL` set).
    live: Option<Arc<crate::web::LiveLinks>>,
    /// Boards offer **Play live**, the web board as a Discord Activity.
    activity: bool,
    /// The application's id, from the gateway's Ready (the web login's
    /// client id).
    app_id: Arc<AtomicU64>,
    boards: Arc<Boards>,
    guild_id: Option<u64>,
    /// How long an answer waits for its board image ([`Config::image_wait`]).
    image_wait: Duration,
    /// How quickly boards are being drawn: whether waiting for one is worth it.
    draw_pace: show::DrawPace,
    /// How long an interaction may work before it is acknowledged
    /// ([`Config::acknowledge_after`]).
    acknowledge_after: Duration,
    /// Interactions in hand from which a new one is acknowledged before
    /// its work ([`Config::busy_after`]).
    busy_after: usize,
    bot_user: AtomicU64,
    /// The commands were registered (or found up to date) by this process.
    registered: std::sync::atomic::AtomicBool,
    /// Shutting down: new interactions are answered "restarting".
    draining: std::sync::atomic::AtomicBool,
    /// Interactions being handled right now.
    in_flight: std::sync::atomic::AtomicUsize,
    /// The tournaments' messages being published.
    tournament_posts: tournament::Posts,
}

struct Handler(Arc<Bot>);

#[serenity::async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, ready: Ready) {
        self.0
            .bot_user
            .store(ready.user.id.get(), Ordering::Relaxed);
        self.0
            .app_id
            .store(ready.application.id.get(), Ordering::Relaxed);
        info!(
            "connected as {} ({}), shard {:?}",
            ready.user.name, ready.user.id, ready.shard
        );
        // One process registers: the one running shard 0, once per start,
        // and only when Discord's commands differ from this build's.
        let first_shard = ready.shard.is_none_or(|s| s.id.0 == 0);
        if first_shard && !self.0.registered.swap(true, Ordering::SeqCst) {
            match commands::register_if_changed(&ctx, self.0.guild_id, self.0.activity).await {
                Ok(true) => info!("registered the slash commands"),
                Ok(false) => info!("the slash commands are up to date"),
                Err(e) => {
                    error!("could not register the slash commands: {e}");
                    self.0.registered.store(false, Ordering::SeqCst);
                }
            }
        }
    }

    // The tables of a place that is gone end with no result. A guild that
    // is `unavailable` is an outage, not a removal: its tables go on.
    async fn guild_delete(&self, _: Context, guild: UnavailableGuild, _: Option<Guild>) {
        if !guild.unavailable {
            let place = Place::Guild(guild.id.get());
            self.0.service.close_where(place).await;
        }
    }

    async fn channel_delete(&self, _: Context, channel: GuildChannel, _: Option<Vec<Message>>) {
        let place = Place::Channel(channel.id.get());
        self.0.service.close_where(place).await;
    }

    // A thread a tournament game is played in stays open for its round:
    // one Discord archived (its auto-archive ran out) is reopened.
    async fn thread_update(&self, ctx: Context, _: Option<GuildChannel>, thread: GuildChannel) {
        let archived = thread
            .thread_metadata
            .is_some_and(|m| m.archived && !m.locked);
        if !archived {
            return;
        }
        let Some(table) = self.0.service.running_table(thread.id.get()).await else {
            return;
        };
        if table.tournament().is_none() {
            return;
        }
        let open = serenity::all::EditThread::new().archived(false);
        match thread.id.edit_thread(&ctx.http, open).await {
            Ok(_) => info!("reopened the archived thread of table {}", table.no()),
            Err(e) => error!("could not reopen the thread of table {}: {e}", table.no()),
        }
    }

    async fn thread_delete(
        &self,
        _: Context,
        thread: PartialGuildChannel,
        _: Option<GuildChannel>,
    ) {
        let place = Place::Channel(thread.id.get());
        self.0.service.close_where(place).await;
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let bot = self.0.clone();
        let arrived = Instant::now();
        let kind = match &interaction {
            Interaction::Command(_) => "command",
            Interaction::Autocomplete(_) => "autocomplete",
            Interaction::Component(_) => "component",
            _ => return,
        };
        // A busy bot (a burst of interactions, or boards drawn slowly)
        // acknowledges a new one before its work rather than after it.
        let in_hand = self.0.in_flight.load(Ordering::SeqCst);
        let busy = in_hand >= self.0.busy_after || self.0.draw_pace.slow(self.0.image_wait);
        let _in_flight = InFlight::new(&self.0.in_flight);
        if self.0.draining.load(Ordering::SeqCst) {
            FIRST_ANSWER
                .scope(
                    FirstAnswer::new(arrived, kind, self.0.acknowledge_after, busy),
                    answer_restarting(&ctx, &interaction),
                )
                .await;
            return;
        }
        let first = FirstAnswer::new(arrived, kind, self.0.acknowledge_after, busy);
        let handled = async move {
            match interaction {
                Interaction::Command(command) => on_command(bot, ctx, command, arrived).await,
                Interaction::Autocomplete(command) => {
                    moves::on_autocomplete(bot, ctx, command).await
                }
                Interaction::Component(component) => {
                    controls::on_component(bot, ctx, component, arrived).await
                }
                _ => {}
            }
        };
        FIRST_ANSWER.scope(first.clone(), handled).await;
        // Handled without any answer: Discord shows the person a failure.
        if !first.noted.load(Ordering::Relaxed) {
            crate::metrics::metrics().answered(kind, arrived.elapsed(), false);
        }
    }
}

/// Counts an interaction being handled while it lives.
struct InFlight<'a>(&'a std::sync::atomic::AtomicUsize);

impl<'a> InFlight<'a> {
    fn new(count: &'a std::sync::atomic::AtomicUsize) -> InFlight<'a> {
        count.fetch_add(1, Ordering::SeqCst);
        InFlight(count)
    }
}

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

async fn on_command(bot: Arc<Bot>, ctx: Context, command: CommandInteraction, arrived: Instant) {
    let name = command.data.name.clone();
    let asked = Asked {
        bot: &bot,
        ctx: &ctx,
        command: &command,
        arrived,
    };
    // Discord offers these in servers that added the bot only; a command
    // list from an older registration may still reach them elsewhere.
    let server_only = commands::SERVER_ONLY.contains(&name.as_str())
        && reach::Reach::of_command(&command).outside();
    let result = match name.as_str() {
        _ if server_only => Err(InteractionError::ServerOnly(name.clone())),
        "move" => moves::command_move(asked).await,
        "help" | "rules" => help::command_help(asked).await,
        "settings" => settings::command_settings(asked).await,
        "rating" => standings::rating(asked).await,
        "leaderboard" => standings::leaderboard(asked).await,
        "stats" => standings::stats(asked).await,
        "tables" => tables::command_tables(asked).await,
        "tournament" => tournament::command_tournament(asked).await,
        "review" => learn::review(asked).await,
        "replay" => replay::command_replay(asked).await,
        "puzzle" => learn::puzzle(asked).await,
        "end" | "pause" | "resume" | "leave" | "resign" => controls::command_table(asked).await,
        _ => match commands::game_kind(&name) {
            Some(kind) => play::command_play(asked, kind).await,
            None => Err(InteractionError::Internal(format!(
                "unknown command /{name}"
            ))),
        },
    };
    if let Err(failure) = result {
        tell(
            &ctx,
            &command,
            failure.answer(Lang::from_locale(&command.locale)),
        )
        .await;
    }
}

/// Publishes table `no`'s board on a task of its own.
fn publish_soon(bot: &Arc<Bot>, ctx: &Context, no: u64) {
    let bot = bot.clone();
    let http = ctx.http.clone();
    tokio::spawn(async move {
        publish::publish(&http, &bot.service, &bot.boards, no).await;
    });
}
