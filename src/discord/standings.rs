//! `/rating`, `/leaderboard` and `/stats`: ratings and results in this
//! server, as text and (leaderboard, stats) as an image drawn like the
//! boards, with the same words in the message for screen readers.

use super::ack::Noted;
use super::answer::{tell, Asked, BadInput, InteractionError};
use crate::game::GameKind;
use crate::i18n::{escape_markdown, tr, GameName, Lang};
use crate::rating::{leaderboard_text, rating_text};
use crate::render::{self, Image, LeaderboardView, Results, StandingLine, StatsGame, StatsView};
use crate::store::{LeaderLine, Tally};
use crate::table::{Refusal, UserId};
use serenity::all::{
    CommandInteraction, Context, CreateAllowedMentions, CreateAttachment,
    CreateInteractionResponse, CreateInteractionResponseMessage, ResolvedValue,
};

/// The games that have ratings (the ones `ranked:true` is offered on).
pub const RANKED_GAMES: [&str; 2] = ["connect4", "connect4-3p"];

/// The `user` option (default: the asker) with the name this server
/// shows, and the `game` option.
fn who_and_game(
    command: &CommandInteraction,
) -> Result<(UserId, String, Option<String>), InteractionError> {
    let mut who = (
        command.user.id.get(),
        super::answer::member_name(&command.user, command.member.as_deref()),
    );
    let mut game = None;
    for option in command.data.options() {
        match (option.name, option.value) {
            ("user", ResolvedValue::User(user, member)) => {
                let name = super::answer::shown_name(user, member.and_then(|m| m.nick.as_deref()));
                who = (user.id.get(), name);
            }
            ("game", ResolvedValue::String(name)) => {
                if super::commands::game_kind(name).is_none() {
                    return Err(BadInput::UnexpectedOption(name.to_string()).into());
                }
                game = Some(name.to_owned());
            }
            (name, _) => return Err(BadInput::UnexpectedOption(name.to_string()).into()),
        }
    }
    Ok((who.0, who.1, game))
}

pub(super) fn guild_of(command: &CommandInteraction) -> Result<u64, InteractionError> {
    command
        .guild_id
        .map(|g| g.get())
        .ok_or_else(|| Refusal::NotInGuild.into())
}

/// What a standings command asks about: this server, the asker's language,
/// the person (the `user` option, default the asker) and the `game` option.
type About = (u64, Lang, UserId, String, Option<String>);

fn about(command: &CommandInteraction) -> Result<About, InteractionError> {
    let guild = guild_of(command)?;
    let (user, name, game) = who_and_game(command)?;
    Ok((guild, Lang::from_locale(&command.locale), user, name, game))
}

/// `/rating [user] [game]`: one game, or every rated game of the person.
pub(super) async fn rating(asked: Asked<'_>) -> Result<(), InteractionError> {
    let (bot, ctx, command) = asked.parts();
    let (guild, lang, user, name, game) = about(command)?;
    let games: Vec<&str> = match &game {
        Some(g) => vec![g.as_str()],
        None => RANKED_GAMES.to_vec(),
    };
    let rows = bot.service.ratings(guild, user, &games).await?;
    let text = if rows.is_empty() {
        tr(
            lang,
            "rating-none",
            &[
                ("name", &escape_markdown(&name)),
                ("game", &GameName(games[0])),
            ],
        )
    } else {
        rows.iter()
            .map(|row| rating_text(lang, &name, &row.game, &row.rating, row.rank, row.rated))
            .collect::<Vec<_>>()
            .join("\n\n")
    };
    tell(ctx, command, text).await;
    Ok(())
}

fn results(tally: &Tally) -> Results {
    Results {
        wins: tally.wins,
        draws: tally.draws,
        losses: tally.losses,
    }
}

fn standing(line: &LeaderLine) -> StandingLine {
    StandingLine {
        rank: line.rank,
        user: line.user,
        name: line.name.clone(),
        rating: line.rating.display(),
        provisional: line.rating.is_provisional(),
        change: line.rating.display_change(),
        results: Results {
            wins: line.rating.wins,
            draws: line.rating.draws,
            losses: line.rating.losses,
        },
    }
}

