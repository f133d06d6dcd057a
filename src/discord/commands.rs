//! Slash command definitions and the reading of their options.

use super::answer::{BadInput, InteractionError};
use crate::cpu::Level;
use crate::game::{AnyGame, GameKind};
use crate::i18n::{localizations, tr, Lang};
use crate::service::{PlayRequest, SettingsChange};
use crate::table::{Refusal, TIMER_CHOICES};
use serenity::all::{
    Command, CommandInteraction, CommandOptionType, Context, CreateCommand, CreateCommandOption,
    GuildId, InstallationContext, InteractionContext, ResolvedValue,
};

/// The commands that need a server that added the bot: its settings,
/// ratings, standings, table list and daily puzzle belong to that server.
/// Every other command works anywhere a person's own install reaches too.
pub const SERVER_ONLY: [&str; 7] = [
    "settings",
    "rating",
    "leaderboard",
    "stats",
    "tables",
    "puzzle",
    "tournament",
];

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

/// An option with its description and name in every language.
fn option(kind: CommandOptionType, name: &str) -> CreateCommandOption {
    option_described(kind, name, &format!("option-{name}"))
}

/// An option whose description has its own key (the same name means
/// different things in different commands).
fn option_described(
    kind: CommandOptionType,
    name: &str,
    description_key: &str,
) -> CreateCommandOption {
    let description_key = description_key.to_owned();
    let mut option = CreateCommandOption::new(kind, name, tr(Lang::En, &description_key, &[]));
    for (locale, text) in localizations(&description_key) {
        option = option.description_localized(locale, text);
    }
    for (locale, text) in localizations(&format!("name-{name}")) {
        option = option.name_localized(locale, text);
    }
    option
}

/// A string choice whose label is translated (its value never is).
fn choice(option: CreateCommandOption, key: &str, value: &str) -> CreateCommandOption {
    let locales: Vec<(&str, String)> = localizations(key);
    option.add_string_choice_localized(
        tr(Lang::En, key, &[]),
        value,
        locales.iter().map(|(l, t)| (*l, t.as_str())),
    )
}

fn level_option() -> CreateCommandOption {
    Level::ALL
        .iter()
        .fold(option(CommandOptionType::String, "level"), |o, l| {
            choice(o, &format!("level-{}", l.name()), l.name())
        })
}

/// A command with its name and description in every language (the
/// English name is fixed; `name.{name}` gives the others), and where it
/// may be used: a server-only command with the server install, in servers;
/// any other with both installs (a server's, a person's own), in servers,
/// in the DM with the bot and in other DMs and group DMs. Discord reads
/// `integration_types` and `contexts` on global commands only.
fn command(name: &str, description_key: &str) -> CreateCommand {
    let mut command = CreateCommand::new(name).description(tr(Lang::En, description_key, &[]));
    command = if SERVER_ONLY.contains(&name) {
        command
            .dm_permission(false)
            .integration_types(vec![InstallationContext::Guild])
            .contexts(vec![InteractionContext::Guild])
    } else {
        command
            .integration_types(vec![InstallationContext::Guild, InstallationContext::User])
            .contexts(vec![
                InteractionContext::Guild,
                InteractionContext::BotDm,
                InteractionContext::PrivateChannel,
            ])
    };
    for (locale, text) in localizations(description_key) {
        command = command.description_localized(locale, text);
    }
    for (locale, text) in localizations(&format!("name-{name}")) {
        command = command.name_localized(locale, text);
    }
    command
}

/// `timer:` on a game command: seconds per move.
fn timer_option() -> CreateCommandOption {
    timer_option_described("option-timer")
}

fn timer_option_described(description_key: &str) -> CreateCommandOption {
    TIMER_CHOICES.iter().fold(
        option_described(CommandOptionType::Integer, "timer", description_key),
        |o, &seconds| {
            let label = format!("{seconds} s");
            let locales = Lang::ALL
                .into_iter()
                .filter(|&l| l != Lang::En)
                .map(|l| (l.discord_locale(), label.clone()));
            o.add_int_choice_localized(label.clone(), i32::try_from(seconds).unwrap_or(60), locales)
        },
    )
}

