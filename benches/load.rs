//! Load through the real bot, beside a bot that does nothing:
//! `cargo bench --bench load` (every size on every backend), or
//! `cargo bench --bench load -- --tables 200,500 --backends sqlite`.
//!
//! N Connect Four tables against the CPU at the default level, each in its
//! own channel with its own player, driven through the real serenity client
//! against the in-tree Discord stand-in (both in one process). Every player
//! clicks a legal column whenever it is their turn, until the game ends (or
//! `--clicks K` clicks). Beside it, in the same run, the same players
//! against a do-nothing bot: a serenity client of this file's own that
//! answers every click at once with the same buttons and does nothing else.
//!
//! Each run is a process of its own, and so is each bot in it (the release
//! binary, or this bench as the do-nothing bot): a run reports the first
//! answer's latency (from the stand-in dispatching an interaction to the
//! bot's callback) p50 / p99 / max; the turn back (from a click to the
//! board showing the player's turn again, the CPU's reply on it) p50 / p99;
//! clicks answered and moves stored per
//! second (both seats); interactions left without a callback for 3
//! seconds; the bot process's CPU time per click (and the stand-in's and
//! players' beside it) and peak resident memory (VmHWM); the bot's group
//! commits; and where a person's action spent its time, phase by phase
//! (read from the bot's `/metrics`). Then the table of both bots side by side, with the ratios, and an
//! idle bot's single click (p50 over 100 clicks) with and without group
//! commit. `-- --memory 1000`: the bot's memory growth per open table.

#[path = "../tests/backends/mod.rs"]
mod backends;
#[path = "../tests/bot/mod.rs"]
mod bot;
#[path = "../tests/support/mod.rs"]
mod support;

use bot::{enabled_moves, is_over, turn_of, Harness};
use serde_json::json;
use std::time::{Duration, Instant};
use support::{Ix, StandIn};

/// Discord's window for the first answer to an interaction.
const WINDOW: Duration = Duration::from_secs(3);
/// How often a simulated player looks at its board.
const POLL: Duration = Duration::from_millis(10);

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// Waits (polling, so that hundreds of players do not all wake on every
/// change of the stand-in) until the bot answered `ix`, or gives up after
/// `limit`. Returns the board message the answer created or updated.
async fn answered(d: &StandIn, ix: Ix, limit: Duration) -> Option<u64> {
    let start = Instant::now();
    loop {
        let done = d.with_state(|st| {
            let i = &st.interactions[&ix.id];
            match &i.reply {
                Some(reply) => Some(Some(reply.message_id.or(i.source_message).unwrap_or(0))),
                None if !i.refused.is_empty() => Some(None),
                None => None,
            }
        });
        if let Some(board) = done {
            return board;
        }
        if start.elapsed() > limit {
            return None;
        }
        tokio::time::sleep(POLL).await;
    }
}

/// What a player sees on its board message.
struct Look {
    version: u32,
    thinking: bool,
    over: bool,
    my_turn: bool,
    moves: Vec<String>,
    discs: Option<u32>,
}

fn look(d: &StandIn, board: u64, player: u64) -> Option<Look> {
    d.with_state(|st| {
        let m = st.messages.get(&board)?;
        let discs = m
            .attachments
            .first()
            .and_then(|a| a.description.as_deref())
            .and_then(|alt| {
                // "Connect Four, 7 columns × 6 rows, 11 discs …"
                let at = alt.find(" discs")?;
                alt[..at].rsplit(' ').next()?.parse().ok()
            });
        Some(Look {
            version: m.version,
            thinking: m.content.contains("thinking"),
            over: is_over(m),
            my_turn: turn_of(m) == Some(player),
            moves: enabled_moves(m),
            discs,
        })
    })
}

