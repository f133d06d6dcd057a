//! Connect Four for three, Connect Four 3D and Dots and Boxes through the
//! real serenity client against the Discord stand-in.
//!
//! The CPU is only trusted to play legal moves: no test depends on which
//! move it picks.

use crate::{bot, support};
use bot::{
    assert_board_image, assert_private, enabled_moves, free_lines, is_over, last_mover, seats,
    turn_of, Harness,
};
use serde_json::json;
use support::{Msg, User};

const SEAT_EMOJI: [&str; 3] = ["🔴", "🟡", "🔵"];

/// The labels of each row of buttons, row by row.
fn button_rows(message: &Msg) -> Vec<Vec<String>> {
    let mut rows: Vec<Vec<String>> = Vec::new();
    for b in message.buttons() {
        if rows.len() <= b.row {
            rows.resize(b.row + 1, Vec::new());
        }
        rows[b.row].push(b.label.unwrap_or_default());
    }
    rows
}

fn is_disabled(message: &Msg, label: &str) -> bool {
    message.expect_button(label).disabled
}

/// The person with this id among `people`.
fn person<'a>(people: &'a [&'a User], id: u64) -> &'a User {
    people
        .iter()
        .find(|u| u.id == id)
        .unwrap_or_else(|| panic!("no person {id}"))
}

/// The index of the seat the `**Turn:**` line names, by its emoji.
fn turn_seat(message: &Msg) -> Option<usize> {
    let line = message
        .content
        .lines()
        .find(|l| l.starts_with("**Turn:**"))?;
    SEAT_EMOJI.iter().position(|e| line.contains(e))
}

/// The box score of a finished Dots and Boxes board: `(a, b)` from
/// "wins 5–4!" or "Draw! 4–4".
fn final_score(message: &Msg) -> (u32, u32) {
    let text = &message.content;
    let score = text
        .split(|c: char| !(c.is_ascii_digit() || c == '–'))
        .find(|s| s.contains('–') && s.len() > 2)
        .unwrap_or_else(|| panic!("no box score in the result: {text}"));
    let (a, b) = score.split_once('–').unwrap();
    (a.parse().unwrap(), b.parse().unwrap())
}

// ---------------------------------------------------------------- 3 players

/// `/connect4-3p` alone: two CPU seats, nine column buttons in rows of 5 and
/// 4, played to the end; every update carries a PNG; full columns disabled.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_players_solo_to_the_end() {
    let h = Harness::start().await;
    let d = &h.discord;
    let alice = d.user("alice");
    let channel = d.channel_id();
    let ix = d
        .slash(&alice, channel, "connect4-3p", json!({"level": "easy"}))
        .await;
    let reply = d.response(ix).await;
    assert_eq!(reply.kind, 4);
    let board = reply.message_id.unwrap();
    let mut message = h.settled(board, None).await;
    assert_board_image(&message);
    let first = message.content.lines().next().unwrap().to_owned();
    for mark in ["🔴 red ○", "🟡 yellow ×", "🔵 blue ☆"] {
        assert!(first.contains(mark), "{first}");
    }
    assert_eq!(first.matches("CPU").count(), 2, "{first}");
    let seated = seats(&message);
    assert_eq!(seated.len(), 3);
    assert_eq!(seated.iter().flatten().collect::<Vec<_>>(), [&alice.id]);
    let rows = button_rows(&message);
    assert_eq!(rows[0], ["1", "2", "3", "4", "5"]);
    assert_eq!(rows[1], ["6", "7", "8", "9"]);
    // The controls follow the two rows of columns.
    let controls = rows[2..].concat();
    for label in ["Resign", "Undo", "Hint", "Pause", "Join"] {
        assert!(controls.contains(&label.to_owned()), "{label}: {rows:?}");
    }
    assert!(rows.len() <= 5);

    let mut moves = 0;
    let mut saw_full = false;
    while !is_over(&message) {
        assert_board_image(&message);
        assert_eq!(turn_of(&message), Some(alice.id), "{}", message.content);
        let enabled = enabled_moves(&message);
        // A full column's button is disabled, and /move refuses it.
        if let Some(full) = (1..=9)
            .map(|c| c.to_string())
            .find(|c| !enabled.contains(c))
        {
            assert!(is_disabled(&message, &full));
            if !saw_full {
                saw_full = true;
                let ix = d.slash(&alice, channel, "move", json!({"at": full})).await;
                let text = assert_private(&d.response(ix).await);
                assert!(text.contains("full"), "{text}");
                assert_eq!(d.message(board).unwrap().version, message.version);
            }
        }
        message = h.play(&alice, board, &enabled[0]).await;
        moves += 1;
        assert!(moves <= 27, "81 cells: at most 27 moves each");
    }
    assert_board_image(&message);
    assert!(enabled_moves(&message).is_empty());
    assert!(message
        .buttons()
        .iter()
        .any(|b| b.label.as_deref() == Some("Rematch")));
    h.stop().await;
}

