//! Connect Four through the real serenity client against the Discord stand-in.

use crate::bot;
use bot::{
    assert_board_image, assert_private, enabled_moves, is_over, seat_of_colour, turn_of, Harness,
};
use serde_json::json;

/// A solo game against the CPU, played to its end by clicking buttons; every
/// update carries a PNG that decodes. Then a rematch.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn solo_game_to_the_end_by_buttons() {
    let h = Harness::start().await;
    let d = &h.discord;
    let alice = d.user("alice");
    let channel = d.channel_id();
    let ix = d
        .slash(&alice, channel, "connect4", json!({"level": "easy"}))
        .await;
    let reply = d.response(ix).await;
    assert_eq!(reply.kind, 4);
    assert!(!reply.ephemeral);
    let board = reply
        .message_id
        .expect("the board is the original response");
    let mut message = h.settled(board, None).await;
    let mut updates = 0;
    while !is_over(&message) {
        assert_board_image(&message);
        assert_eq!(turn_of(&message), Some(alice.id), "{}", message.content);
        let moves = enabled_moves(&message);
        assert!(!moves.is_empty());
        // Prefer the middle: the game still ends, whoever wins.
        let pick = moves
            .iter()
            .find(|m| *m == "4")
            .unwrap_or(&moves[0])
            .clone();
        let click = d.click_label(&alice, board, &pick).await;
        let reply = d.response(click).await;
        assert_eq!(
            reply.kind, 7,
            "a click updates the board in place: {reply:?}"
        );
        assert_eq!(reply.files.len(), 1, "the update carries the board image");
        assert!(reply.files[0].is_png());
        reply.files[0].decode_png();
        let version = d.message(board).unwrap().version;
        message = h.settled(board, Some(version - 1)).await;
        updates += 1;
        assert!(
            updates <= 21,
            "a game of 42 cells has at most 21 moves per side"
        );
    }
    assert_board_image(&message);
    assert!(message
        .buttons()
        .iter()
        .any(|b| b.label.as_deref() == Some("Rematch")));
    assert!(
        enabled_moves(&message).is_empty(),
        "no move buttons after the result"
    );
    // Rematch: a new match on the same message.
    let click = d.click_label(&alice, board, "Rematch").await;
    assert_eq!(d.response(click).await.kind, 7);
    let message = h.settled(board, None).await;
    assert!(message.content.contains("match 2"), "{}", message.content);
    assert!(!is_over(&message));
    h.stop().await;
}

/// A challenge accepted and played to a win by two people; a third person's
/// click, an out-of-turn click and a click on an older board message are
/// refused privately and change nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenge_accepted_and_won_with_refusals() {
    let h = Harness::start().await;
    let d = &h.discord;
    let (alice, bob, carol) = (d.user("alice"), d.user("bob"), d.user("carol"));
    let channel = d.channel_id();
    let ix = d
        .slash(&alice, channel, "connect4", json!({"opponent": bob.id}))
        .await;
    let reply = d.response(ix).await;
    let invitation = reply.message_id.unwrap();
    let message = d.message(invitation).unwrap();
    assert!(message.content.contains(&format!("<@{}>", bob.id)));
    assert!(message.attachments.is_empty());
    // Only bob is pinged.
    let mentions = &reply.data["allowed_mentions"];
    assert_eq!(mentions["users"], json!([bob.id.to_string()]), "{mentions}");

    // A second table in the same channel is refused while this one runs.
    let second = d.slash(&carol, channel, "connect4", json!({})).await;
    let text = assert_private(&d.response(second).await);
    assert!(text.contains("already running"), "{text}");

    for (who, expected) in [(&carol, "someone else"), (&alice, "wait for the answer")] {
        let click = d.click_label(who, invitation, "Accept").await;
        let text = assert_private(&d.response(click).await);
        assert!(text.contains(expected), "{text}");
    }
    assert_eq!(
        d.message(invitation).unwrap().version,
        0,
        "refusals change nothing"
    );
    let click = d.click_label(&bob, invitation, "Accept").await;
    assert_eq!(d.response(click).await.kind, 7);
    let mut board = d.message(invitation).unwrap();
    assert_board_image(&board);
    let red = seat_of_colour(&board, "🔴").unwrap();
    let yellow = seat_of_colour(&board, "🟡").unwrap();
    let user = |id: u64| if id == alice.id { &alice } else { &bob };
    assert_eq!(turn_of(&board), Some(red));

    // Out of turn, a stranger, then a double click: all refused privately.
    let click = d.click_label(user(yellow), invitation, "3").await;
    assert!(assert_private(&d.response(click).await).contains("not your turn"));
    let click = d.click_label(&carol, invitation, "3").await;
    assert!(assert_private(&d.response(click).await).contains("not playing"));
    assert_eq!(d.message(invitation).unwrap().version, board.version);
    // Both clicks leave before the board changes; the bot may see them in
    // either order, and exactly one is applied.
    let first = d.click_label(user(red), invitation, "1").await;
    let again = d.click_label(user(red), invitation, "1").await;
    let (a, b) = (d.response(first).await, d.response(again).await);
    let (played, refused) = if a.kind == 7 { (a, b) } else { (b, a) };
    assert_eq!(played.kind, 7, "{played:?}");
    assert!(assert_private(&refused).contains("out of date"));
    let board_now = d.message(invitation).unwrap();
    assert_eq!(board_now.content.matches("Last move").count(), 1);

    // Red plays column 1 four times, yellow column 2: red wins.
    for (who, column) in [
        (yellow, "2"),
        (red, "1"),
        (yellow, "2"),
        (red, "1"),
        (yellow, "2"),
        (red, "1"),
    ] {
        board = d.message(invitation).unwrap();
        assert_eq!(turn_of(&board), Some(who));
        let click = d.click_label(user(who), invitation, column).await;
        let reply = d.response(click).await;
        assert_eq!(reply.kind, 7, "{reply:?}");
    }
    board = d.message(invitation).unwrap();
    assert!(
        board.content.contains(&format!("<@{red}> wins!")),
        "{}",
        board.content
    );
    assert_board_image(&board);

    // A new table in the channel; the old board's Rematch is then refused.
    let ix = d.slash(&carol, channel, "connect4", json!({})).await;
    assert_eq!(d.response(ix).await.kind, 4);
    let click = d.click_label(&alice, invitation, "Rematch").await;
    let text = assert_private(&d.response(click).await);
    assert!(text.contains("newer table"), "{text}");
    assert_eq!(d.message(invitation).unwrap().version, board.version);
    h.stop().await;
}