/// One table played to its end, or until `most` clicks; returns the clicks
/// made, or `None` when the game got stuck.
async fn play_table(d: &StandIn, table: usize, most: usize) -> Option<usize> {
    let player = d.user(&format!("player{table}"));
    let channel = d.add_channel(&format!("table-{table}"));
    let ix = d.slash(&player, channel, "connect4", json!({})).await;
    let board = answered(d, ix, Duration::from_secs(30)).await;
    debug(table, &format!("board {board:?}"));
    let board = board?;
    let mut seed = (table as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    // The board's version when the player last clicked: the next click waits
    // for a newer board. A board the bot just posted is version 0, so the
    // first click needs no change at all (the person may move first).
    let mut clicked_at: Option<u32> = None;
    let mut last_click: Option<Ix> = None;
    let mut idle = Instant::now();
    let mut clicks = 0;
    // When the last click was made, until the board shows it answered.
    let mut waiting_since: Option<Instant> = None;
    loop {
        let Some(now) = look(d, board, player.id) else {
            debug(table, "no board message");
            return None;
        };
        if (now.over || now.my_turn) && !now.thinking && clicked_at.is_none_or(|v| now.version > v)
        {
            if let Some(since) = waiting_since.take() {
                turn_back(since.elapsed());
            }
        }
        if (now.over && !now.thinking) || clicks >= most {
            debug(
                table,
                &format!("done: {clicks} clicks, {:?} discs", now.discs),
            );
            return Some(clicks);
        }
        let ready = now.my_turn
            && !now.thinking
            && clicked_at.is_none_or(|v| now.version > v)
            && !now.moves.is_empty();
        if !ready {
            // The CPU's replies queue on the search pool; a table is given
            // up after a minute without a change (no click is ever retried).
            if idle.elapsed() > Duration::from_secs(60) {
                let answer = last_click
                    .map(|ix| d.with_state(|st| format!("{:?}", st.interactions[&ix.id].reply)));
                debug(
                    table,
                    &format!(
                        "stuck at version {} (clicked at {clicked_at:?}), my turn {}, thinking {}; last answer {answer:?}",
                        now.version, now.my_turn, now.thinking
                    ),
                );
                return None;
            }
            tokio::time::sleep(POLL).await;
            continue;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let pick = now.moves[(seed % now.moves.len() as u64) as usize].clone();
        clicked_at = Some(now.version);
        waiting_since = Some(Instant::now());
        let ix = d.click_label(&player, board, &pick).await;
        last_click = Some(ix);
        answered(d, ix, Duration::from_secs(30)).await;
        clicks += 1;
        idle = Instant::now();
    }
}

/// Progress of one table on stderr, with `LOAD_DEBUG=1`.
fn debug(table: usize, what: &str) {
    if std::env::var_os("LOAD_DEBUG").is_some() {
        eprintln!("table {table}: {what}");
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime")
}

/// Which bot a run loads.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Which {
    /// boardbot as it ships (group commit on).
    Boardbot,
    /// boardbot with each change in a transaction of its own (as before
    /// group commit).
    Direct,
    /// The do-nothing bot.
    Nothing,
}

impl Which {
    fn name(self) -> &'static str {
        match self {
            Which::Boardbot => "boardbot",
            Which::Direct => "direct",
            Which::Nothing => "nothing",
        }
    }

    fn parse(name: &str) -> Which {
        match name {
            "boardbot" => Which::Boardbot,
            "direct" => Which::Direct,
            "nothing" => Which::Nothing,
            other => panic!("no bot {other:?}: boardbot, direct or nothing"),
        }
    }
}

/// The figures of one run, printed by its process as one `RESULT` line.
#[derive(serde::Serialize, serde::Deserialize, Default, Clone)]
struct Figures {
    bot: String,
    backend: String,
    tables: usize,
    finished: usize,
    interactions: usize,
    unanswered: usize,
    p50_ms: f64,
    p99_ms: f64,
    max_ms: f64,
    /// Click to the player's turn shown again, p50 / p99.
    turn_p50_ms: f64,
    turn_p99_ms: f64,
    clicks: usize,
    moves: u64,
    seconds: f64,
    /// The bot process's CPU time.
    cpu_seconds: f64,
    /// This process's: the stand-in and the players.
    driver_cpu_seconds: f64,
    /// The bot process's peak resident memory.
    peak_mib: f64,
    commits: u64,
    writes: u64,
}

impl Figures {
    fn clicks_per_second(&self) -> f64 {
        self.clicks as f64 / self.seconds
    }
    fn moves_per_second(&self) -> f64 {
        self.moves as f64 / self.seconds
    }
    fn cpu_ms_per_click(&self) -> f64 {
        self.cpu_seconds * 1000.0 / self.clicks.max(1) as f64
    }
}

/// CPU seconds this process has used (user and system).
fn cpu_seconds() -> f64 {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: getrusage fills the struct it is given.
    let usage = unsafe {
        libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr());
        usage.assume_init()
    };
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// A fresh database of `backend` for a run.
async fn database(backend: &str) -> String {
    backends::fresh_database(backend, "load")
        .await
        .unwrap_or_else(|| panic!("{backend} is not available: set {}", backends::POSTGRES_VAR))
}

/// From each click to the board showing the player's turn again (the
/// move and the CPU's reply both on it; the do-nothing bot: its answer).
static TURNS: std::sync::Mutex<Vec<Duration>> = std::sync::Mutex::new(Vec::new());

fn turn_back(took: Duration) {
    TURNS.lock().unwrap().push(took);
}

/// The latencies of every interaction's first answer, and how many had
/// none within Discord's window.
fn latencies(d: &StandIn) -> (Vec<Duration>, usize, usize) {
    let (mut latencies, mut unanswered, mut interactions) = (Vec::new(), 0, 0);
    d.with_state(|st| {
        for i in st.interactions.values() {
            interactions += 1;
            match i.replied_at {
                Some(at) if at - i.sent_at <= WINDOW => latencies.push(at - i.sent_at),
                _ => unanswered += 1,
            }
        }
    });
    latencies.sort();
    (latencies, unanswered, interactions)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// The total of a counter family in the bot's metrics text.
fn counter_total(metrics: &str, name: &str) -> u64 {
    metrics
        .lines()
        .filter(|l| l.starts_with(name) && !l.starts_with('#'))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
        .sum::<f64>() as u64
}

/// CPU seconds process `pid` has used (user and system).
fn process_cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // After the command's name in parentheses: state, ppid, …, utime (the
    // 12th), stime (the 13th).
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map(|(_, rest)| rest.split_whitespace().collect())
        .unwrap_or_default();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // SAFETY: sysconf only reads a constant of the system.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as f64;
    (ticks(11) + ticks(12)) / per_second
}

/// The bot's `/metrics` text, read over a plain HTTP/1.0 request.
fn scrape(port: u16) -> String {
    use std::io::{Read, Write};
    let Ok(mut stream) = std::net::TcpStream::connect(("127.0.0.1", port)) else {
        return String::new();
    };
    let _ = stream.write_all(b"GET /metrics HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n");
    let mut text = String::new();
    let _ = stream.read_to_string(&mut text);
    text
}

/// One sample's value in the metrics text (`name` followed by a space).
fn sample(metrics: &str, name: &str) -> f64 {
    metrics
        .lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
        .unwrap_or(0.0)
}

/// N tables played at once against `which`, on `backend`; each table
/// stops after `most` clicks. The bot is a process of its own (the release
/// binary, or this bench as the do-nothing bot): its CPU time and peak
/// memory are its own; the stand-in and the players run in this one.
fn load(which: Which, backend: &str, tables: usize, most: usize) -> Figures {
    runtime().block_on(async {
        let d = &StandIn::start_with_token(bot::TOKEN).await;
        d.set_callback_window(WINDOW);
        let mut figures = Figures {
            bot: which.name().into(),
            backend: backend.into(),
            tables,
            ..Figures::default()
        };
        let port = support::free_port();
        let guild = d.guild_id().to_string();
        let database = match which {
            Which::Nothing => None,
            _ => Some(database(backend).await),
        };
        let mut child = match &database {
            None => tokio::process::Command::new(std::env::current_exe().expect("this bench"))
                .args(["--nothing-bot", &d.base_url(), &guild])
                .stdout(std::process::Stdio::null())
                .kill_on_drop(true)
                .spawn()
                .expect("the do-nothing bot starts"),
            Some(database) => bot::process::start_bot(
                d,
                database,
                &[
                    ("DISCORD_GUILD_ID", guild.clone()),
                    ("RUST_LOG", "boardbot=warn,serenity=warn".into()),
                    ("WEB_BIND", format!("127.0.0.1:{port}")),
                    (
                        "BOARDBOT_GROUP_COMMIT",
                        if which == Which::Direct { "off" } else { "on" }.into(),
                    ),
                ],
            ),
        };
        let pid = child.id().expect("the bot's pid");
        d.wait_ready().await;
        d.wait_command(if which == Which::Nothing {
            "connect4"
        } else {
            "move"
        })
        .await;
        let bot_before = process_cpu_seconds(pid);
        let driver_before = cpu_seconds();
        let started = Instant::now();
        let games: Vec<Option<usize>> = match which {
            Which::Nothing => {
                futures_util::future::join_all(
                    (0..tables).map(|table| nothing::play(d, table, most)),
                )
                .await
            }
            _ => {
                futures_util::future::join_all(
                    (0..tables).map(|table| play_table(d, table, most)),
                )
                .await
            }
        };
        figures.seconds = started.elapsed().as_secs_f64();
        figures.cpu_seconds = process_cpu_seconds(pid) - bot_before;
        figures.driver_cpu_seconds = cpu_seconds() - driver_before;
        figures.peak_mib = status_of(pid, "VmHWM") as f64 / 1024.0;
        let (latencies, unanswered, interactions) = latencies(d);
        figures.interactions = interactions;
        figures.unanswered = unanswered;
        figures.p50_ms = ms(percentile(&latencies, 0.5));
        figures.p99_ms = ms(percentile(&latencies, 0.99));
        figures.max_ms = ms(latencies.last().copied().unwrap_or_default());
        let mut turns = std::mem::take(&mut *TURNS.lock().unwrap());
        turns.sort();
        figures.turn_p50_ms = ms(percentile(&turns, 0.5));
        figures.turn_p99_ms = ms(percentile(&turns, 0.99));
        // The first answers by interaction and by how they answered.
        d.with_state(|st| {
            let mut by: std::collections::BTreeMap<(u8, u8), Vec<Duration>> = Default::default();
            for i in st.interactions.values() {
                if let (Some(at), Some(reply)) = (i.replied_at, &i.reply) {
                    by.entry((i.kind, reply.kind)).or_default().push(at - i.sent_at);
                }
            }
            for ((kind, reply), mut took) in by {
                took.sort();
                println!(
                    "  {} answered by callback {reply}: {} p50 {:.0} / p99 {:.0} / max {:.0} ms",
                    if kind == 2 { "commands" } else { "clicks" },
                    took.len(),
                    ms(percentile(&took, 0.5)),
                    ms(percentile(&took, 0.99)),
                    ms(took.last().copied().unwrap_or_default()),
                );
            }
        });
        figures.finished = games.iter().flatten().count();
        figures.clicks = games.iter().flatten().sum();
        println!(
            "{} on {backend}, {tables} tables: {} of {} played through, {} clicks and {} unanswered \
             in {:.1} s",
            which.name(),
            figures.finished,
            tables,
            figures.clicks,
            unanswered,
            figures.seconds
        );
        if which == Which::Nothing {
            // The do-nothing bot stores nothing: each click is its move.
            figures.moves = figures.clicks as u64;
        } else {
            let metrics = scrape(port);
            figures.moves = counter_total(&metrics, "boardbot_moves_total");
            figures.commits = sample(&metrics, "boardbot_commit_batch_writes_count") as u64;
            figures.writes = sample(&metrics, "boardbot_commit_batch_writes_sum") as u64;
            phase_breakdown(&metrics);
        }
        let _ = child.kill().await;
        if let Some(path) = database.as_deref().and_then(|d| d.strip_prefix("sqlite://")) {
            for suffix in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{path}{suffix}"));
            }
        }
        figures
    })
}