/// A challenge with `player2` and `player3`: only the invited answer, a
/// declined seat goes to the CPU (said on the board), the table starts when
/// all answered; turns go red → yellow → blue; out-of-turn and stranger
/// clicks are refused; played to a result; Rematch rotates the starter;
/// a resign hands the seat to a CPU and the match goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_players_challenge_decline_turns_rematch_and_resign() {
    let h = Harness::start().await;
    let d = &h.discord;
    let (alice, bob, carol, dave) = (
        d.user("alice"),
        d.user("bob"),
        d.user("carol"),
        d.user("dave"),
    );
    let channel = d.channel_id();
    let ix = d
        .slash(
            &alice,
            channel,
            "connect4-3p",
            json!({"player2": bob.id, "player3": carol.id, "level": "easy"}),
        )
        .await;
    let reply = d.response(ix).await;
    let board = reply.message_id.unwrap();
    let invitation = d.message(board).unwrap();
    for who in [&bob, &carol] {
        assert!(invitation.content.contains(&format!("<@{}>", who.id)));
    }
    let mut pinged: Vec<String> = reply.data["allowed_mentions"]["users"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_owned())
        .collect();
    pinged.sort();
    let mut expected = vec![bob.id.to_string(), carol.id.to_string()];
    expected.sort();
    assert_eq!(pinged, expected);

    // Only the invited people answer.
    for (who, text) in [(&dave, "someone else"), (&alice, "wait for the answer")] {
        let click = d.click_label(who, board, "Accept").await;
        assert!(assert_private(&d.response(click).await).contains(text));
    }
    assert_eq!(d.message(board).unwrap().version, 0);
    let click = d.click_label(&bob, board, "Accept").await;
    assert_eq!(d.response(click).await.kind, 7);
    let waiting = d.message(board).unwrap();
    assert!(
        waiting.content.contains("(accepted)"),
        "{}",
        waiting.content
    );
    assert!(waiting.attachments.is_empty(), "not started yet");
    let click = d.click_label(&bob, board, "Decline").await;
    assert!(assert_private(&d.response(click).await).contains("already answered"));
    // Carol declines: the CPU takes her seat and the table starts.
    let click = d.click_label(&carol, board, "Decline").await;
    assert_eq!(d.response(click).await.kind, 7);
    let mut message = h.settled(board, None).await;
    assert_board_image(&message);
    assert!(
        message
            .content
            .contains(&format!("<@{}> declined: a CPU plays that seat", carol.id)),
        "{}",
        message.content
    );
    let order = seats(&message);
    assert_eq!(order.len(), 3);
    assert_eq!(order.iter().filter(|s| s.is_none()).count(), 1, "{order:?}");
    assert!(order.contains(&Some(alice.id)) && order.contains(&Some(bob.id)));
    let people = [&alice, &bob];

    // Turns rotate red → yellow → blue; refusals change nothing.
    let mut refused_once = false;
    let mut moves = 0;
    while !is_over(&message) {
        let seat = turn_seat(&message).expect("a turn");
        if let Some(last) = last_mover(&message) {
            let by = SEAT_EMOJI.iter().position(|e| *e == last).unwrap();
            assert_eq!(seat, (by + 1) % 3, "{}", message.content);
        } else {
            assert_eq!(seat, 0, "red starts");
        }
        let to_move = order[seat].expect("settled boards wait for a person");
        assert_eq!(turn_of(&message), Some(to_move));
        let mover = person(&people, to_move);
        if !refused_once {
            refused_once = true;
            let other = people.iter().find(|u| u.id != to_move).unwrap();
            let click = d.click_label(other, board, "5").await;
            assert!(assert_private(&d.response(click).await).contains("not your turn"));
            let click = d.click_label(&dave, board, "5").await;
            assert!(assert_private(&d.response(click).await).contains("not playing"));
            assert_eq!(d.message(board).unwrap().version, message.version);
        }
        let enabled = enabled_moves(&message);
        // Each person keeps to their own column: someone makes a line.
        let mine = if mover.id == alice.id { "2" } else { "7" };
        let pick = if enabled.iter().any(|m| m == mine) {
            mine.to_owned()
        } else {
            enabled[0].clone()
        };
        message = h.play(mover, board, &pick).await;
        moves += 1;
        assert!(moves <= 60);
    }
    assert_board_image(&message);
    assert!(message.content.contains("🏆") || message.content.contains("Draw!"));

    // Rematch: the seats rotate, so yellow starts as red.
    let click = d.click_label(&bob, board, "Rematch").await;
    assert_eq!(d.response(click).await.kind, 7);
    let mut message = h.settled(board, None).await;
    assert!(message.content.contains("match 2"), "{}", message.content);
    let rotated = seats(&message);
    assert_eq!(rotated, [order[1], order[2], order[0]]);

    // Bob resigns: a CPU takes his seat, the match goes on for alice.
    let click = d.click_label(&bob, board, "Resign").await;
    assert_eq!(d.response(click).await.kind, 7);
    let after = h.settled(board, None).await;
    assert!(
        after
            .content
            .contains(&format!("<@{}> resigned and left", bob.id)),
        "{}",
        after.content
    );
    assert!(!is_over(&after));
    assert_eq!(
        seats(&after).iter().flatten().collect::<Vec<_>>(),
        [&alice.id]
    );
    assert_eq!(turn_of(&after), Some(alice.id));
    let click = d.click_label(&bob, board, "Resign").await;
    assert!(assert_private(&d.response(click).await).contains("not playing"));
    // Alice plays on a move, then resigns too: nobody is left, it ends.
    message = h.play(&alice, board, &enabled_moves(&after)[0]).await;
    if !is_over(&message) {
        let click = d.click_label(&alice, board, "Resign").await;
        assert_eq!(d.response(click).await.kind, 7);
        message = d.message(board).unwrap();
        assert!(message.content.contains("resigned"), "{}", message.content);
    }
    assert!(is_over(&message));
    h.stop().await;
}

