//! The only module that knows serenity: decodes interactions into table
//! actions and encodes table states as messages.
//!
//! The path of one move: an interaction arrives → it is decoded (or refused
//! privately at once) → the channel's table applies it under its own lock →
//! the board message is rendered off the runtime and edited in place → if a
//! CPU seat is next, its move is searched on a blocking thread and comes back
//! as an ordinary action stamped with the position it was computed for.

mod board;
mod commands;
mod ids;

use crate::config::Config;
use crate::cpu::{self, Budget, Level};
use crate::game::{AnyGame, Game};
use crate::i18n::{tr, Lang};
use crate::render;
use crate::table::{self, Action, Effects, Phase, Refusal, Table, Tables};
use board::BoardMessage;
use ids::{Control, ControlId};
use serenity::all::{
    Builder, ChannelId, ClientBuilder, CommandInteraction, ComponentInteraction,
    ComponentInteractionDataKind, Context, CreateAllowedMentions, CreateAttachment,
    CreateAutocompleteResponse, CreateInteractionResponse, CreateInteractionResponseMessage,
    EditAttachments, EditInteractionResponse, EditMessage, EventHandler, GatewayIntents,
    HttpBuilder, Interaction, MessageId, Ready, ShardManager, UserId,
};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::time::Instant;
use tracing::{error, info, warn};

/// How long an interaction token may be used to edit its message; Discord
/// allows 15 minutes, a margin keeps clear of the edge.
const TOKEN_LIFETIME: Duration = Duration::from_secs(14 * 60);

/// Where a table's board message is and how to edit it.
#[derive(Clone)]
struct BoardLink {
    /// Token of the latest interaction whose original response is the board.
    token: String,
    since: Instant,
    channel: u64,
    message: Option<u64>,
}

/// What the bot keeps besides the tables.
struct Bot {
    tables: Tables,
    guild_id: Option<u64>,
    bot_user: AtomicU64,
    started: Instant,
    /// Per table: where its board is, and a lock that keeps board updates
    /// in order (held across the send, so it is an async lock).
    boards: Mutex<HashMap<u64, Arc<tokio::sync::Mutex<Option<BoardLink>>>>>,
    /// Per table: the cancel flag of the CPU search running for it.
    searches: Mutex<HashMap<u64, Arc<AtomicBool>>>,
}

impl Bot {
    /// Milliseconds since the bot started (tokio's clock, so tests can
    /// pause it).
    fn now(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }

    fn board(&self, table: u64) -> Arc<tokio::sync::Mutex<Option<BoardLink>>> {
        self.boards
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(table)
            .or_default()
            .clone()
    }

    /// Drops what is kept beside a table that was replaced.
    fn forget(&self, table: u64) {
        self.cancel_search(table);
        self.boards
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&table);
    }

    /// Stops the CPU search of a table, if one runs.
    fn cancel_search(&self, table: u64) {
        if let Some(flag) = self
            .searches
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&table)
        {
            flag.store(true, Ordering::Relaxed);
        }
    }
}

/// A running bot, for tests and for a clean shutdown.
pub struct Running {
    shard_manager: Arc<ShardManager>,
    task: tokio::task::JoinHandle<Result<(), serenity::Error>>,
}

