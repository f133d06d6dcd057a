//! Load through the real bot: `cargo bench --bench load -- N` (default 200).
//!
//! N Connect Four tables against the CPU at the default level, each in its
//! own channel with its own player, driven through the real serenity client
//! against the in-tree Discord stand-in (both in this process). Every player
//! clicks a legal column whenever it is their turn, until the game ends.
//!
//! Reports: acknowledgement latency (from the stand-in dispatching an
//! interaction to the bot's interaction callback) p50 / p99 / max, moves per
//! second (both seats), interactions left without a callback for 3 seconds,
//! and peak resident memory (VmHWM). Then, in a fresh process
//! (`-- --memory 1000`), the resident memory growth from 0 to 1,000 open
//! tables, per table.

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

/// A figure from /proc/self/status, in KiB.
fn status_kib(field: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with(field))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|n| n.parse().ok())
        })
        .unwrap_or(0)
}

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

/// One table played to its end; returns the discs on the final board
/// (moves of both seats), or `None` when the game got stuck.
async fn play_table(d: &StandIn, table: usize) -> Option<u32> {
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
    loop {
        let Some(now) = look(d, board, player.id) else {
            debug(table, "no board message");
            return None;
        };
        if now.over && !now.thinking {
            return now.discs;
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
        let ix = d.click_label(&player, board, &pick).await;
        last_click = Some(ix);
        answered(d, ix, Duration::from_secs(30)).await;
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

/// N tables played to the end at once.
fn load(tables: usize) {
    runtime().block_on(async {
        // The bot as it ships: answers wait for their board only briefly.
        let h = Harness::start_with(|c| c.image_wait = boardbot::config::IMAGE_WAIT).await;
        let d = &h.discord;
        d.set_callback_window(WINDOW);
        let started = Instant::now();
        let games: Vec<Option<u32>> =
            futures_util::future::join_all((0..tables).map(|table| play_table(d, table))).await;
        let elapsed = started.elapsed();
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
        let finished = games.iter().flatten().count();
        let stuck = tables - finished;
        let moves: u32 = games.iter().flatten().sum();
        println!("tables                          {tables}");
        println!("games finished                  {finished}");
        println!("tables stuck (no retry)         {stuck}");
        println!("interactions                    {interactions}");
        println!("unanswered within 3 s           {unanswered}");
        println!(
            "acknowledgement p50 / p99 / max {:.1?} / {:.1?} / {:.1?}",
            percentile(&latencies, 0.5),
            percentile(&latencies, 0.99),
            latencies.last().copied().unwrap_or_default()
        );
        println!("moves (both seats)              {moves} in {elapsed:.1?}");
        println!(
            "moves per second                {:.1}",
            moves as f64 / elapsed.as_secs_f64()
        );
        println!(
            "peak resident memory (VmHWM)    {:.1} MiB",
            status_kib("VmHWM:") as f64 / 1024.0
        );
        phase_breakdown(&boardbot::metrics::metrics().encode());
        h.bot.stop().await;
    });
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
    let tables = args.iter().find_map(|a| a.parse().ok()).unwrap_or(200usize);
    load(tables);
    // Memory per table in a fresh process, so the load's freed memory does
    // not hide the growth.
    let status = std::process::Command::new(std::env::current_exe().expect("this bench"))
        .args(["--memory", "1000"])
        .status();
    if !matches!(status, Ok(s) if s.success()) {
        eprintln!("memory run failed: {status:?}");
    }
}