/// An idle bot: one table at a time, one click at a time, until `clicks`
/// clicks were answered; the first answer's p50 and p99.
fn idle(backend: &str, group_commit: bool, clicks: usize) -> (f64, f64) {
    runtime().block_on(async {
        let database = database(backend).await;
        let h = Harness::start_with(|c| {
            c.image_wait = boardbot::config::IMAGE_WAIT;
            c.database_url = database.clone();
            c.group_commit = group_commit;
        })
        .await;
        let d = &h.discord;
        d.set_callback_window(WINDOW);
        let mut made = 0;
        let mut table = 0;
        while made < clicks {
            made += play_table(d, table, clicks - made).await.unwrap_or(0);
            table += 1;
        }
        let mut clicked: Vec<Duration> = d.with_state(|st| {
            st.interactions
                .values()
                .filter(|i| i.kind == 3)
                .filter_map(|i| Some(i.replied_at? - i.sent_at))
                .collect()
        });
        clicked.sort();
        h.bot.stop().await;
        (
            ms(percentile(&clicked, 0.5)),
            ms(percentile(&clicked, 0.99)),
        )
    })
}

/// The do-nothing bot: answers every command with a board of seven
/// buttons and every click by updating it to the same, at once.
mod nothing {
    use super::*;
    use serenity::all::{
        ButtonStyle, ClientBuilder, Context, CreateActionRow, CreateButton, CreateCommand,
        CreateInteractionResponse, CreateInteractionResponseMessage, EventHandler, GatewayIntents,
        GuildId, HttpBuilder, Interaction, Ready,
    };

