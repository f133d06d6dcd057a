//! The live web board: `cargo bench --bench live` (release; the bot runs as
//! its own process against the in-tree Discord stand-in, on SQLite).
//!
//! Reports:
//! - a move from one page to another page showing it, and to the Discord
//!   board's edit: p50 / p99 / max over 200 moves (`-- --moves N`);
//! - one table watched by 1,000 pages (`-- --watchers N`): the bot's
//!   resident memory before and after they connect, and the time until
//!   every one of them has a move, over 20 moves;
//! - the page's weight (HTML + JS + CSS; no fonts: it uses the system's),
//!   raw and compressed (DEFLATE level 6 with gzip's 18 bytes of framing,
//!   what a reverse proxy's gzip sends);
//! - with Chromium installed: the page's first contentful paint and the
//!   moment its first board is drawn (`board-ready`), cold and warm.

#[path = "../tests/backends/mod.rs"]
mod backends;
#[path = "../tests/bot/mod.rs"]
mod bot;
#[path = "../tests/support/mod.rs"]
mod support;

use bot::process::{self, settled};
use bot::web::{live_link, log_in, Page, CLIENT_SECRET};
use bot::{challenge, TOKEN};
use serde_json::json;
use std::time::{Duration, Instant};
use support::{free_port, StandIn, User};

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let at = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[at.min(sorted.len() - 1)]
}

fn summary(name: &str, mut times: Vec<Duration>) {
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{name}: n = {}, p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        times.len(),
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 0.99)),
        ms(*times.last().unwrap_or(&Duration::ZERO))
    );
}

/// A process's resident memory, in KiB.
fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|n| n.parse().ok())
        })
        .unwrap_or(0)
}