// ---------------------------------------------------------------------- 3D

/// Solo Connect Four 3D as red, then as yellow: the seat is the chosen
/// colour, a 4 × 4 block of rods plus Resign and Hint, a private Hint that
/// changes nothing, full rods disabled, played to the end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_d_solo_both_colours_to_the_end() {
    let h = Harness::start().await;
    let d = &h.discord;
    let alice = d.user("alice");
    for (round, (colour, seat)) in [("red", 0), ("yellow", 1)].into_iter().enumerate() {
        let channel = d.add_channel(&format!("cube-{round}"));
        let ix = d
            .slash(
                &alice,
                channel,
                "connect4-3d",
                json!({"color": colour, "level": "easy"}),
            )
            .await;
        let board = d.response(ix).await.message_id.unwrap();
        let mut message = h.settled(board, None).await;
        assert_board_image(&message);
        assert_eq!(seats(&message)[seat], Some(alice.id), "{}", message.content);
        assert_eq!(seats(&message)[1 - seat], None);
        if seat == 1 {
            assert!(last_mover(&message).is_some(), "red (the CPU) moved first");
        }
        let rows = button_rows(&message);
        assert_eq!(rows.len(), 5, "4 rod rows + 1 control row: {rows:?}");
        for (r, row) in rows[..4].iter().enumerate() {
            let expected: Vec<String> = ["A", "B", "C", "D"]
                .iter()
                .map(|c| format!("{c}{}", r + 1))
                .collect();
            assert_eq!(*row, expected);
        }
        assert!(rows[4].contains(&"Resign".to_owned()) && rows[4].contains(&"Hint".to_owned()));

        // Hint: deferred privately, then edited with a legal rod, labelled as
        // a guess.
        let before = d.message(board).unwrap().version;
        let click = d.click_label(&alice, board, "Hint").await;
        let reply = d.response(click).await;
        assert_eq!(reply.kind, 5, "{reply:?}");
        assert!(reply.ephemeral);
        let hint = d.wait_original(click, |m| m.content.contains("Hint")).await;
        // 3D has no exact solver for an opening: the hint says it guesses.
        assert!(hint.content.contains("best guess"), "{}", hint.content);
        let legal = enabled_moves(&message);
        assert!(
            legal
                .iter()
                .any(|rod| hint.content.contains(&format!("**{rod}**"))),
            "{}",
            hint.content
        );
        assert_eq!(
            d.message(board).unwrap().version,
            before,
            "a hint changes nothing"
        );

        let mut moves = 0;
        let mut saw_full = false;
        while !is_over(&message) {
            assert_board_image(&message);
            assert_eq!(turn_of(&message), Some(alice.id));
            let enabled = enabled_moves(&message);
            assert_eq!(button_rows(&message).len(), 5);
            if let Some(full) = message
                .buttons()
                .into_iter()
                .find(|b| b.disabled && b.row < 4)
                .and_then(|b| b.label)
            {
                if !saw_full {
                    saw_full = true;
                    let ix = d.slash(&alice, channel, "move", json!({"at": full})).await;
                    let text = assert_private(&d.response(ix).await);
                    assert!(text.contains("full"), "{full}: {text}");
                }
            }
            message = h.play(&alice, board, &enabled[0]).await;
            moves += 1;
            assert!(moves <= 32, "64 cells: at most 32 moves each");
        }
        assert_board_image(&message);
        assert!(enabled_moves(&message).is_empty());
        assert!(message
            .buttons()
            .iter()
            .any(|b| b.label.as_deref() == Some("Rematch")));
    }
    h.stop().await;
}