    struct Nothing {
        guild: u64,
    }

    fn board(user: u64) -> CreateInteractionResponseMessage {
        // Seven columns in two rows (at most five buttons a row).
        let button = |c: u32| {
            CreateButton::new(format!("col-{c}"))
                .label(c.to_string())
                .style(ButtonStyle::Secondary)
        };
        CreateInteractionResponseMessage::new()
            .content(format!("<@{user}> to move"))
            .components(vec![
                CreateActionRow::Buttons((1..=4).map(button).collect()),
                CreateActionRow::Buttons((5..=7).map(button).collect()),
            ])
    }

    #[serenity::async_trait]
    impl EventHandler for Nothing {
        async fn ready(&self, ctx: Context, _: Ready) {
            let command = CreateCommand::new("connect4").description("Play");
            if let Err(e) = GuildId::new(self.guild)
                .set_commands(&ctx.http, vec![command])
                .await
            {
                eprintln!("do-nothing bot: could not register its command: {e}");
            }
        }

        async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
            let answered = match interaction {
                Interaction::Command(c) => {
                    let answer = CreateInteractionResponse::Message(board(c.user.id.get()));
                    c.create_response(&ctx.http, answer).await
                }
                Interaction::Component(c) => {
                    let answer = CreateInteractionResponse::UpdateMessage(board(c.user.id.get()));
                    c.create_response(&ctx.http, answer).await
                }
                _ => Ok(()),
            };
            if let Err(e) = answered {
                eprintln!("do-nothing bot: {e}");
            }
        }
    }

    /// The do-nothing bot against the API at `base`, registering its
    /// command in `guild`, until its process is killed.
    pub async fn serve(base: &str, guild: u64) {
        let http = HttpBuilder::new(bot::TOKEN)
            .proxy(base)
            .ratelimiter_disabled(true)
            .build();
        let mut client = ClientBuilder::new_with_http(http, GatewayIntents::GUILDS)
            .event_handler(Nothing { guild })
            .await
            .expect("the do-nothing client");
        if let Err(e) = client.start().await {
            eprintln!("do-nothing bot stopped: {e}");
        }
    }

    /// One player: a command, then `most` clicks, each after the answer to
    /// the last.
    pub async fn play(d: &StandIn, table: usize, most: usize) -> Option<usize> {
        let player = d.user(&format!("player{table}"));
        let channel = d.add_channel(&format!("table-{table}"));
        let ix = d.slash(&player, channel, "connect4", json!({})).await;
        let board = answered(d, ix, Duration::from_secs(30)).await?;
        let mut seed = (table as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for _ in 0..most {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let label = (seed % 7 + 1).to_string();
            let since = Instant::now();
            let ix = d.click_label(&player, board, &label).await;
            answered(d, ix, Duration::from_secs(30)).await?;
            turn_back(since.elapsed());
        }
        Some(most)
    }
}
/// Where a person's action spent its time, phase by phase, from the bot's
/// `boardbot_action_phase_seconds` histograms: count, mean and the p50 /
/// p99 buckets' upper bounds.
fn phase_breakdown(metrics: &str) {
    use std::collections::BTreeMap;
    let label = |line: &str, name: &str| -> Option<String> {
        let at = line.find(&format!("{name}=\""))? + name.len() + 2;
        let end = line[at..].find('"')? + at;
        Some(line[at..end].to_owned())
    };
    /// A phase's sum, count and buckets (upper bound, cumulative count).
    type Phase = (f64, f64, Vec<(f64, f64)>);
    let mut phases: BTreeMap<String, Phase> = BTreeMap::new();
    for line in metrics.lines() {
        let Some(rest) = line.strip_prefix("boardbot_action_phase_seconds_") else {
            continue;
        };
        let (Some(phase), Some(value)) = (
            label(line, "phase"),
            line.rsplit(' ').next().and_then(|v| v.parse::<f64>().ok()),
        ) else {
            continue;
        };
        let entry = phases.entry(phase).or_default();
        if rest.starts_with("sum") {
            entry.0 = value;
        } else if rest.starts_with("count") {
            entry.1 = value;
        } else if rest.starts_with("bucket") {
            let le =
                label(line, "le").map_or(f64::INFINITY, |le| le.parse().unwrap_or(f64::INFINITY));
            entry.2.push((le, value));
        }
    }
    println!("where a person's action spends its time (upper bounds of the p50 / p99 buckets):");
    for (phase, (sum, count, mut buckets)) in phases {
        if count == 0.0 {
            continue;
        }
        buckets.sort_by(|a, b| a.0.total_cmp(&b.0));
        let at = |q: f64| {
            buckets
                .iter()
                .find(|(_, n)| *n >= q * count)
                .map_or(f64::INFINITY, |(le, _)| *le)
        };
        println!(
            "  {phase:<11} n {count:>7}  mean {:>8.3} ms  p50 <= {:>8.3} ms  p99 <= {:>8.3} ms",
            sum / count * 1000.0,
            at(0.5) * 1000.0,
            at(0.99) * 1000.0
        );
    }
}

