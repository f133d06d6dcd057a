//! `/tournament …` and the tournament's messages: the sign-up message with
//! `Join` / `Leave` / `Start`, a thread per game, each round's pairings and
//! standings (a picture and text), and the final standings.
//!
//! Decides no rule: the tournament (`tournament/`) and the service do. What
//! is posted is read from the tournament each time it changes, so a step
//! lost to a failed call or a restart is done at the next change (or the
//! retry a failure schedules).

use super::answer::{display_name, member_may, tell, Asked, BadInput, InteractionError};
use super::standings::guild_of;
use super::Bot;
use crate::game::GameKind;
use crate::i18n::{escape_markdown, tr, Lang};
use crate::render;
use crate::service::ServiceError;
use crate::table::{Refusal, TIMER_CHOICES};
use crate::tournament::words::{
    pairings_picture, signup_text, standings_picture, standings_text, thread_name,
};
use crate::tournament::{self, BoardEnd, Format, Settings, Stage, Tournament, DEFAULT_TIMER};
use serenity::all::{
    AutoArchiveDuration, ButtonStyle, ChannelId, ChannelType, CommandInteraction, Context,
    CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton, CreateMessage,
    CreateThread, EditMessage, Http, MessageId, ResolvedOption, ResolvedValue, UserId,
};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tracing::warn;

/// The prefix of the sign-up message's buttons: `t1:<id>:<join|leave|start>`.
const PREFIX: &str = "t1";

/// How soon a failed step is tried again.
const RETRY: Duration = Duration::from_secs(5);

/// `/tournament create|join|leave|start|standings|end`.
pub(super) async fn command_tournament(asked: Asked<'_>) -> Result<(), InteractionError> {
    let (bot, ctx, command) = asked.parts();
    let lang = Lang::from_locale(&command.locale);
    let guild = guild_of(command)?;
    let options = command.data.options();
    let Some(sub) = options.first() else {
        return Err(InteractionError::Internal(
            "/tournament without a subcommand".into(),
        ));
    };
    let ResolvedValue::SubCommand(args) = &sub.value else {
        return Err(InteractionError::Internal(
            "/tournament without a subcommand".into(),
        ));
    };
    let user = command.user.id.get();
    let channel = command.channel_id.get();
    match sub.name {
        "create" => return create(bot, ctx, command, guild, args, lang).await,
        "standings" => {
            let t = bot.service.tournament_in(channel).await?;
            return answer_standings(ctx, command, &t, lang).await;
        }
        _ => {}
    }
    let id = bot
        .service
        .running_tournament_in(channel)
        .ok_or(Refusal::NoTournament)?;
    let (action, done) = match sub.name {
        "join" => (
            tournament::Action::Join {
                user,
                name: display_name(command),
            },
            "tournament-joined",
        ),
        "leave" => {
            let player = args.iter().find_map(|o| match (o.name, &o.value) {
                ("player", ResolvedValue::User(u, _)) => Some(u.id.get()),
                _ => None,
            });
            match player.filter(|&p| p != user) {
                Some(p) => (
                    tournament::Action::Remove { by: user, user: p },
                    "tournament-removed",
                ),
                None => (tournament::Action::Leave { user }, "tournament-left"),
            }
        }
        "start" => {
            bot.service.start_tournament(id, user).await?;
            tell(ctx, command, tr(lang, "tournament-started", &[])).await;
            return Ok(());
        }
        "end" => (
            tournament::Action::End {
                user,
                moderator: member_may(command.member.as_deref(), |p| p.manage_messages()),
            },
            "tournament-ended",
        ),
        other => return Err(InteractionError::Internal(format!("/tournament {other}"))),
    };
    bot.service.tournament_act(id, action).await?;
    tell(ctx, command, tr(lang, done, &[])).await;
    Ok(())
}

