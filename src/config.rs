//! Everything read from the environment (and `.env`), validated once at start.

use std::fmt;

/// The bot token. Its `Debug` and `Display` never show the value, so it
/// cannot leak into a log line by accident.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    pub fn new(value: impl Into<String>) -> Token {
        Token(value.into())
    }
    /// The secret itself, for the one place that sends it to Discord.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(<hidden>)")
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<hidden>")
    }
}

/// The bot's settings.
#[derive(Debug, Clone)]
pub struct Config {
    /// `DISCORD_TOKEN`: the bot user's token.
    pub token: Token,
    /// `DISCORD_API_BASE`: replaces `https://discord.com` for every REST call
    /// and for gateway discovery; serenity's rate limiter is off when set.
    pub api_base: Option<String>,
    /// `DISCORD_GUILD_ID`: register commands in this guild only.
    pub guild_id: Option<u64>,
    /// `DATABASE_URL`: where tables and results are kept.
    pub database_url: String,
    /// The longest any one REST call to Discord may take.
    pub rest_timeout: std::time::Duration,
    /// How long the answer to a move waits for its board image before it
    /// acknowledges first and edits the board in ([`IMAGE_WAIT`]).
    pub image_wait: std::time::Duration,
    /// The first wait after a failed board update (each next one doubles,
    /// up to 60 times it): 500 ms; tests shorten it to watch the retries
    /// without waiting for them.
    pub publish_backoff: std::time::Duration,
    /// How long an interaction's work may run before it is acknowledged
    /// ([`ACKNOWLEDGE_AFTER`]); tests shorten it beside a shorter window.
    pub acknowledge_after: std::time::Duration,
    /// How many interactions may be in hand before a new one is
    /// acknowledged ahead of its work ([`busy_after`]); tests set 0 to
    /// take that path every time.
    pub busy_after: usize,
    /// How long a review thinks on each position and in all; `None`: the
    /// engine's defaults. Tests that do not grade a review shorten it.
    pub review_time: Option<(std::time::Duration, std::time::Duration)>,
    /// `TABLE_IDLE_MINUTES`: a running table with no action for this long
    /// closes (default 24 hours).
    pub idle: std::time::Duration,
    /// `SHARD_TOTAL` and `SHARD_RANGE`: the shards this process runs;
    /// `None`: all of them, as many as Discord recommends (autosharding).
    pub shards: Option<Shards>,
    /// `METRICS_ADDR`: where `/healthz` and `/metrics` answer (off when
    /// unset).
    pub metrics_addr: Option<std::net::SocketAddr>,
    /// Where people reach the bot's web server (`PUBLIC_URL`); without it
    /// there is no live web board and boards show no web links.
    pub public_url: Option<String>,
    /// The application's client secret (`DISCORD_CLIENT_SECRET`), for the
    /// web board's Discord login.
    pub client_secret: Option<Token>,
    /// The web board also runs as a Discord Activity (`DISCORD_ACTIVITY`):
    /// boards offer **Play live** and the app has the Entry Point command
    /// `/launch`. Needs `PUBLIC_URL` and `DISCORD_CLIENT_SECRET`.
    pub activity: bool,
    /// The fair-use limits on expensive work ([`Limits`]).
    pub limits: Limits,
    /// `BOARDBOT_GROUP_COMMIT` (default on): changes of many tables share
    /// one commit (the store's writer); off only to measure the store
    /// without it (`cargo bench --bench load`).
    pub group_commit: bool,
    /// `BOARDBOT_TEST_CLOCK`, for tests only: a file holding how far the
    /// tables' clock runs ahead of the system's, which a test moves
    /// ([`ManualClock::following`](crate::service::ManualClock::following)).
    pub test_clock: Option<std::path::PathBuf>,
}

/// Fair use: how much expensive work one person (or one server) may have
/// going at a time. Each is read from the variable named on its field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// `REVIEWS_PER_PERSON`: reviews one person may wait for at a time.
    pub reviews_per_person: usize,
    /// `REVIEWS_PER_SERVER`: reviews being prepared in one server at a time.
    pub reviews_per_server: usize,
    /// `HINTS_PER_PERSON`: hints one person may wait for at a time.
    pub hints_per_person: usize,
    /// `HINT_QUEUE`: hints waiting or thinking on the hint lane, all tables.
    pub hint_queue: usize,
    /// `TABLES_PER_PERSON`: running tables one person may host in a server.
    pub tables_per_person: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            reviews_per_person: 3,
            reviews_per_server: 6,
            hints_per_person: 2,
            hint_queue: 16,
            tables_per_person: 5,
        }
    }
}