/// `/move` refuses a bad move name privately, plays a good one, and its
/// autocomplete lists the legal moves that match what was typed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn move_command_and_autocomplete() {
    let h = Harness::start().await;
    let d = &h.discord;
    let alice = d.user("alice");
    let channel = d.channel_id();
    // Naming yourself: play both sides, so every move is alice's.
    let ix = d
        .slash(&alice, channel, "connect4", json!({"opponent": alice.id}))
        .await;
    let board = d.response(ix).await.message_id.unwrap();
    for bad in ["9", "x", "0", "A1"] {
        let ix = d.slash(&alice, channel, "move", json!({"at": bad})).await;
        let text = assert_private(&d.response(ix).await);
        assert!(text.contains("not a move"), "{bad}: {text}");
    }
    assert_eq!(d.message(board).unwrap().version, 0);
    let ix = d
        .autocomplete(&alice, channel, "move", json!({"at": ""}), "at")
        .await;
    let reply = d.response(ix).await;
    assert_eq!(reply.kind, 8);
    let names: Vec<String> = reply.choice_pairs().into_iter().map(|(n, _)| n).collect();
    assert_eq!(names, ["1", "2", "3", "4", "5", "6", "7"]);
    for _ in 0..6 {
        let ix = d.slash(&alice, channel, "move", json!({"at": "4"})).await;
        assert!(d.response(ix).await.ephemeral);
    }
    // Updates may be merged: wait for the board that shows column 4 full.
    let message = d
        .wait_message(board, |m| {
            m.content.contains("Last move") && enabled_moves(m).iter().all(|c| c != "4")
        })
        .await;
    assert_eq!(enabled_moves(&message).len(), 6, "column 4 is full");
    let ix = d.slash(&alice, channel, "move", json!({"at": "4"})).await;
    assert!(assert_private(&d.response(ix).await).contains("full"));
    let ix = d
        .autocomplete(&alice, channel, "move", json!({"at": "4"}), "at")
        .await;
    assert!(d.response(ix).await.choice_pairs().is_empty());
    // Someone else at no table of theirs.
    let bob = d.user("bob");
    let ix = d.slash(&bob, channel, "move", json!({"at": "1"})).await;
    assert!(assert_private(&d.response(ix).await).contains("not playing"));
    // In a channel without a game.
    let other = d.add_channel("quiet");
    let ix = d.slash(&alice, other, "move", json!({"at": "1"})).await;
    assert!(assert_private(&d.response(ix).await).contains("no game"));
    h.stop().await;
}