/// A figure of process `pid`'s /proc status (VmRSS, RssAnon, RssFile,
/// RssShmem, Threads…), in KiB where it is a size.
fn status_of(pid: u32, field: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with(field) && l[field.len()..].starts_with(':'))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|n| n.parse().ok())
        })
        .unwrap_or(0)
}

fn rss_kib_of(pid: u32) -> u64 {
    status_of(pid, "VmRSS")
}

/// The bot's memory in one line: resident (anonymous, file, shared) and
/// threads.
fn memory_line(pid: u32) -> String {
    let mib = |field| status_of(pid, field) as f64 / 1024.0;
    format!(
        "resident {:.1} MiB (anonymous {:.1}, file {:.1}, shared {:.1}), {} threads",
        mib("VmRSS"),
        mib("RssAnon"),
        mib("RssFile"),
        mib("RssShmem"),
        status_of(pid, "Threads")
    )
}

/// Resident memory growth of the bot alone from 0 to `tables` open tables
/// (each started against the CPU, its board posted, the person to move).
/// The bot is the real binary in a process of its own, against the
/// stand-in in this one, so the stand-in's records are not counted.
fn memory(tables: usize) {
    runtime().block_on(async {
        let discord = StandIn::start_with_token(bot::TOKEN).await;
        let d = &discord;
        d.set_callback_window(Duration::from_secs(60));
        let database = backends::fresh_sqlite("load");
        // Killed when the bench ends or fails (a bench that dies of a
        // closed pipe must not leave the bot running).
        let mut child = bot::process::start_bot(
            d,
            &database,
            &[
                ("DISCORD_GUILD_ID", d.guild_id().to_string()),
                ("RUST_LOG", "boardbot=warn,serenity=warn".into()),
            ],
        );
        let pid = child.id().expect("the bot's pid");
        d.wait_ready().await;
        d.wait_command("move").await;
        // A first table warms up tiles, fonts and the search pool's tables.
        play_first_move(d, usize::MAX).await;
        tokio::time::sleep(Duration::from_millis(500)).await;
        let before = rss_kib_of(pid);
        println!("   0 tables: {}", memory_line(pid));
        let mut at_200 = before;
        for (i, chunk) in (0..tables).collect::<Vec<_>>().chunks(50).enumerate() {
            futures_util::future::join_all(chunk.iter().map(|&t| play_first_move(d, t))).await;
            if (i + 1) * 50 == 200 {
                at_200 = rss_kib_of(pid);
            }
            if (i + 1) % 4 == 0 {
                println!("{:>4} tables: {}", (i + 1) * 50, memory_line(pid));
            }
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
        let after = rss_kib_of(pid);
        let open = d.with_state(|st| st.messages.len());
        println!("open tables                     {tables} ({open} messages on the stand-in)");
        println!(
            "bot resident before / after     {:.1} / {:.1} MiB (bot process {pid})",
            before as f64 / 1024.0,
            after as f64 / 1024.0
        );
        println!(
            "bot growth per table            {:.1} KiB",
            after.saturating_sub(before) as f64 / tables as f64
        );
        if let Some(path) = std::env::var_os("LOAD_SMAPS") {
            let _ = std::fs::copy(format!("/proc/{pid}/smaps"), path);
        }
        println!(
            "bot growth per table, 200 → {tables} {:.1} KiB (without the first burst's threads and caches)",
            after.saturating_sub(at_200) as f64 / (tables.saturating_sub(200).max(1)) as f64
        );
        let _ = child.kill().await;
        let path = database.trim_start_matches("sqlite://");
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{path}{suffix}"));
        }
    });
}