impl Limits {
    /// The limits named in the environment, the defaults for the rest.
    fn read(value: impl Fn(&str) -> Option<String>) -> Result<Limits, ConfigError> {
        let read = |name: &str, default: usize| match value(name) {
            None => Ok(default),
            Some(v) => v
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=10_000).contains(n))
                .ok_or_else(|| {
                    ConfigError(format!(
                        "{name} must be a number from 1 to 10000 (default {default}), not {v:?}"
                    ))
                }),
        };
        let d = Limits::default();
        Ok(Limits {
            reviews_per_person: read("REVIEWS_PER_PERSON", d.reviews_per_person)?,
            reviews_per_server: read("REVIEWS_PER_SERVER", d.reviews_per_server)?,
            hints_per_person: read("HINTS_PER_PERSON", d.hints_per_person)?,
            hint_queue: read("HINT_QUEUE", d.hint_queue)?,
            tables_per_person: read("TABLES_PER_PERSON", d.tables_per_person)?,
        })
    }
}

/// The shards one process runs: `first..=last` of `total`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shards {
    pub total: u32,
    pub first: u32,
    pub last: u32,
}

impl Shards {
    /// The shard Discord sends a guild's events to.
    pub fn shard_of(total: u32, guild: u64) -> u32 {
        ((guild >> 22) % u64::from(total.max(1))) as u32
    }

    /// Whether this process runs the shard of `guild`.
    pub fn owns(&self, guild: u64) -> bool {
        (self.first..=self.last).contains(&Shards::shard_of(self.total, guild))
    }

    fn parse(total: Option<String>, range: Option<String>) -> Result<Option<Shards>, ConfigError> {
        let Some(total) = total else {
            return match range {
                None => Ok(None),
                Some(_) => Err(ConfigError(
                    "SHARD_RANGE needs SHARD_TOTAL (the number of shards of all processes)".into(),
                )),
            };
        };
        let total = total
            .parse::<u32>()
            .ok()
            .filter(|&t| t >= 1)
            .ok_or_else(|| {
                ConfigError(format!(
                    "SHARD_TOTAL must be a number of shards (1 or more), not {total:?}"
                ))
            })?;
        let (first, last) = match range {
            None => (0, total - 1),
            Some(range) => {
                let bad = || {
                    ConfigError(format!(
                        "SHARD_RANGE must be two shard numbers like 0-7 (within 0-{}), not {range:?}",
                        total - 1
                    ))
                };
                let (a, b) = range.split_once('-').ok_or_else(bad)?;
                let a = a.trim().parse::<u32>().map_err(|_| bad())?;
                let b = b.trim().parse::<u32>().map_err(|_| bad())?;
                if a > b || b >= total {
                    return Err(bad());
                }
                (a, b)
            }
        };
        Ok(Some(Shards { total, first, last }))
    }
}

/// How long a REST call to Discord may take before it counts as failed.
pub const REST_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// How long an answer waits for its board image. On an idle bot a board is
/// ready in a few milliseconds, so most answers carry it; under a burst of
/// clicks the acknowledgement no longer waits behind other tables' drawing
/// (Discord allows 3 s for the first answer).
pub const IMAGE_WAIT: std::time::Duration = std::time::Duration::from_millis(250);

/// How long after its arrival an interaction's work may run before it is
/// acknowledged: half of Discord's 3 s window, leaving the rest for the
/// acknowledgement itself on a slow link or a busy runtime.
pub const ACKNOWLEDGE_AFTER: std::time::Duration = std::time::Duration::from_millis(1500);

/// How many interactions the bot may have in hand (arrived, not yet
/// finished) before a new one is acknowledged ahead of its work: four per
/// core. Past that, the new one would wait for cores and a store busy with
/// the ones before it (a burst: every table of a server opened in the same
/// second), so it is told at once that the bot is on it ("thinking", or a
/// click's deferred update), and its board or its private answer follows
/// as an edit or a follow-up. Fewer in hand, an answer carries its board.
pub fn busy_after() -> usize {
    4 * cores()
}