/// A 3D challenge accepted and won on a level-1 row; `/move at:B3` plays,
/// autocomplete lists the rods; hint out of turn refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_d_challenge_won_with_move_and_autocomplete() {
    let h = Harness::start().await;
    let d = &h.discord;
    let (alice, bob) = (d.user("alice"), d.user("bob"));
    let channel = d.channel_id();
    let ix = d
        .slash(&alice, channel, "connect4-3d", json!({"opponent": bob.id}))
        .await;
    let board = d.response(ix).await.message_id.unwrap();
    let click = d.click_label(&alice, board, "Accept").await;
    assert!(assert_private(&d.response(click).await).contains("wait for the answer"));
    let click = d.click_label(&bob, board, "Accept").await;
    assert_eq!(d.response(click).await.kind, 7);
    let message = d.message(board).unwrap();
    assert_board_image(&message);
    let order = seats(&message);
    let people = [&alice, &bob];
    let red = person(&people, order[0].unwrap());
    let yellow = person(&people, order[1].unwrap());
    assert_eq!(turn_of(&message), Some(red.id));

    let ix = d
        .autocomplete(red, channel, "move", json!({"at": ""}), "at")
        .await;
    let names: Vec<String> = d
        .response(ix)
        .await
        .choice_pairs()
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    assert_eq!(names.len(), 16, "{names:?}");
    assert!(names.contains(&"A1".to_owned()) && names.contains(&"D4".to_owned()));
    let ix = d
        .autocomplete(red, channel, "move", json!({"at": "b"}), "at")
        .await;
    let names: Vec<String> = d
        .response(ix)
        .await
        .choice_pairs()
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    assert_eq!(names, ["B1", "B2", "B3", "B4"]);

    // Hint out of turn is refused.
    let click = d.click_label(yellow, board, "Hint").await;
    assert!(assert_private(&d.response(click).await).contains("your own turn"));

    // Fill rod D4 (colours alternate: no line): its button is disabled
    // and /move refuses it.
    for who in [red, yellow, red, yellow] {
        h.play(who, board, "D4").await;
    }
    let message = d.message(board).unwrap();
    assert!(is_disabled(&message, "D4"), "a full rod is disabled");
    assert!(!is_disabled(&message, "D3"));
    let ix = d.slash(red, channel, "move", json!({"at": "D4"})).await;
    assert!(assert_private(&d.response(ix).await).contains("full"));
    assert_eq!(d.message(board).unwrap().version, message.version);

    // Red makes the row A1 B1 C1 D1 on level 1; yellow plays elsewhere,
    // once through /move.
    for (who, rod) in [
        (red, "A1"),
        (yellow, "A3"),
        (red, "B1"),
        (yellow, "B3"),
        (red, "C1"),
        (yellow, "C3"),
    ] {
        let message = d.message(board).unwrap();
        assert_eq!(turn_of(&message), Some(who.id), "{}", message.content);
        if rod == "B3" {
            let ix = d.slash(who, channel, "move", json!({"at": "b3"})).await;
            let reply = d.response(ix).await;
            assert!(reply.ephemeral);
            assert!(reply.content.unwrap_or_default().contains("B3"));
            let after = d.wait_message(board, |m| m.version > message.version).await;
            assert!(
                after.content.contains("Last move: 🟡 rod B3"),
                "{}",
                after.content
            );
            assert_board_image(&after);
        } else {
            h.play(who, board, rod).await;
        }
    }
    let message = h.play(red, board, "D1").await;
    assert!(
        message.content.contains(&format!("<@{}> wins!", red.id)),
        "{}",
        message.content
    );
    assert_board_image(&message);
    assert!(enabled_moves(&message).is_empty());
    h.stop().await;
}