impl Running {
    /// Closes the gateway connection and waits for the client to stop.
    pub async fn stop(self) {
        self.shard_manager.shutdown_all().await;
        let _ = tokio::time::timeout(Duration::from_secs(5), self.task).await;
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

    pub fn shard_manager(&self) -> Arc<ShardManager> {
        self.shard_manager.clone()
    }
}

/// Connects to Discord (or to `DISCORD_API_BASE`) and starts serving.
pub async fn start(config: &Config) -> Result<Running, serenity::Error> {
    let mut http = HttpBuilder::new(config.token.expose());
    if let Some(base) = &config.api_base {
        // serenity applies the proxy only with its own rate limiter off.
        http = http.proxy(base.clone()).ratelimiter_disabled(true);
    }
    let bot = Bot {
        tables: Tables::new(),
        guild_id: config.guild_id,
        bot_user: AtomicU64::new(0),
        started: Instant::now(),
        boards: Mutex::default(),
        searches: Mutex::default(),
    };
    let mut client = ClientBuilder::new_with_http(http.build(), GatewayIntents::empty())
        .event_handler(Handler(Arc::new(bot)))
        .await?;
    let shard_manager = client.shard_manager.clone();
    let task = tokio::spawn(async move { client.start().await });
    Ok(Running {
        shard_manager,
        task,
    })
}

struct Handler(Arc<Bot>);

#[serenity::async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, ready: Ready) {
        self.0
            .bot_user
            .store(ready.user.id.get(), Ordering::Relaxed);
        info!("connected as {} ({})", ready.user.name, ready.user.id);
        if let Err(e) = commands::register(&ctx, self.0.guild_id).await {
            error!("could not register the slash commands: {e}");
        }
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let bot = self.0.clone();
        match interaction {
            Interaction::Command(command) => on_command(bot, ctx, command).await,
            Interaction::Autocomplete(command) => on_autocomplete(bot, ctx, command).await,
            Interaction::Component(component) => on_component(bot, ctx, component).await,
            _ => {}
        }
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

async fn on_command(bot: Arc<Bot>, ctx: Context, command: CommandInteraction) {
    let name = command.data.name.clone();
    let result = match name.as_str() {
        "move" => command_move(&bot, &ctx, &command).await,
        "help" | "rules" => command_help(&bot, &ctx, &command).await,
        _ => match commands::game_kind(&name) {
            Some(kind) => command_play(&bot, &ctx, &command, kind).await,
            None => Err(Failure::Internal(format!("unknown command /{name}"))),
        },
    };
    if let Err(failure) = result {
        let text = failure.answer(Lang::from_locale(&command.locale));
        if let Err(e) = command.create_response(&ctx.http, private(text)).await {
            warn!("could not answer /{name}: {e}");
        }
    }
}

/// Why an interaction was not carried out.
enum Failure {
    /// The person asked for something not allowed: tell them privately.
    Refused(Refusal),
    /// A bad value the refusal type does not cover: a message key and its
    /// placeholder values.
    Invalid(&'static str, Vec<(&'static str, String)>),
    /// Our fault: logged, answered with an apology.
    Internal(String),
}

impl Failure {
    /// A bad value with no placeholders.
    fn invalid(key: &'static str) -> Failure {
        Failure::Invalid(key, Vec::new())
    }

    /// The private answer, in the asker's language.
    fn answer(self, lang: Lang) -> String {
        match self {
            Failure::Refused(r) => r.message_in(lang),
            Failure::Invalid(key, args) => {
                let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
                tr(lang, key, &args)
            }
            Failure::Internal(detail) => {
                error!("{detail}");
                tr(lang, "error.apology", &[])
            }
        }
    }
}

impl From<Refusal> for Failure {
    fn from(r: Refusal) -> Self {
        Failure::Refused(r)
    }
}

impl From<serenity::Error> for Failure {
    fn from(e: serenity::Error) -> Self {
        Failure::Internal(format!("Discord request failed: {e}"))
    }
}

/// `/connect4` and the other game commands: open a table here.
async fn command_play(
    bot: &Arc<Bot>,
    ctx: &Context,
    command: &CommandInteraction,
    kind: crate::game::GameKind,
) -> Result<(), Failure> {
    if command.guild_id.is_none() {
        return Err(Refusal::NotInGuild.into());
    }
    let user = &command.user;
    let host_name = command
        .member
        .as_ref()
        .and_then(|m| m.nick.clone())
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone());
    let request = commands::read_play_options(command, kind, bot.bot_user.load(Ordering::Relaxed))?;
    let opening = table::Opening {
        no: command.id.get(),
        channel: command.channel_id.get(),
        kind: request.kind,
        host: user.id.get(),
        host_name,
        level: request.level,
        invited: request.invited,
        self_play: request.self_play,
        host_seat: request.host_seat,
        lang: Lang::from_locale(&command.locale),
    };
    let (table, effects) = Table::open(opening, bot.now(), &mut rand::thread_rng())?;
    let no = table.no;
    let expires = matches!(table.phase, Phase::Inviting { .. });
    let replaced = bot
        .tables
        .get(command.channel_id.get())
        .map(|t| table::lock(&t).no);
    let shared = bot.tables.insert(table)?;
    if let Some(old) = replaced {
        bot.forget(old);
    }
    let snapshot = table::lock(&shared).clone();
    let board = bot.board(no);
    let mut link = board.lock().await;
    let message = compose(&snapshot).await?;
    let sent = command
        .create_response(
            &ctx.http,
            CreateInteractionResponse::Message(message.into_response()),
        )
        .await;
    if let Err(e) = sent {
        // No board message: free the channel rather than hold a table no one sees.
        bot.tables.remove(command.channel_id.get(), no);
        return Err(e.into());
    }
    let message_id = match command.get_response(&ctx.http).await {
        Ok(m) => Some(m.id.get()),
        Err(e) => {
            warn!("could not read back the board message: {e}");
            None
        }
    };
    *link = Some(BoardLink {
        token: command.token.clone(),
        since: Instant::now(),
        channel: command.channel_id.get(),
        message: message_id,
    });
    drop(link);
    if expires {
        schedule_expiry(bot.clone(), ctx.clone(), shared.clone());
    }
    after(bot.clone(), ctx.clone(), shared, effects);
    Ok(())
}