/// Text follows the person's Discord language: the board in the host's,
/// private answers in the asker's; commands carry localized descriptions.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn messages_follow_the_players_language() {
    let h = Harness::start().await;
    let d = &h.discord;
    let command = d.wait_command("connect4").await;
    assert!(
        command["description_localizations"]["pt-BR"]
            .as_str()
            .is_some_and(|t| t.contains("Quatro em linha")),
        "{command}"
    );
    assert!(command["description_localizations"]["fr"]
        .as_str()
        .is_some_and(|t| t.contains("Quatre en ligne")));
    let ana = d.user_with_locale("ana", "pt-BR");
    let luc = d.user_with_locale("luc", "fr");
    let channel = d.channel_id();
    let ix = d
        .slash(&ana, channel, "connect4", json!({"opponent": luc.id}))
        .await;
    let invitation = d.response(ix).await.message_id.unwrap();
    let message = d.message(invitation).unwrap();
    assert!(
        message
            .content
            .contains("convida você para jogar **Quatro em linha**"),
        "{}",
        message.content
    );
    assert!(message
        .buttons()
        .iter()
        .any(|b| b.label.as_deref() == Some("Aceitar")));
    // Ana may not answer her own invitation: told so in Portuguese.
    let click = d.click_label(&ana, invitation, "Aceitar").await;
    assert!(assert_private(&d.response(click).await).contains("aguarde a resposta"));
    let click = d.click_label(&luc, invitation, "Aceitar").await;
    assert_eq!(d.response(click).await.kind, 7);
    let board = d.message(invitation).unwrap();
    assert!(board.content.contains("**Vez de:**"), "{}", board.content);
    // Luc clicks out of turn or in turn; either way his answer is French.
    let red = seat_of_colour(&board, "🔴").unwrap();
    if red == ana.id {
        let click = d.click_label(&luc, invitation, "4").await;
        assert!(assert_private(&d.response(click).await).contains("Ce n'est pas votre tour"));
    }
    let ix = d.slash(&luc, channel, "move", json!({"at": "z"})).await;
    assert!(assert_private(&d.response(ix).await).contains("n'est pas un coup"));
    h.stop().await;
}

/// `/help` and `/rules` answer privately in the asker's language; `/rules`
/// without a game explains the game at this channel's table.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn help_and_rules() {
    let h = Harness::start().await;
    let d = &h.discord;
    d.wait_command("rules").await;
    let alice = d.user("alice");
    let luc = d.user_with_locale("luc", "fr");
    let channel = d.channel_id();
    let ix = d.slash(&alice, channel, "help", json!({})).await;
    let text = assert_private(&d.response(ix).await);
    assert!(
        text.contains("/connect4-3d") && text.contains("/move"),
        "{text}"
    );
    let ix = d
        .slash(&luc, channel, "rules", json!({"game": "dots"}))
        .await;
    let text = assert_private(&d.response(ix).await);
    assert!(
        text.starts_with("**La pipopipette**") && text.contains('\n'),
        "{text}"
    );
    let ix = d.slash(&alice, channel, "connect4-3d", json!({})).await;
    d.response(ix).await;
    let ix = d.slash(&alice, channel, "rules", json!({})).await;
    let text = assert_private(&d.response(ix).await);
    assert!(
        text.starts_with("**Connect Four 3D**") && text.contains("76 lines"),
        "{text}"
    );
    h.stop().await;
}

/// When a board is not ready at once (here: never waited for), the
/// command is deferred and a click acknowledged, each within Discord's
/// window, and the board is edited in afterwards with its image.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_boards_are_acknowledged_first_and_edited_in() {
    let h = Harness::start_with(|c| c.image_wait = std::time::Duration::ZERO).await;
    let d = &h.discord;
    let alice = d.user("alice");
    let channel = d.channel_id();
    let ix = d
        .slash(&alice, channel, "connect4", json!({"level": "easy"}))
        .await;
    let reply = d.response(ix).await;
    assert_eq!(reply.kind, 5, "the command is deferred: {reply:?}");
    let board = reply.message_id.expect("the deferred answer's message");
    // The deferred answer is an empty message until the board is edited in.
    let mut message = h.settled(board, Some(0)).await;
    assert_board_image(&message);
    for _ in 0..2 {
        if is_over(&message) {
            break;
        }
        assert_eq!(turn_of(&message), Some(alice.id), "{}", message.content);
        let before = message.version;
        let pick = enabled_moves(&message)[0].clone();
        let click = d.click_label(&alice, board, &pick).await;
        let reply = d.response(click).await;
        assert_eq!(reply.kind, 6, "the click is acknowledged: {reply:?}");
        message = h.settled(board, Some(before)).await;
        assert_board_image(&message);
    }
    assert!(
        message.version >= 2,
        "the moves were edited in: version {}",
        message.version
    );
    h.stop().await;
}
