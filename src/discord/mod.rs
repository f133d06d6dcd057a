//! The only module that knows serenity: decodes interactions into table
//! actions, encodes tables as messages and publishes them.
//!
//! The path of one move: an interaction arrives → it is decoded (or refused
//! privately at once) → the service applies it under the table's lock and
//! stores it → the click is answered with the new board, rendered off the
//! runtime (or acknowledged at once and edited when the image is slow) →
//! the service has already queued the CPU seat's search, whatever happened
//! to the answer; its move comes back as a [`Notice`] and is published.

mod board;
mod commands;
mod ids;
mod publish;
mod review;
mod standings;

use crate::config::Config;
use crate::game::{Game, GameKind};
use crate::i18n::{tr, Lang};
use crate::service::{At, Failure as ServiceFailure, Notice, SearchPool, Service, SystemClock};
use crate::store::{BoardLink, Store};
use crate::table::{self, Action, Phase, Refusal, Table};
use ids::{Control, ControlId};
use publish::{Boards, Drawing};
use serenity::all::{
    Builder, ClientBuilder, CommandInteraction, ComponentInteraction, ComponentInteractionDataKind,
    Context, CreateAllowedMentions, CreateAutocompleteResponse, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, EditInteractionResponse,
    EventHandler, GatewayIntents, Http, HttpBuilder, Interaction, Ready, ShardManager,
};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;
use tracing::{error, info, warn};

/// How long a refreshed board may wait for an update in flight before it
/// is drawn (well inside Discord's 3 s window).
const ANSWER_WITHIN: Duration = Duration::from_millis(1500);

tokio::task_local! {
    /// The interaction being handled, to measure its first answer.
    static FIRST_ANSWER: Arc<FirstAnswer>;
}

struct FirstAnswer {
    arrived: Instant,
    kind: &'static str,
    noted: std::sync::atomic::AtomicBool,
}

/// Notes the first answer to the interaction being handled (later calls
/// for the same interaction, such as edits after an acknowledgement, are
/// not answers).
fn answered<T, E>(result: &Result<T, E>) {
    let _ = FIRST_ANSWER.try_with(|a| {
        if !a.noted.swap(true, Ordering::Relaxed) {
            crate::metrics::metrics().answered(a.kind, a.arrived.elapsed(), result.is_ok());
        }
    });
}

/// Marks a call's result as the first answer to the interaction.
trait Noted {
    fn noted(self) -> Self;
}

impl<T, E> Noted for Result<T, E> {
    fn noted(self) -> Self {
        answered(&self);
        self
    }
}

/// How long a clean stop waits for the interactions being handled.
const DRAIN_LIMIT: Duration = Duration::from_secs(10);

/// What the bot keeps besides the tables.
struct Bot {
    service: Arc<Service>,
    boards: Arc<Boards>,
    guild_id: Option<u64>,
    /// How long an answer waits for its board image ([`Config::image_wait`]).
    image_wait: Duration,
    bot_user: AtomicU64,
    /// The commands were registered (or found up to date) by this process.
    registered: std::sync::atomic::AtomicBool,
    /// Shutting down: new interactions are answered "restarting".
    draining: std::sync::atomic::AtomicBool,
    /// Interactions being handled right now.
    in_flight: std::sync::atomic::AtomicUsize,
}

/// A running bot, for tests and for a clean shutdown.
pub struct Running {
    shard_manager: Arc<ShardManager>,
    task: tokio::task::JoinHandle<Result<(), serenity::Error>>,
    service: Arc<Service>,
    bot: Arc<Bot>,
    metrics_addr: Option<std::net::SocketAddr>,
}

/// What `/healthz` and `/metrics` read.
struct Probe {
    service: Arc<Service>,
    shard_manager: Arc<ShardManager>,
}

impl crate::metrics::Probe for Probe {
    fn health(
        &self,
    ) -> std::pin::Pin<Box<dyn std::future::Future<Output = (bool, String)> + Send + '_>> {
        Box::pin(async move {
            let runners = self.shard_manager.runners.lock().await;
            let connected = runners
                .values()
                .filter(|r| r.stage == serenity::gateway::ConnectionStage::Connected)
                .count();
            let shards = runners.len();
            drop(runners);
            let database = self.service.store().ping().await;
            let gateway_ok = shards > 0 && connected == shards;
            let text = format!(
                "gateway: {connected}/{shards} shards connected\ndatabase: {}\n",
                match &database {
                    Ok(()) => "reachable".to_owned(),
                    Err(e) => format!("unreachable ({e})"),
                }
            );
            (gateway_ok && database.is_ok(), text)
        })
    }

    fn refresh(&self) -> std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send + '_>> {
        Box::pin(async move {
            let counts = self.service.open_tables();
            let games = crate::game::GameKind::ALL_DEFAULTS;
            let all: Vec<(&str, usize)> = games
                .iter()
                .map(|kind| {
                    let n = counts
                        .iter()
                        .find(|(k, _)| k == kind)
                        .map_or(0, |(_, n)| *n);
                    (kind.command(), n)
                })
                .collect();
            crate::metrics::metrics().set_open_tables(&all);
        })
    }
}

impl Running {
    /// Where `/metrics` and `/healthz` answer, when `METRICS_ADDR` is set.
    pub fn metrics_addr(&self) -> Option<std::net::SocketAddr> {
        self.metrics_addr
    }