/// `size:` of Dots and Boxes: a size reads the same in every language.
fn size_option() -> CreateCommandOption {
    GameKind::DOTS_SIZES.iter().fold(
        option(CommandOptionType::String, "size"),
        |o, (name, _, _)| {
            let locales = Lang::ALL
                .into_iter()
                .filter(|&l| l != Lang::En)
                .map(|l| (l.discord_locale(), *name));
            o.add_string_choice_localized(*name, *name, locales)
        },
    )
}

fn game_command(kind: GameKind) -> CreateCommand {
    let name = kind.command();
    let command = command(name, &format!("command-{name}"))
        .add_option(timer_option())
        .add_option(option(CommandOptionType::Boolean, "open"));
    let user = |name| option(CommandOptionType::User, name);
    match kind {
        GameKind::Connect4 => command
            .add_option(user("opponent"))
            .add_option(level_option())
            .add_option(option(CommandOptionType::Boolean, "ranked")),
        GameKind::Connect4ThreePlayer => command
            .add_option(user("player2"))
            .add_option(user("player3"))
            .add_option(level_option())
            .add_option(option(CommandOptionType::Boolean, "ranked")),
        GameKind::Connect4ThreeD => command
            .add_option(user("opponent"))
            .add_option(level_option())
            .add_option(choice(
                choice(
                    option(CommandOptionType::String, "color"),
                    "choice-red-first",
                    "red",
                ),
                "choice-yellow",
                "yellow",
            )),
        GameKind::Dots { .. } => command
            .add_option(user("opponent"))
            .add_option(size_option())
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
        command("move", "command-move").add_option(
            option(CommandOptionType::String, "at")
                .required(true)
                .set_autocomplete(true)
                .max_length(16),
        ),
    );
    commands.push(command("help", "command-help"));
    let games = GameKind::ALL_DEFAULTS
        .iter()
        .fold(option(CommandOptionType::String, "game"), |o, kind| {
            choice(o, &format!("game-{}", kind.command()), kind.command())
        });
    commands.push(command("rules", "command-rules").add_option(games));
    for name in ["end", "pause", "resume", "leave", "resign"] {
        commands.push(command(name, &format!("command-{name}")));
    }
    let game_choice = || {
        GameKind::ALL_DEFAULTS
            .iter()
            .fold(option(CommandOptionType::String, "game"), |o, kind| {
                choice(o, &format!("game-{}", kind.command()), kind.command())
            })
    };
    commands.push(
        command("rating", "command-rating")
            .add_option(option(CommandOptionType::User, "user"))
            .add_option(game_choice()),
    );
    commands.push(command("leaderboard", "command-leaderboard").add_option(game_choice()));
    commands.push(
        command("stats", "command-stats").add_option(option(CommandOptionType::User, "user")),
    );
    commands.push(command("tables", "command-tables"));
    commands.push(
        command("review", "command-review")
            .add_option(option(CommandOptionType::Integer, "match").min_int_value(1)),
    );
    commands.push(
        command("replay", "command-replay")
            .add_option(option(CommandOptionType::Integer, "match").min_int_value(1)),
    );
    let puzzle_games = crate::cpu::puzzle::PUZZLE_GAMES
        .iter()
        .fold(option(CommandOptionType::String, "game"), |o, kind| {
            choice(o, &format!("game-{}", kind.command()), kind.command())
        });
    commands.push(command("puzzle", "command-puzzle").add_option(puzzle_games));
    commands.push(tournament_command());
    let timer = ["off", "30", "60", "90"].into_iter().fold(
        option_described(CommandOptionType::String, "timer", "option-settings-timer"),
        |o, value| choice(o, &format!("choice-timer-{value}"), value),
    );
    commands.push(
        command("settings", "command-settings")
            .add_option(timer)
            .add_option(option(CommandOptionType::Boolean, "rotate"))
            .add_option(level_option())
            .add_option(option_described(
                CommandOptionType::Boolean,
                "ranked",
                "option-settings-ranked",
            ))
            .add_option(option_described(
                CommandOptionType::Boolean,
                "live-links",
                "option-settings-live-links",
            )),
    );
    commands
}