/// The cores this process may run on (2 when the system cannot say).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

/// Where the web server listens when `PUBLIC_URL` is set and `WEB_BIND`
/// is not: this machine only, behind a reverse proxy.
pub const DEFAULT_WEB_BIND: &str = "127.0.0.1:8080";

/// The first wait after a failed board update ([`Config::publish_backoff`]).
pub const PUBLISH_BACKOFF: std::time::Duration = std::time::Duration::from_millis(500);

/// How long a running table may go without any action before it closes.
pub const DEFAULT_IDLE: std::time::Duration = std::time::Duration::from_secs(24 * 60 * 60);

/// A setting is missing or malformed; the message says what to set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError(pub String);

/// What is logged when `RUST_LOG` is not set.
pub const DEFAULT_LOG: &str = "boardbot=info,serenity=warn";

/// The log filter `RUST_LOG` asks for (`target=level` pairs and a bare
/// default level, comma-separated), else [`DEFAULT_LOG`]; with what to say
/// when `RUST_LOG` was given but does not parse (the default is used).
pub fn log_filter(rust_log: Option<&str>) -> (tracing_subscriber::filter::Targets, Option<String>) {
    let default = || DEFAULT_LOG.parse().expect("the default log filter parses");
    match rust_log.map(str::trim) {
        Some(text) if !text.is_empty() => match text.parse() {
            Ok(filter) => (filter, None),
            Err(e) => (
                default(),
                Some(format!(
                    "RUST_LOG={text:?} is not a log filter ({e}); using {DEFAULT_LOG}"
                )),
            ),
        },
        _ => (default(), None),
    }
}