/// Opens a table and waits until its board waits for the person.
async fn play_first_move(d: &StandIn, table: usize) {
    let player = d.user(&format!("m{table}"));
    let channel = d.add_channel(&format!("m-{table}"));
    let ix = d.slash(&player, channel, "connect4", json!({})).await;
    let Some(board) = answered(d, ix, Duration::from_secs(60)).await else {
        return;
    };
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(60) {
        if let Some(now) = look(d, board, player.id) {
            if (now.my_turn && !now.thinking) || now.over {
                return;
            }
        }
        tokio::time::sleep(POLL).await;
    }
}

/// The value after `flag`, split on commas.
fn list(args: &[String], flag: &str) -> Option<Vec<String>> {
    let at = args.iter().position(|a| a == flag)?;
    Some(args.get(at + 1)?.split(',').map(str::to_owned).collect())
}

/// Runs this bench again in a process of its own with `args`, and reads
/// back its `RESULT` line.
fn child(args: &[String]) -> Option<String> {
    let output = std::process::Command::new(std::env::current_exe().expect("this bench"))
        .args(args)
        .stderr(std::process::Stdio::inherit())
        .output()
        .expect("a run");
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let mut result = None;
    for line in text.lines() {
        match line.strip_prefix("RESULT ") {
            Some(json) => result = Some(json.to_owned()),
            None => println!("  {line}"),
        }
    }
    if !output.status.success() {
        eprintln!("run {args:?} failed: {}", output.status);
    }
    result
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(at) = args.iter().position(|a| a == "--memory") {
        let tables = args
            .get(at + 1)
            .and_then(|n| n.parse().ok())
            .unwrap_or(1000);
        memory(tables);
        return;
    }
    // A child: one run, its figures as JSON on the last line.
    if let Some(at) = args.iter().position(|a| a == "--run") {
        let which = Which::parse(&args[at + 1]);
        let backend = &args[at + 2];
        let tables = args[at + 3].parse().expect("tables");
        let most = args[at + 4].parse().expect("clicks");
        let figures = load(which, backend, tables, most);
        println!("RESULT {}", serde_json::to_string(&figures).unwrap());
        return;
    }
    if let Some(at) = args.iter().position(|a| a == "--nothing-bot") {
        let guild = args[at + 2].parse().expect("a guild id");
        runtime().block_on(nothing::serve(&args[at + 1], guild));
        return;
    }
    if let Some(at) = args.iter().position(|a| a == "--idle-run") {
        let (p50, p99) = idle(&args[at + 1], args[at + 2] == "group", 100);
        println!("RESULT [{p50}, {p99}]");
        return;
    }
    let sizes: Vec<usize> = list(&args, "--tables")
        .map(|l| {
            l.iter()
                .map(|n| n.parse().expect("a number of tables"))
                .collect()
        })
        .unwrap_or_else(|| vec![200, 500, 2000]);
    let postgres = std::env::var(backends::POSTGRES_VAR).is_ok_and(|v| !v.is_empty());
    let backends = list(&args, "--backends").unwrap_or_else(|| {
        let mut all = vec!["sqlite".to_owned()];
        if postgres {
            all.push("postgres".to_owned());
        } else {
            eprintln!(
                "PostgreSQL skipped: set {} to a server",
                backends::POSTGRES_VAR
            );
        }
        all
    });
    let bots: Vec<Which> = list(&args, "--bots")
        .map(|l| l.iter().map(|b| Which::parse(b)).collect())
        .unwrap_or_else(|| vec![Which::Nothing, Which::Boardbot]);
    // Past 500 tables a game is cut short (each table still clicks through
    // its opening, the busiest part), or one size would take many minutes.
    // The do-nothing players click as often as a game against the CPU
    // lets a person click (a person's moves in a game here: 10 to 21).
    let clicks = |tables: usize, which: Which| -> usize {
        list(&args, "--clicks")
            .and_then(|l| l[0].parse().ok())
            .unwrap_or(match (tables > 500, which) {
                (true, _) => 6,
                (false, Which::Nothing) => 15,
                (false, _) => 100,
            })
    };
    let mut rows: Vec<Figures> = Vec::new();
    for backend in &backends {
        for &tables in &sizes {
            for &which in &bots {
                println!("== {} on {backend}, {tables} tables", which.name());
                let run = [
                    "--run".to_owned(),
                    which.name().to_owned(),
                    backend.clone(),
                    tables.to_string(),
                    clicks(tables, which).to_string(),
                ];
                if let Some(json) = child(&run) {
                    rows.push(serde_json::from_str(&json).expect("a run's figures"));
                }
            }
        }
    }
    println!();
    println!(
        "| store | tables | bot | first answer p50 / p99 / max (ms) | turn back p50 / p99 (ms) | unanswered in 3 s | clicks/s \
         | moves stored/s | bot CPU ms per click (stand-in and players) | bot peak MiB | writes per commit | p99 vs nothing \
         | moves stored/s vs nothing's clicks/s |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for f in &rows {
        let nothing = rows
            .iter()
            .find(|n| n.bot == "nothing" && n.backend == f.backend && n.tables == f.tables);
        let (ratio_p99, ratio_rate) = match nothing {
            Some(n) if f.bot != "nothing" => (
                format!("{:.2}", f.p99_ms / n.p99_ms),
                format!("{:.2}", f.moves_per_second() / n.clicks_per_second()),
            ),
            _ => ("–".into(), "–".into()),
        };
        let per_commit = if f.commits > 0 {
            format!("{:.1}", f.writes as f64 / f.commits as f64)
        } else {
            "–".into()
        };
        println!(
            "| {} | {} | {} | {:.0} / {:.0} / {:.0} | {:.0} / {:.0} | {} of {} | {:.1} | {:.1} | {:.2} ({:.2}) | {:.1} | {} | {} | {} |",
            f.backend,
            f.tables,
            f.bot,
            f.p50_ms,
            f.p99_ms,
            f.max_ms,
            f.turn_p50_ms,
            f.turn_p99_ms,
            f.unanswered,
            f.interactions,
            f.clicks_per_second(),
            f.moves_per_second(),
            f.cpu_ms_per_click(),
            f.driver_cpu_seconds * 1000.0 / f.clicks.max(1) as f64,
            f.peak_mib,
            per_commit,
            ratio_p99,
            ratio_rate
        );
    }
    if args.iter().any(|a| a == "--no-idle") {
        return;
    }
    println!();
    println!("an idle bot, one click at a time (100 clicks): first answer p50 / p99");
    for backend in &backends {
        for (mode, label) in [
            ("direct", "each change its own commit"),
            ("group", "group commit"),
        ] {
            let run = ["--idle-run".to_owned(), backend.clone(), mode.to_owned()];
            if let Some(json) = child(&run) {
                let [p50, p99]: [f64; 2] = serde_json::from_str(&json).expect("idle figures");
                println!("  {backend:<8} {label:<27} {p50:.1} / {p99:.1} ms");
            }
        }
    }
}