/// `/tournament create|join|leave|start|standings|end` (SPEC section 4).
fn tournament_command() -> CreateCommand {
    let sub = |name: &str| {
        option_described(
            CommandOptionType::SubCommand,
            name,
            &format!("command-tournament-{name}"),
        )
    };
    let games = [
        GameKind::Connect4,
        GameKind::Connect4ThreeD,
        GameKind::DOTS_DEFAULT,
    ]
    .iter()
    .fold(
        option_described(CommandOptionType::String, "game", "option-tournament-game")
            .required(true),
        |o, kind| choice(o, &format!("game-{}", kind.command()), kind.command()),
    );
    let format = ["swiss", "round-robin"].into_iter().fold(
        option(CommandOptionType::String, "format").required(true),
        |o, name| choice(o, &format!("tournament-format-{name}"), name),
    );
    let create = sub("create")
        .add_sub_option(games)
        .add_sub_option(format)
        .add_sub_option(
            option(CommandOptionType::Integer, "rounds")
                .min_int_value(1)
                .max_int_value(crate::tournament::MAX_SWISS_ROUNDS as u64),
        )
        .add_sub_option(timer_option_described("option-tournament-timer"))
        .add_sub_option(size_option())
        .add_sub_option(option_described(
            CommandOptionType::Boolean,
            "ranked",
            "option-tournament-ranked",
        ));
    let leave = sub("leave").add_sub_option(option(CommandOptionType::User, "player"));
    command("tournament", "command-tournament")
        .add_option(create)
        .add_option(sub("join"))
        .add_option(leave)
        .add_option(sub("start"))
        .add_option(sub("standings"))
        .add_option(sub("end"))
}

/// Reads `/settings` options.
pub fn read_settings_options(
    command: &CommandInteraction,
) -> Result<SettingsChange, InteractionError> {
    let mut request = SettingsChange::default();
    for option in command.data.options() {
        match (option.name, option.value) {
            ("timer", ResolvedValue::String("off")) => request.timer = Some(None),
            ("timer", ResolvedValue::String(value)) => {
                let seconds = value
                    .parse::<u32>()
                    .ok()
                    .filter(|s| TIMER_CHOICES.contains(s))
                    .ok_or_else(|| {
                        InteractionError::from(BadInput::UnknownTimer(value.to_string()))
                    })?;
                request.timer = Some(Some(seconds));
            }
            ("rotate", ResolvedValue::Boolean(on)) => request.rotate = Some(on),
            ("ranked", ResolvedValue::Boolean(on)) => request.ranked = Some(on),
            ("live-links", ResolvedValue::Boolean(on)) => request.live_links = Some(on),
            ("level", ResolvedValue::String(name)) => {
                request.level = Some(Level::parse(name).ok_or_else(|| {
                    InteractionError::from(BadInput::UnknownLevel(name.to_string()))
                })?);
            }
            (name, _) => return Err(BadInput::UnexpectedOption(name.to_string()).into()),
        }
    }
    Ok(request)
}

/// Registers the commands: in one guild (instant) or globally. With the
/// Activity on, the global list also holds its Entry Point command.
pub async fn register(
    ctx: &Context,
    guild: Option<u64>,
    activity: bool,
) -> Result<(), serenity::Error> {
    let commands = wanted(guild, activity);
    match guild {
        Some(id) => {
            ctx.http
                .create_guild_commands(GuildId::new(id), &commands)
                .await?;
        }
        None => {
            ctx.http.create_global_commands(&commands).await?;
        }
    }
    Ok(())
}

/// The command list to register, as Discord's JSON.
fn wanted(guild: Option<u64>, activity: bool) -> Vec<serde_json::Value> {
    let mut commands: Vec<serde_json::Value> = definitions()
        .iter()
        .map(|c| serde_json::to_value(c).unwrap_or_default())
        .collect();
    // Entry Point commands are global only.
    if activity && guild.is_none() {
        commands.push(entry_point());
    }
    commands
}