// -------------------------------------------------------------------- Dots

/// `/dots size:3x3` alone, played to the end through the select menus (the
/// free lines, label = value = line name, checked against autocomplete);
/// Undo takes back the person's line and the CPU's reply; the result shows
/// the box score and Rematch.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dots_solo_by_menus_with_undo_to_the_end() {
    let h = Harness::start().await;
    let d = &h.discord;
    let alice = d.user("alice");
    let channel = d.channel_id();
    let ix = d
        .slash(
            &alice,
            channel,
            "dots",
            json!({"size": "3x3", "level": "easy"}),
        )
        .await;
    let board = d.response(ix).await.message_id.unwrap();
    let mut message = h.settled(board, None).await;
    assert_board_image(&message);
    let rows = button_rows(&message);
    let controls = rows.concat();
    assert!(controls.contains(&"Resign".to_owned()) && controls.contains(&"Undo".to_owned()));
    assert_eq!(message.selects().len(), 1, "24 lines: one menu");

    // Nothing to undo before the person's first line.
    let click = d.click_label(&alice, board, "Undo").await;
    assert!(assert_private(&d.response(click).await).contains("no move to take back"));
    // One line, then Undo: the board is back as it was.
    let before = free_lines(&message);
    let pick = before[0].clone();
    message = h.play(&alice, board, &pick).await;
    assert!(!free_lines(&message).contains(&pick));
    assert!(free_lines(&message).len() < before.len());
    let click = d.click_label(&alice, board, "Undo").await;
    assert_eq!(d.response(click).await.kind, 7);
    message = h.settled(board, None).await;
    assert_eq!(
        free_lines(&message),
        before,
        "the line and the CPU's reply are back"
    );
    assert_eq!(turn_of(&message), Some(alice.id));

    let mut moves = 0;
    while !is_over(&message) {
        assert_board_image(&message);
        assert_eq!(turn_of(&message), Some(alice.id), "{}", message.content);
        let free = free_lines(&message);
        let ix = d
            .autocomplete(&alice, channel, "move", json!({"at": ""}), "at")
            .await;
        let listed: Vec<String> = d
            .response(ix)
            .await
            .choice_pairs()
            .into_iter()
            .map(|(n, _)| n)
            .collect();
        assert_eq!(listed, free, "the menus list the free lines");
        // A line from the middle of the list: whatever it claims, the board
        // must say whose turn it is.
        message = h.play(&alice, board, &free[free.len() / 2]).await;
        if !is_over(&message)
            && last_mover(&message).as_deref() == Some(seat_emoji(&message, alice.id))
        {
            // The person moved last and is to move again: a claimed box.
            assert!(
                message.content.contains("another move"),
                "{}",
                message.content
            );
        }
        moves += 1;
        assert!(moves <= 24);
    }
    assert_board_image(&message);
    let (a, b) = final_score(&message);
    assert_eq!(a + b, 9, "{}", message.content);
    assert!(
        message.content.contains(&format!("wins {a}–{b}!")),
        "9 boxes: a win with its score: {}",
        message.content
    );
    assert!(message.selects().is_empty(), "no menus after the result");
    assert!(message
        .buttons()
        .iter()
        .any(|b| b.label.as_deref() == Some("Rematch")));
    h.stop().await;
}

