//! No single failure freezes a game: Discord's errors, a deleted board, an
//! expired token, a lost channel permission, a hung request, a missed
//! answer window and a failed CPU search, each injected through the
//! stand-in while a game is played to its end.

use crate::{bot, support};
use bot::{enabled_moves, is_over, open_solo, turn_of, Harness};
use serde_json::json;
use std::time::Duration;
use support::{FaultCause, Msg, User};

/// The channel's current board: the newest public message that shows a turn
/// or a result.
fn current_board(h: &Harness) -> Option<Msg> {
    h.discord
        .public_messages(h.discord.channel_id())
        .into_iter()
        .rev()
        .find(|m| turn_of(m).is_some() || is_over(m))
}

/// Waits until the channel's board is ready for alice or shows a result.
async fn ready_board(h: &Harness, alice: &User) -> Msg {
    let id = alice.id;
    for _ in 0..500 {
        let ready = current_board(h)
            .filter(|m| (turn_of(m) == Some(id) && !m.content.contains("thinking")) || is_over(m));
        if let Some(board) = ready {
            return board;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!(
        "no board ready for alice after 10 s; the channel's board: {:?}",
        current_board(h).map(|m| m.content)
    );
}

/// Alice plays (centre first) until the match ends, on whatever message is
/// the board; returns the final board.
async fn finish(h: &Harness, alice: &User) -> Msg {
    let d = &h.discord;
    for _ in 0..30 {
        let board = ready_board(h, alice).await;
        if is_over(&board) {
            return board;
        }
        let moves = enabled_moves(&board);
        let pick = moves
            .iter()
            .find(|m| *m == "4")
            .unwrap_or(&moves[0])
            .clone();
        let click = d.click_label(alice, board.id, &pick).await;
        let reply = d.response(click).await;
        assert!(
            reply.kind == 7 || reply.kind == 6,
            "a move updates the board: {reply:?}"
        );
        // Wait for this click's own change before looking again.
        d.wait_message(board.id, |m| m.version > board.version || m.deleted)
            .await;
    }
    panic!("the game did not end");
}

/// One click of alice's on the current board; returns it after the change.
async fn one_move(h: &Harness, alice: &User) -> Msg {
    let board = ready_board(h, alice).await;
    let moves = enabled_moves(&board);
    let pick = moves
        .iter()
        .find(|m| *m == "4")
        .unwrap_or(&moves[0])
        .clone();
    let click = h.discord.click_label(alice, board.id, &pick).await;
    assert_eq!(h.discord.response(click).await.kind, 7);
    board
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn board_edits_answered_with_500_are_retried() {
    let h = Harness::start().await;
    let d = &h.discord;
    let alice = d.user("alice");
    open_solo(&h.discord, &alice, h.discord.channel_id()).await;
    // Every board edit the bot makes by itself (the CPU's moves) fails twice.
    d.fail_next("PATCH", "/webhooks/", 2, 500);
    one_move(&h, &alice).await;
    let end = finish(&h, &alice).await;
    assert!(is_over(&end));
    assert_eq!(d.failed_count(), 2, "{:?}", d.fault_hits());
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_board_is_posted_again() {
    let h = Harness::start().await;
    let d = &h.discord;
    let alice = d.user("alice");
    let first = open_solo(&h.discord, &alice, h.discord.channel_id()).await;
    let ready = ready_board(&h, &alice).await;
    // A moderator deletes the board; alice plays by command.
    d.delete_message(first);
    move_by_command(&h, &alice, &ready).await;
    let fresh = ready_board(&h, &alice).await;
    assert_ne!(fresh.id, first, "a new board message was posted");
    assert_eq!(fresh.attachments.len(), 1, "with its image");
    let end = finish(&h, &alice).await;
    assert!(is_over(&end));
    h.stop().await;
}

/// Plays column 4 (or the first free one) for alice with `/move`, which
/// answers privately: the board itself is then published through the link
/// the table keeps (the token of the command that opened it).
async fn move_by_command(h: &Harness, alice: &User, board: &Msg) {
    let moves = enabled_moves(board);
    let pick = moves.iter().find(|m| *m == "4").unwrap_or(&moves[0]);
    let ix = h
        .discord
        .slash(alice, h.discord.channel_id(), "move", json!({"at": pick}))
        .await;
    assert!(h.discord.response(ix).await.ephemeral);
}

/// Waits until the table has stored where its board message is (it reads
/// the message back after answering), so a test's fault comes after that.
async fn board_known(h: &Harness, board: u64) {
    let d = &h.discord;
    let service = h.bot.service();
    let table = service
        .table(boardbot::service::At::Channel(d.channel_id()))
        .await
        .unwrap();
    // The table learns where its board is once the answer is sent.
    let mut known = None;
    for _ in 0..100 {
        let (_, link) = service.board(table.no()).await.unwrap().unwrap();
        known = link.and_then(|l| l.message);
        if known.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(known, Some(board), "the table knows its board");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expired_token_falls_back_to_the_channel() {
    let h = Harness::start().await;
    let d = &h.discord;
    let alice = d.user("alice");
    let board = open_solo(&h.discord, &alice, h.discord.channel_id()).await;
    let ready = ready_board(&h, &alice).await;
    board_known(&h, board).await;
    // Every token so far is past its 15 minutes: the move and the CPU's
    // answer must be shown through the channel route, on the same message.
    d.expire_tokens();
    move_by_command(&h, &alice, &ready).await;
    let after = d
        .wait_message(board, |m| {
            m.version > ready.version
                && turn_of(m) == Some(alice.id)
                && !m.content.contains("thinking")
        })
        .await;
    assert!(after.content.contains("Last move"), "{}", after.content);
    d.wait_fault_hits(FaultCause::ExpiredToken, 1).await;
    let end = finish(&h, &alice).await;
    assert!(is_over(&end));
    assert_eq!(end.id, board, "the same message all along");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expired_token_without_channel_access_heals_on_the_next_click() {
    let h = Harness::start().await;
    let d = &h.discord;
    let alice = d.user("alice");
    let board = open_solo(&h.discord, &alice, h.discord.channel_id()).await;
    let ready = ready_board(&h, &alice).await;
    board_known(&h, board).await;
    // No token and no channel access: nothing can be shown.
    d.deny_channel(d.channel_id());
    d.expire_tokens();
    move_by_command(&h, &alice, &ready).await;
    // The channel edit and the new post are both refused.
    d.wait_fault_hits(FaultCause::DeniedChannel, 2).await;
    let stuck = d.message(board).unwrap();
    assert_eq!(stuck.version, ready.version, "the board could not change");
    // Alice clicks the board she sees: it refreshes to the position as it is.
    let moves = enabled_moves(&stuck);
    let click = d.click_label(&alice, board, &moves[0]).await;
    let reply = d.response(click).await;
    assert_eq!(
        reply.kind, 7,
        "the stale board is refreshed in place: {reply:?}"
    );
    let notes = d.wait_followups(click, 1).await;
    assert!(
        notes[0].content.contains("out of date"),
        "{}",
        notes[0].content
    );
    let healed = d.message(board).unwrap();
    assert!(healed.version > stuck.version);
    assert!(healed.content.contains("Last move"), "{}", healed.content);
    d.allow_channel(d.channel_id());
    let end = finish(&h, &alice).await;
    assert!(is_over(&end));
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_missed_answer_window_still_starts_the_cpu_turn() {
    let h = Harness::start().await;
    let d = &h.discord;
    let alice = d.user("alice");
    let board = open_solo(&h.discord, &alice, h.discord.channel_id()).await;
    let ready = ready_board(&h, &alice).await;
    // The click's answer arrives too late for Discord (10062): the move is
    // made all the same, the CPU answers, and the board shows both.
    d.set_callback_window(Duration::ZERO);
    let moves = enabled_moves(&ready);
    let click = d.click_label(&alice, board, &moves[0]).await;
    let refused = d.refusal(click).await;
    assert_eq!(refused.code, 10062, "{refused:?}");
    d.set_callback_window(Duration::from_secs(3));
    let after = d
        .wait_message(board, |m| {
            m.version > ready.version
                && turn_of(m) == Some(alice.id)
                && !m.content.contains("thinking")
        })
        .await;
    assert!(after.content.contains("Last move"), "{}", after.content);
    d.take_violations();
    let end = finish(&h, &alice).await;
    assert!(is_over(&end));
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hung_request_times_out_and_the_game_goes_on() {
    let h = Harness::start_with(|config| config.rest_timeout = Duration::from_millis(800)).await;
    let d = &h.discord;
    let alice = d.user("alice");
    open_solo(&h.discord, &alice, h.discord.channel_id()).await;
    ready_board(&h, &alice).await;
    d.hang_next("PATCH", "/webhooks/", 1);
    one_move(&h, &alice).await;
    let end = finish(&h, &alice).await;
    assert!(is_over(&end));
    assert_eq!(d.hung_count(), 1);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn failed_cpu_searches_fall_back_to_a_legal_move() {
    let h = Harness::start().await;
    let d = &h.discord;
    let alice = d.user("alice");
    h.bot.service().fail_next_searches(50);
    open_solo(&h.discord, &alice, h.discord.channel_id()).await;
    let end = finish(&h, &alice).await;
    assert!(is_over(&end));
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_hint_clicks_run_one_search_at_a_time() {
    let h = Harness::start().await;
    let d = &h.discord;
    let alice = d.user("alice");
    let ix = d
        .slash(
            &alice,
            d.channel_id(),
            "connect4-3d",
            json!({"level": "easy", "color": "red"}),
        )
        .await;
    let board = d.response(ix).await.message_id.unwrap();
    let ready = ready_board(&h, &alice).await;
    assert_eq!(ready.id, board);
    let mut clicks = Vec::new();
    for _ in 0..50 {
        clicks.push(d.click_label(&alice, board, "Hint").await);
    }
    let mut hints = 0;
    for click in clicks {
        let reply = d.response(click).await;
        assert!(reply.ephemeral, "{reply:?}");
        if reply.kind == 5 {
            let answer = d.wait_original(click, |m| !m.content.is_empty()).await;
            if answer.content.contains("Hint") {
                hints += 1;
            } else {
                assert!(answer.content.contains("already"), "{}", answer.content);
            }
        }
    }
    assert!(hints >= 1);
    let stats = h.bot.service().pool_stats();
    assert_eq!(stats.peak_per_table, 1, "{stats:?}");
    assert_eq!(stats.started, hints as u64, "{stats:?}");
    h.stop().await;
}