/// `/launch`, the app's Entry Point command (type 4, PRIMARY_ENTRY_POINT):
/// Discord opens the Activity itself (handler 2, DISCORD_LAUNCH_ACTIVITY).
/// Discord names the command it makes for an app `launch`; a bulk update
/// must keep it.
pub fn entry_point() -> serde_json::Value {
    let key = "command-launch";
    let localized: serde_json::Map<String, serde_json::Value> = localizations(key)
        .into_iter()
        .map(|(locale, text)| (locale.to_owned(), text.into()))
        .collect();
    serde_json::json!({
        "type": 4,
        "name": "launch",
        "description": tr(Lang::En, key, &[]),
        "description_localizations": localized,
        "handler": 2,
        "integration_types": [0, 1],
        "contexts": [0, 1, 2],
    })
}

/// Registers the commands when Discord's differ from this build's.
pub async fn register_if_changed(
    ctx: &Context,
    guild: Option<u64>,
    activity: bool,
) -> Result<bool, serenity::Error> {
    let existing = match guild {
        Some(id) => GuildId::new(id).get_commands(&ctx.http).await?,
        None => Command::get_global_commands(&ctx.http).await?,
    };
    let wanted = serde_json::Value::Array(wanted(guild, activity));
    let existing = serde_json::to_value(existing).unwrap_or_default();
    if canonical_commands(&wanted) == canonical_commands(&existing) {
        return Ok(false);
    }
    register(ctx, guild, activity).await?;
    Ok(true)
}

/// The parts of a command list that this build sets, in one comparable
/// form: sorted by name, with absent, null, empty and `false` the same.
fn canonical_commands(commands: &serde_json::Value) -> serde_json::Value {
    use serde_json::{Map, Value};
    const COMMAND: [&str; 7] = [
        "name",
        "description",
        "name_localizations",
        "description_localizations",
        "options",
        "integration_types",
        "contexts",
    ];
    const OPTION: [&str; 13] = [
        "type",
        "name",
        "description",
        "name_localizations",
        "description_localizations",
        "required",
        "autocomplete",
        "choices",
        "min_value",
        "max_value",
        "min_length",
        "max_length",
        "options",
    ];
    const CHOICE: [&str; 3] = ["name", "value", "name_localizations"];
    fn empty(v: &Value) -> bool {
        match v {
            Value::Null | Value::Bool(false) => true,
            Value::Array(a) => a.is_empty(),
            Value::Object(o) => o.is_empty(),
            _ => false,
        }
    }
    fn keep(item: &Value, fields: &[&str], depth: usize) -> Value {
        let mut out = Map::new();
        for &field in fields {
            let Some(v) = item.get(field) else { continue };
            let v = match (field, v) {
                ("options", Value::Array(options)) if depth < 3 => Value::Array(
                    options
                        .iter()
                        .map(|o| keep(o, &OPTION, depth + 1))
                        .collect(),
                ),
                ("choices", Value::Array(choices)) => Value::Array(
                    choices
                        .iter()
                        .map(|c| keep(c, &CHOICE, depth + 1))
                        .collect(),
                ),
                // Discord sends numbers the way they were given (1 or 1.0).
                (_, Value::Number(n)) => n
                    .as_f64()
                    .and_then(serde_json::Number::from_f64)
                    .map_or(Value::Null, Value::Number),
                (_, v) => v.clone(),
            };
            if !empty(&v) {
                out.insert(field.to_owned(), v);
            }
        }
        Value::Object(out)
    }
    let mut list: Vec<Value> = commands
        .as_array()
        .map(|a| a.iter().map(|c| keep(c, &COMMAND, 0)).collect())
        .unwrap_or_default();
    list.sort_by(|a, b| a["name"].as_str().cmp(&b["name"].as_str()));
    Value::Array(list)
}