/// A switch read from variable `name`: on, off, or `default` when unset.
fn on_off(
    value: &impl Fn(&str) -> Option<String>,
    name: &str,
    default: bool,
) -> Result<bool, ConfigError> {
    match value(name).as_deref() {
        None => Ok(default),
        Some("on" | "true" | "1") => Ok(true),
        Some("off" | "false" | "0") => Ok(false),
        Some(other) => Err(ConfigError(format!(
            "{name} must be on or off, not {other:?}"
        ))),
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ConfigError {}

pub const DEFAULT_DATABASE_URL: &str = "sqlite://data/boardbot.db";

impl Config {
    /// Reads `.env` (if present, without overriding the real environment)
    /// and then the environment.
    pub fn from_env() -> Result<Config, ConfigError> {
        let _ = dotenvy::dotenv();
        Config::from_lookup(|name| std::env::var(name).ok())
    }

    /// Builds the settings from any source of variables, for tests.
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let value = |name: &str| {
            get(name)
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
        };
        let token = value("DISCORD_TOKEN").ok_or_else(|| {
            ConfigError(
                "DISCORD_TOKEN is not set: put the bot token in .env as DISCORD_TOKEN=... \
                 (Discord Developer Portal → your application → Bot → Reset Token)"
                    .into(),
            )
        })?;
        // People paste the token with its header sometimes; serenity adds it.
        let token = token
            .strip_prefix("Bot ")
            .unwrap_or(&token)
            .trim()
            .to_owned();
        if token.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(ConfigError(
                "DISCORD_TOKEN contains spaces: copy the token again from the Developer Portal"
                    .into(),
            ));
        }
        let api_base = match value("DISCORD_API_BASE") {
            None => None,
            Some(base) => {
                let base = base.trim_end_matches('/').to_owned();
                if !(base.starts_with("http://") || base.starts_with("https://")) {
                    return Err(ConfigError(format!(
                        "DISCORD_API_BASE must be an http:// or https:// URL such as \
                         http://127.0.0.1:8080, not {base:?}"
                    )));
                }
                Some(base)
            }
        };
        let guild_id = match value("DISCORD_GUILD_ID") {
            None => None,
            Some(id) => Some(id.parse::<u64>().ok().filter(|&n| n > 0).ok_or_else(|| {
                ConfigError(format!(
                    "DISCORD_GUILD_ID must be a server id (a number; Discord: Settings → Advanced → \
                     Developer Mode, then right-click the server → Copy Server ID), not {id:?}"
                ))
            })?),
        };
        let database_url = value("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.to_owned());
        let idle = match value("TABLE_IDLE_MINUTES") {
            None => DEFAULT_IDLE,
            Some(minutes) => minutes
                .parse::<u64>()
                .ok()
                .filter(|&m| (1..=60 * 24 * 365).contains(&m))
                .map(|m| std::time::Duration::from_secs(m * 60))
                .ok_or_else(|| {
                    ConfigError(format!(
                        "TABLE_IDLE_MINUTES must be a number of minutes from 1 to 525600 \
                         (default 1440, one day), not {minutes:?}"
                    ))
                })?,
        };
        let shards = Shards::parse(value("SHARD_TOTAL"), value("SHARD_RANGE"))?;
        let public_url = match value("PUBLIC_URL") {
            None => None,
            Some(url) => {
                let url = url.trim_end_matches('/').to_owned();
                let host = url
                    .strip_prefix("https://")
                    .or_else(|| url.strip_prefix("http://"));
                if host.is_none_or(|h| h.is_empty() || h.contains(['?', '#', ' '])) {
                    return Err(ConfigError(format!(
                        "PUBLIC_URL must be the http:// or https:// address people reach the \
                         bot's web server at, such as https://games.example.org, not {url:?}"
                    )));
                }
                Some(url)
            }
        };
        // WEB_BIND is the listener's name since it serves the web board too;
        // METRICS_ADDR, its older name, still works.
        let listen = |name: &str| -> Result<Option<std::net::SocketAddr>, ConfigError> {
            match value(name) {
                None => Ok(None),
                Some(addr) => addr.parse().map(Some).map_err(|_| {
                    ConfigError(format!(
                        "{name} must be an address and port such as 127.0.0.1:8080, not {addr:?}"
                    ))
                }),
            }
        };
        let metrics_addr = match (listen("WEB_BIND")?, listen("METRICS_ADDR")?) {
            (Some(addr), _) | (None, Some(addr)) => Some(addr),
            (None, None) if public_url.is_some() => {
                Some(DEFAULT_WEB_BIND.parse().expect("an address"))
            }
            (None, None) => None,
        };
        let client_secret = value("DISCORD_CLIENT_SECRET").map(Token::new);
        let activity = on_off(&value, "DISCORD_ACTIVITY", false)?;
        if activity && (public_url.is_none() || client_secret.is_none()) {
            return Err(ConfigError(
                "DISCORD_ACTIVITY=on needs PUBLIC_URL (the address Discord's URL mapping points \
                 to) and DISCORD_CLIENT_SECRET (to log people in): set both, or turn it off"
                    .into(),
            ));
        }
        let group_commit = on_off(&value, "BOARDBOT_GROUP_COMMIT", true)?;
        let test_clock = value("BOARDBOT_TEST_CLOCK").map(std::path::PathBuf::from);
        let limits = Limits::read(value)?;
        Ok(Config {
            token: Token::new(token),
            api_base,
            guild_id,
            database_url,
            rest_timeout: REST_TIMEOUT,
            image_wait: IMAGE_WAIT,
            group_commit,
            publish_backoff: PUBLISH_BACKOFF,
            acknowledge_after: ACKNOWLEDGE_AFTER,
            busy_after: busy_after(),
            review_time: None,
            idle,
            shards,
            metrics_addr,
            public_url,
            client_secret,
            activity,
            limits,
            test_clock,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn config(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let map: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Config::from_lookup(|k| map.get(k).cloned())
    }

    #[test]
    fn rust_log_is_read_as_targets_and_levels() {
        use tracing::Level;
        let (filter, bad) = log_filter(Some("boardbot=debug,warn"));
        assert_eq!(bad, None);
        assert!(filter.would_enable("boardbot::discord::run", &Level::DEBUG));
        assert!(filter.would_enable("boardbot_render", &Level::DEBUG));
        assert!(!filter.would_enable("serenity::gateway", &Level::INFO));
        assert!(filter.would_enable("serenity::gateway", &Level::WARN));
        let (default, bad) = log_filter(None);
        assert_eq!(bad, None);
        assert!(default.would_enable("boardbot::store", &Level::INFO));
        assert!(!default.would_enable("boardbot::store", &Level::DEBUG));
        assert!(!default.would_enable("serenity::http", &Level::INFO));
        // Nonsense falls back to the default and says so.
        let (filter, bad) = log_filter(Some("boardbot=[x"));
        let bad = bad.expect("a bad filter is reported");
        assert!(
            bad.starts_with("RUST_LOG=\"boardbot=[x\" is not a log filter"),
            "{bad}"
        );
        assert!(filter.would_enable("boardbot::store", &Level::INFO));
        assert!(!filter.would_enable("boardbot::store", &Level::DEBUG));
    }

    #[test]
    fn missing_token_names_the_variable() {
        let err = config(&[]).unwrap_err();
        assert!(err.0.starts_with("DISCORD_TOKEN is not set"), "{err}");
        assert!(!err.0.contains('\n'));
        assert!(config(&[("DISCORD_TOKEN", "  ")]).is_err());
    }

    #[test]
    fn values_are_read_and_checked() {
        let c = config(&[
            ("DISCORD_TOKEN", "Bot abc.def"),
            ("DISCORD_API_BASE", "http://127.0.0.1:9/"),
            ("DISCORD_GUILD_ID", "123"),
        ])
        .unwrap();
        assert_eq!(c.token.expose(), "abc.def");
        assert_eq!(c.api_base.as_deref(), Some("http://127.0.0.1:9"));
        assert_eq!(c.guild_id, Some(123));
        assert_eq!(c.database_url, DEFAULT_DATABASE_URL);
        assert!(config(&[("DISCORD_TOKEN", "x"), ("DISCORD_GUILD_ID", "abc")]).is_err());
        assert!(config(&[("DISCORD_TOKEN", "x"), ("DISCORD_API_BASE", "127.0.0.1")]).is_err());
    }

    #[test]
    fn limits_are_read_and_checked() {
        let c = config(&[("DISCORD_TOKEN", "x")]).unwrap();
        assert_eq!(c.limits, Limits::default());
        let c = config(&[("DISCORD_TOKEN", "x"), ("HINT_QUEUE", "40")]).unwrap();
        assert_eq!(c.limits.hint_queue, 40);
        for name in [
            "REVIEWS_PER_PERSON",
            "REVIEWS_PER_SERVER",
            "HINTS_PER_PERSON",
            "HINT_QUEUE",
            "TABLES_PER_PERSON",
        ] {
            for bad in ["0", "-1", "many", "10001"] {
                let err = config(&[("DISCORD_TOKEN", "x"), (name, bad)]).unwrap_err();
                assert!(err.0.starts_with(name), "{err}");
            }
        }
    }

    #[test]
    fn the_token_never_prints() {
        let c = config(&[("DISCORD_TOKEN", "secret-value")]).unwrap();
        assert!(!format!("{c:?}").contains("secret-value"));
        assert!(!format!("{}", c.token).contains("secret-value"));
    }

    #[test]
    fn shard_settings_are_read_and_checked() {
        let with = |total: Option<&str>, range: Option<&str>| {
            Config::from_lookup(|name| match name {
                "DISCORD_TOKEN" => Some("abc".into()),
                "SHARD_TOTAL" => total.map(Into::into),
                "SHARD_RANGE" => range.map(Into::into),
                _ => None,
            })
        };
        assert_eq!(with(None, None).unwrap().shards, None);
        let all = with(Some("4"), None).unwrap().shards.unwrap();
        assert_eq!((all.first, all.last, all.total), (0, 3, 4));
        let some = with(Some("8"), Some("2-5")).unwrap().shards.unwrap();
        assert_eq!((some.first, some.last), (2, 5));
        for (total, range) in [
            (Some("0"), None),
            (Some("x"), None),
            (Some("4"), Some("3-1")),
            (Some("4"), Some("0-4")),
            (Some("4"), Some("7")),
            (None, Some("0-1")),
        ] {
            assert!(with(total, range).is_err(), "{total:?} {range:?}");
        }
        // Discord's rule: guild id >> 22, modulo the number of shards.
        let guild = (5u64 << 22) | 12345;
        assert_eq!(Shards::shard_of(4, guild), 1);
        assert!(some.owns((3u64 << 22) | 7) && !some.owns(7));
    }
}