/// The emoji of the seat a person holds.
fn seat_emoji(message: &Msg, id: u64) -> &'static str {
    let seat = seats(message)
        .iter()
        .position(|s| *s == Some(id))
        .expect("seated");
    SEAT_EMOJI[seat]
}

/// The default board is 5 × 4 boxes: 49 lines in two menus.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dots_default_size_splits_the_menus() {
    let h = Harness::start().await;
    let d = &h.discord;
    let alice = d.user("alice");
    let channel = d.channel_id();
    let ix = d.slash(&alice, channel, "dots", json!({})).await;
    let board = d.response(ix).await.message_id.unwrap();
    let message = h.settled(board, None).await;
    assert_board_image(&message);
    let selects = message.selects();
    assert_eq!(selects.len(), 2, "{selects:?}");
    assert_eq!(selects[0].options.len(), 25);
    let free = free_lines(&message);
    let drawn = usize::from(last_mover(&message).is_some());
    assert_eq!(free.len(), 49 - drawn);
    // The last corner's two lines are offered (the CPU may have drawn one
    // of them if it moved first).
    let corner = ["e5-f5", "f4-f5"]
        .iter()
        .filter(|line| free.contains(&line.to_string()))
        .count();
    assert!(corner + drawn >= 2, "{free:?}");
    assert!(message.components.len() <= 5);
    // Resign ends it: the CPU wins, and Rematch is offered.
    let click = d.click_label(&alice, board, "Resign").await;
    assert_eq!(d.response(click).await.kind, 7);
    let message = d.message(board).unwrap();
    assert!(message.content.contains("resigned"), "{}", message.content);
    assert!(message.content.contains("CPU"));
    assert!(is_over(&message));
    h.stop().await;
}

