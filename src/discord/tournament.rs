//! `/tournament …` and the tournament's messages: the sign-up message with
//! `Join` / `Leave` / `Start`, a thread per game, each round's pairings and
//! standings (a picture and text), and the final standings.
//!
//! Decides no rule: the tournament (`tournament/`) and the service do. What
//! is posted is read from the tournament each time it changes, so a step
//! lost to a failed call or a restart is done at the next change (or the
//! retry a failure schedules).

use super::answer::{display_name, member_may, tell, Asked, BadInput, Failure};
use super::standings::guild_of;
use super::Bot;
use crate::game::GameKind;
use crate::i18n::{escape_markdown, game_title, tr, Lang};
use crate::render::{self, Align, Column, TournamentTable};
use crate::service::Failure as ServiceFailure;
use crate::table::{Refusal, TIMER_CHOICES};
use crate::tournament::standings::Row;
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
pub(super) async fn command_tournament(asked: Asked<'_>) -> Result<(), Failure> {
    let (bot, ctx, command) = asked.parts();
    let lang = Lang::from_locale(&command.locale);
    let guild = guild_of(command)?;
    let options = command.data.options();
    let Some(sub) = options.first() else {
        return Err(Failure::Internal("/tournament without a subcommand".into()));
    };
    let ResolvedValue::SubCommand(args) = &sub.value else {
        return Err(Failure::Internal("/tournament without a subcommand".into()));
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
        other => return Err(Failure::Internal(format!("/tournament {other}"))),
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
) -> Result<(), Failure> {
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
fn read_settings(args: &[ResolvedOption<'_>]) -> Result<Settings, Failure> {
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
) -> Result<(), Failure> {
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
    result.map_err(Failure::from)?;
    component
        .create_response(&ctx.http, super::answer::private(tr(lang, done, &[])))
        .await
        .map_err(Failure::from)?;
    Ok(())
}

/// `/tournament standings`: privately, as text and a picture.
async fn answer_standings(
    ctx: &Context,
    command: &CommandInteraction,
    t: &Tournament,
    lang: Lang,
) -> Result<(), Failure> {
    if t.rounds().is_empty() {
        tell(ctx, command, signup_text(t, lang)).await;
        return Ok(());
    }
    let text = standings_text(t, lang, t.rounds().len(), !t.is_running());
    let view = standings_picture(t, lang, t.rounds().len(), !t.is_running());
    let image = tokio::task::spawn_blocking(move || render::tournament_table(&view))
        .await
        .map_err(|e| Failure::Internal(format!("drawing standings: {e}")))?;
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
    let text = signup_text(&t, lang);
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
        Err(ServiceFailure::Refused(r)) => Err(format!("refused: {r}")),
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

fn format_name(format: Format, lang: Lang) -> String {
    tr(lang, &format!("tournament-format-{}", format.name()), &[])
}

fn title(t: &Tournament, lang: Lang) -> String {
    tr(
        lang,
        "tournament-title",
        &[
            ("game", &game_title(t.settings().kind, lang)),
            ("format", &format_name(t.settings().format, lang)),
        ],
    )
}

/// The sign-up message: what is played, how, who is in, and what happens.
fn signup_text(t: &Tournament, lang: Lang) -> String {
    let s = t.settings();
    let mut lines = vec![format!("**{}**", title(t, lang))];
    let rounds = match (s.format, t.stage()) {
        (_, Stage::Playing | Stage::Finished { .. }) => t.planned().to_string(),
        (Format::Swiss, _) => s.rounds.map_or_else(
            || tr(lang, "tournament-rounds-auto", &[]),
            |r| r.to_string(),
        ),
        (Format::RoundRobin, _) => tr(lang, "tournament-rounds-everyone", &[]),
    };
    let ranked = if s.ranked {
        tr(lang, "tournament-ranked", &[])
    } else {
        String::new()
    };
    lines.push(tr(
        lang,
        "tournament-terms",
        &[
            ("host", &format!("<@{}>", t.host())),
            ("rounds", &rounds),
            ("seconds", &s.timer),
            ("ranked", &ranked),
        ],
    ));
    let (fewest, most) = s.format.players();
    let names: Vec<String> = t
        .players()
        .iter()
        .map(|p| {
            if p.withdrawn.is_some() {
                format!("~~{}~~", escape_markdown(&p.name))
            } else {
                escape_markdown(&p.name)
            }
        })
        .collect();
    lines.push(tr(
        lang,
        "tournament-players",
        &[
            ("n", &t.players().len()),
            ("most", &most),
            ("names", &names.join(", ")),
        ],
    ));
    lines.push(match t.stage() {
        Stage::SignUp => tr(lang, "tournament-signup-open", &[("fewest", &fewest)]),
        Stage::Playing => tr(
            lang,
            "tournament-playing",
            &[("round", &t.rounds().len()), ("rounds", &t.planned())],
        ),
        Stage::Finished { early: Some(by) } => tr(
            lang,
            "tournament-ended-early",
            &[("by", &format!("<@{by}>"))],
        ),
        Stage::Finished { early: None } => tr(lang, "tournament-over", &[]),
    });
    clip(lines.join("\n"))
}

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

/// A thread's name: the round and the pairing (Discord's limit is 100).
fn thread_name(t: &Tournament, r: usize, first: usize, second: usize, lang: Lang) -> String {
    let short = |i: usize| t.players()[i].name.chars().take(30).collect::<String>();
    let name = tr(
        lang,
        "tournament-thread",
        &[
            ("round", &(r + 1)),
            ("first", &short(first)),
            ("second", &short(second)),
        ],
    );
    name.chars().take(100).collect()
}

/// Points in half-points as people write them: 2½, 3, ½.
fn points(halves: u32) -> String {
    match (halves / 2, halves % 2) {
        (0, 1) => "½".into(),
        (n, 1) => format!("{n}½"),
        (n, _) => n.to_string(),
    }
}

/// A tie-break as shown: Buchholz in half-points, Sonneborn–Berger in
/// quarter-points.
fn tie_break(t: &Tournament, row: &Row) -> String {
    match t.settings().format {
        Format::Swiss => points(row.tie_break),
        Format::RoundRobin => {
            let q = row.tie_break;
            let frac = match q % 4 {
                1 => "¼",
                2 => "½",
                3 => "¾",
                _ => "",
            };
            match (q / 4, frac) {
                (0, "") => "0".into(),
                (0, f) => f.into(),
                (n, f) => format!("{n}{f}"),
            }
        }
    }
}

fn tie_break_name(t: &Tournament, lang: Lang) -> String {
    let key = match t.settings().format {
        Format::Swiss => "tournament-buchholz",
        Format::RoundRobin => "tournament-sonneborn-berger",
    };
    tr(lang, key, &[])
}

/// "Standings after round N of M", or the final standings' title.
fn standings_title(t: &Tournament, lang: Lang, after: usize, last: bool) -> String {
    if last {
        tr(
            lang,
            "tournament-final-title",
            &[("title", &title(t, lang))],
        )
    } else {
        tr(
            lang,
            "tournament-standings-title",
            &[("round", &after), ("rounds", &t.planned())],
        )
    }
}

/// The standings after `after` rounds, as text (`last`: the final ones,
/// with the winner).
fn standings_text(t: &Tournament, lang: Lang, after: usize, last: bool) -> String {
    let rows = t.standings();
    let mut lines = vec![standings_title(t, lang, after, last)];
    for row in &rows {
        let p = &t.players()[row.player];
        let withdrawn = if p.withdrawn.is_some() {
            tr(lang, "tournament-withdrawn", &[])
        } else {
            String::new()
        };
        lines.push(tr(
            lang,
            "tournament-standing-line",
            &[
                ("rank", &row.rank),
                ("name", &escape_markdown(&p.name)),
                ("points", &points(row.points)),
                ("tiebreak-name", &tie_break_name(t, lang)),
                ("tiebreak", &tie_break(t, row)),
                ("games", &row.games),
                ("withdrawn", &withdrawn),
            ],
        ));
    }
    if last {
        let winners: Vec<String> = rows
            .iter()
            .filter(|r| r.rank == 1)
            .map(|r| format!("<@{}>", t.players()[r.player].id))
            .collect();
        if !winners.is_empty() && t.rounds().iter().any(|r| !r.boards.is_empty()) {
            lines.push(tr(
                lang,
                "tournament-winner",
                &[("n", &winners.len()), ("names", &winners.join(", "))],
            ));
        }
    }
    lines.join("\n")
}

fn standings_picture(t: &Tournament, lang: Lang, after: usize, last: bool) -> TournamentTable {
    let column = |key: &str, x: f32, align| Column {
        header: tr(lang, key, &[]),
        x,
        align,
    };
    let columns = vec![
        column("tournament-column-rank", 40.0, Align::Center),
        column("tournament-column-player", 72.0, Align::Left),
        column("tournament-column-points", 380.0, Align::Right),
        Column {
            header: tie_break_name(t, lang),
            x: 480.0,
            align: Align::Right,
        },
        column("tournament-column-games", 570.0, Align::Right),
    ];
    let rows = t.standings();
    let muted = rows
        .iter()
        .enumerate()
        .filter(|(_, r)| t.players()[r.player].withdrawn.is_some())
        .map(|(i, _)| i)
        .collect();
    let cells = rows
        .iter()
        .map(|r| {
            vec![
                r.rank.to_string(),
                t.players()[r.player].name.clone(),
                points(r.points),
                tie_break(t, r),
                r.games.to_string(),
            ]
        })
        .collect();
    let alt = standings_text(t, lang, after, last)
        .replace("**", "")
        .replace('\n', " ");
    TournamentTable {
        title: standings_title(t, lang, after, last),
        columns,
        rows: cells,
        ranked: true,
        muted,
        alt,
    }
}

fn pairings_picture(t: &Tournament, r: usize, lang: Lang) -> TournamentTable {
    let round = &t.rounds()[r];
    let column = |key: &str, x: f32, align| Column {
        header: tr(lang, key, &[]),
        x,
        align,
    };
    let columns = vec![
        column("tournament-column-board", 40.0, Align::Center),
        column("tournament-column-first", 80.0, Align::Left),
        column("tournament-column-second", 340.0, Align::Left),
    ];
    let name = |i: usize| t.players()[i].name.clone();
    let mut rows: Vec<Vec<String>> = round
        .boards
        .iter()
        .enumerate()
        .map(|(b, board)| vec![(b + 1).to_string(), name(board.first), name(board.second)])
        .collect();
    for &bye in &round.byes {
        rows.push(vec![
            String::new(),
            name(bye),
            tr(lang, "tournament-bye", &[]),
        ]);
    }
    let alt: Vec<String> = rows
        .iter()
        .map(|r| {
            r.iter()
                .filter(|c| !c.is_empty())
                .cloned()
                .collect::<Vec<_>>()
                .join(" – ")
        })
        .collect();
    let title = tr(
        lang,
        "tournament-pairings-title",
        &[("round", &(r + 1)), ("rounds", &t.planned())],
    );
    TournamentTable {
        alt: format!("{title}: {}", alt.join("; ")),
        title,
        columns,
        rows,
        ranked: false,
        muted: Vec::new(),
    }
}