/// Reads a game command's options; refuses bad combinations.
pub fn read_play_options(
    command: &CommandInteraction,
    kind: GameKind,
    bot_user: u64,
) -> Result<PlayRequest, InteractionError> {
    let host = command.user.id.get();
    let mut request = PlayRequest::new(kind);
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
                    return Err(BadInput::InviteOnce.into());
                }
                let name = super::answer::shown_name(user, member.and_then(|m| m.nick.as_deref()));
                request.invited.push((id, name));
            }
            ("level", ResolvedValue::String(name)) => {
                request.level = Some(Level::parse(name).ok_or_else(|| {
                    InteractionError::from(BadInput::UnknownLevel(name.to_string()))
                })?);
            }
            ("timer", ResolvedValue::Integer(seconds)) => {
                let seconds = u32::try_from(seconds)
                    .ok()
                    .filter(|s| TIMER_CHOICES.contains(s))
                    .ok_or_else(|| {
                        InteractionError::from(BadInput::UnknownTimer(seconds.to_string()))
                    })?;
                request.timer = Some(seconds);
            }
            ("ranked", ResolvedValue::Boolean(ranked)) => {
                request.ranked = ranked;
            }
            ("open", ResolvedValue::Boolean(open)) => {
                request.open = open;
            }
            ("color", ResolvedValue::String(colour)) => {
                request.host_seat = Some(match colour {
                    "red" => 0,
                    "yellow" => 1,
                    _ => return Err(BadInput::PickColour.into()),
                });
            }
            ("size", ResolvedValue::String(size)) => {
                request.kind = GameKind::parse_dots_size(size).ok_or_else(|| {
                    InteractionError::from(BadInput::UnknownSize(size.to_string()))
                })?;
            }
            (name, _) => {
                return Err(BadInput::UnexpectedOption(name.to_string()).into());
            }
        }
    }
    Ok(request)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    /// Discord's rule for command and option names: 1 to 32 letters,
    /// digits, `-` or `_`, in lower case.
    fn valid_name(name: &str) -> bool {
        let count = name.chars().count();
        (1..=32).contains(&count)
            && name
                .chars()
                .all(|c| c == '-' || c == '_' || c.is_alphanumeric())
            && !name.chars().any(char::is_uppercase)
    }

    fn localized<'a>(item: &'a Value, field: &str, locale: &str) -> &'a str {
        item[field][locale]
            .as_str()
            .unwrap_or_else(|| panic!("{} has no {field} for {locale}: {item}", item["name"]))
    }

    #[test]
    fn the_command_comparison_sees_every_change_and_ignores_discords_extras() {
        let wanted = serde_json::to_value(definitions()).unwrap();
        let mut echoed = wanted.clone();
        // Discord adds ids and versions, and may send fields we leave out.
        for command in echoed.as_array_mut().unwrap() {
            command["id"] = "1".into();
            command["version"] = "2".into();
            command["nsfw"] = false.into();
        }
        echoed.as_array_mut().unwrap().reverse();
        assert_eq!(canonical_commands(&wanted), canonical_commands(&echoed));
        let mut changed = echoed.clone();
        changed[0]["description"] = "something else".into();
        assert_ne!(canonical_commands(&wanted), canonical_commands(&changed));
        let mut fewer = echoed;
        fewer.as_array_mut().unwrap().pop();
        assert_ne!(canonical_commands(&wanted), canonical_commands(&fewer));
    }

    #[test]
    fn game_and_table_commands_work_anywhere_and_server_commands_in_servers() {
        let commands = serde_json::to_value(definitions()).unwrap();
        for command in commands.as_array().unwrap() {
            let name = command["name"].as_str().unwrap();
            if SERVER_ONLY.contains(&name) {
                assert_eq!(
                    command["integration_types"],
                    serde_json::json!([0]),
                    "/{name}"
                );
                assert_eq!(command["contexts"], serde_json::json!([0]), "/{name}");
                assert_eq!(command["dm_permission"], false, "/{name}");
            } else {
                assert_eq!(
                    command["integration_types"],
                    serde_json::json!([0, 1]),
                    "/{name}"
                );
                assert_eq!(command["contexts"], serde_json::json!([0, 1, 2]), "/{name}");
                assert!(
                    command["dm_permission"].is_null(),
                    "/{name}: contexts say it"
                );
            }
        }
        // A change of where a command works is a change to register.
        let wanted = commands.clone();
        let mut narrowed = commands;
        narrowed[0]["contexts"] = serde_json::json!([0]);
        assert_ne!(canonical_commands(&wanted), canonical_commands(&narrowed));
    }

    #[test]
    fn names_follow_discords_rule() {
        assert!(valid_name("quatre-en-ligne-3d") && valid_name("règles"));
        assert!(!valid_name("Connect4") && !valid_name("two words"));
        assert!(!valid_name("") && !valid_name(&"x".repeat(33)));
    }

    #[test]
    fn every_command_option_and_choice_is_localized_by_name() {
        let commands = serde_json::to_value(definitions()).unwrap();
        let commands = commands.as_array().unwrap();
        let names: Vec<&str> = commands
            .iter()
            .map(|c| c["name"].as_str().unwrap())
            .collect();
        assert_eq!(
            names,
            [
                "connect4",
                "connect4-3p",
                "connect4-3d",
                "dots",
                "move",
                "help",
                "rules",
                "end",
                "pause",
                "resume",
                "leave",
                "resign",
                "rating",
                "leaderboard",
                "stats",
                "tables",
                "review",
                "replay",
                "puzzle",
                "tournament",
                "settings"
            ],
            "the English names are fixed"
        );
        let mut choices = 0;
        let locales = Lang::ALL
            .into_iter()
            .filter(|&l| l != Lang::En)
            .map(Lang::discord_locale);
        for locale in locales {
            let mut seen = std::collections::BTreeSet::new();
            for command in commands {
                let name = localized(command, "name_localizations", locale);
                assert!(valid_name(name), "{locale} command name {name:?}");
                assert!(seen.insert(name), "{locale}: two commands named {name:?}");
                localized(command, "description_localizations", locale);
                let options = command["options"].as_array().cloned().unwrap_or_default();
                let mut option_names = std::collections::BTreeSet::new();
                for option in &options {
                    let name = localized(option, "name_localizations", locale);
                    assert!(valid_name(name), "{locale} option name {name:?}");
                    assert!(option_names.insert(name), "{locale}: two options {name:?}");
                    let description = localized(option, "description_localizations", locale);
                    assert!((1..=100).contains(&description.chars().count()));
                    for choice in option["choices"].as_array().into_iter().flatten() {
                        // A choice's name is a label: up to 100 characters,
                        // spaces allowed.
                        let label = localized(choice, "name_localizations", locale);
                        assert!((1..=100).contains(&label.chars().count()), "{label:?}");
                        choices += 1;
                    }
                }
            }
        }
        assert!(choices > 10, "{choices} choices seen");
        let connect4 = &commands[0];
        assert_eq!(connect4["name_localizations"]["pt-BR"], "quatro-em-linha");
        assert_eq!(connect4["name_localizations"]["fr"], "quatre-en-ligne");
        assert_eq!(connect4["name_localizations"]["es-ES"], "conecta-4");
        assert_eq!(connect4["name_localizations"]["es-419"], "conecta-4");
        assert_eq!(connect4["name_localizations"]["de"], "vier-gewinnt");
        let dots = &commands[3];
        assert_eq!(dots["name_localizations"]["es-ES"], "puntos-y-cajas");
        assert_eq!(dots["name_localizations"]["es-419"], "timbiriche");
        assert_eq!(dots["name_localizations"]["de"], "käsekästchen");
    }

    #[test]
    fn the_invite_asks_for_the_permissions_the_bot_uses() {
        use serenity::all::Permissions;
        let needed = Permissions::VIEW_CHANNEL
            | Permissions::SEND_MESSAGES
            | Permissions::CREATE_PUBLIC_THREADS
            | Permissions::SEND_MESSAGES_IN_THREADS
            | Permissions::EMBED_LINKS
            | Permissions::ATTACH_FILES
            | Permissions::READ_MESSAGE_HISTORY;
        assert_eq!(crate::cli::INVITE_PERMISSIONS, needed.bits());
    }
}
