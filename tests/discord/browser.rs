//! The live web board in a real browser (headless Chromium, driven through
//! WebDriver): a Connect Four played to its end by clicking cells and the
//! confirm button while a second browser watches, a Dots and Boxes line and
//! a Connect Four 3D bead dropped by tapping an upper cell of its rod, the
//! landing mark checked before each confirm, and the discs' colours read
//! off screenshots at their cells.

use crate::bot::web::{live_link, log_in, start_web};
use crate::bot::{challenge, Harness};
use crate::support::browser::{available, near, Browser};
use crate::support::User;
use serde_json::{json, Value};

const RED: u32 = 0xE23B3B;
const YELLOW: u32 = 0xFFC629;
const BLUE: u32 = 0x2F80ED;
const HOLE: u32 = 0xE3E8F0;

/// Where the screenshots go (for the README's pictures and the notes).
fn keep(name: &str, image: &image::RgbaImage) {
    let folder = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("web-screenshots");
    let _ = std::fs::create_dir_all(&folder);
    let _ = image.save(folder.join(format!("{name}.png")));
}

/// A browser logged in as `user` (or nobody) with `link`'s page open and
/// its first view drawn.
async fn open_page(h: &Harness, base: &str, link: &str, user: Option<&User>) -> Browser {
    let browser = Browser::start(720, 960).await;
    if let Some(user) = user {
        let path = format!("/t/{}", link.split("/t/").nth(1).unwrap());
        let cookie = log_in(&h.discord, base, &path, user).await;
        let (name, value) = cookie.split_once('=').unwrap();
        // A cookie is set for the site of the page open.
        browser.goto(&format!("{base}/static/board.css")).await;
        browser.set_cookie(name, value).await;
    }
    browser.goto(link).await;
    browser
        .wait_for(
            "return document.body.dataset.stamp",
            json!([]),
            "the first view",
        )
        .await;
    browser
}

/// The page's view, as the socket last sent it.
async fn view(browser: &Browser) -> Value {
    browser
        .run("return window.boardbot.view()", json!([]))
        .await
}

async fn wait_stamp_past(browser: &Browser, stamp: u64) -> Value {
    browser
        .wait_for(
            "const v = window.boardbot.view(); return v && v.stamp > arguments[0] && document.body.dataset.stamp == String(v.stamp) ? v : null",
            json!([stamp]),
            "a newer view",
        )
        .await
}

async fn wait_my_turn(browser: &Browser) -> Value {
    browser
        .wait_for(
            "const v = window.boardbot.view(); return v && v.you.may_move ? v : null",
            json!([]),
            "this person's turn",
        )
        .await
}

async fn landing(browser: &Browser) -> String {
    browser
        .wait_for(
            "const l = document.getElementById('landing'); return l && l.getAttribute('data-at')",
            json!([]),
            "the landing mark",
        )
        .await
        .as_str()
        .unwrap()
        .to_owned()
}

