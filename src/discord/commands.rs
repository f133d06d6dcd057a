//! Slash command definitions and the reading of their options.

use super::Failure;
use crate::cpu::Level;
use crate::game::{AnyGame, GameKind, Seat};
use crate::table::{Refusal, UserId};
use serenity::all::{
    Command, CommandInteraction, CommandOptionType, Context, CreateCommand, CreateCommandOption,
    GuildId, ResolvedValue,
};

/// The game a command name opens.
pub fn game_kind(command: &str) -> Option<GameKind> {
    Some(match command {
        "connect4" => GameKind::Connect4,
        "connect4-3p" => GameKind::Connect4ThreePlayer,
        "connect4-3d" => GameKind::Connect4ThreeD,
        "dots" => GameKind::DOTS_DEFAULT,
        _ => return None,
    })
}

fn level_option() -> CreateCommandOption {
    Level::ALL.iter().fold(
        CreateCommandOption::new(
            CommandOptionType::String,
            "level",
            "How strong the CPU plays (default: medium)",
        ),
        |o, l| o.add_string_choice(l.name(), l.name()),
    )
}

fn user_option(name: &str, description: &str) -> CreateCommandOption {
    CreateCommandOption::new(CommandOptionType::User, name, description)
}

fn game_command(kind: GameKind) -> CreateCommand {
    let command = CreateCommand::new(kind.command()).dm_permission(false);
    match kind {
        GameKind::Connect4 => command
            .description("Play Connect Four: challenge someone, or play me")
            .add_option(user_option(
                "opponent",
                "Who to challenge (leave out to play the CPU; yourself: play both sides)",
            ))
            .add_option(level_option()),
        GameKind::Connect4ThreePlayer => command
            .description("Play Connect Four for three on a 9×9 board")
            .add_option(user_option(
                "player2",
                "A second player (empty seats go to the CPU)",
            ))
            .add_option(user_option(
                "player3",
                "A third player (empty seats go to the CPU)",
            ))
            .add_option(level_option()),
        GameKind::Connect4ThreeD => command
            .description("Play Connect Four 3D on a 4×4×4 cube")
            .add_option(user_option(
                "opponent",
                "Who to challenge (leave out to play the CPU; yourself: play both sides)",
            ))
            .add_option(level_option())
            .add_option(
                CreateCommandOption::new(
                    CommandOptionType::String,
                    "color",
                    "Your colour against the CPU (default: drawn)",
                )
                .add_string_choice("red (moves first)", "red")
                .add_string_choice("yellow", "yellow"),
            ),
        GameKind::Dots { .. } => command
            .description("Play Dots and Boxes")
            .add_option(user_option(
                "opponent",
                "Who to challenge (leave out to play the CPU; yourself: play both sides)",
            ))
            .add_option(GameKind::DOTS_SIZES.iter().fold(
                CreateCommandOption::new(
                    CommandOptionType::String,
                    "size",
                    "Boxes wide × high (default: 5x4)",
                ),
                |o, (name, _, _)| o.add_string_choice(*name, *name),
            ))
            .add_option(level_option()),
    }
}

/// Every command, for the games this build can play.
pub fn definitions() -> Vec<CreateCommand> {
    let mut commands: Vec<CreateCommand> = ["connect4", "connect4-3p", "connect4-3d", "dots"]
        .into_iter()
        .filter_map(game_kind)
        .filter(|&kind| AnyGame::new(kind).is_some())
        .map(game_command)
        .collect();
    commands.push(
        CreateCommand::new("move")
            .description("Play a move in this channel's game")
            .dm_permission(false)
            .add_option(
                CreateCommandOption::new(
                    CommandOptionType::String,
                    "at",
                    "The move: a column, rod or line name",
                )
                .required(true)
                .set_autocomplete(true)
                .max_length(16),
            ),
    );
    commands
}

/// Registers the commands: in one guild (instant) or globally.
pub async fn register(ctx: &Context, guild: Option<u64>) -> Result<(), serenity::Error> {
    let commands = definitions();
    match guild {
        Some(id) => {
            GuildId::new(id).set_commands(&ctx.http, commands).await?;
        }
        None => {
            Command::set_global_commands(&ctx.http, commands).await?;
        }
    }
    Ok(())
}

/// What a game command asked for.
pub struct PlayRequest {
    pub kind: GameKind,
    pub level: Level,
    pub invited: Vec<(UserId, String)>,
    pub self_play: bool,
    pub host_seat: Option<Seat>,
}

/// Reads a game command's options; refuses bad combinations.
pub fn read_play_options(
    command: &CommandInteraction,
    kind: GameKind,
    bot_user: u64,
) -> Result<PlayRequest, Failure> {
    let host = command.user.id.get();
    let mut request = PlayRequest {
        kind,
        level: Level::default(),
        invited: Vec::new(),
        self_play: false,
        host_seat: None,
    };
    for option in command.data.options() {
        match (option.name, option.value) {
            ("opponent" | "player2" | "player3", ResolvedValue::User(user, member)) => {
                let id = user.id.get();
                if id == bot_user {
                    // Naming the bot means playing the CPU.
                    continue;
                }
                if user.bot {
                    return Err(Refusal::BotOpponent.into());
                }
                if id == host {
                    request.self_play = true;
                    continue;
                }
                if request.invited.iter().any(|(i, _)| *i == id) {
                    return Err(Failure::Invalid("Invite each person once.".into()));
                }
                let name = member
                    .and_then(|m| m.nick.clone())
                    .or_else(|| user.global_name.clone())
                    .unwrap_or_else(|| user.name.clone());
                request.invited.push((id, name));
            }
            ("level", ResolvedValue::String(name)) => {
                request.level = Level::parse(name).ok_or_else(|| {
                    Failure::Invalid(format!("Unknown level “{name}”: use easy, medium or hard."))
                })?;
            }
            ("color", ResolvedValue::String(colour)) => {
                request.host_seat = Some(match colour {
                    "red" => 0,
                    "yellow" => 1,
                    _ => return Err(Failure::Invalid("Pick red or yellow.".into())),
                });
            }
            ("size", ResolvedValue::String(size)) => {
                request.kind = GameKind::parse_dots_size(size).ok_or_else(|| {
                    Failure::Invalid(format!("Unknown size “{size}”: use 5x4, 3x3, 4x4 or 5x5."))
                })?;
            }
            (name, _) => {
                return Err(Failure::Invalid(format!("Unexpected option “{name}”.")));
            }
        }
    }
    if request.self_play && !request.invited.is_empty() {
        return Err(Refusal::InvitedYourself.into());
    }
    if request.self_play && kind.seat_count() > 2 {
        return Err(Failure::Invalid(
            "In a three-player game, leave your own name out: empty seats go to the CPU.".into(),
        ));
    }
    Ok(request)
}