fn arg(name: &str, default: usize) -> usize {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

struct Table {
    board: u64,
    link: String,
    /// Alice's and Bob's pages, logged in.
    pages: [Page; 2],
}

/// A match between Alice and Bob in a new channel, with both logged in on
/// its page.
async fn new_table(d: &StandIn, base: &str, alice: &User, bob: &User, n: usize) -> Table {
    let channel = d.add_channel(&format!("live-{n}"));
    let board = challenge(d, channel, alice, bob, json!({})).await;
    let message = settled(d, board, None).await;
    let link = live_link(&message).expect("a Watch live link");
    let path = format!("/t/{}", link.split("/t/").nth(1).unwrap());
    let a = log_in(d, base, &path, alice).await;
    let b = log_in(d, base, &path, bob).await;
    let pages = [
        Page::open(&link, Some(&a)).await,
        Page::open(&link, Some(&b)).await,
    ];
    Table { board, link, pages }
}

impl Table {
    /// The page of the seat to move, caught up with `stamp`.
    async fn mover(&mut self, seat: u64, stamp: u64) -> &mut Page {
        let i = usize::from(self.pages[1].view["you"]["seat"] == seat);
        let page = &mut self.pages[i];
        page.wait_view(|v| v["stamp"].as_u64() >= Some(stamp)).await;
        page
    }
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let moves = arg("--moves", 200);
    let watchers = arg("--watchers", 1000);
    let d = StandIn::start_with_token(TOKEN)
        .await
        .with_timeout(Duration::from_secs(60));
    d.set_client_secret(CLIENT_SECRET);
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let env = [
        ("DISCORD_GUILD_ID", d.guild_id().to_string()),
        ("PUBLIC_URL", base.clone()),
        ("WEB_BIND", format!("127.0.0.1:{port}")),
        ("DISCORD_CLIENT_SECRET", CLIENT_SECRET.to_owned()),
        ("DISCORD_ACTIVITY", "on".to_owned()),
        ("RUST_LOG", "boardbot=warn,serenity=warn".to_owned()),
    ];
    d.enable_activities();
    let database = backends::fresh_sqlite("live-bench");
    let mut bot = process::start_bot(&d, &database, &env);
    let pid = bot.id().expect("the bot's pid");
    d.wait_ready().await;
    d.wait_command("move").await;
    let alice = d.user("alice");
    let bob = d.user("bob");

    // 1. Page to page, and to the Discord board.
    let mut to_page = Vec::new();
    let mut to_discord = Vec::new();
    let mut games = 0;
    while to_page.len() < moves {
        games += 1;
        let mut table = new_table(&d, &base, &alice, &bob, games).await;
        let mut watcher = Page::open(&table.link, None).await;
        while to_page.len() < moves && watcher.view["result"].is_null() {
            let view = watcher.view.clone();
            let stamp = view["stamp"].as_u64().unwrap();
            let seat = view["mover"].as_u64().unwrap();
            let options = view["moves"].as_array().unwrap();
            let pick = options[rand::random::<usize>() % options.len()]["name"]
                .as_str()
                .unwrap()
                .to_owned();
            let version = d.message(table.board).unwrap().version;
            let page = table.mover(seat, stamp).await;
            let sent = Instant::now();
            page.play(&pick, stamp).await;
            let (shown, edited) = tokio::join!(
                async {
                    watcher
                        .wait_view(|v| v["stamp"].as_u64() > Some(stamp))
                        .await;
                    sent.elapsed()
                },
                async {
                    d.wait_message(table.board, |m| m.version > version).await;
                    sent.elapsed()
                }
            );
            to_page.push(shown);
            to_discord.push(edited);
        }
    }
    println!("live board, {moves} moves in {games} games (release bot process, SQLite)");
    summary("  page to page", to_page);
    summary("  page to the Discord board's edit", to_discord);

    // 2. One table, many watchers.
    let mut table = new_table(&d, &base, &alice, &bob, games + 1).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let before = rss_kib(pid);
    let (got, mut received) = tokio::sync::mpsc::unbounded_channel::<(u64, Instant)>();
    let mut tasks = Vec::new();
    for _ in 0..watchers {
        let link = table.link.clone();
        let got = got.clone();
        let mut page = Page::open(&link, None).await;
        tasks.push(tokio::spawn(async move {
            let mut last = page.stamp();
            loop {
                let view = page
                    .wait_view_within(Duration::from_secs(3600), |v| {
                        v["stamp"].as_u64() > Some(last)
                    })
                    .await;
                last = view["stamp"].as_u64().unwrap();
                if got.send((last, Instant::now())).is_err() {
                    break;
                }
            }
        }));
    }
    // Every page reports to `received`; none is left to the bench itself.
    drop(got);
    tokio::time::sleep(Duration::from_millis(500)).await;
    let after = rss_kib(pid);
    let mut fan_out = Vec::new();
    let mut watcher = Page::open(&table.link, None).await;
    for _ in 0..20 {
        if !watcher.view["result"].is_null() {
            break;
        }
        let view = watcher.view.clone();
        let stamp = view["stamp"].as_u64().unwrap();
        let seat = view["mover"].as_u64().unwrap();
        let pick = view["moves"][0]["name"].as_str().unwrap().to_owned();
        let page = table.mover(seat, stamp).await;
        let sent = Instant::now();
        page.play(&pick, stamp).await;
        let mut seen = 0;
        let mut last = sent;
        while seen < watchers {
            let (at_stamp, at) = received.recv().await.expect("a watcher's view");
            if at_stamp > stamp {
                seen += 1;
                last = last.max(at);
            }
        }
        fan_out.push(last - sent);
        watcher
            .wait_view(|v| v["stamp"].as_u64() > Some(stamp))
            .await;
    }
    println!(
        "one table, {watchers} watching pages: bot memory {:.1} MB before, {:.1} MB after (+{:.1} MB, {:.1} KB per page)",
        before as f64 / 1024.0,
        after as f64 / 1024.0,
        (after as f64 - before as f64) / 1024.0,
        (after as f64 - before as f64) / watchers as f64
    );
    summary("  a move reaching every page", fan_out);
    for task in tasks {
        task.abort();
    }

    // 3. The page's weight.
    let http = reqwest::Client::new();
    let mut raw = 0;
    let mut packed = 0;
    for url in [
        table.link.clone(),
        format!("{base}/static/board.js"),
        format!("{base}/static/board.css"),
    ] {
        let body = http.get(&url).send().await.unwrap().bytes().await.unwrap();
        raw += body.len();
        packed += miniz_oxide::deflate::compress_to_vec(&body, 6).len() + 18;
    }
    println!(
        "page weight (HTML + JS + CSS, no fonts): {:.1} KB, {:.1} KB compressed",
        raw as f64 / 1000.0,
        packed as f64 / 1000.0
    );

    // 4. First paint, in a real browser.
    if support::browser::available("live bench: first paint") {
        let browser = support::browser::Browser::start(720, 960).await;
        let mut cold = None;
        let mut warm = Vec::new();
        for i in 0..6 {
            browser.goto(&table.link).await;
            let times = browser
                .wait_for(
                    "const r = performance.getEntriesByName('board-ready')[0];
                     const p = performance.getEntriesByName('first-contentful-paint')[0];
                     return r && p ? [p.startTime, r.startTime] : null",
                    json!([]),
                    "the board",
                )
                .await;
            let pair = (times[0].as_f64().unwrap(), times[1].as_f64().unwrap());
            if i == 0 {
                cold = Some(pair);
            } else {
                warm.push(pair);
            }
        }
        let (fcp, ready) = cold.unwrap();
        println!("first paint in headless Chromium: cold {fcp:.0} ms, board drawn {ready:.0} ms");
        warm.sort_by(|a, b| a.1.total_cmp(&b.1));
        let (fcp, ready) = warm[warm.len() / 2];
        println!(
            "  warm (median of {}): {fcp:.0} ms, board drawn {ready:.0} ms",
            warm.len()
        );
        browser.quit().await;
        // The Activity: its page with the SDK (the SDK's mock standing in
        // for Discord), from opening to a playable board, in a new browser
        // each time (cold) and again in the same one (warm).
        let channel = d.add_channel("activity");
        let board = challenge(&d, channel, &alice, &bob, json!({})).await;
        settled(&d, board, None).await;
        let instance = d.start_activity(channel, &[&alice]);
        let url = |code: String| {
            format!(
                "{base}/?instance_id={instance}&channel_id={channel}&guild_id={}&frame_id=mock&mock_code={code}",
                d.guild_id()
            )
        };
        let script = "const r = performance.getEntriesByName('board-ready')[0];
                      const p = performance.getEntriesByName('first-contentful-paint')[0];
                      return r && p ? [p.startTime, r.startTime] : null";
        let mut cold = Vec::new();
        let mut warm = Vec::new();
        for _ in 0..3 {
            let browser = support::browser::Browser::start(720, 960).await;
            for i in 0..3 {
                browser.goto(&url(d.authorize(&alice, ""))).await;
                let t = browser
                    .wait_for(script, json!([]), "the Activity's board")
                    .await;
                let pair = (t[0].as_f64().unwrap(), t[1].as_f64().unwrap());
                if i == 0 {
                    cold.push(pair)
                } else {
                    warm.push(pair)
                }
            }
            browser.quit().await;
        }
        let median = |mut v: Vec<(f64, f64)>| {
            v.sort_by(|a, b| a.1.total_cmp(&b.1));
            v[v.len() / 2]
        };
        let ((cf, cr), (wf, wr)) = (median(cold), median(warm));
        println!(
            "the Activity in headless Chromium, to a playable board (first paint / board drawn): \
             a fresh browser {cf:.0} / {cr:.0} ms, again {wf:.0} / {wr:.0} ms (medians of 3 and 6)"
        );
        let mut raw = 0;
        let mut packed = 0;
        for path in [
            "/",
            "/static/embedded-app-sdk.js",
            "/static/activity.js",
            "/static/board.js",
            "/static/board.css",
        ] {
            let body = http
                .get(format!("{base}{path}"))
                .send()
                .await
                .unwrap()
                .bytes()
                .await
                .unwrap();
            raw += body.len();
            packed += miniz_oxide::deflate::compress_to_vec(&body, 6).len() + 18;
        }
        println!(
            "the Activity's weight (HTML + SDK + JS + CSS): {:.1} KB, {:.1} KB compressed",
            raw as f64 / 1000.0,
            packed as f64 / 1000.0
        );
    }
    let _ = bot.kill().await;
}
