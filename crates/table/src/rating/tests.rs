use super::*;
use crate::table::SeatRecord;
use boardbot_engine::cpu::Level;

const A: UserId = 1;
const B: UserId = 2;
const C: UserId = 3;

fn person(id: UserId) -> SeatRecord {
    SeatRecord {
        player: Player::Person {
            id,
            name: format!("p{id}"),
        },
        left: None,
        cpu_played: None,
    }
}

fn cpu() -> SeatRecord {
    SeatRecord {
        player: Player::Cpu {
            level: Level::Medium,
        },
        left: None,
        cpu_played: None,
    }
}

fn record(game: &str, seats: Vec<SeatRecord>, result: &str, winner: Option<u8>) -> MatchRecord {
    MatchRecord {
        table: 1,
        match_no: 1,
        guild: 9,
        channel: 9,
        game: game.into(),
        size: "7x6".into(),
        seats,
        moves: (0..12).map(|n| (n % 7 + 1).to_string()).collect(),
        result: result.into(),
        winner,
        ended_by: if result == "resigned" {
            "resign".into()
        } else {
            "board".into()
        },
        started_at: 0,
        ended_at: 1,
        ranked: true,
    }
}

fn glicko(value: f64, deviation: f64, games: u32) -> Rating {
    Rating {
        value,
        deviation,
        games,
        ..Rating::new(Model::Glicko2)
    }
}

fn after(rated: &[Rated], user: UserId) -> &Rating {
    &rated.iter().find(|r| r.user == user).expect("rated").after
}

#[test]
fn a_draw_between_equal_players_changes_no_rating_value() {
    let m = record("connect4", vec![person(A), person(B)], "draw", None);
    for start in [Rating::new(Model::Glicko2), glicko(1700.0, 80.0, 30)] {
        let rated = update(&m, &[(A, start.clone()), (B, start.clone())]);
        assert_eq!(rated.len(), 2);
        for r in &rated {
            assert!((r.after.value - start.value).abs() < 1e-9, "{r:?}");
            assert_eq!(r.after.display_change(), 0);
            assert_eq!(r.after.draws, 1);
            assert_eq!(r.after.games, start.games + 1);
            // The draw still tells something: the uncertainty shrinks.
            assert!(r.after.deviation <= start.deviation);
        }
    }
}

#[test]
fn a_draw_moves_the_lower_rated_player_up_and_the_higher_one_down() {
    let m = record("dots", vec![person(A), person(B)], "draw", None);
    let low = glicko(1400.0, 90.0, 20);
    let high = glicko(1650.0, 90.0, 20);
    let rated = update(&m, &[(A, low.clone()), (B, high.clone())]);
    assert!(after(&rated, A).value > low.value);
    assert!(after(&rated, B).value < high.value);
    assert!(after(&rated, A).last_change > 0.0);
    assert!(after(&rated, B).last_change < 0.0);
    // Between a win and a loss.
    let win = update(
        &record("dots", vec![person(A), person(B)], "win", Some(0)),
        &[(A, low.clone()), (B, high.clone())],
    );
    assert!(after(&win, A).value > after(&rated, A).value);
}

#[test]
fn a_win_moves_the_winner_up_and_the_loser_down() {
    let m = record("connect4", vec![person(A), person(B)], "win", Some(1));
    let rated = update(&m, &[]);
    let (a, b) = (after(&rated, A), after(&rated, B));
    assert!(b.value > 1500.0 && a.value < 1500.0, "{a:?} {b:?}");
    assert_eq!((b.wins, b.losses, b.streak, b.best_streak), (1, 0, 1, 1));
    assert_eq!((a.wins, a.losses, a.streak), (0, 1, 0));
    assert!(a.is_provisional() && b.is_provisional());
    assert_eq!(a.display_change(), -b.display_change());
}

#[test]
fn resigning_is_a_loss_and_a_streak_counts_wins_in_a_row() {
    let resign = record(
        "connect4-3d",
        vec![person(A), person(B)],
        "resigned",
        Some(0),
    );
    let mut ratings = vec![];
    for _ in 0..3 {
        let rated = update(&resign, &ratings);
        ratings = rated.into_iter().map(|r| (r.user, r.after)).collect();
    }
    let a = &ratings.iter().find(|(u, _)| *u == A).unwrap().1;
    assert_eq!((a.wins, a.streak, a.best_streak), (3, 3, 3));
    let lost = update(
        &record("connect4-3d", vec![person(A), person(B)], "win", Some(1)),
        &ratings,
    );
    let a = after(&lost, A);
    assert_eq!((a.wins, a.losses, a.streak, a.best_streak), (3, 1, 0, 3));
}

#[test]
fn the_three_player_model_ranks_the_winner_above_the_others() {
    let m = record(
        "connect4-3p",
        vec![person(A), person(B), person(C)],
        "win",
        Some(2),
    );
    let rated = update(&m, &[]);
    assert_eq!(rated.len(), 3);
    assert!(rated.iter().all(|r| r.after.model == Model::WengLin));
    let (a, b, c) = (after(&rated, A), after(&rated, B), after(&rated, C));
    assert!(c.shown() > 1500.0);
    assert!(a.shown() < 1500.0 && b.shown() < 1500.0);
    // The others are tied.
    assert!((a.value - b.value).abs() < 1e-9);
    assert_eq!((c.wins, a.losses, b.losses), (1, 1, 1));
    // A draw among equals changes nothing.
    let draw = update(
        &record(
            "connect4-3p",
            vec![person(A), person(B), person(C)],
            "draw",
            None,
        ),
        &[],
    );
    for r in &draw {
        assert!((r.after.value - r.before.value).abs() < 1e-9);
        assert_eq!(r.after.draws, 1);
    }
}