/// `/help`, and `/rules [game]` (default: the game at this channel's table).
async fn command_help(
    bot: &Arc<Bot>,
    ctx: &Context,
    command: &CommandInteraction,
) -> Result<(), Failure> {
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
        let here = bot
            .tables
            .get(command.channel_id.get())
            .map(|t| table::lock(&t).kind);
        let kind = chosen.or(here).unwrap_or(crate::game::GameKind::Connect4);
        tr(lang, &format!("rules.{}", kind.command()), &[])
    };
    command.create_response(&ctx.http, private(text)).await?;
    Ok(())
}

/// `/move at:` plays a move on this channel's table.
async fn command_move(
    bot: &Arc<Bot>,
    ctx: &Context,
    command: &CommandInteraction,
) -> Result<(), Failure> {
    let typed = command
        .data
        .options
        .iter()
        .find(|o| o.name == "at")
        .and_then(|o| o.value.as_str())
        .unwrap_or("")
        .to_owned();
    let shared = bot
        .tables
        .get(command.channel_id.get())
        .ok_or(Refusal::NoTable)?;
    let (effects, name) = {
        let mut table = table::lock(&shared);
        if !table.is_running() {
            return Err(Refusal::GameOver.into());
        }
        let Some(mv) = table.game.parse_move(&typed) else {
            let typed: String = typed.chars().take(40).collect();
            return Err(Failure::Invalid(
                "error.bad_move_name",
                vec![("typed", typed)],
            ));
        };
        let effects = table.apply(
            Action::Move {
                user: command.user.id.get(),
                mv,
                stamp: None,
            },
            bot.now(),
        )?;
        (effects, table.game.move_name(mv))
    };
    bot.cancel_search(lock_no(&shared));
    command
        .create_response(
            &ctx.http,
            private(tr(
                Lang::from_locale(&command.locale),
                "move.played",
                &[("move", &name)],
            )),
        )
        .await?;
    publish(bot, ctx, &shared).await;
    after(bot.clone(), ctx.clone(), shared, effects);
    Ok(())
}

fn lock_no(shared: &Mutex<Table>) -> u64 {
    table::lock(shared).no
}