/// A Dots challenge: a claimed box gives another move; an undo request only
/// the opponent answers (decline, then accept takes the line back); a drawn
/// line refused through `/move`; played to the result with its score.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dots_challenge_extra_turn_undo_and_result() {
    let h = Harness::start().await;
    let d = &h.discord;
    let (alice, bob, carol) = (d.user("alice"), d.user("bob"), d.user("carol"));
    let channel = d.channel_id();
    let ix = d
        .slash(
            &alice,
            channel,
            "dots",
            json!({"opponent": bob.id, "size": "3x3"}),
        )
        .await;
    let board = d.response(ix).await.message_id.unwrap();
    let click = d.click_label(&bob, board, "Accept").await;
    assert_eq!(d.response(click).await.kind, 7);
    let message = d.message(board).unwrap();
    let order = seats(&message);
    let people = [&alice, &bob];
    let red = person(&people, order[0].unwrap());
    let yellow = person(&people, order[1].unwrap());
    assert_eq!(turn_of(&message), Some(red.id));

    let mut message = message;
    for (who, line) in [
        (red, "a1-b1"),
        (yellow, "a1-a2"),
        (red, "b1-b2"),
        (yellow, "a2-b2"),
    ] {
        assert_eq!(turn_of(&message), Some(who.id), "{}", message.content);
        message = h.play(who, board, line).await;
    }
    // Yellow closed the box a1-b2: yellow moves again.
    assert_eq!(turn_of(&message), Some(yellow.id), "{}", message.content);
    assert!(
        message
            .content
            .contains("Last move: 🟡 line a2-b2 — box claimed: another move"),
        "{}",
        message.content
    );
    assert!(
        message.content.contains("Boxes: 🔴 0 · 🟡 1"),
        "{}",
        message.content
    );
    // A drawn line through /move is refused privately.
    let ix = d
        .slash(yellow, channel, "move", json!({"at": "a1-b1"}))
        .await;
    assert!(assert_private(&d.response(ix).await).contains("already drawn"));
    message = h.play(yellow, board, "c1-d1").await;
    assert_eq!(turn_of(&message), Some(red.id));

    // Red asks to undo: only yellow answers.
    let click = d.click_label(red, board, "Undo").await;
    assert_eq!(d.response(click).await.kind, 7);
    message = d.message(board).unwrap();
    assert!(
        message.content.contains("asks to take back"),
        "{}",
        message.content
    );
    for (who, text) in [(red, "your opponent answers"), (&carol, "not playing")] {
        let click = d.click_label(who, board, "Accept").await;
        assert!(assert_private(&d.response(click).await).contains(text));
    }
    let click = d.click_label(yellow, board, "Decline").await;
    assert_eq!(d.response(click).await.kind, 7);
    message = d.message(board).unwrap();
    assert!(!message.content.contains("asks to take back"));
    assert!(!free_lines(&message).contains(&"b1-b2".to_owned()));
    // Asked again and accepted: red's b1-b2 and every line after it return.
    let click = d.click_label(red, board, "Undo").await;
    assert_eq!(d.response(click).await.kind, 7);
    let click = d.click_label(yellow, board, "Accept").await;
    assert_eq!(d.response(click).await.kind, 7);
    message = d.message(board).unwrap();
    let free = free_lines(&message);
    for line in ["b1-b2", "a2-b2", "c1-d1"] {
        assert!(free.contains(&line.to_owned()), "{line} is free again");
    }
    assert_eq!(free.len(), 24 - 2);
    assert_eq!(turn_of(&message), Some(red.id));
    assert!(
        message.content.contains("Boxes: 🔴 0 · 🟡 0"),
        "{}",
        message.content
    );

    // Play to the end, each taking the first free line.
    let mut moves = 0;
    while !is_over(&message) {
        let who = person(&people, turn_of(&message).unwrap());
        let free = free_lines(&message);
        message = h.play(who, board, &free[0]).await;
        moves += 1;
        assert!(moves <= 24);
    }
    assert_board_image(&message);
    let (a, b) = final_score(&message);
    assert_eq!(a + b, 9);
    assert!(
        message.content.contains(&format!("wins {a}–{b}!")),
        "{}",
        message.content
    );
    assert!(message
        .buttons()
        .iter()
        .any(|b| b.label.as_deref() == Some("Rematch")));
    h.stop().await;
}