#[test]
fn a_person_who_left_a_three_player_match_lost() {
    // A resigned; a CPU played seat 0 on and won the match.
    let mut seats = vec![cpu(), person(B), person(C)];
    seats[0].left = Some(A);
    let m = record("connect4-3p", seats, "win", Some(0));
    let rated = update(&m, &[]);
    assert_eq!(rated.len(), 3);
    let (a, b, c) = (after(&rated, A), after(&rated, B), after(&rated, C));
    assert_eq!((a.wins, a.losses), (0, 1));
    assert!(a.shown() < 1500.0);
    assert!(a.shown() < b.shown() && a.shown() < c.shown());
    // Left while the others drew: still a loss.
    let mut seats = vec![person(A), cpu(), person(C)];
    seats[1].left = Some(B);
    let draw = update(&record("connect4-3p", seats, "draw", None), &[]);
    assert_eq!(after(&draw, B).losses, 1);
    assert!(after(&draw, B).shown() < 1500.0);
    assert!(after(&draw, A).shown() > 1500.0);
}

#[test]
fn unranked_cpu_and_self_play_matches_change_nothing() {
    let mut unranked = record("connect4", vec![person(A), person(B)], "win", Some(0));
    unranked.ranked = false;
    assert!(update(&unranked, &[]).is_empty());
    assert!(rated_people(&unranked).is_empty());

    let vs_cpu = record("connect4", vec![person(A), cpu()], "win", Some(0));
    assert!(update(&vs_cpu, &[]).is_empty());
    let three_with_cpu = record(
        "connect4-3p",
        vec![person(A), person(B), cpu()],
        "win",
        Some(0),
    );
    assert!(update(&three_with_cpu, &[]).is_empty());

    let self_play = record("connect4", vec![person(A), person(A)], "win", Some(0));
    assert!(update(&self_play, &[]).is_empty());
    assert!(standings(&self_play).is_none());

    // A table closed mid-match: no result, no rating.
    let mut closed = record("connect4", vec![person(A), person(B)], "ended", None);
    closed.ended_by = "end".into();
    assert!(update(&closed, &[]).is_empty());

    // Three seats in a 2-player game's record: not guessed at.
    let odd = record(
        "connect4",
        vec![person(A), person(B), person(C)],
        "win",
        Some(0),
    );
    assert!(update(&odd, &[]).is_empty());

    let ranked = record("connect4", vec![person(A), person(B)], "win", Some(0));
    assert_eq!(rated_people(&ranked), vec![A, B]);
}

#[test]
fn provisional_until_enough_games_and_a_narrow_deviation() {
    assert!(Rating::new(Model::Glicko2).is_provisional());
    assert!(Rating::new(Model::WengLin).is_provisional());
    assert!(!glicko(1600.0, 80.0, 12).is_provisional());
    assert!(glicko(1600.0, 80.0, 3).is_provisional());
    assert!(glicko(1600.0, 200.0, 30).is_provisional());
    assert_eq!(Rating::new(Model::WengLin).display(), 1500);
    assert_eq!(Rating::new(Model::WengLin).shown_deviation().round(), 350.0);
}

#[test]
fn ratings_settle_with_play() {
    // Shows how fast each model leaves "provisional" between regulars.
    let mut two: Vec<(UserId, Rating)> = vec![];
    let mut three: Vec<(UserId, Rating)> = vec![];
    let mut settled = (None, None);
    for n in 0..60u32 {
        let winner = (n % 2) as u8;
        let m = record("connect4", vec![person(A), person(B)], "win", Some(winner));
        two = update(&m, &two)
            .into_iter()
            .map(|r| (r.user, r.after))
            .collect();
        let m = record(
            "connect4-3p",
            vec![person(A), person(B), person(C)],
            "win",
            Some((n % 3) as u8),
        );
        three = update(&m, &three)
            .into_iter()
            .map(|r| (r.user, r.after))
            .collect();
        if settled.0.is_none() && !two[0].1.is_provisional() {
            settled.0 = Some(n + 1);
        }
        if settled.1.is_none() && !three[0].1.is_provisional() {
            settled.1 = Some(n + 1);
        }
    }
    let (two_after, three_after) = (settled.0.expect("2p"), settled.1.expect("3p"));
    assert!((5..=30).contains(&two_after), "{two_after}");
    assert!((5..=15).contains(&three_after), "{three_after}");
}

#[test]
fn an_early_forfeit_costs_the_forfeiter_and_gives_nobody_anything() {
    let mut m = record("connect4", vec![person(A), person(B)], "resigned", Some(1));
    m.moves = vec!["4".into()];
    let rated = update(&m, &[]);
    assert_eq!(rated.len(), 1, "only A, who resigned");
    assert_eq!(rated[0].user, A);
    assert_eq!((rated[0].after.losses, rated[0].after.games), (1, 1));
    assert!(rated[0].after.shown() < 1500.0);
    assert_eq!(rated_people(&m), vec![A]);
    // Resigned after both played a few moves: a full result.
    m.moves = ["4", "4", "3", "5"].map(String::from).to_vec();
    assert_eq!(update(&m, &[]).len(), 2);
    // A quick win on the board is no forfeit.
    let mut quick = record("connect4", vec![person(A), person(B)], "win", Some(0));
    quick.moves = vec!["4".into()];
    assert_eq!(update(&quick, &[]).len(), 2);
    // Three players: the one who left early loses; the others keep theirs.
    let mut seats = vec![person(A), cpu(), person(C)];
    seats[1].left = Some(B);
    let mut three = record("connect4-3p", seats, "win", Some(0));
    three.moves = ["1", "2", "3"].map(String::from).to_vec();
    let rated = update(&three, &[]);
    assert_eq!(rated.iter().map(|r| r.user).collect::<Vec<_>>(), vec![B]);
}