/// Answers publicly with `text` and the image (drawn off the runtime).
async fn answer_with_image(
    ctx: &Context,
    command: &CommandInteraction,
    text: String,
    draw: impl FnOnce() -> Image + Send + 'static,
    file: &str,
) -> Result<(), InteractionError> {
    let image = tokio::task::spawn_blocking(draw)
        .await
        .map_err(|e| InteractionError::Internal(format!("drawing {file}: {e}")))?;
    let attachment = CreateAttachment::bytes(image.png, file).description(image.alt);
    let message = CreateInteractionResponseMessage::new()
        .content(text)
        .add_file(attachment)
        .allowed_mentions(CreateAllowedMentions::new());
    command
        .create_response(&ctx.http, CreateInteractionResponse::Message(message))
        .await
        .noted()?;
    Ok(())
}

/// `/leaderboard [game]`: the top 10 and the asker's own line.
pub(super) async fn leaderboard(asked: Asked<'_>) -> Result<(), InteractionError> {
    let (bot, ctx, command) = asked.parts();
    let (guild, lang, _, _, game) = about(command)?;
    let game = game.unwrap_or_else(|| GameKind::Connect4.command().to_owned());
    let asker = command.user.id.get();
    let board = bot
        .service
        .leaderboard(guild, &game, 10, Some(asker))
        .await?;
    if board.lines.is_empty() {
        tell(
            ctx,
            command,
            tr(lang, "leaderboard-empty", &[("game", &GameName(&game))]),
        )
        .await;
        return Ok(());
    }
    let lines: Vec<(u32, &str, &crate::rating::Rating)> = board
        .lines
        .iter()
        .map(|l| (l.rank, l.name.as_str(), &l.rating))
        .collect();
    let own = board
        .own
        .as_ref()
        .map(|l| (l.rank, l.name.as_str(), &l.rating));
    let text = leaderboard_text(lang, &game, &lines, own);
    let view = LeaderboardView {
        game: game.clone(),
        lines: board.lines.iter().map(standing).collect(),
        own: board.own.as_ref().map(standing),
        asker: Some(asker),
    };
    answer_with_image(
        ctx,
        command,
        text,
        move || render::leaderboard(&view, lang),
        "leaderboard.png",
    )
    .await
}

/// `/stats [user]`: results by game, against people and the CPU by level,
/// longest win streak.
pub(super) async fn stats(asked: Asked<'_>) -> Result<(), InteractionError> {
    let (bot, ctx, command) = asked.parts();
    let (guild, lang, user, name, _) = about(command)?;
    let stats = bot.service.stats(guild, user).await?;
    if stats.total.games() == 0 {
        let name = escape_markdown(&name);
        tell(ctx, command, tr(lang, "stats-none", &[("name", &name)])).await;
        return Ok(());
    }
    let view = StatsView {
        name: stats.name.clone().unwrap_or(name),
        games: stats
            .games
            .iter()
            .map(|g| StatsGame {
                game: g.game.clone(),
                total: results(&g.total),
                vs_people: results(&g.vs_people),
                vs_cpu: g
                    .vs_cpu
                    .iter()
                    .map(|(level, tally)| (level.name().to_owned(), results(tally)))
                    .collect(),
                longest_streak: g.longest_streak,
            })
            .collect(),
        total: results(&stats.total),
        longest_streak: stats.longest_streak,
    };
    // The image's alt text says it all: it is the message too, with the
    // name made inert for markdown.
    let image = {
        let view = view.clone();
        tokio::task::spawn_blocking(move || render::stats(&view, lang))
            .await
            .map_err(|e| InteractionError::Internal(format!("drawing stats: {e}")))?
    };
    let mut text = render::stats_alt(&view, lang, &escape_markdown(&view.name));
    if !stats.recent.is_empty() {
        let numbers: Vec<String> = stats.recent.iter().map(|id| format!("#{id}")).collect();
        text.push('\n');
        text.push_str(&tr(
            lang,
            "stats-recent",
            &[("matches", &numbers.join(", "))],
        ));
    }
    answer_with_image(ctx, command, text, move || image, "stats.png").await
}