/// Autocomplete of `/move at:`: the legal moves that match what was typed.
async fn on_autocomplete(bot: Arc<Bot>, ctx: Context, command: CommandInteraction) {
    let typed = command
        .data
        .autocomplete()
        .map(|o| crate::game::normalize_name(o.value))
        .unwrap_or_default();
    let mut choices = Vec::new();
    if let Some(shared) = bot.tables.get(command.channel_id.get()) {
        let table = table::lock(&shared);
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
    {
        warn!("could not answer autocomplete: {e}");
    }
}

async fn on_component(bot: Arc<Bot>, ctx: Context, component: ComponentInteraction) {
    if let Err(failure) = component_action(&bot, &ctx, &component).await {
        if let Err(e) = component
            .create_response(
                &ctx.http,
                private(failure.answer(Lang::from_locale(&component.locale))),
            )
            .await
        {
            warn!("could not answer a click: {e}");
        }
    }
}

async fn component_action(
    bot: &Arc<Bot>,
    ctx: &Context,
    component: &ComponentInteraction,
) -> Result<(), Failure> {
    let Some(id) = ControlId::decode(&component.data.custom_id) else {
        return Err(Refusal::StaleBoard.into());
    };
    let shared = bot
        .tables
        .get(component.channel_id.get())
        .filter(|t| table::lock(t).no == id.table)
        .ok_or(Refusal::StaleBoard)?;
    let user = component.user.id.get();
    let stamp = Some(id.stamp);
    let action = match id.control {
        Control::Move(mv) => Action::Move { user, mv, stamp },
        Control::MoveMenu(_) => {
            let ComponentInteractionDataKind::StringSelect { values } = &component.data.kind else {
                return Err(Refusal::StaleBoard.into());
            };
            let name = values.first().ok_or(Refusal::NoSuchMove)?;
            let mv = table::lock(&shared)
                .game
                .parse_move(name)
                .ok_or(Refusal::NoSuchMove)?;
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
        Control::Hint => return hint(ctx, component, &shared, id.stamp).await,
    };
    let (no, effects) = {
        let mut table = table::lock(&shared);
        let effects = table.apply(action, bot.now())?;
        (table.no, effects)
    };
    if !matches!(id.control, Control::Accept | Control::Decline) {
        bot.cancel_search(no);
    }
    // The click's own answer updates the board message it sits on.
    let board = bot.board(no);
    // Wait a moment for an update being sent (a CPU reply, say), so that
    // this click can still answer with the new board itself.
    match tokio::time::timeout(Duration::from_millis(1200), board.lock()).await {
        Ok(mut link) => {
            let snapshot = table::lock(&shared).clone();
            let message = compose(&snapshot).await?;
            component
                .create_response(
                    &ctx.http,
                    CreateInteractionResponse::UpdateMessage(message.into_response()),
                )
                .await?;
            *link = Some(BoardLink {
                token: component.token.clone(),
                since: Instant::now(),
                channel: component.channel_id.get(),
                message: Some(component.message.id.get()),
            });
        }
        Err(_) => {
            // Another update is still being sent: acknowledge now, edit after.
            component
                .create_response(&ctx.http, CreateInteractionResponse::Acknowledge)
                .await?;
            let mut link = board.lock().await;
            let snapshot = table::lock(&shared).clone();
            let message = compose(&snapshot).await?;
            message
                .into_edit()
                .execute(&ctx.http, &component.token)
                .await?;
            *link = Some(BoardLink {
                token: component.token.clone(),
                since: Instant::now(),
                channel: component.channel_id.get(),
                message: Some(component.message.id.get()),
            });
        }
    }
    after(bot.clone(), ctx.clone(), shared, effects);
    Ok(())
}

/// Answers privately with the move the hard CPU would play for the asker.
async fn hint(
    ctx: &Context,
    component: &ComponentInteraction,
    shared: &Arc<Mutex<Table>>,
    stamp: u64,
) -> Result<(), Failure> {
    let game = {
        let table = table::lock(shared);
        if table.stamp != stamp {
            return Err(Refusal::StaleBoard.into());
        }
        if table.phase != Phase::Playing {
            return Err(Refusal::GameOver.into());
        }
        let asker = component.user.id.get();
        if table.seat_of(asker).is_none() {
            return Err(Refusal::NotYourTable.into());
        }
        if table.player_to_move().and_then(table::Player::person_id) != Some(asker) {
            return Err(Refusal::HintNotYourTurn.into());
        }
        table.game.clone()
    };
    // The search may take longer than Discord's window: defer privately.
    component
        .create_response(
            &ctx.http,
            CreateInteractionResponse::Defer(
                CreateInteractionResponseMessage::new().ephemeral(true),
            ),
        )
        .await?;
    let search = game.clone();
    let best = tokio::task::spawn_blocking(move || {
        cpu::choose_move(&search, Level::Hard, &Budget::new(Budget::HARD))
    })
    .await
    .ok()
    .flatten();
    let lang = Lang::from_locale(&component.locale);
    let text = match best {
        Some(mv) => tr(lang, "hint.text", &[("move", &game.move_name(mv))]),
        None => tr(lang, "hint.none", &[]),
    };
    EditInteractionResponse::new()
        .content(text)
        .execute(&ctx.http, &component.token)
        .await?;
    Ok(())
}

/// A board message with its image rendered.
struct Composed {
    board: BoardMessage,
    image: Option<render::Image>,
}

const IMAGE_NAME: &str = "board.png";

impl Composed {
    fn mentions(&self) -> CreateAllowedMentions {
        CreateAllowedMentions::new().users(self.board.ping.iter().map(|&id| UserId::new(id)))
    }

    fn attachment(&self) -> Option<CreateAttachment> {
        self.image.as_ref().map(|image| {
            CreateAttachment::bytes(image.png.clone(), IMAGE_NAME).description(image.alt.clone())
        })
    }

    fn into_response(self) -> CreateInteractionResponseMessage {
        let mentions = self.mentions();
        let files: Vec<CreateAttachment> = self.attachment().into_iter().collect();
        CreateInteractionResponseMessage::new()
            .content(self.board.content)
            .components(self.board.components)
            .allowed_mentions(mentions)
            .files(files)
    }

    fn into_edit(self) -> EditInteractionResponse {
        let mentions = self.mentions();
        let file = self.attachment();
        let mut edit = EditInteractionResponse::new()
            .content(self.board.content)
            .components(self.board.components)
            .allowed_mentions(mentions)
            .clear_attachments();
        if let Some(file) = file {
            edit = edit.new_attachment(file);
        }
        edit
    }

    fn into_channel_edit(self) -> EditMessage {
        let mentions = self.mentions();
        let mut attachments = EditAttachments::new();
        if let Some(file) = self.attachment() {
            attachments = attachments.add(file);
        }
        EditMessage::new()
            .content(self.board.content)
            .components(self.board.components)
            .allowed_mentions(mentions)
            .attachments(attachments)
    }
}

/// Renders a table's message; the image is drawn on a blocking thread.
async fn compose(table: &Table) -> Result<Composed, Failure> {
    let board = board::board_message(table);
    let image = if board.with_image {
        let game: AnyGame = table.game.clone();
        let names: Vec<String> = table
            .players
            .iter()
            .map(|p| board::player_name(p, table.lang))
            .collect();
        let lang = table.lang;
        let image = tokio::task::spawn_blocking(move || render::position(&game, &names, lang))
            .await
            .map_err(|e| Failure::Internal(format!("rendering failed: {e}")))?;
        Some(image)
    } else {
        None
    };
    Ok(Composed { board, image })
}

/// Edits a table's board message to show the table as it is now.
async fn publish(bot: &Arc<Bot>, ctx: &Context, shared: &Arc<Mutex<Table>>) {
    let no = lock_no(shared);
    let board = bot.board(no);
    let link = board.lock().await;
    let Some(link) = link.clone() else {
        warn!("table {no} has no board message to edit");
        return;
    };
    let snapshot = table::lock(shared).clone();
    let message = match compose(&snapshot).await {
        Ok(m) => m,
        Err(f) => {
            // No one to answer here: answering only logs the cause.
            let _ = f.answer(Lang::En);
            warn!("table {no}: the board could not be drawn");
            return;
        }
    };
    let result = if link.since.elapsed() < TOKEN_LIFETIME {
        message
            .into_edit()
            .execute(&ctx.http, &link.token)
            .await
            .map(|_| ())
    } else if let Some(message_id) = link.message {
        // Past the token's life: edit through the channel instead.
        ChannelId::new(link.channel)
            .edit_message(
                &ctx.http,
                MessageId::new(message_id),
                message.into_channel_edit(),
            )
            .await
            .map(|_| ())
    } else {
        warn!("table {no}: the board token expired and the message id is unknown");
        return;
    };
    if let Err(e) = result {
        warn!("could not update the board of table {no}: {e}");
    }
}

/// Follows up on an accepted action: a CPU turn starts a search.
fn after(bot: Arc<Bot>, ctx: Context, shared: Arc<Mutex<Table>>, effects: Effects) {
    let Some(stamp) = effects.cpu_turn else {
        return;
    };
    tokio::spawn(async move {
        cpu_turns(bot, ctx, shared, stamp).await;
    });
}

/// Plays CPU seats until a person is to move or the match ends.
async fn cpu_turns(bot: Arc<Bot>, ctx: Context, shared: Arc<Mutex<Table>>, mut stamp: u64) {
    loop {
        let (no, game, level) = {
            let table = table::lock(&shared);
            if table.stamp != stamp {
                return;
            }
            let Some(table::Player::Cpu { level }) = table.player_to_move().cloned() else {
                return;
            };
            (table.no, table.game.clone(), level)
        };
        let budget = Budget::new(think_time(level));
        bot.searches
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(no, budget.cancel.clone());
        let search = budget.clone();
        let chosen =
            tokio::task::spawn_blocking(move || cpu::choose_move(&game, level, &search)).await;
        let Ok(Some(mv)) = chosen else {
            error!("table {no}: the CPU found no move");
            return;
        };
        let effects = {
            let mut table = table::lock(&shared);
            match table.apply(Action::CpuMove { mv, stamp }, bot.now()) {
                Ok(effects) => effects,
                // The table moved on (resign, rematch): drop this move.
                Err(_) => return,
            }
        };
        publish(&bot, &ctx, &shared).await;
        match effects.cpu_turn {
            Some(next) => stamp = next,
            None => return,
        }
    }
}

/// Wall time a CPU of this level may think.
fn think_time(level: Level) -> Duration {
    match level {
        Level::Easy => Duration::from_millis(300),
        Level::Medium => Duration::from_millis(700),
        Level::Hard => Budget::HARD,
    }
}

/// Closes an unanswered invitation when its time runs out.
fn schedule_expiry(bot: Arc<Bot>, ctx: Context, shared: Arc<Mutex<Table>>) {
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(table::INVITATION_MS)).await;
        let expired = table::lock(&shared).apply(Action::Expire, bot.now());
        if let Ok(effects) = expired {
            publish(&bot, &ctx, &shared).await;
            after(bot, ctx, shared, effects);
        }
    });
}