/// Confirms the selected move and waits until the page shows the table
/// moved on.
async fn confirm(browser: &Browser, stamp: u64) -> Value {
    browser.click("#confirm").await;
    wait_stamp_past(browser, stamp).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connect4_played_to_its_end_in_a_browser_while_another_watches() {
    if !available("connect4_played_to_its_end_in_a_browser_while_another_watches") {
        return;
    }
    let (h, base) = start_web().await;
    let d = &h.discord;
    let alice = d.user("Alice");
    let bob = d.user("Bob");
    let board = challenge(d, d.channel_id(), &alice, &bob, json!({})).await;
    h.settled(board, None).await;
    let link = live_link(&d.message(board).unwrap()).expect("a Watch live link");
    let player = open_page(&h, &base, &link, Some(&alice)).await;
    let watcher = open_page(&h, &base, &link, None).await;
    let watched = view(&watcher).await;
    assert_eq!(
        watched["you"]["may_act"], false,
        "the watcher is not logged in"
    );
    play_to_the_end(&h, board, &bob, &player, &watcher, "connect4").await;
    player.quit().await;
    watcher.quit().await;
    h.stop().await;
}

/// Alice (logged in on `player`) and Bob (on Discord) play `board` to its
/// end: Alice stacks column 1 by clicking its top cell (once by keyboard),
/// checking the landing mark before each confirm; Bob answers in column 2,
/// then 7. The `watcher` page sees every move; the screenshots are checked
/// at the discs' cells and kept as `shot`.
async fn play_to_the_end(
    h: &Harness,
    board: u64,
    bob: &User,
    player: &Browser,
    watcher: &Browser,
    shot_name: &str,
) {
    let d = &h.discord;
    // Alice stacks column 1; Bob answers in column 2, then 7.
    let mut bob_moves = ["2", "2", "2", "7", "7", "7"].into_iter();
    let mut alice_discs = 0;
    let mut keyboard_used = false;
    loop {
        let now = view(watcher).await;
        if !now["result"].is_null() {
            break;
        }
        let stamp = now["stamp"].as_u64().unwrap();
        let to_move = now["mover"].as_u64().unwrap();
        let alice_seat = view(player).await["you"]["seat"].as_u64().unwrap();
        if to_move == alice_seat {
            let mine = wait_my_turn(player).await;
            assert_eq!(mine["stamp"].as_u64(), Some(stamp));
            if alice_discs == 1 && !keyboard_used {
                // By keyboard: the first move in order is column 1.
                player.keys("#wrap", "\u{E014}").await;
                assert_eq!(landing(player).await, format!("0,{alice_discs}"));
                player.keys("#wrap", "\u{E007}").await;
                wait_stamp_past(player, stamp).await;
                keyboard_used = true;
            } else {
                // The top cell of column 1 selects the column; the mark
                // shows where the disc will land, and nothing is played yet.
                player.click("[data-cell=\"0,5\"]").await;
                assert_eq!(landing(player).await, format!("0,{alice_discs}"));
                assert_eq!(view(watcher).await["stamp"].as_u64(), Some(stamp));
                confirm(player, stamp).await;
            }
            alice_discs += 1;
            let seen = wait_stamp_past(watcher, stamp).await;
            assert_eq!(
                seen["board"]["grid"]["cells"][0][alice_discs - 1],
                alice_seat
            );
            if alice_discs == 1 {
                let shot = player.screenshot().await;
                let (x, y) = player.centre("[data-cell=\"0,0\"]").await;
                let colour = if alice_seat == 0 { RED } else { YELLOW };
                assert!(
                    near(*shot.get_pixel(x, y), colour, 12),
                    "Alice's disc at its cell: {:?}",
                    shot.get_pixel(x, y)
                );
            }
        } else {
            // The Discord board is edited a moment after the pages are
            // told: Bob clicks once it shows this position, as he would.
            d.wait_message(board, |m| {
                m.buttons().iter().any(|b| {
                    b.custom_id.as_deref().and_then(|id| id.split(':').nth(2))
                        == Some(stamp.to_string().as_str())
                })
            })
            .await;
            let ix = d.click_label(bob, board, bob_moves.next().unwrap()).await;
            assert_eq!(d.response(ix).await.kind, 7);
            wait_stamp_past(watcher, stamp).await;
            wait_stamp_past(player, stamp).await;
        }
    }
    let result = watcher
        .wait_for(
            "const r = document.getElementById('result'); return !r.hidden && r.textContent",
            json!([]),
            "the result",
        )
        .await;
    assert!(result.as_str().unwrap().contains("Alice"), "{result}");
    assert!(keyboard_used);
    // The watcher's screenshot: Bob's disc and an empty hole at their cells.
    let shot = watcher.screenshot().await;
    keep(shot_name, &shot);
    let bob_seat = 1 - view(player).await["you"]["seat"].as_u64().unwrap();
    let (x, y) = watcher.centre("[data-cell=\"1,0\"]").await;
    let colour = if bob_seat == 0 { RED } else { YELLOW };
    assert!(
        near(*shot.get_pixel(x, y), colour, 12),
        "Bob's disc: {:?}",
        shot.get_pixel(x, y)
    );
    let (x, y) = watcher.centre("[data-cell=\"4,0\"]").await;
    assert!(
        near(*shot.get_pixel(x, y), HOLE, 12),
        "an empty hole: {:?}",
        shot.get_pixel(x, y)
    );
}

/// Opens `game` against the easy CPU for a new person in a channel of its
/// own; returns the browser logged in as that person, at its turn.
async fn solo_in_browser(h: &Harness, base: &str, game: &str) -> (Browser, Value) {
    let d = &h.discord;
    let person = d.user("Eve");
    let channel = d.add_channel(game);
    let ix = d
        .slash(&person, channel, game, json!({ "level": "easy" }))
        .await;
    let reply = d.response(ix).await;
    let board = reply.message_id.expect("a board");
    let message = h.settled(board, None).await;
    let link = live_link(&message).expect("a Watch live link");
    let browser = open_page(h, base, &link, Some(&person)).await;
    let mine = wait_my_turn(&browser).await;
    (browser, mine)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dots_line_a_3d_bead_and_a_three_player_disc_are_played_in_a_browser() {
    if !available("a_dots_line_a_3d_bead_and_a_three_player_disc_are_played_in_a_browser") {
        return;
    }
    let (h, base) = start_web().await;

    // Dots and Boxes: a line is tapped between its two dots.
    let (browser, mine) = solo_in_browser(&h, &base, "dots").await;
    assert_eq!(mine["confirm"], "Draw line");
    let line = mine["moves"][0]["land"].clone();
    let at = format!(
        "{},{},{}",
        line["dir"].as_str().unwrap(),
        line["row"],
        line["col"]
    );
    browser.click(&format!("[data-line=\"{at}\"]")).await;
    assert_eq!(
        landing(&browser).await,
        at,
        "the line to be drawn is marked"
    );
    let stamp = mine["stamp"].as_u64().unwrap();
    let after = confirm(&browser, stamp).await;
    let dir = if line["dir"] == "h" { "h" } else { "v" };
    let drawn = &after["board"]["dots"][dir][line["row"].as_u64().unwrap() as usize]
        [line["col"].as_u64().unwrap() as usize];
    assert_eq!(
        drawn, &mine["you"]["seat"],
        "the line is drawn in the person's colour"
    );
    keep("dots", &browser.screenshot().await);
    browser.quit().await;

    // Connect Four 3D: any cell of a rod selects it; the bead lands at the
    // rod's lowest free level.
    let (browser, mine) = solo_in_browser(&h, &base, "connect4-3d").await;
    assert_eq!(mine["confirm"], "Drop bead");
    let (x, y) = {
        let rod = &mine["moves"][5]["target"]["rod"];
        (rod[0].as_u64().unwrap(), rod[1].as_u64().unwrap())
    };
    let land = mine["moves"][5]["land"].clone();
    browser.click(&format!("[data-cell=\"3,{x},{y}\"]")).await;
    assert_eq!(
        landing(&browser).await,
        format!("{},{x},{y}", land[0]),
        "where the bead lands"
    );
    let stamp = mine["stamp"].as_u64().unwrap();
    let after = confirm(&browser, stamp).await;
    let level = land[0].as_u64().unwrap() as usize;
    assert_eq!(
        after["board"]["cube"]["cells"][level][x as usize][y as usize], mine["you"]["seat"],
        "the bead at its landing cell"
    );
    let shot = browser.screenshot().await;
    keep("connect4-3d", &shot);
    let (px, py) = browser
        .centre(&format!("[data-cell=\"{level},{x},{y}\"]"))
        .await;
    let colour = if mine["you"]["seat"] == 0 {
        RED
    } else {
        YELLOW
    };
    assert!(
        near(*shot.get_pixel(px, py), colour, 12),
        "the bead's colour: {:?}",
        shot.get_pixel(px, py)
    );
    browser.quit().await;

    // Connect Four for three: after a move, both CPU seats answer; the
    // blue disc is read off the screenshot at its cell.
    let (browser, mine) = solo_in_browser(&h, &base, "connect4-3p").await;
    browser.click("[data-cell=\"4,8\"]").await;
    let landed = landing(&browser).await;
    assert!(landed.starts_with("4,"), "column 5: {landed}");
    let stamp = mine["stamp"].as_u64().unwrap();
    confirm(&browser, stamp).await;
    let again = wait_my_turn(&browser).await;
    let cells = again["board"]["grid"]["cells"].as_array().unwrap().clone();
    let (column, row) = (0..9)
        .flat_map(|c| (0..9).map(move |r| (c, r)))
        .find(|&(c, r)| cells[c][r] == 2)
        .expect("a blue disc");
    let shot = browser.screenshot().await;
    keep("connect4-3p", &shot);
    let (px, py) = browser
        .centre(&format!("[data-cell=\"{column},{row}\"]"))
        .await;
    assert!(
        near(*shot.get_pixel(px, py), BLUE, 12),
        "the blue disc: {:?}",
        shot.get_pixel(px, py)
    );
    browser.quit().await;
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_activity_is_played_to_its_end_while_the_instance_watches() {
    if !available("the_activity_is_played_to_its_end_while_the_instance_watches") {
        return;
    }
    let (h, base) = crate::bot::web::start_web_with(|c| c.activity = true).await;
    let d = &h.discord;
    d.enable_activities();
    let alice = d.user("Alice");
    let bob = d.user("Bob");
    let carol = d.user("Carol");
    let eve = d.user("Eve");
    let channel = d.channel_id();
    let board = challenge(d, channel, &alice, &bob, json!({})).await;
    h.settled(board, None).await;
    let instance = d.start_activity(channel, &[&alice, &carol]);
    // The page as Discord frames it (its query), outside Discord: the SDK's
    // own mock stands in for the Discord client, with the code Discord's
    // authorize would give.
    let open = |user: &User| {
        let code = d.authorize(user, "");
        format!(
            "{base}/?instance_id={instance}&channel_id={channel}&guild_id={}&frame_id=mock&platform=desktop&mock_code={code}",
            d.guild_id()
        )
    };
    let player = Browser::start(720, 960).await;
    player.goto(&open(&alice)).await;
    let watcher = Browser::start(720, 960).await;
    watcher.goto(&open(&carol)).await;
    for page in [&player, &watcher] {
        page.wait_for(
            "return window.boardbotActivity && window.boardbotActivity.state().phase === 'playing' && document.body.dataset.stamp",
            json!([]),
            "the Activity's board",
        )
        .await;
    }
    let watched = view(&watcher).await;
    assert_eq!(
        watched["you"]["seat"],
        Value::Null,
        "Carol watches: she has no seat"
    );
    assert_eq!(watched["you"]["may_act"], true, "logged in by the Activity");
    play_to_the_end(&h, board, &bob, &player, &watcher, "activity").await;
    // Someone outside the instance is refused, and gets no board.
    let outsider = Browser::start(720, 960).await;
    outsider.goto(&open(&eve)).await;
    let phase = outsider
        .wait_for(
            "const s = window.boardbotActivity && window.boardbotActivity.state(); return s && s.phase !== 'connecting' && s.phase",
            json!([]),
            "the Activity's answer",
        )
        .await;
    assert_eq!(phase, "refused");
    let stamp = outsider
        .run("return document.body.dataset.stamp || null", json!([]))
        .await;
    assert_eq!(
        stamp,
        Value::Null,
        "no board for someone outside the instance"
    );
    for browser in [player, watcher, outsider] {
        browser.quit().await;
    }
    h.stop().await;
}
