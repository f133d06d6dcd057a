//! Publishing through Discord's bad moments: an outage of board edits while
//! games go on, a rate limit on the board's route (and a global one), a
//! click on a board that is behind, and errors a retry cannot fix. Injected
//! through the stand-in; the bot is the real serenity client.

use crate::{bot, support};
use bot::{enabled_moves, is_over, open_solo, turn_of, Harness};
use serde_json::json;
use std::time::{Duration, Instant};
use support::{FaultCause, Msg, User};

/// Generous: waits are for conditions, never for speed.
const PATIENCE: Duration = Duration::from_secs(120);

/// The bot with its board retries ten times faster than in production
/// (first wait 50 ms, not 500): the same schedule, watched in a tenth of
/// the time.
async fn start() -> Harness {
    let mut h = Harness::start_with(|config| {
        config.publish_backoff = Duration::from_millis(50);
    })
    .await;
    h.discord.set_timeout(PATIENCE);
    h
}

/// Opens Connect Four against the easy CPU in `channel`; returns the board
/// message once the table knows it and it is alice's turn.
async fn open_ready(h: &Harness, alice: &User, channel: u64) -> Msg {
    let d = &h.discord;
    let board = open_solo(d, alice, channel).await;
    let ready = d
        .wait_message(board, |m| {
            turn_of(m) == Some(alice.id) && !m.content.contains("thinking")
        })
        .await;
    // The table learns where its board is once the answer is sent.
    let service = h.bot.service();
    let table = service
        .table(boardbot::service::At::Channel(channel))
        .await
        .unwrap();
    for _ in 0..500 {
        let (_, link) = service.board(table.no()).await.unwrap().unwrap();
        if link.and_then(|l| l.message) == Some(board) {
            return ready;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("the table never learnt where its board is");
}

/// How a `/move` went.
#[derive(Debug, PartialEq)]
enum Played {
    Moved,
    NotYourTurn,
    Over,
}

/// Alice plays `column` (1-7) with `/move` (a private answer: the board
/// itself is published through the table's link); a full column tries the
/// next ones.
async fn play(h: &Harness, alice: &User, channel: u64, column: u32) -> Played {
    let d = &h.discord;
    for k in 0..7 {
        let at = (column - 1 + k) % 7 + 1;
        let ix = d
            .slash(alice, channel, "move", json!({"at": at.to_string()}))
            .await;
        let reply = d.response(ix).await;
        assert!(reply.ephemeral, "{reply:?}");
        let text = reply.content.unwrap_or_default();
        if text.contains("You played") {
            return Played::Moved;
        }
        if text.contains("not your turn") {
            return Played::NotYourTurn;
        }
        if text.contains("has ended") || text.contains("no game") || text.contains("is closed") {
            return Played::Over;
        }
        assert!(
            text.contains("full") || text.contains("not a move"),
            "unexpected answer to /move: {text}"
        );
    }
    Played::Over
}

/// Alice plays `/move`s until the table in `channel` is over (waiting
/// while the CPU thinks), without looking at the board.
async fn play_through(h: &Harness, alice: &User, channel: u64) {
    let service = h.bot.service();
    let started = Instant::now();
    let mut column = 4;
    while started.elapsed() < PATIENCE {
        let table = service.table(boardbot::service::At::Channel(channel)).await;
        if table.as_ref().map_or(true, |t| !t.is_running()) {
            return;
        }
        match play(h, alice, channel, column).await {
            Played::Moved => column = column % 7 + 1,
            Played::NotYourTurn => tokio::time::sleep(Duration::from_millis(30)).await,
            Played::Over => return,
        }
    }
    panic!("the game in channel {channel} did not end");
}

/// The first answered (2xx) `PATCH` of a board route after `after`.
fn first_success_after(h: &Harness, after: Instant) -> Option<Instant> {
    h.discord
        .request_log()
        .into_iter()
        .find(|r| {
            r.at > after && r.route.starts_with("PATCH /api/v10/") && (200..300).contains(&r.status)
        })
        .map(|r| r.at)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn boards_catch_up_after_an_outage_of_edits() {
    let h = start().await;
    let d = &h.discord;
    let alice = d.user("alice");
    let channels = [d.channel_id(), d.add_channel("second")];
    let mut boards = Vec::new();
    for &channel in &channels {
        boards.push(open_ready(&h, &alice, channel).await.id);
    }
    // Every message edit fails for 1 s, several backoffs long (callbacks
    // still work: the games go on through `/move`, and the boards fall
    // behind).
    let outage_ends = d.fail_for("PATCH", "", 503, Duration::from_secs(1));
    for &channel in &channels {
        play_through(&h, &alice, channel).await;
    }
    let mut shown_at = Vec::new();
    for &board in &boards {
        let last = d.wait_message(board, |m| is_over(m) || m.deleted).await;
        assert!(!last.deleted, "the board was edited, not posted again");
        assert!(is_over(&last), "{}", last.content);
        assert_eq!(last.attachments.len(), 1, "with its image");
        shown_at.push(Instant::now());
    }
    let failed = d.failed_count();
    assert!(failed >= 2, "the outage met the boards: {failed}");
    // How long after the outage the first board edit went through.
    let caught_up =
        first_success_after(&h, outage_ends).map(|at| at.saturating_duration_since(outage_ends));
    eprintln!(
        "outage of 1 s: {failed} edits refused with 503; first board edit {caught_up:?} after it ended"
    );
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_429_on_the_board_route_is_waited_out() {
    let h = start().await;
    let d = &h.discord;
    let alice = d.user("alice");
    let board = open_ready(&h, &alice, d.channel_id()).await;
    // The board's next edit is rate limited for 3 s.
    d.rate_limit_next("PATCH", "/webhooks/", Duration::from_secs(3), false);
    assert_eq!(play(&h, &alice, d.channel_id(), 4).await, Played::Moved);
    let after = d
        .wait_message(board.id, |m| {
            m.version > board.version
                && turn_of(m) == Some(alice.id)
                && !m.content.contains("thinking")
        })
        .await;
    assert!(after.content.contains("Last move"), "{}", after.content);
    let windows = d.rate_limit_windows();
    assert_eq!(windows.len(), 1, "the limit was met");
    let (opened, lifts) = windows[0];
    let inside = d.requests_between("PATCH", "/webhooks/", opened, lifts);
    let limited = d
        .fault_hits()
        .into_iter()
        .filter(|h| h.cause == FaultCause::RateLimited)
        .count();
    eprintln!(
        "429 for 3 s: {} edits sent inside the window after the first 429; {limited} answered 429",
        inside.len()
    );
    assert!(
        inside.is_empty(),
        "edits sent before the limit lifted: {inside:?}"
    );
    assert_eq!(limited, 1, "one request met the limit");
    // Alice's move and the CPU's reply came while the limit held: one edit
    // shows both.
    let edits_after: Vec<_> = d
        .request_log()
        .into_iter()
        .filter(|r| r.at >= lifts && r.route.starts_with("PATCH /api/v10/webhooks/"))
        .collect();
    assert_eq!(edits_after.len(), 1, "{edits_after:?}");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_global_429_holds_every_board() {
    let h = start().await;
    let d = &h.discord;
    let alice = d.user("alice");
    let channels = [d.channel_id(), d.add_channel("second")];
    let mut boards = Vec::new();
    for &channel in &channels {
        boards.push(open_ready(&h, &alice, channel).await);
    }
    // The first board's edit meets a global limit of 2 s: the second
    // board's edit must wait for it too.
    d.rate_limit_next("PATCH", "/webhooks/", Duration::from_secs(2), true);
    for &channel in &channels {
        assert_eq!(play(&h, &alice, channel, 4).await, Played::Moved);
    }
    for board in &boards {
        d.wait_message(board.id, |m| {
            m.version > board.version
                && turn_of(m) == Some(alice.id)
                && !m.content.contains("thinking")
        })
        .await;
    }
    let (opened, lifts) = d.rate_limit_windows()[0];
    // A request already on its way when the first 429 went out (the other
    // board's publisher, sent before the bot could read that answer) is no
    // fault of the bot's: Discord answers those 429 too. What counts is
    // what the bot sends once it knows: nothing until the limit lifts.
    let known = opened + Duration::from_millis(100);
    let inside: Vec<_> = d
        .request_log()
        .into_iter()
        .filter(|r| r.at > known && r.at < lifts && !r.route.contains("/interactions/"))
        .collect();
    let offsets: Vec<_> = inside.iter().map(|r| r.at - opened).collect();
    assert!(
        inside.is_empty(),
        "sent under a global limit, after it opened by {offsets:?}: {inside:?}"
    );
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_click_on_a_board_whose_update_waits_refreshes_it() {
    let h = start().await;
    let d = &h.discord;
    let alice = d.user("alice");
    let board = open_ready(&h, &alice, d.channel_id()).await;
    // Edits fail for longer than the test: the board stays behind, its
    // retries waiting.
    d.fail_for("PATCH", "", 503, Duration::from_secs(600));
    assert_eq!(play(&h, &alice, d.channel_id(), 4).await, Played::Moved);
    d.wait_fault_hits(FaultCause::Failed, 1).await;
    let stuck = d.message(board.id).unwrap();
    assert_eq!(stuck.version, board.version, "the board could not change");
    // Alice clicks the board she sees (the latest message, buttons on).
    let moves = enabled_moves(&stuck);
    let click = d.click_label(&alice, board.id, &moves[0]).await;
    let reply = d.response(click).await;
    assert_eq!(reply.kind, 7, "refreshed in place: {reply:?}");
    let notes = d.wait_followups(click, 1).await;
    assert!(
        notes[0].content.contains("now shows the game"),
        "{}",
        notes[0].content
    );
    let healed = d.message(board.id).unwrap();
    assert!(healed.version > stuck.version);
    assert!(healed.content.contains("Last move"), "{}", healed.content);

    // The match ends while its board is behind: a click on the old board
    // shows the end, not "out of date" or "game over".
    let ix = d.slash(&alice, d.channel_id(), "end", json!({})).await;
    assert!(d.response(ix).await.ephemeral);
    let before = d.message(board.id).unwrap();
    let moves = enabled_moves(&before);
    assert!(!moves.is_empty(), "the board still offers moves");
    let click = d.click_label(&alice, board.id, &moves[0]).await;
    let reply = d.response(click).await;
    assert_eq!(reply.kind, 7, "refreshed in place: {reply:?}");
    let ended = d.message(board.id).unwrap();
    assert!(enabled_moves(&ended).is_empty(), "{}", ended.content);
    d.clear_faults();
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_403_takes_the_fallback_once_and_stops() {
    let h = start().await;
    let d = &h.discord;
    let alice = d.user("alice");
    open_ready(&h, &alice, d.channel_id()).await;
    // No token and no channel access: neither an edit nor a new post can
    // work, and trying again would only count against the bot.
    d.deny_channel(d.channel_id());
    d.expire_tokens();
    assert_eq!(play(&h, &alice, d.channel_id(), 4).await, Played::Moved);
    d.wait_fault_hits(FaultCause::DeniedChannel, 2).await;
    // Longer than the first backoffs (0.05 + 0.1 + 0.2 s): nothing more is
    // sent.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let hits = d.fault_hits();
    let denied = hits
        .iter()
        .filter(|h| h.cause == FaultCause::DeniedChannel)
        .count();
    // The CPU's reply is a second update: it takes the same path once.
    assert!(denied <= 4, "retried in a loop: {hits:?}");
    let settled = denied;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let denied = d
        .fault_hits()
        .iter()
        .filter(|h| h.cause == FaultCause::DeniedChannel)
        .count();
    assert_eq!(denied, settled, "still trying: {:?}", d.fault_hits());
    d.allow_channel(d.channel_id());
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_404_on_the_board_posts_it_once_more_and_stops() {
    let h = start().await;
    let d = &h.discord;
    let alice = d.user("alice");
    let board = open_ready(&h, &alice, d.channel_id()).await;
    // The board's webhook route answers 404 from now on: a fresh message
    // is posted once, and later updates edit that one.
    d.fail_for("PATCH", "/webhooks/", 404, Duration::from_secs(600));
    assert_eq!(play(&h, &alice, d.channel_id(), 4).await, Played::Moved);
    let fresh = d
        .wait_channel_message(d.channel_id(), |m| {
            m.id != board.id && turn_of(m) == Some(alice.id) && !m.content.contains("thinking")
        })
        .await;
    assert_eq!(fresh.attachments.len(), 1);
    tokio::time::sleep(Duration::from_millis(400)).await;
    let failed = d.failed_count();
    assert!(
        failed <= 2,
        "one 404 per update at most: {:?}",
        d.fault_hits()
    );
    let posts = d
        .requests()
        .iter()
        .filter(|r| r.starts_with("POST /api/v10/channels/"))
        .count();
    assert!(posts <= 2, "posted again and again: {posts}");
    d.clear_faults();
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_stand_in_answers_429s_like_discord() {
    let d = support::StandIn::start().await;
    let channel = d.channel_id();
    let url = format!("{}/api/v10/channels/{channel}/messages", d.base_url());
    let client = reqwest::Client::new();
    let post = || {
        client
            .post(&url)
            .header("content-type", "application/json")
            .body(r#"{"content": "hi"}"#)
            .send()
    };
    d.rate_limit_next("POST", "/channels/", Duration::from_millis(1500), false);
    let limited = post().await.unwrap();
    assert_eq!(limited.status().as_u16(), 429);
    let header = |name: &str| {
        limited
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    };
    assert_eq!(header("retry-after").as_deref(), Some("2"));
    assert_eq!(header("x-ratelimit-remaining").as_deref(), Some("0"));
    let reset: f64 = header("x-ratelimit-reset-after").unwrap().parse().unwrap();
    assert!(reset > 1.0 && reset <= 1.5, "{reset}");
    assert_eq!(header("x-ratelimit-global"), None);
    let body: serde_json::Value = serde_json::from_slice(&limited.bytes().await.unwrap()).unwrap();
    assert_eq!(body["message"], "You are being rate limited.");
    assert_eq!(body["global"], false);
    assert!(
        body.get("code").is_none(),
        "Discord's 429 has no code: {body}"
    );
    assert!(body["retry_after"].as_f64().unwrap() > 1.0);
    // Inside the window: still limited, with less time left.
    let again = post().await.unwrap();
    assert_eq!(again.status().as_u16(), 429);
    let left: serde_json::Value = serde_json::from_slice(&again.bytes().await.unwrap()).unwrap();
    assert!(left["retry_after"].as_f64().unwrap() <= body["retry_after"].as_f64().unwrap());
    let (opened, lifts) = d.rate_limit_windows()[0];
    tokio::time::sleep(lifts.saturating_duration_since(Instant::now())).await;
    assert_eq!(post().await.unwrap().status().as_u16(), 200, "lifted");
    let inside = d.requests_between("POST", "/channels/", opened, lifts);
    assert_eq!(inside.len(), 1, "the second request: {inside:?}");
    assert_eq!(inside[0].status, 429);

    // An outage: every matching request fails until it ends.
    let ends = d.fail_for("", "", 502, Duration::from_millis(500));
    assert_eq!(post().await.unwrap().status().as_u16(), 502);
    tokio::time::sleep(ends.saturating_duration_since(Instant::now())).await;
    assert_eq!(post().await.unwrap().status().as_u16(), 200, "over");
}