    /// A clean stop (SIGTERM, SIGINT): new interactions are answered
    /// "restarting, try again in a moment"; the ones being handled finish
    /// (their changes are stored); then the gateway closes. Every change
    /// is already in the store, so a restart loses nothing.
    pub async fn shutdown(self) {
        self.bot.draining.store(true, Ordering::SeqCst);
        let waited = Instant::now();
        while self.bot.in_flight.load(Ordering::SeqCst) > 0 && waited.elapsed() < DRAIN_LIMIT {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        // A moment for interactions already on their way to be answered.
        tokio::time::sleep(Duration::from_millis(300)).await;
        while self.bot.in_flight.load(Ordering::SeqCst) > 0 && waited.elapsed() < DRAIN_LIMIT {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        info!(
            "drained in {} ms; closing the gateway",
            waited.elapsed().as_millis()
        );
        self.stop().await;
    }

    /// Closes the gateway connection and waits for the client to stop.
    pub async fn stop(self) {
        self.shard_manager.shutdown_all().await;
        let _ = tokio::time::timeout(Duration::from_secs(5), self.task).await;
        self.service.store().close().await;
    }

    /// Waits until the client stops by itself (a fatal gateway error).
    pub async fn wait(self) -> Result<(), serenity::Error> {
        match self.task.await {
            Ok(result) => result,
            Err(join) => {
                error!("the Discord client task failed: {join}");
                Ok(())
            }
        }
    }

    /// Waits until the client stops by itself, keeping the handle (a
    /// signal may still ask for [`Running::shutdown`]).
    pub async fn wait_stopped(&mut self) -> Result<(), serenity::Error> {
        match (&mut self.task).await {
            Ok(result) => result,
            Err(join) => {
                error!("the Discord client task failed: {join}");
                Ok(())
            }
        }
    }

    pub fn shard_manager(&self) -> Arc<ShardManager> {
        self.shard_manager.clone()
    }

    /// The table service, for tests and figures.
    pub fn service(&self) -> Arc<Service> {
        self.service.clone()
    }
}

/// Why the bot could not start.
#[derive(Debug)]
pub enum StartError {
    Store(crate::store::StoreError),
    Discord(serenity::Error),
    Http(String),
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::Store(e) => write!(f, "storage: {e}"),
            StartError::Discord(e) => write!(f, "Discord client: {e}"),
            StartError::Http(e) => write!(f, "HTTP client: {e}"),
        }
    }
}

impl std::error::Error for StartError {}

/// Opens the store, restores the tables, connects to Discord (or to
/// `DISCORD_API_BASE`) and starts serving.
pub async fn start(config: &Config) -> Result<Running, StartError> {
    let started = Instant::now();
    let store = Store::open(&config.database_url)
        .await
        .map_err(StartError::Store)?;
    let (service, notices) = Service::new(
        store,
        Arc::new(SystemClock::new()),
        SearchPool::sized_to_cores(),
        None,
    );
    service.set_idle_ms(config.idle.as_millis() as u64);
    let shards = config.shards;
    let restored = service
        .restore_owned(|guild| shards.is_none_or(|s| s.owns(guild)))
        .await
        .map_err(StartError::Store)?;
    service.spawn_sweeper();
    info!(
        "restored {restored} tables in {} ms",
        started.elapsed().as_millis()
    );
    // serenity sets no timeout of its own: a hung request would hold a
    // board's updates forever.
    let client = reqwest::Client::builder()
        .timeout(config.rest_timeout)
        .connect_timeout(config.rest_timeout)
        .build()
        .map_err(|e| StartError::Http(e.to_string()))?;
    let mut http = HttpBuilder::new(config.token.expose()).client(client);
    if let Some(base) = &config.api_base {
        // serenity applies the proxy only with its own rate limiter off.
        http = http.proxy(base.clone()).ratelimiter_disabled(true);
    }
    let bot = Arc::new(Bot {
        service: service.clone(),
        boards: Arc::default(),
        guild_id: config.guild_id,
        image_wait: config.image_wait,
        bot_user: AtomicU64::new(0),
        registered: Default::default(),
        draining: Default::default(),
        in_flight: Default::default(),
    });
    let mut client = ClientBuilder::new_with_http(http.build(), GatewayIntents::empty())
        .event_handler(Handler(bot.clone()))
        .await
        .map_err(StartError::Discord)?;
    spawn_publisher(bot.clone(), client.http.clone(), notices);
    let shard_manager = client.shard_manager.clone();
    let metrics_addr = match config.metrics_addr {
        Some(addr) => {
            let probe = Arc::new(Probe {
                service: service.clone(),
                shard_manager: shard_manager.clone(),
            });
            Some(
                crate::metrics::serve(addr, probe)
                    .await
                    .map_err(|e| StartError::Http(format!("METRICS_ADDR {addr}: {e}")))?,
            )
        }
        None => None,
    };
    let task = tokio::spawn(async move {
        match shards {
            // As many shards as Discord recommends, all in this process.
            None => client.start_autosharded().await,
            // serenity 0.12 reads the range's end as the last shard to run
            // (it starts `end - start + 1` shards): pass `first..last`.
            Some(s) => client.start_shard_range(s.first..s.last, s.total).await,
        }
    });
    Ok(Running {
        shard_manager,
        task,
        service,
        bot,
        metrics_addr,
    })
}

