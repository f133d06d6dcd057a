//! The web board as a Discord Activity, through the stand-in: the Entry
//! Point command registered with the others, **Play live** answered with
//! `LAUNCH_ACTIVITY`, the Activity's login (the SDK's code exchanged by the
//! bot) with the activity-instance check, a move from the Activity shown on
//! the Discord board, and a table opened from the Activity.

use crate::bot::web::{start_web_with, Page};
use crate::bot::{challenge, turn_of, Harness};
use crate::support::{StandIn, User};
use serde_json::{json, Value};

async fn start_activity(global: bool) -> (Harness, String) {
    let (h, base) = start_web_with(move |c| {
        c.activity = true;
        if global {
            c.guild_id = None;
        }
    })
    .await;
    h.discord.enable_activities();
    (h, base)
}

/// The Activity page's `POST /activity/token` for `user`, in `instance`
/// as the page says it is in `channel`.
async fn token(d: &StandIn, base: &str, user: &User, instance: &str, channel: u64) -> (u16, Value) {
    let code = d.authorize(user, "");
    let answer = reqwest::Client::new()
        .post(format!("{base}/activity/token"))
        .header("content-type", "application/json")
        .body(
            json!({ "code": code, "instance_id": instance, "channel_id": channel.to_string() })
                .to_string(),
        )
        .send()
        .await
        .expect("an answer");
    let status = answer.status().as_u16();
    (
        status,
        serde_json::from_str(&answer.text().await.unwrap()).expect("JSON"),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_entry_point_is_registered_and_play_live_launches_the_activity() {
    let (h, _) = start_activity(true).await;
    let d = &h.discord;
    let launch = d
        .with_state(|st| st.global_commands.iter().find(|c| c["type"] == 4).cloned())
        .expect("the Entry Point command, registered globally with the others");
    assert_eq!(launch["name"], "launch");
    assert_eq!(launch["handler"], 2, "Discord launches the Activity");
    let alice = d.user("Alice");
    let bob = d.user("Bob");
    let board = challenge(d, d.channel_id(), &alice, &bob, json!({})).await;
    let message = h.settled(board, None).await;
    let play = message.button("Play live").expect("a Play live button");
    assert!(!play.disabled);
    let ix = d.click_label(&bob, board, "Play live").await;
    assert_eq!(
        d.response(ix).await.kind,
        12,
        "answered with LAUNCH_ACTIVITY"
    );
    // The board is unchanged, and the game goes on from it.
    assert!(turn_of(&d.message(board).unwrap()).is_some());
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_activity_seats_only_people_in_its_instance_and_moves_reach_discord() {
    let (h, base) = start_activity(false).await;
    let d = &h.discord;
    let alice = d.user("Alice");
    let bob = d.user("Bob");
    let carol = d.user("Carol");
    let channel = d.channel_id();
    let board = challenge(d, channel, &alice, &bob, json!({})).await;
    let message = h.settled(board, None).await;
    let instance = d.start_activity(channel, &[&alice, &bob]);
    // Carol is not in the instance; the instance is not in another channel.
    let (status, refused) = token(d, &base, &carol, &instance, channel).await;
    assert_eq!(status, 403, "{refused}");
    assert!(refused["error"]
        .as_str()
        .unwrap()
        .contains("not in this activity"));
    let other = d.add_channel("elsewhere");
    let (status, _) = token(d, &base, &alice, &instance, other).await;
    assert_eq!(status, 403, "an instance claimed for another channel");
    let (status, _) = token(d, &base, &alice, "i-unknown", channel).await;
    assert_eq!(status, 403, "an instance Discord does not know");
    assert!(d.activity_lookups() >= 3, "each login asks Discord");

    // Alice is in it: a session and the channel's table.
    let (status, given) = token(d, &base, &alice, &instance, channel).await;
    assert_eq!(status, 200, "{given}");
    assert!(given["access_token"]
        .as_str()
        .unwrap()
        .starts_with("access-"));
    let socket = given["table"]["socket"]
        .as_str()
        .expect("the channel's table")
        .to_owned();
    let session = given["session"].as_str().unwrap().to_owned();
    let link = format!("{base}{}", socket.trim_end_matches("/socket"));
    let mut page = Page::open(&format!("{link}?session={session}"), None).await;
    assert_eq!(
        page.view["you"]["may_act"], true,
        "logged in by the Activity's session"
    );
    if turn_of(&message) != Some(alice.id) {
        let ix = d.click_label(&bob, board, "1").await;
        d.response(ix).await;
    }
    let view = page.wait_view(|v| v["you"]["may_move"] == true).await;
    let stamp = view["stamp"].as_u64().unwrap();
    let version = d.message(board).unwrap().version;
    page.play("4", stamp).await;
    page.wait_view(|v| v["stamp"].as_u64() > Some(stamp)).await;
    let shown = d
        .wait_message(board, |m| m.version > version && turn_of(m) == Some(bob.id))
        .await;
    assert!(shown.content.contains('4'), "{}", shown.content);
    // The session is the Activity's: a page of a table in another channel
    // is not opened by it where links are off.
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_activity_opens_a_table_where_the_channel_has_none() {
    let (h, base) = start_activity(false).await;
    let d = &h.discord;
    let dana = d.user("Dana");
    let channel = d.add_channel("quiet");
    let instance = d.start_activity(channel, &[&dana]);
    let (status, given) = token(d, &base, &dana, &instance, channel).await;
    assert_eq!(status, 200, "{given}");
    assert!(given["table"].is_null(), "no table here yet");
    let session = given["session"].as_str().unwrap();
    let client = reqwest::Client::new();
    let open = |body: Value| {
        client
            .post(format!("{base}/activity/open"))
            .header("content-type", "application/json")
            .body(body.to_string())
            .send()
    };
    let bad = open(json!({ "session": session, "game": "chess" }))
        .await
        .unwrap();
    assert_eq!(bad.status(), 400, "no such game");
    let forged = open(json!({ "session": "1.00.9999999999999.5.6.00", "game": "dots" }))
        .await
        .unwrap();
    assert_eq!(forged.status(), 403, "a forged session");
    let opened =
        open(json!({ "session": session, "game": "dots", "level": "easy", "open": false }))
            .await
            .unwrap();
    assert_eq!(opened.status(), 200);
    let opened: Value = serde_json::from_str(&opened.text().await.unwrap()).unwrap();
    assert!(opened["table"]["socket"]
        .as_str()
        .unwrap()
        .ends_with("/socket"));
    // The board message is posted in the channel, as after a slash command.
    let posted = d
        .wait_for("the board in the channel", |st| {
            st.messages
                .values()
                .find(|m| m.channel_id == channel && m.content.contains("Dots and Boxes"))
                .map(|m| m.id)
        })
        .await;
    assert!(posted > 0);
    // A second table is refused while this one runs.
    let again = open(json!({ "session": session, "game": "connect4" }))
        .await
        .unwrap();
    assert_eq!(again.status(), 409);
    h.stop().await;
}