/// `/tournament create`: refused inside a thread and where the bot may not
/// create threads and write in them; otherwise opens the sign-up.
async fn create(
    bot: &Arc<Bot>,
    ctx: &Context,
    command: &CommandInteraction,
    guild: u64,
    args: &[ResolvedOption<'_>],
    lang: Lang,
) -> Result<(), InteractionError> {
    let in_thread = command.channel.as_ref().is_some_and(|c| {
        matches!(
            c.kind,
            ChannelType::PublicThread | ChannelType::PrivateThread | ChannelType::NewsThread
        )
    });
    if in_thread {
        return Err(Refusal::TournamentInThread.into());
    }
    let may = command
        .app_permissions
        .is_some_and(|p| p.create_public_threads() && p.send_messages_in_threads());
    if !may {
        tell(ctx, command, tr(lang, "tournament-needs-threads", &[])).await;
        return Ok(());
    }
    let settings = read_settings(args)?;
    let opening = tournament::Opening {
        id: command.id.get(),
        guild,
        channel: command.channel_id.get(),
        host: command.user.id.get(),
        host_name: display_name(command),
        lang,
        settings,
    };
    bot.service.create_tournament(opening).await?;
    tell(ctx, command, tr(lang, "tournament-created", &[])).await;
    Ok(())
}

/// The options of `/tournament create`.
fn read_settings(args: &[ResolvedOption<'_>]) -> Result<Settings, InteractionError> {
    let mut kind = None;
    let mut size = None;
    let mut settings = Settings {
        kind: GameKind::Connect4,
        format: Format::Swiss,
        rounds: None,
        timer: DEFAULT_TIMER,
        ranked: false,
    };
    for option in args {
        match (option.name, &option.value) {
            ("game", ResolvedValue::String(name)) => {
                kind = Some(
                    super::commands::game_kind(name)
                        .filter(|k| *k != GameKind::Connect4ThreePlayer)
                        .ok_or(Refusal::UnknownGame)?,
                );
            }
            ("format", ResolvedValue::String(name)) => {
                settings.format = Format::from_name(name)
                    .ok_or_else(|| BadInput::UnexpectedOption(name.to_string()))?;
            }
            ("rounds", ResolvedValue::Integer(n)) => {
                settings.rounds = Some(u32::try_from(*n).map_err(|_| Refusal::TournamentRounds)?);
            }
            ("timer", ResolvedValue::Integer(n)) => {
                settings.timer = u32::try_from(*n)
                    .ok()
                    .filter(|s| TIMER_CHOICES.contains(s))
                    .ok_or_else(|| BadInput::UnknownTimer(n.to_string()))?;
            }
            ("size", ResolvedValue::String(name)) => size = Some(name.to_string()),
            ("ranked", ResolvedValue::Boolean(on)) => settings.ranked = *on,
            (name, _) => return Err(BadInput::UnexpectedOption(name.to_string()).into()),
        }
    }
    settings.kind = kind.unwrap_or(GameKind::Connect4);
    if let Some(size) = size {
        let GameKind::Dots { .. } = settings.kind else {
            return Err(BadInput::UnexpectedOption("size".into()).into());
        };
        settings.kind = GameKind::parse_dots_size(&size).ok_or(BadInput::UnknownSize(size))?;
    }
    Ok(settings)
}

/// A click on the sign-up message's buttons (`t1:<id>:<action>`).
pub(super) async fn on_click(
    bot: &Arc<Bot>,
    ctx: &Context,
    component: &serenity::all::ComponentInteraction,
) -> Result<(), InteractionError> {
    let lang = Lang::from_locale(&component.locale);
    let mut parts = component.data.custom_id.split(':');
    let (Some(PREFIX), Some(id), Some(what), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(Refusal::UnknownControl.into());
    };
    let id: u64 = id.parse().map_err(|_| Refusal::UnknownControl)?;
    let user = component.user.id.get();
    let (done, result) = match what {
        "join" => {
            let name = super::answer::member_name(&component.user, component.member.as_ref());
            let action = tournament::Action::Join { user, name };
            (
                "tournament-joined",
                bot.service.tournament_act(id, action).await,
            )
        }
        "leave" => {
            let action = tournament::Action::Leave { user };
            (
                "tournament-left",
                bot.service.tournament_act(id, action).await,
            )
        }
        "start" => (
            "tournament-started",
            bot.service.start_tournament(id, user).await,
        ),
        _ => return Err(Refusal::UnknownControl.into()),
    };
    result.map_err(InteractionError::from)?;
    component
        .create_response(&ctx.http, super::answer::private(tr(lang, done, &[])))
        .await
        .map_err(InteractionError::from)?;
    Ok(())
}

/// `/tournament standings`: privately, as text and a picture.
async fn answer_standings(
    ctx: &Context,
    command: &CommandInteraction,
    t: &Tournament,
    lang: Lang,
) -> Result<(), InteractionError> {
    if t.rounds().is_empty() {
        tell(ctx, command, clip(signup_text(t, lang))).await;
        return Ok(());
    }
    let text = standings_text(t, lang, t.rounds().len(), !t.is_running());
    let view = standings_picture(t, lang, t.rounds().len(), !t.is_running());
    let image = tokio::task::spawn_blocking(move || render::tournament_table(&view))
        .await
        .map_err(|e| InteractionError::Internal(format!("drawing standings: {e}")))?;
    let attachment = CreateAttachment::bytes(image.png, "standings.png").description(image.alt);
    let message = serenity::all::CreateInteractionResponseMessage::new()
        .content(clip(text))
        .add_file(attachment)
        .ephemeral(true)
        .allowed_mentions(CreateAllowedMentions::new());
    command
        .create_response(
            &ctx.http,
            serenity::all::CreateInteractionResponse::Message(message),
        )
        .await?;
    Ok(())
}

// ---------------------------------------------------------------- publishing

/// What the publisher keeps per tournament: one publishing at a time, and
/// the sign-up text last shown (edited only when it changes).
#[derive(Default)]
pub(super) struct Posts {
    running: Mutex<HashMap<u64, Arc<tokio::sync::Mutex<Option<String>>>>>,
}

impl Posts {
    fn of(&self, id: u64) -> Arc<tokio::sync::Mutex<Option<String>>> {
        let mut running = self.running.lock().unwrap_or_else(|e| e.into_inner());
        running.entry(id).or_default().clone()
    }
}

/// Brings tournament `id`'s messages, threads and tables up to date.
pub(super) async fn publish(bot: Arc<Bot>, http: Arc<Http>, id: u64) {
    let posts = bot.tournament_posts.of(id);
    let mut shown = posts.lock().await;
    if let Err(e) = publish_locked(&bot, &http, id, &mut shown).await {
        warn!(
            "tournament {id}: {e}; trying again in {} s",
            RETRY.as_secs()
        );
        drop(shown);
        tokio::spawn(async move {
            tokio::time::sleep(RETRY).await;
            bot.service.renotify_tournament(id);
        });
    }
}

async fn publish_locked(
    bot: &Arc<Bot>,
    http: &Http,
    id: u64,
    shown: &mut Option<String>,
) -> Result<(), String> {
    let service = &bot.service;
    let t = service.tournament(id).await.map_err(|e| e.to_string())?;
    let lang = t.lang();
    let channel = ChannelId::new(t.channel());
    // The sign-up message: posted once, edited when its words change.
    let text = clip(signup_text(&t, lang));
    let buttons = signup_buttons(&t, lang);
    match t.signup_message() {
        None => {
            let message = CreateMessage::new()
                .content(text.clone())
                .components(buttons)
                .allowed_mentions(CreateAllowedMentions::new());
            let sent = channel
                .send_message(http, message)
                .await
                .map_err(|e| format!("the sign-up message not posted: {e}"))?;
            *shown = Some(text);
            act(
                bot,
                id,
                tournament::Action::SignupPosted {
                    message: sent.id.get(),
                },
            )
            .await?;
            // The next notice carries on from the stored message.
            return Ok(());
        }
        Some(message) if shown.as_deref() != Some(text.as_str()) => {
            let edit = EditMessage::new()
                .content(text.clone())
                .components(buttons)
                .allowed_mentions(CreateAllowedMentions::new());
            channel
                .edit_message(http, MessageId::new(message), edit)
                .await
                .map_err(|e| format!("the sign-up message not edited: {e}"))?;
            *shown = Some(text);
        }
        Some(_) => {}
    }
    let Some(r) = t.rounds().len().checked_sub(1) else {
        return Ok(());
    };
    // Earlier rounds' standings, if a restart came between.
    for (i, round) in t.rounds().iter().enumerate() {
        let last = i == r;
        // The last round's standings are the final ones, posted below.
        if round.is_over() && !round.standings_posted && (!last || t.is_running()) {
            post_standings(bot, http, &t, i + 1, false).await?;
            act(bot, id, tournament::Action::StandingsPosted { round: i }).await?;
        }
    }
    let round = &t.rounds()[r];
    if t.stage() == Stage::Playing {
        for (b, board) in round.boards.iter().enumerate() {
            if board.end.is_some() {
                continue;
            }
            let thread = match board.thread {
                Some(thread) => thread,
                None => {
                    let name = thread_name(&t, r, board.first, board.second, lang);
                    let created = channel
                        .create_thread(
                            http,
                            CreateThread::new(name)
                                .kind(ChannelType::PublicThread)
                                .auto_archive_duration(AutoArchiveDuration::OneWeek),
                        )
                        .await
                        .map_err(|e| {
                            format!("no thread for round {} game {}: {e}", r + 1, b + 1)
                        })?;
                    let thread = created.id.get();
                    act(
                        bot,
                        id,
                        tournament::Action::Thread {
                            round: r,
                            board: b,
                            thread,
                        },
                    )
                    .await?;
                    thread
                }
            };
            if board.table.is_none() {
                let table = service
                    .open_tournament_board(id, r, b, thread)
                    .await
                    .map_err(|e| format!("round {} game {} not opened: {e}", r + 1, b + 1))?;
                // Both players, mentioned once, before their board.
                let (first, second) = (&t.players()[board.first], &t.players()[board.second]);
                let call = tr(
                    lang,
                    "tournament-game-call",
                    &[
                        ("first", &format!("<@{}>", first.id)),
                        ("second", &format!("<@{}>", second.id)),
                        ("round", &(r + 1)),
                        ("seconds", &t.settings().timer),
                    ],
                );
                let mentions = CreateAllowedMentions::new()
                    .users([UserId::new(first.id), UserId::new(second.id)]);
                let message = CreateMessage::new()
                    .content(call)
                    .allowed_mentions(mentions);
                if let Err(e) = ChannelId::new(thread).send_message(http, message).await {
                    warn!(
                        "tournament {id}: the players of table {} not called: {e}",
                        table.no()
                    );
                }
                super::publish::publish(http, service, &bot.boards, table.no()).await;
            }
        }
    }
    // The round's pairings, once every game has its thread.
    let threaded = round
        .boards
        .iter()
        .all(|b| b.thread.is_some() || b.end == Some(BoardEnd::Unplayed));
    if !round.pairings_posted && threaded {
        post_pairings(http, &t, r, lang).await?;
        act(bot, id, tournament::Action::PairingsPosted { round: r }).await?;
    }
    if !t.is_running() && !t.final_posted() {
        post_standings(bot, http, &t, t.rounds().len(), true).await?;
        act(bot, id, tournament::Action::FinalPosted).await?;
    }
    Ok(())
}

async fn act(bot: &Arc<Bot>, id: u64, action: tournament::Action) -> Result<(), String> {
    match bot.service.tournament_act(id, action).await {
        Ok(_) => Ok(()),
        Err(ServiceError::Refused(r)) => Err(format!("refused: {r}")),
        Err(e) => Err(e.to_string()),
    }
}

async fn post_pairings(http: &Http, t: &Tournament, r: usize, lang: Lang) -> Result<(), String> {
    let round = &t.rounds()[r];
    let name = |i: usize| escape_markdown(&t.players()[i].name);
    let mut lines = vec![tr(
        lang,
        "tournament-pairings-title",
        &[("round", &(r + 1)), ("rounds", &t.planned())],
    )];
    for (b, board) in round.boards.iter().enumerate() {
        let place = board
            .thread
            .map(|th| format!("<#{th}>"))
            .unwrap_or_default();
        lines.push(tr(
            lang,
            "tournament-pairing-line",
            &[
                ("board", &(b + 1)),
                ("first", &name(board.first)),
                ("second", &name(board.second)),
                ("thread", &place),
            ],
        ));
    }
    for &bye in &round.byes {
        lines.push(tr(lang, "tournament-bye-line", &[("name", &name(bye))]));
    }
    let view = pairings_picture(t, r, lang);
    let image = tokio::task::spawn_blocking(move || render::tournament_table(&view))
        .await
        .map_err(|e| format!("drawing the pairings: {e}"))?;
    send_with_image(http, t.channel(), lines.join("\n"), image, "pairings.png").await
}

async fn post_standings(
    _bot: &Arc<Bot>,
    http: &Http,
    t: &Tournament,
    after: usize,
    last: bool,
) -> Result<(), String> {
    let lang = t.lang();
    let text = standings_text(t, lang, after, last);
    let view = standings_picture(t, lang, after, last);
    let image = tokio::task::spawn_blocking(move || render::tournament_table(&view))
        .await
        .map_err(|e| format!("drawing the standings: {e}"))?;
    send_with_image(http, t.channel(), text, image, "standings.png").await
}

async fn send_with_image(
    http: &Http,
    channel: u64,
    text: String,
    image: render::Image,
    file: &str,
) -> Result<(), String> {
    let attachment = CreateAttachment::bytes(image.png, file).description(image.alt);
    let message = CreateMessage::new()
        .content(clip(text))
        .add_file(attachment)
        .allowed_mentions(CreateAllowedMentions::new());
    ChannelId::new(channel)
        .send_message(http, message)
        .await
        .map(drop)
        .map_err(|e| format!("{file} not posted: {e}"))
}

/// A message's text stays under Discord's 2,000 characters.
fn clip(text: String) -> String {
    const MAX: usize = 1990;
    if text.chars().count() <= MAX {
        return text;
    }
    let mut cut: String = text.chars().take(MAX - 1).collect();
    if let Some(end) = cut.rfind('\n') {
        cut.truncate(end);
    }
    cut.push_str("\n…");
    cut
}

// ---------------------------------------------------------------- words

fn signup_buttons(t: &Tournament, lang: Lang) -> Vec<CreateActionRow> {
    if t.stage() != Stage::SignUp {
        return Vec::new();
    }
    let button = |what: &str, key: &str, style| {
        CreateButton::new(format!("{PREFIX}:{}:{what}", t.id()))
            .label(tr(lang, key, &[]))
            .style(style)
    };
    vec![CreateActionRow::Buttons(vec![
        button("join", "button-join", ButtonStyle::Primary),
        button("leave", "button-leave", ButtonStyle::Secondary),
        button("start", "button-start", ButtonStyle::Success),
    ])]
}