/// Publishes the boards the service asks for, each on its own task.
fn spawn_publisher(
    bot: Arc<Bot>,
    http: Arc<Http>,
    mut notices: tokio::sync::mpsc::UnboundedReceiver<Notice>,
) {
    tokio::spawn(async move {
        while let Some(Notice::Board(no)) = notices.recv().await {
            let bot = bot.clone();
            let http = http.clone();
            tokio::spawn(async move {
                publish::publish(&http, &bot.service, &bot.boards, no).await;
            });
        }
    });
}

struct Handler(Arc<Bot>);

#[serenity::async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, ready: Ready) {
        self.0
            .bot_user
            .store(ready.user.id.get(), Ordering::Relaxed);
        info!(
            "connected as {} ({}), shard {:?}",
            ready.user.name, ready.user.id, ready.shard
        );
        // One process registers: the one running shard 0, once per start,
        // and only when Discord's commands differ from this build's.
        let first_shard = ready.shard.is_none_or(|s| s.id.0 == 0);
        if first_shard && !self.0.registered.swap(true, Ordering::SeqCst) {
            match commands::register_if_changed(&ctx, self.0.guild_id).await {
                Ok(true) => info!("registered the slash commands"),
                Ok(false) => info!("the slash commands are up to date"),
                Err(e) => {
                    error!("could not register the slash commands: {e}");
                    self.0.registered.store(false, Ordering::SeqCst);
                }
            }
        }
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
        let _in_flight = InFlight::new(&self.0.in_flight);
        if self.0.draining.load(Ordering::SeqCst) {
            FIRST_ANSWER
                .scope(
                    Arc::new(FirstAnswer {
                        arrived,
                        kind,
                        noted: Default::default(),
                    }),
                    answer_restarting(&ctx, &interaction),
                )
                .await;
            return;
        }
        let first = Arc::new(FirstAnswer {
            arrived,
            kind,
            noted: std::sync::atomic::AtomicBool::new(false),
        });
        let handled = async move {
            match interaction {
                Interaction::Command(command) => on_command(bot, ctx, command, arrived).await,
                Interaction::Autocomplete(command) => on_autocomplete(bot, ctx, command).await,
                Interaction::Component(component) => {
                    on_component(bot, ctx, component, arrived).await
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

/// While shutting down: "restarting, try again in a moment", privately.
async fn answer_restarting(ctx: &Context, interaction: &Interaction) {
    let sent = match interaction {
        Interaction::Command(command) => {
            let text = tr(Lang::from_locale(&command.locale), "error.restarting", &[]);
            command.create_response(&ctx.http, private(text)).await
        }
        Interaction::Component(component) => {
            let text = tr(
                Lang::from_locale(&component.locale),
                "error.restarting",
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
/// sees Discord's own notice that the bot did not answer).
async fn tell(ctx: &Context, command: &CommandInteraction, text: impl Into<String>) {
    let sent = command
        .create_response(&ctx.http, private(text))
        .await
        .noted();
    if let Err(e) = sent {
        warn!("could not answer /{}: {e}", command.data.name);
    }
}

/// A private (ephemeral) answer.
fn private(text: impl Into<String>) -> CreateInteractionResponse {
    CreateInteractionResponse::Message(
        CreateInteractionResponseMessage::new()
            .content(text)
            .ephemeral(true)
            .allowed_mentions(CreateAllowedMentions::new()),
    )
}

/// A private follow-up, for what goes wrong after an acknowledgement.
fn private_followup(text: impl Into<String>) -> CreateInteractionResponseFollowup {
    CreateInteractionResponseFollowup::new()
        .content(text)
        .ephemeral(true)
        .allowed_mentions(CreateAllowedMentions::new())
}

/// Why an interaction was not carried out.
enum Failure {
    /// The person asked for something not allowed: tell them privately.
    Refused(Refusal),
    /// A bad option value or move name.
    Bad(BadInput),
    /// The change could not be stored: nothing changed, try again.
    Unsaved(String),
    /// Our fault: logged, answered with an apology.
    Internal(String),
}

impl Failure {
    /// The private answer, in the asker's language.
    fn answer(self, lang: Lang) -> String {
        match self {
            Failure::Refused(r) => r.message_in(lang),
            Failure::Bad(bad) => bad.message_in(lang),
            Failure::Unsaved(detail) => {
                error!("{detail}");
                tr(lang, "error.storage", &[])
            }
            Failure::Internal(detail) => {
                error!("{detail}");
                tr(lang, "error.apology", &[])
            }
        }
    }
}

/// A value typed into a command that means nothing here; what was typed is
/// cut short before it is shown back.
#[derive(Debug, Clone, PartialEq, Eq)]
enum BadInput {
    /// The same person named twice.
    InviteOnce,
    UnknownLevel(String),
    PickColour,
    UnknownSize(String),
    UnexpectedOption(String),
    UnknownTimer(String),
    /// Self-play is for two-seat games.
    SelfInThree,
    MoveName(String),
    /// `/puzzle` for a game that has no puzzles.
    NoPuzzle(String),
}

impl BadInput {
    fn message_in(&self, lang: Lang) -> String {
        let short = |typed: &str| typed.chars().take(40).collect::<String>();
        match self {
            BadInput::InviteOnce => tr(lang, "error.invite_once", &[]),
            BadInput::UnknownLevel(l) => tr(lang, "error.unknown_level", &[("level", &short(l))]),
            BadInput::PickColour => tr(lang, "error.pick_colour", &[]),
            BadInput::UnknownSize(s) => tr(lang, "error.unknown_size", &[("size", &short(s))]),
            BadInput::UnexpectedOption(o) => {
                tr(lang, "error.unexpected_option", &[("option", &short(o))])
            }
            BadInput::NoPuzzle(g) => tr(lang, "error.no_puzzle", &[("game", &short(g))]),
            BadInput::SelfInThree => tr(lang, "error.self_in_three", &[]),
            BadInput::UnknownTimer(t) => tr(lang, "error.unknown_timer", &[("timer", &short(t))]),
            BadInput::MoveName(m) => tr(lang, "error.bad_move_name", &[("typed", &short(m))]),
        }
    }
}

impl From<BadInput> for Failure {
    fn from(bad: BadInput) -> Self {
        Failure::Bad(bad)
    }
}

impl From<Refusal> for Failure {
    fn from(r: Refusal) -> Self {
        Failure::Refused(r)
    }
}

impl From<ServiceFailure> for Failure {
    fn from(f: ServiceFailure) -> Self {
        match f {
            ServiceFailure::Refused(r) => Failure::Refused(r),
            ServiceFailure::Store(e) => Failure::Unsaved(format!("storage failed: {e}")),
        }
    }
}

impl From<serenity::Error> for Failure {
    fn from(e: serenity::Error) -> Self {
        Failure::Internal(format!("Discord request failed: {e}"))
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
    let result = match name.as_str() {
        "move" => command_move(asked).await,
        "help" | "rules" => command_help(asked).await,
        "settings" => command_settings(asked).await,
        "rating" => standings::rating(asked).await,
        "leaderboard" => standings::leaderboard(asked).await,
        "stats" => standings::stats(asked).await,
        "review" => review::review(asked).await,
        "puzzle" => command_puzzle(asked).await,
        "end" | "pause" | "resume" | "leave" | "resign" => command_table(asked).await,
        _ => match commands::game_kind(&name) {
            Some(kind) => command_play(asked, kind).await,
            None => Err(Failure::Internal(format!("unknown command /{name}"))),
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

/// A slash command being handled: the bot, serenity's context, the
/// interaction, and when it arrived (every command handler takes one).
#[derive(Clone, Copy)]
struct Asked<'a> {
    bot: &'a Arc<Bot>,
    ctx: &'a Context,
    command: &'a CommandInteraction,
    arrived: Instant,
}

impl<'a> Asked<'a> {
    fn parts(self) -> (&'a Arc<Bot>, &'a Context, &'a CommandInteraction) {
        (self.bot, self.ctx, self.command)
    }
}

/// The person's name as the table shows it.
fn display_name(command: &CommandInteraction) -> String {
    member_name(&command.user, command.member.as_deref())
}

/// A person's name in this server: nickname, display name or user name.
fn member_name(user: &serenity::all::User, member: Option<&serenity::all::Member>) -> String {
    shown_name(user, member.and_then(|m| m.nick.as_deref()))
}

/// A person's name in this server from their nickname there, if any (a
/// full member in an interaction, a partial one in a user option).
fn shown_name(user: &serenity::all::User, nick: Option<&str>) -> String {
    nick.map(str::to_owned)
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone())
}

/// Whether the member who used a command may do what `check` says in this
/// channel (Discord sends the member's permissions there with the
/// interaction).
fn member_may(
    member: Option<&serenity::all::Member>,
    check: fn(&serenity::all::Permissions) -> bool,
) -> bool {
    member
        .and_then(|m| m.permissions)
        .is_some_and(|p| check(&p))
}

/// `/end`, `/pause`, `/resume`, `/leave`, `/resign`: act on this channel's
/// table, answer privately, and show the change on the board.
async fn command_table(asked: Asked<'_>) -> Result<(), Failure> {
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
    let channel = command.channel_id.get();
    let table = bot.service.table(At::Channel(channel)).await?;
    let table = bot
        .service
        .act(
            At::Table {
                no: table.no,
                channel,
            },
            action,
        )
        .await?;
    let lang = Lang::from_locale(&command.locale);
    let text = tr(
        lang,
        &format!("done.{name}"),
        &[("game", &crate::i18n::game_title(table.kind, lang))],
    );
    tell(ctx, command, text).await;
    publish_soon(bot, ctx, table.no);
    Ok(())
}

/// `/settings`: shows this channel's defaults to anyone; members with
/// Manage Channels change them, and the host of this channel's table
/// changes that table's rules between matches.
async fn command_settings(asked: Asked<'_>) -> Result<(), Failure> {
    let (bot, ctx, command) = asked.parts();
    let Some(guild) = command.guild_id else {
        return Err(Refusal::NotInGuild.into());
    };
    let request = commands::read_settings_options(command)?;
    let channel = command.channel_id.get();
    let user = command.user.id.get();
    let store = bot.service.store();
    let unsaved = |e: crate::store::StoreError| Failure::Unsaved(format!("channel settings: {e}"));
    let mut settings = store.channel_settings(channel).await.map_err(unsaved)?;
    let lang = Lang::from_locale(&command.locale);
    let timer_text = |timer: Option<u32>| match timer {
        Some(seconds) => tr(lang, "rules.timer", &[("seconds", &seconds.to_string())]),
        None => tr(lang, "settings.no_timer", &[]),
    };
    let yes_no = |on: bool| tr(lang, if on { "settings.on" } else { "settings.off" }, &[]);
    let level_text = |level: crate::cpu::Level| tr(lang, &format!("level.{}", level.name()), &[]);
    let mut lines = Vec::new();
    if request.is_empty() {
        lines.push(tr(
            lang,
            "settings.shown",
            &[
                ("timer", &timer_text(settings.timer)),
                ("rotate", &yes_no(settings.rotate)),
                ("level", &level_text(settings.level)),
                ("ranked", &yes_no(settings.ranked)),
            ],
        ));
        tell(ctx, command, lines.join("\n")).await;
        return Ok(());
    }
    let manager = member_may(command.member.as_deref(), |p| p.manage_channels());
    // The host of this channel's table, between two matches.
    let hosted = match bot.service.table(At::Channel(channel)).await {
        Ok(t) if t.host == user && matches!(t.phase, Phase::Lobby { .. } | Phase::Finished(_)) => {
            Some(t)
        }
        _ => None,
    };
    if !manager && hosted.is_none() {
        return Err(Refusal::CannotChangeSettings.into());
    }
    if manager {
        settings = request.apply(settings);
        store
            .save_channel_settings(guild.get(), channel, &settings, bot.service.now())
            .await
            .map_err(unsaved)?;
        lines.push(tr(
            lang,
            "settings.changed",
            &[
                ("timer", &timer_text(settings.timer)),
                ("rotate", &yes_no(settings.rotate)),
                ("level", &level_text(settings.level)),
                ("ranked", &yes_no(settings.ranked)),
            ],
        ));
    }
    if let Some(table) = hosted {
        let at = At::Table {
            no: table.no,
            channel,
        };
        let action = Action::SetRules {
            user,
            timer: request.timer,
            rotate: request.rotate,
            level: request.level,
        };
        let table = bot.service.act(at, action).await?;
        lines.push(tr(
            lang,
            "settings.table_changed",
            &[
                ("timer", &timer_text(table.rules.timer)),
                ("rotate", &yes_no(table.rules.rotate)),
                ("level", &level_text(table.level)),
            ],
        ));
        publish_soon(bot, ctx, table.no);
    }
    tell(ctx, command, lines.join("\n")).await;
    Ok(())
}

/// `/connect4` and the other game commands: open a table here.
async fn command_play(asked: Asked<'_>, kind: crate::game::GameKind) -> Result<(), Failure> {
    let (bot, ctx, command) = asked.parts();
    let arrived = asked.arrived;
    let Some(guild) = command.guild_id else {
        return Err(Refusal::NotInGuild.into());
    };
    let request = commands::read_play_options(command, kind, bot.bot_user.load(Ordering::Relaxed))?;
    let defaults = bot
        .service
        .store()
        .channel_settings(command.channel_id.get())
        .await
        .map_err(|e| Failure::Unsaved(format!("could not read the channel's settings: {e}")))?;
    if request.ranked && !defaults.ranked {
        return Err(Refusal::RankedOff.into());
    }
    let opening = table::Opening {
        no: command.id.get(),
        guild: guild.get(),
        channel: command.channel_id.get(),
        kind: request.kind,
        host: command.user.id.get(),
        host_name: display_name(command),
        level: request.level.unwrap_or(defaults.level),
        invited: request.invited,
        self_play: request.self_play,
        host_seat: request.host_seat,
        lang: Lang::from_locale(&command.locale),
        open: request.open,
        rules: table::Rules {
            timer: request.timer.or(defaults.timer),
            rotate: defaults.rotate,
        },
        ranked: request.ranked,
    };
    // Stored before anyone sees it; the CPU seat (if it starts) is queued.
    let table = bot.service.open(opening).await?;
    show_new_table(bot, ctx, command, table, arrived, false).await
}

/// Answers the command that opened `table` with its board (or, when the
/// image is slow or the command was already `deferred`, acknowledges and
/// then edits), and remembers where the board is.
async fn show_new_table(
    bot: &Arc<Bot>,
    ctx: &Context,
    command: &CommandInteraction,
    table: Table,
    arrived: Instant,
    deferred: bool,
) -> Result<(), Failure> {
    let no = table.no;
    let sync = bot.boards.get(no);
    let mut shown = sync.order.lock().await;
    let table = bot
        .service
        .table(At::Table {
            no,
            channel: table.channel,
        })
        .await?;
    let link = |token: Option<String>, message: Option<u64>| BoardLink {
        channel: command.channel_id.get(),
        message,
        token,
        token_at: bot.service.now(),
        shown: table.stamp,
    };
    // An answer with the board when it is ready at once; an already
    // deferred command goes straight to the edit below.
    let left = bot.image_wait.saturating_sub(arrived.elapsed());
    let drawing = Drawing::start(&table);
    let drawing = if deferred {
        Err(drawing)
    } else {
        match drawing.within(left).await {
            Ok(composed) => Ok(composed.map_err(Failure::Internal)?),
            Err(drawing) => Err(drawing),
        }
    };
    let sent: Result<(), String> = match drawing {
        Ok(composed) => command
            .create_response(
                &ctx.http,
                CreateInteractionResponse::Message(composed.response()),
            )
            .await
            .noted()
            .map_err(|e| e.to_string()),
        Err(drawing) => {
            // The image is slow (a loaded machine): acknowledge now.
            let acknowledged = if deferred {
                Ok(())
            } else {
                command.defer(&ctx.http).await.noted()
            };
            match acknowledged {
                Ok(()) => match drawing.finish().await {
                    Ok(composed) => composed
                        .edit()
                        .execute(&ctx.http, &command.token)
                        .await
                        .map(|_| ())
                        .map_err(|e| e.to_string()),
                    Err(e) => Err(e),
                },
                Err(e) => Err(e.to_string()),
            }
        }
    };
    match sent {
        Ok(()) => {
            let message = match command.get_response(&ctx.http).await {
                Ok(m) => Some(m.id.get()),
                Err(e) => {
                    warn!("could not read back the board message: {e}");
                    None
                }
            };
            // Stored before the lock opens: the next update must find it.
            if let Err(e) = bot
                .service
                .set_board(no, link(Some(command.token.clone()), message))
                .await
            {
                error!("table {no}: could not store where its board is: {e}");
            }
            *shown = table.stamp;
            sync.set_behind(false);
            drop(shown);
        }
        Err(e) => {
            // The table exists and is stored: post its board in the channel.
            warn!(
                "table {no}: the answer to /{} failed ({e}); posting the board",
                command.data.name
            );
            sync.set_behind(true);
            drop(shown);
            publish_soon(bot, ctx, no);
        }
    }
    Ok(())
}

/// `/puzzle [game]`: today's puzzle of the game (Connect Four by default)
/// at a table of its own in this channel, against the hard CPU.
async fn command_puzzle(asked: Asked<'_>) -> Result<(), Failure> {
    let (bot, ctx, command) = asked.parts();
    let arrived = asked.arrived;
    let Some(guild) = command.guild_id else {
        return Err(Refusal::NotInGuild.into());
    };
    let mut kind = GameKind::Connect4;
    for option in command.data.options() {
        match (option.name, option.value) {
            ("game", serenity::all::ResolvedValue::String(name)) => {
                kind = commands::game_kind(name)
                    .filter(|k| crate::cpu::puzzle::PUZZLE_GAMES.contains(k))
                    .ok_or_else(|| Failure::from(BadInput::NoPuzzle(name.to_owned())))?;
            }
            (name, _) => return Err(BadInput::UnexpectedOption(name.to_string()).into()),
        }
    }
    let day = crate::cpu::puzzle::day_of(bot.service.now());
    // The day's puzzle is found once per process; the first asker of the
    // day may wait for it, so acknowledge first when it is not ready.
    let cached = puzzle_cache()
        .lock()
        .ok()
        .and_then(|c| c.get(&(kind, day)).cloned());
    let deferred = cached.is_none();
    if deferred {
        command.defer(&ctx.http).await.noted()?;
    }
    let spec = match cached {
        Some(spec) => spec,
        None => {
            let found = tokio::task::spawn_blocking(move || crate::cpu::puzzle::daily(kind, day))
                .await
                .ok()
                .flatten();
            let Some(spec) = found else {
                let text = tr(Lang::from_locale(&command.locale), "puzzle.none", &[]);
                let _ = EditInteractionResponse::new()
                    .content(text)
                    .execute(&ctx.http, &command.token)
                    .await;
                return Ok(());
            };
            if let Ok(mut cache) = puzzle_cache().lock() {
                cache.retain(|&(_, d), _| d + 1 >= day);
                cache.insert((kind, day), spec.clone());
            }
            spec
        }
    };
    let opening = table::Opening {
        no: command.id.get(),
        guild: guild.get(),
        channel: command.channel_id.get(),
        kind,
        host: command.user.id.get(),
        host_name: display_name(command),
        level: crate::cpu::Level::Hard,
        invited: Vec::new(),
        self_play: false,
        host_seat: None,
        lang: Lang::from_locale(&command.locale),
        open: false,
        rules: table::Rules::default(),
        ranked: false,
    };
    let puzzle = table::Puzzle {
        day,
        start: spec.start,
        goal: spec.goal,
        solvers: 0,
    };
    let opened = bot.service.open_puzzle(opening, puzzle).await;
    match opened {
        Ok(table) => show_new_table(bot, ctx, command, table, arrived, deferred).await,
        Err(f) if deferred => {
            let text = Failure::from(f).answer(Lang::from_locale(&command.locale));
            let _ = EditInteractionResponse::new()
                .content(text)
                .execute(&ctx.http, &command.token)
                .await;
            Ok(())
        }
        Err(f) => Err(f.into()),
    }
}

/// The days' puzzles found by this process, by game and day.
fn puzzle_cache() -> &'static std::sync::Mutex<HashMap<(GameKind, u64), crate::cpu::puzzle::Spec>> {
    static CACHE: std::sync::OnceLock<
        std::sync::Mutex<HashMap<(GameKind, u64), crate::cpu::puzzle::Spec>>,
    > = std::sync::OnceLock::new();
    CACHE.get_or_init(Default::default)
}

/// Publishes table `no`'s board on a task of its own.
fn publish_soon(bot: &Arc<Bot>, ctx: &Context, no: u64) {
    let bot = bot.clone();
    let http = ctx.http.clone();
    tokio::spawn(async move {
        publish::publish(&http, &bot.service, &bot.boards, no).await;
    });
}

/// `/help`, and `/rules [game]` (default: the game at this channel's table).
async fn command_help(asked: Asked<'_>) -> Result<(), Failure> {
    let (bot, ctx, command) = asked.parts();
    let lang = Lang::from_locale(&command.locale);
    let text = if command.data.name == "help" {
        tr(lang, "help.text", &[])
    } else {
        let chosen = command
            .data
            .options
            .iter()
            .find(|o| o.name == "game")
            .and_then(|o| o.value.as_str())
            .and_then(commands::game_kind);
        let here = match chosen {
            Some(_) => None,
            None => bot
                .service
                .table(At::Channel(command.channel_id.get()))
                .await
                .ok()
                .map(|t| t.kind),
        };
        let kind = chosen.or(here).unwrap_or(crate::game::GameKind::Connect4);
        tr(lang, &format!("rules.{}", kind.command()), &[])
    };
    tell(ctx, command, text).await;
    Ok(())
}

/// `/move at:` plays a move on this channel's table.
async fn command_move(asked: Asked<'_>) -> Result<(), Failure> {
    let (bot, ctx, command) = asked.parts();
    let typed = command
        .data
        .options
        .iter()
        .find(|o| o.name == "at")
        .and_then(|o| o.value.as_str())
        .unwrap_or("")
        .to_owned();
    let at = At::Channel(command.channel_id.get());
    let table = bot.service.table(at).await?;
    if !table.is_running() {
        return Err(Refusal::GameOver.into());
    }
    let Some(mv) = table.game.parse_move(&typed) else {
        return Err(BadInput::MoveName(typed).into());
    };
    let name = table.game.move_name(mv);
    // Against the table as it is now (no stamp): stored before the answer.
    let table = bot
        .service
        .act(
            At::Table {
                no: table.no,
                channel: table.channel,
            },
            Action::Move {
                user: command.user.id.get(),
                mv,
                stamp: None,
            },
        )
        .await?;
    let lang = Lang::from_locale(&command.locale);
    tell(ctx, command, tr(lang, "move.played", &[("move", &name)])).await;
    publish_soon(bot, ctx, table.no);
    Ok(())
}

/// Autocomplete of `/move at:`: the legal moves that match what was typed.
async fn on_autocomplete(bot: Arc<Bot>, ctx: Context, command: CommandInteraction) {
    let typed = command
        .data
        .autocomplete()
        .map(|o| crate::game::normalize_name(o.value))
        .unwrap_or_default();
    let mut choices = Vec::new();
    if let Some(table) = bot.service.running_table(command.channel_id.get()).await {
        if table.phase == Phase::Playing {
            for mv in table.game.legal_moves() {
                let name = table.game.move_name(mv);
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

async fn on_component(
    bot: Arc<Bot>,
    ctx: Context,
    component: ComponentInteraction,
    arrived: Instant,
) {
    if let Err(failure) = component_action(&bot, &ctx, &component, arrived).await {
        if let Err(e) = component
            .create_response(
                &ctx.http,
                private(failure.answer(Lang::from_locale(&component.locale))),
            )
            .await
            .noted()
        {
            warn!("could not answer a click: {e}");
        }
    }
}

async fn component_action(
    bot: &Arc<Bot>,
    ctx: &Context,
    component: &ComponentInteraction,
    arrived: Instant,
) -> Result<(), Failure> {
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
            let table = bot.service.table(at).await?;
            let mv = table.game.parse_move(name).ok_or(Refusal::NoSuchMove)?;
            Action::Move { user, mv, stamp }
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
        Control::Join => Action::Join {
            user,
            name: member_name(&component.user, component.member.as_ref()),
            stamp,
        },
        Control::Leave => Action::Leave { user, stamp },
        Control::Start => Action::Start { user, stamp },
        Control::Pause => Action::Pause { user, stamp },
        Control::Resume => Action::Resume { user, stamp },
        Control::FreeSeat => Action::FreeSeat { user, stamp },
    };
    let table = match bot.service.act(at, action).await {
        Ok(table) => table,
        Err(ServiceFailure::Refused(Refusal::StaleBoard)) => {
            return refresh_if_behind(bot, ctx, component, at, arrived).await;
        }
        Err(f) => return Err(f.into()),
    };
    answer_with_board(bot, ctx, component, table.no, arrived).await;
    Ok(())
}

/// A click on a board message that is behind its table (an update that
/// failed, or a restart in between) refreshes it instead of only saying it
/// is out of date; a click on any other old board is refused.
async fn refresh_if_behind(
    bot: &Arc<Bot>,
    ctx: &Context,
    component: &ComponentInteraction,
    at: At,
    arrived: Instant,
) -> Result<(), Failure> {
    let At::Table { no, .. } = at else {
        return Err(Refusal::StaleBoard.into());
    };
    let sync = bot.boards.get(no);
    // Let an update in flight finish first: it may bring the board up to
    // date, or find that it cannot.
    let left = ANSWER_WITHIN.saturating_sub(arrived.elapsed()) / 2;
    drop(tokio::time::timeout(left, sync.order.lock()).await);
    let Some((table, link)) = bot.service.board(no).await? else {
        return Err(Refusal::StaleBoard.into());
    };
    let on_board = link
        .as_ref()
        .and_then(|l| l.message)
        .is_none_or(|m| m == component.message.id.get());
    if !(sync.is_behind() && on_board && table.is_running()) {
        return Err(Refusal::StaleBoard.into());
    }
    answer_with_board(bot, ctx, component, no, arrived).await;
    let text = tr(
        Lang::from_locale(&component.locale),
        "refusal.board_refreshed",
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

/// Answers a click by updating the message it sits on to the table as it
/// is now: at once when the image is ready in time, else acknowledged and
/// edited. Whatever fails, the board is published again later.
async fn answer_with_board(
    bot: &Arc<Bot>,
    ctx: &Context,
    component: &ComponentInteraction,
    no: u64,
    arrived: Instant,
) {
    let sync = bot.boards.get(no);
    // Wait a moment for an update being sent (a CPU reply, say), so that
    // this click can still answer with the new board itself.
    let left = bot.image_wait.saturating_sub(arrived.elapsed());
    let (mut shown, acknowledged) = match tokio::time::timeout(left, sync.order.lock()).await {
        Ok(shown) => (shown, false),
        Err(_) => {
            if let Err(e) = component
                .create_response(&ctx.http, CreateInteractionResponse::Acknowledge)
                .await
                .noted()
            {
                warn!("table {no}: could not acknowledge a click: {e}");
            }
            (sync.order.lock().await, true)
        }
    };
    let table = match bot.service.board(no).await {
        Ok(Some((table, _))) => table,
        _ => return,
    };
    let mut acknowledged = acknowledged;
    let drawing = Drawing::start(&table);
    let composed = if acknowledged {
        drawing.finish().await.ok()
    } else {
        let left = bot.image_wait.saturating_sub(arrived.elapsed());
        match drawing.within(left).await {
            Ok(composed) => composed.ok(),
            Err(drawing) => {
                // The image is slow (a loaded machine): acknowledge now.
                if let Err(e) = component
                    .create_response(&ctx.http, CreateInteractionResponse::Acknowledge)
                    .await
                    .noted()
                {
                    warn!("table {no}: could not acknowledge a click: {e}");
                }
                acknowledged = true;
                drawing.finish().await.ok()
            }
        }
    };
    let sent = match composed {
        None => Err("the board could not be drawn".to_string()),
        Some(composed) if acknowledged => composed
            .edit()
            .execute(&ctx.http, &component.token)
            .await
            .map(|_| ())
            .map_err(|e| e.to_string()),
        Some(composed) => component
            .create_response(
                &ctx.http,
                CreateInteractionResponse::UpdateMessage(composed.response()),
            )
            .await
            .noted()
            .map_err(|e| e.to_string()),
    };
    match sent {
        Ok(()) => {
            *shown = table.stamp;
            sync.set_behind(false);
            let link = BoardLink {
                channel: component.channel_id.get(),
                message: Some(component.message.id.get()),
                token: Some(component.token.clone()),
                token_at: bot.service.now(),
                shown: table.stamp,
            };
            // Stored before the lock opens: the next update must find it.
            if let Err(e) = bot.service.set_board(no, link).await {
                error!("table {no}: could not store where its board is: {e}");
            }
            drop(shown);
            if !table.is_running() {
                drop(sync);
                bot.boards.release(no);
            }
        }
        Err(e) => {
            // The change is stored and the CPU turn queued: only the
            // message is behind. Publish it through the board's link.
            warn!("table {no}: could not answer a click with the board ({e})");
            sync.set_behind(true);
            drop(shown);
            publish_soon(bot, ctx, no);
        }
    }
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
) -> Result<(), Failure> {
    let asker = component.user.id.get();
    // Refuse at once what can be refused without searching.
    let table: Table = bot.service.table(at).await?;
    if !table.is_running() {
        return Err(Refusal::GameOver.into());
    }
    if table.stamp != stamp {
        return Err(Refusal::StaleBoard.into());
    }
    if table.seat_of(asker).is_none() {
        return Err(Refusal::NotYourTable.into());
    }
    if table.player_to_move().and_then(table::Player::person_id) != Some(asker) {
        return Err(Refusal::HintNotYourTurn.into());
    }
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
        Ok(answer) => match answer.verdict {
            Some(verdict) => {
                use crate::cpu::Verdict;
                let name = answer.game.move_name(verdict.mv());
                let (key, moves) = match verdict {
                    Verdict::Wins {
                        in_moves: Some(1), ..
                    } => ("hint.wins_now", None),
                    Verdict::Wins {
                        in_moves: Some(n), ..
                    } => ("hint.wins", Some(n)),
                    Verdict::Wins { in_moves: None, .. } => ("hint.wins_proved", None),
                    Verdict::Draws { .. } => ("hint.draws", None),
                    Verdict::Loses {
                        lasts_moves: Some(1),
                        ..
                    } => ("hint.loses_now", None),
                    Verdict::Loses {
                        lasts_moves: Some(n),
                        ..
                    } => ("hint.loses", Some(n)),
                    Verdict::Loses {
                        lasts_moves: None, ..
                    } => ("hint.loses_proved", None),
                    Verdict::Guess { .. } => ("hint.guess", None),
                };
                let moves = moves.map(|n| n.to_string()).unwrap_or_default();
                tr(lang, key, &[("move", &name), ("moves", &moves)])
            }
            None => tr(lang, "hint.none", &[]),
        },
        Err(f) => Failure::from(f).answer(lang),
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
