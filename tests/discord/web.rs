//! The live web board through the stand-in: a Discord login, moves from a
//! page shown on the Discord board and on other pages, Discord clicks
//! shown on the pages, and every refusal (a watcher's move, another
//! person's seat, a stale stamp, a forged cookie, another site's page, a
//! flood).

use crate::bot::web::{grid_cell, live_link, log_in, start_web, Page};
use crate::bot::{challenge, open_solo, turn_of};
use crate::support::User;
use serde_json::json;

/// Alice challenges Bob; returns the board and the first mover with the
/// other one.
async fn a_match(h: &crate::bot::Harness) -> (u64, User, User) {
    let d = &h.discord;
    let alice = d.user("Alice");
    let bob = d.user("Bob");
    let board = challenge(d, d.channel_id(), &alice, &bob, json!({})).await;
    let message = h.settled(board, None).await;
    let first = turn_of(&message).expect("someone to move");
    if first == alice.id {
        (board, alice, bob)
    } else {
        (board, bob, alice)
    }
}

fn path_of(link: &str) -> String {
    format!("/t/{}", link.split("/t/").nth(1).expect("a table link"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_from_the_web_reaches_discord_and_every_page_and_a_click_reaches_the_pages() {
    let (h, base) = start_web().await;
    let d = &h.discord;
    let (board, first, second) = a_match(&h).await;
    let message = d.message(board).expect("the board");
    let link = live_link(&message).expect("a Watch live link on the board");
    assert!(link.starts_with(&format!("{base}/t/")), "{link}");
    // The page itself is served, in the browser's language.
    let page = crate::bot::web::http()
        .get(&link)
        .header("accept-language", "fr-FR,fr;q=0.9,en;q=0.5")
        .send()
        .await
        .expect("the page");
    assert_eq!(page.status(), 200);
    let csp = page.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_owned();
    let html = page.text().await.unwrap();
    assert!(
        html.contains("lang=\"fr\"") && html.contains("Lâcher le pion"),
        "{html}"
    );
    assert!(csp.contains("script-src 'self'"), "{csp}");

    let cookie = log_in(d, &base, &path_of(&link), &first).await;
    let mut player = Page::open(&link, Some(&cookie)).await;
    let mut watcher = Page::open(&link, None).await;
    assert_eq!(player.view["you"]["may_move"], true, "{}", player.view);
    assert_eq!(watcher.view["you"]["may_move"], false);
    assert_eq!(player.view["confirm"], "Drop piece");
    let moves = player.view["moves"].as_array().unwrap().clone();
    assert_eq!(moves.len(), 7);
    assert_eq!(moves[3]["name"], "4");
    assert_eq!(
        moves[3]["land"],
        json!([3, 0]),
        "column 4 lands at its bottom"
    );

    let stamp = player.stamp();
    let version = d.message(board).unwrap().version;
    player.play("4", stamp).await;
    let seen = watcher
        .wait_view(|v| v["stamp"].as_u64() > Some(stamp))
        .await;
    assert_eq!(
        grid_cell(&seen, 3, 0),
        Some(0),
        "the disc on the watcher's page"
    );
    assert_eq!(seen["last_move"], "4");
    player
        .wait_view(|v| v["stamp"].as_u64() > Some(stamp))
        .await;
    // The Discord board follows: the other person is to move there.
    let shown = d
        .wait_message(board, |m| {
            m.version > version && turn_of(m) == Some(second.id)
        })
        .await;
    assert!(shown.content.contains('4'), "{}", shown.content);

    // A Discord click reaches both pages.
    let stamp = watcher.stamp();
    let ix = d.click_label(&second, board, "4").await;
    assert_eq!(d.response(ix).await.kind, 7);
    let seen = watcher
        .wait_view(|v| v["stamp"].as_u64() > Some(stamp))
        .await;
    assert_eq!(grid_cell(&seen, 3, 1), Some(1), "the click's disc");
    let seen = player
        .wait_view(|v| v["stamp"].as_u64() > Some(stamp))
        .await;
    assert_eq!(seen["you"]["may_move"], true);
    // The same listener serves /metrics: the pages, and where the actions'
    // time went, phase by phase.
    let metrics = crate::bot::web::http()
        .get(format!("{base}/metrics"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(metrics.contains("boardbot_web_pages 2"), "{metrics}");
    assert!(metrics.contains("boardbot_watched_tables 1"), "{metrics}");
    for phase in ["decode", "lock", "apply", "commit", "draw", "answer"] {
        let count = format!("boardbot_action_phase_seconds_count{{phase=\"{phase}\"}}");
        assert!(metrics.contains(&count), "{phase}: {metrics}");
    }
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watchers_other_people_stale_stamps_and_forged_cookies_cannot_move() {
    let (h, base) = start_web().await;
    let d = &h.discord;
    let (board, first, second) = a_match(&h).await;
    let link = live_link(&d.message(board).unwrap()).expect("a link");
    let stamp;
    {
        // Not logged in: a watcher.
        let mut watcher = Page::open(&link, None).await;
        stamp = watcher.stamp();
        watcher.play("4", stamp).await;
        assert!(
            watcher.wait_said().await.contains("Log in"),
            "a watcher is told to log in"
        );
    }
    // Logged in, seated, but not to move.
    let cookie = log_in(d, &base, &path_of(&link), &second).await;
    let mut waiting = Page::open(&link, Some(&cookie)).await;
    waiting.play("4", stamp).await;
    let text = waiting.wait_said().await;
    assert!(!text.is_empty(), "refused");
    // A seat named by the page is not read: the server decides the seat.
    waiting
        .send(json!({ "type": "move", "move": "4", "stamp": stamp, "seat": 0, "user": first.id.to_string() }))
        .await;
    waiting.wait_said().await;
    // Logged in, not seated at all.
    let carol = d.user("Carol");
    let cookie = log_in(d, &base, &path_of(&link), &carol).await;
    let mut stranger = Page::open(&link, Some(&cookie)).await;
    stranger.play("4", stamp).await;
    stranger.wait_said().await;
    // A cookie whose user id was changed is no login.
    let forged = cookie.replacen(&carol.id.to_string(), &first.id.to_string(), 1);
    let mut forger = Page::open(&link, Some(&forged)).await;
    assert_eq!(forger.view["you"]["may_act"], false);
    forger.play("4", stamp).await;
    assert!(forger.wait_said().await.contains("Log in"));
    // The mover with a stale stamp.
    let cookie = log_in(d, &base, &path_of(&link), &first).await;
    let mut mover = Page::open(&link, Some(&cookie)).await;
    mover.play("1", stamp + 1000).await;
    assert!(
        !mover.wait_said().await.is_empty(),
        "a stamp the table never had is refused"
    );
    assert_eq!(mover.stamp(), stamp, "nothing changed");
    mover.play("1", stamp).await;
    let after = mover.wait_view(|v| v["stamp"].as_u64() > Some(stamp)).await;
    mover.play("2", stamp).await;
    assert!(
        !mover.wait_said().await.is_empty(),
        "the old board's stamp is refused"
    );
    assert_eq!(mover.stamp(), after["stamp"].as_u64().unwrap());
    // Another site's page may not open a socket with this browser's cookie.
    let refused = Page::try_open(&link, Some(&cookie), Some("https://evil.example")).await;
    assert!(refused.is_err(), "a foreign origin is refused");
    // A link whose tag was changed leads nowhere.
    let mut bad = link.clone();
    let last = bad.pop().unwrap();
    bad.push(if last == '0' { '1' } else { '0' });
    let answer = crate::bot::web::http().get(&bad).send().await.unwrap();
    assert_eq!(answer.status(), 404);
    assert!(Page::try_open(&bad, None, None).await.is_err());
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flooding_socket_is_cut_off_and_other_tables_go_on() {
    let (h, base) = start_web().await;
    let d = &h.discord;
    let dana = d.user("Dana");
    let other_channel = d.add_channel("second");
    let quiet_board = open_solo(d, &dana, other_channel).await;
    let quiet_link = live_link(&h.settled(quiet_board, None).await).expect("a link");
    let (board, first, _) = a_match(&h).await;
    let link = live_link(&d.message(board).unwrap()).expect("a link");
    let cookie = log_in(d, &base, &path_of(&link), &first).await;
    let mut flood = Page::open(&link, Some(&cookie)).await;
    for _ in 0..200 {
        flood
            .send(json!({ "type": "move", "move": "9", "stamp": 1 }))
            .await;
    }
    assert_eq!(
        flood.closed().await,
        Some(1008),
        "cut off as a policy breach"
    );
    // Too large a message closes the socket too.
    let mut large = Page::open(&link, None).await;
    large
        .send(json!({ "type": "move", "move": "x".repeat(10_000) }))
        .await;
    large.closed().await;
    // The other table's page is served and moves as before.
    let cookie = log_in(d, &base, &path_of(&quiet_link), &dana).await;
    let mut quiet = Page::open(&quiet_link, Some(&cookie)).await;
    let stamp = quiet.stamp();
    let mv = quiet.view["moves"][0]["name"].as_str().unwrap().to_owned();
    quiet.play(&mv, stamp).await;
    quiet.wait_view(|v| v["stamp"].as_u64() > Some(stamp)).await;
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_can_turn_the_links_off() {
    let (h, _base) = start_web().await;
    let d = &h.discord;
    let admin = d.user("Admin");
    d.set_permissions(&admin, 1 << 4);
    let (board, _, _) = a_match(&h).await;
    let link = live_link(&d.message(board).unwrap()).expect("a link");
    let version = d.message(board).unwrap().version;
    let ix = d
        .slash(
            &admin,
            d.channel_id(),
            "settings",
            json!({ "live-links": false }),
        )
        .await;
    let reply = d.response(ix).await;
    assert!(
        reply
            .content
            .as_deref()
            .unwrap_or("")
            .contains("Watch live links: off"),
        "{reply:?}"
    );
    let shown = d.wait_message(board, |m| m.version > version).await;
    assert_eq!(live_link(&shown), None, "the board drops its link");
    let answer = crate::bot::web::http().get(&link).send().await.unwrap();
    assert_eq!(answer.status(), 404, "and its page is gone");
    h.stop().await;
}
