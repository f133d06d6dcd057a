//! Learning from games through the real serenity client and the Discord
//! stand-in: `/review` of a finished match (public for its players,
//! private for others, by number too).

use crate::bot;
use bot::{assert_private, enabled_moves, is_over, Harness};
use serde_json::json;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_solo_game_ends_and_review_answers_with_text_and_a_picture() {
    // How a review is asked for, shown and kept, not how well it grades
    // (the engine's tests): a short think per position, which still
    // solves the decided end of the game.
    let mut h = Harness::start_with(|c| {
        c.review_time = Some((Duration::from_millis(150), Duration::from_secs(25)));
    })
    .await;
    h.discord.set_timeout(Duration::from_secs(90));
    let d = &h.discord;
    let (alice, bob) = (d.user("alice"), d.user("bob"));
    let channel = d.channel_id();

    // Nothing to review yet.
    let ix = d.slash(&alice, channel, "review", json!({})).await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("No finished match"), "{text}");

    let ix = d
        .slash(&alice, channel, "connect4", json!({"level": "easy"}))
        .await;
    let board = d.response(ix).await.message_id.unwrap();
    let mut message = h.settled(board, None).await;
    while !is_over(&message) {
        // The centre first, then outwards.
        let enabled = enabled_moves(&message);
        let column = ["4", "3", "5", "2", "6", "1", "7"]
            .into_iter()
            .find(|c| enabled.iter().any(|e| e == c))
            .unwrap();
        message = h.play(&alice, board, column).await;
    }

    // alice played: the review is public (deferred while it is judged).
    let ix = d.slash(&alice, channel, "review", json!({})).await;
    let reply = d.response(ix).await;
    assert!(!reply.ephemeral, "public for a player");
    let review = d
        .wait_original(ix, |m| m.content.contains("Review of match"))
        .await;
    let text = review.content.clone();
    assert!(text.contains("alice"), "{text}");
    assert!(text.contains("CPU (easy)"), "{text}");
    assert!(text.contains("exact solver"), "{text}");
    assert!(text.contains("best"), "{text}");
    assert_eq!(review.attachments.len(), 1, "with its picture");
    let picture = &review.attachments[0];
    assert!(picture.is_png());
    assert!(picture
        .description
        .as_deref()
        .is_some_and(|a| a.contains("Played")));
    let image = picture.decode_png();
    assert!(image.width() >= 600, "{}", image.width());

    // bob did not play: his review of the same match (by its number) is
    // private.
    let id: u64 = text
        .split('#')
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a match number in {text}"));
    // alice's /stats lists the match's number for /review.
    let ix = d.slash(&alice, channel, "stats", json!({})).await;
    let stats = d.response(ix).await.content.unwrap_or_default();
    assert!(stats.contains(&format!("#{id}")), "{stats}");
    let ix = d
        .slash(
            &bob,
            d.add_channel("elsewhere"),
            "review",
            json!({"match": id}),
        )
        .await;
    let reply = d.response(ix).await;
    assert_eq!(reply.kind, 4, "judged once and kept: answered at once");
    assert!(reply.ephemeral, "private for someone who did not play");
    let private = d
        .wait_original(ix, |m| m.content.contains("Review of match"))
        .await;
    assert!(private.content.contains(&format!("#{id}")));

    // A number that names no match here.
    let ix = d
        .slash(&bob, channel, "review", json!({"match": id + 1000}))
        .await;
    let text = assert_private(&d.response(ix).await);
    assert!(text.contains("no match"), "{text}");
    h.stop().await;
}

/// The move names of a Connect Four game as the image and buttons name
/// them (1-based columns).
fn column_name(mv: boardbot::game::Move) -> String {
    (mv + 1).to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn todays_puzzle_is_solved_to_its_end_and_counted() {
    use boardbot::cpu::connect4::position::Position;
    use boardbot::cpu::connect4::solver::Solver;
    use boardbot::game::{AnyGame, Game, GameKind};
    let mut h = Harness::start().await;
    // The first puzzle of the day is found while the answer waits.
    h.discord.set_timeout(Duration::from_secs(60));
    let d = &h.discord;
    let (alice, bob) = (d.user("alice"), d.user("bob"));
    let channel = d.channel_id();

    // Discord offers only the games that have puzzles.
    let command = d.wait_command("puzzle").await;
    let choices: Vec<&str> = command["options"][0]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["value"].as_str())
        .collect();
    assert_eq!(choices, ["connect4", "dots"]);

    let ix = d.slash(&alice, channel, "puzzle", json!({})).await;
    let board = d.response(ix).await.message_id.unwrap();
    // Deferred (the day's first), then edited with the board.
    let mut message = d
        .wait_message(board, |m| m.content.contains("Puzzle of"))
        .await;
    assert!(
        message.content.contains("CPU (hard)"),
        "{}",
        message.content
    );
    let labels = bot::labels(&message);
    assert!(
        !labels
            .iter()
            .any(|l| l == "Hint" || l == "Undo" || l == "Join"),
        "{labels:?}"
    );

    // The same puzzle the bot generated today, played out with the solver.
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64;
    let day = boardbot::cpu::puzzle::day_of(now);
    let spec = boardbot::cpu::puzzle::daily(GameKind::Connect4, day).unwrap();
    let mut game = AnyGame::new(GameKind::Connect4).unwrap();
    for &mv in &spec.start {
        game.play(mv).unwrap();
    }
    let mut solver = Solver::new();
    let mut first = true;
    while !is_over(&message) {
        let AnyGame::Connect4(g) = &game else {
            unreachable!()
        };
        let (column, score) = solver.best_move(&Position::from_game(g)).unwrap().unwrap();
        assert!(score > 0, "the puzzle's side keeps its win");
        if first {
            assert_eq!(
                column as boardbot::game::Move, spec.solution,
                "the one winning column"
            );
            first = false;
        }
        let name = column_name(column as boardbot::game::Move);
        game.play(column as boardbot::game::Move).unwrap();
        message = h.play(&alice, board, &name).await;
        if is_over(&message) {
            break;
        }
        // The CPU's answer, from the board's last-move line.
        let line = message
            .content
            .lines()
            .find(|l| l.starts_with("Last move:"))
            .unwrap();
        let reply: boardbot::game::Move = line.split_whitespace().last().unwrap().parse().unwrap();
        game.play(reply - 1).unwrap();
    }
    assert!(
        message
            .content
            .contains("Solved! 1 person in this server has solved"),
        "{}",
        message.content
    );

    // bob gets the same puzzle at once (found already), resigns: not solved.
    let elsewhere = d.add_channel("puzzles");
    let ix = d
        .slash(&bob, elsewhere, "puzzle", json!({"game": "connect4"}))
        .await;
    let reply = d.response(ix).await;
    assert_eq!(reply.kind, 4, "answered with the board at once: {reply:?}");
    let board = reply.message_id.unwrap();
    let message = h.settled(board, None).await;
    assert!(message.content.contains("Puzzle of"), "{}", message.content);
    let ix = d.click_label(&bob, board, "Resign").await;
    d.response(ix).await;
    let message = h.settled(board, None).await;
    assert!(
        message.content.contains("Not solved"),
        "{}",
        message.content
    );
    h.stop().await;
}
