//! A tournament's life: sign-up, rounds, results, withdrawals, the end.

use super::*;
use crate::table::{Action as TableAction, Opening as TableOpening, Rules};
use boardbot_engine::game::Game;
use rand::rngs::StdRng;
use rand::SeedableRng;

const HOST: UserId = 1;

fn opening(format: Format) -> Opening {
    Opening {
        id: 77,
        guild: 5,
        channel: 9,
        host: HOST,
        host_name: "Host".into(),
        lang: Lang::En,
        settings: Settings {
            kind: GameKind::Connect4,
            format,
            rounds: None,
            timer: DEFAULT_TIMER,
            ranked: false,
        },
    }
}

/// A tournament with players 100, 101, … signed up.
fn signed_up(format: Format, players: u64) -> Tournament {
    let mut t = Tournament::open(opening(format), 0).expect("opens");
    for p in 0..players {
        t.apply(
            Action::Join {
                user: 100 + p,
                name: format!("P{p}"),
            },
            1,
        )
        .expect("joins");
    }
    t
}

/// Starts it with ratings that put player 100 first, 101 second, ….
fn started(format: Format, players: u64) -> Tournament {
    let mut t = signed_up(format, players);
    let ratings = (0..players).map(|p| (100 + p, 2000.0 - p as f64)).collect();
    t.apply(
        Action::Start {
            user: HOST,
            ratings,
        },
        2,
    )
    .expect("starts");
    t
}

/// Opens a table number for every board of the current round.
fn open_boards(t: &mut Tournament) {
    let r = t.rounds().len() - 1;
    for b in 0..t.rounds()[r].boards.len() {
        let table = 1000 * (r as u64 + 1) + b as u64;
        t.apply(
            Action::Thread {
                round: r,
                board: b,
                thread: table,
            },
            3,
        )
        .expect("thread");
        t.apply(
            Action::Opened {
                round: r,
                board: b,
                table,
            },
            3,
        )
        .expect("opened");
    }
}

/// Ends every open game of the current round with `outcome`.
fn finish_round(t: &mut Tournament, outcome: Outcome) -> Effects {
    let r = t.rounds().len() - 1;
    let tables: Vec<u64> = t.rounds()[r]
        .boards
        .iter()
        .filter(|b| b.end.is_none())
        .filter_map(|b| b.table)
        .collect();
    let mut last = Effects::default();
    for table in tables {
        last = t
            .apply(
                Action::Ended {
                    table,
                    end: BoardEnd::Played(outcome),
                },
                4,
            )
            .expect("ended");
    }
    last
}

#[test]
fn sign_up_refuses_twice_and_the_host_alone_starts_with_enough_players() {
    let mut t = signed_up(Format::Swiss, 3);
    let again = t.apply(
        Action::Join {
            user: 100,
            name: "P0".into(),
        },
        1,
    );
    assert_eq!(again, Err(Refusal::TournamentAlreadyIn));
    let start = |t: &mut Tournament, user| {
        t.apply(
            Action::Start {
                user,
                ratings: Vec::new(),
            },
            2,
        )
    };
    assert_eq!(start(&mut t, HOST), Err(Refusal::TournamentTooFew));
    t.apply(
        Action::Join {
            user: 103,
            name: "P3".into(),
        },
        1,
    )
    .unwrap();
    assert_eq!(start(&mut t, 100), Err(Refusal::NotHost));
    let before = t.clone();
    assert!(start(&mut t, HOST).unwrap().round_started);
    assert_eq!(t.stage(), Stage::Playing);
    // 4 players: two Swiss rounds find a single winner.
    assert_eq!(t.planned(), 2);
    assert_eq!(t.rounds()[0].boards.len(), 2);
    assert!(t.stamp() > before.stamp());
    // Sign-up is closed once it runs.
    assert_eq!(
        t.apply(
            Action::Join {
                user: 200,
                name: "late".into()
            },
            3
        ),
        Err(Refusal::TournamentStarted)
    );
}

#[test]
fn leaving_the_sign_up_removes_and_the_host_removes_others() {
    let mut t = signed_up(Format::Swiss, 4);
    t.apply(Action::Leave { user: 101 }, 1).unwrap();
    assert_eq!(t.players().len(), 3);
    assert_eq!(
        t.apply(Action::Remove { by: 100, user: 102 }, 1),
        Err(Refusal::NotHost)
    );
    t.apply(
        Action::Remove {
            by: HOST,
            user: 102,
        },
        1,
    )
    .unwrap();
    assert_eq!(t.players().len(), 2);
    assert_eq!(
        t.apply(Action::Leave { user: 555 }, 1),
        Err(Refusal::TournamentNotIn)
    );
}

#[test]
fn a_round_starts_when_every_game_of_the_last_one_ended() {
    let mut t = started(Format::Swiss, 8);
    assert_eq!(t.planned(), 3);
    open_boards(&mut t);
    let r0 = t.rounds()[0].clone();
    // Three of four games end: no new round yet.
    for b in &r0.boards[..3] {
        let e = t
            .apply(
                Action::Ended {
                    table: b.table.unwrap(),
                    end: BoardEnd::Played(Outcome::FirstWins),
                },
                5,
            )
            .unwrap();
        assert!(!e.round_started);
    }
    assert_eq!(t.rounds().len(), 1);
    // The same end heard twice changes nothing.
    let table = r0.boards[0].table.unwrap();
    assert_eq!(
        t.apply(
            Action::Ended {
                table,
                end: BoardEnd::Played(Outcome::Draw)
            },
            5
        ),
        Err(Refusal::NothingDue)
    );
    let e = t
        .apply(
            Action::Ended {
                table: r0.boards[3].table.unwrap(),
                end: BoardEnd::Played(Outcome::Draw),
            },
            5,
        )
        .unwrap();
    assert!(e.round_started);
    assert_eq!(t.rounds().len(), 2);
    // Nobody meets a first-round opponent again.
    for b in &t.rounds()[1].boards {
        assert!(!r0
            .boards
            .iter()
            .any(|o| (o.first, o.second) == (b.first, b.second)
                || (o.first, o.second) == (b.second, b.first)));
    }
    open_boards(&mut t);
    finish_round(&mut t, Outcome::SecondWins);
    open_boards(&mut t);
    let e = finish_round(&mut t, Outcome::FirstWins);
    assert!(e.finished);
    assert_eq!(t.stage(), Stage::Finished { early: None });
    assert!(!t.is_running());
    // Every player played three games.
    assert!(t.standings().iter().all(|r| r.games == 3));
}

#[test]
fn a_withdrawal_forfeits_the_running_game_and_later_rounds_leave_the_player_out() {
    let mut t = started(Format::Swiss, 8);
    open_boards(&mut t);
    let board = t.running_board_of(105).cloned().expect("plays");
    let e = t.apply(Action::Leave { user: 105 }, 5).unwrap();
    assert_eq!(e.forfeits, vec![(board.table.unwrap(), 105)]);
    assert_eq!(
        t.players().iter().filter(|p| p.withdrawn.is_some()).count(),
        1
    );
    // The forfeited game's end comes from its table like any other.
    finish_round(&mut t, Outcome::FirstWins);
    let round = &t.rounds()[1];
    let gone = t.players().iter().position(|p| p.id == 105).unwrap();
    assert!(round
        .boards
        .iter()
        .all(|b| b.first != gone && b.second != gone));
    // Seven players left: one bye.
    assert_eq!(round.byes.len(), 1);
    assert_eq!(round.boards.len(), 3);
    let first_bye = round.byes[0];
    open_boards(&mut t);
    finish_round(&mut t, Outcome::FirstWins);
    // The bye goes to someone who has not had one.
    let second_bye = t.rounds()[2].byes[0];
    assert_ne!(first_bye, second_bye);
    // A withdrawn player cannot withdraw again.
    assert_eq!(
        t.apply(Action::Leave { user: 105 }, 6),
        Err(Refusal::TournamentNotIn)
    );
}

#[test]
fn the_host_or_a_moderator_ends_it_early_and_its_running_games_close() {
    let mut t = started(Format::Swiss, 6);
    open_boards(&mut t);
    assert_eq!(
        t.apply(
            Action::End {
                user: 100,
                moderator: false
            },
            5
        ),
        Err(Refusal::CannotEnd)
    );
    let e = t
        .apply(
            Action::End {
                user: 100,
                moderator: true,
            },
            5,
        )
        .unwrap();
    assert!(e.finished);
    assert_eq!(e.closes.len(), 3);
    assert_eq!(t.stage(), Stage::Finished { early: Some(100) });
    // The closed games are heard as unplayed: no round follows.
    for no in e.closes {
        t.apply(
            Action::Ended {
                table: no,
                end: BoardEnd::Unplayed,
            },
            6,
        )
        .unwrap();
    }
    assert_eq!(t.rounds().len(), 1);
    assert!(t.standings().iter().all(|r| r.points == 0));
}

#[test]
fn a_tournament_everyone_left_ends_itself() {
    let mut t = started(Format::RoundRobin, 3);
    open_boards(&mut t);
    t.apply(Action::Leave { user: 100 }, 5).unwrap();
    t.apply(Action::Leave { user: 101 }, 5).unwrap();
    let e = t.apply(Action::Leave { user: 102 }, 5).unwrap();
    assert!(e.finished);
    assert_eq!(t.stage(), Stage::Finished { early: None });
}

#[test]
fn a_round_robin_of_four_plays_everyone_once_in_three_rounds() {
    let mut t = started(Format::RoundRobin, 4);
    assert_eq!(t.planned(), 3);
    let mut met = std::collections::BTreeSet::new();
    for _ in 0..3 {
        assert_eq!(t.current().unwrap().boards.len(), 2);
        for b in &t.current().unwrap().boards {
            assert!(met.insert((b.first.min(b.second), b.first.max(b.second))));
        }
        open_boards(&mut t);
        finish_round(&mut t, Outcome::Draw);
    }
    assert_eq!(met.len(), 6);
    assert!(!t.is_running());
    // Every game drawn: 1½ points each.
    assert!(t.standings().iter().all(|r| r.points == 3));
}

#[test]
fn a_round_robin_withdrawal_gives_the_opponent_the_bye() {
    let mut t = started(Format::RoundRobin, 4);
    open_boards(&mut t);
    finish_round(&mut t, Outcome::FirstWins);
    // Withdrawn during round 2: that game is lost by leaving (its table
    // says so), and round 3 leaves the player out.
    t.apply(Action::Leave { user: 103 }, 5).unwrap();
    open_boards(&mut t);
    finish_round(&mut t, Outcome::FirstWins);
    let gone = t.players().iter().position(|p| p.id == 103).unwrap();
    let round = &t.rounds()[2];
    assert!(round
        .boards
        .iter()
        .all(|b| b.first != gone && b.second != gone));
    // Berger's table paired the others: one game, and the player drawn
    // against the withdrawn one sits out with the bye's point.
    assert_eq!(round.boards.len(), 1);
    assert_eq!(round.byes.len(), 1);
    assert!(!round.byes.contains(&gone));
}

#[test]
fn ranked_tournaments_are_for_connect_four_and_rounds_are_bounded() {
    let mut o = opening(Format::Swiss);
    o.settings.ranked = true;
    o.settings.kind = GameKind::DOTS_DEFAULT;
    assert_eq!(
        Tournament::open(o.clone(), 0).err(),
        Some(Refusal::TournamentRankedConnect4)
    );
    o.settings.kind = GameKind::Connect4ThreePlayer;
    o.settings.ranked = false;
    assert_eq!(
        Tournament::open(o.clone(), 0).err(),
        Some(Refusal::UnknownGame)
    );
    o.settings.kind = GameKind::Connect4;
    o.settings.rounds = Some(13);
    assert_eq!(
        Tournament::open(o, 0).err(),
        Some(Refusal::TournamentRounds)
    );
}

#[test]
fn a_stored_tournament_reads_back_and_a_bad_index_is_refused() {
    let mut t = started(Format::Swiss, 5);
    open_boards(&mut t);
    let json = serde_json::to_string(&t).unwrap();
    let back: Tournament = serde_json::from_str(&json).unwrap();
    assert_eq!(back, t);
    assert!(back.check().is_ok());
    let broken = json.replace("\"first\":0", "\"first\":99");
    let broken: Tournament = serde_json::from_str(&broken).unwrap();
    assert!(broken.check().is_err());
}

/// A tournament table: seats in order, the tournament's timer, and none
/// of the controls a tournament game does without.
fn tournament_table() -> Table {
    let opening = TableOpening {
        no: 4242,
        guild: 5,
        channel: 4242,
        kind: GameKind::Connect4,
        host: HOST,
        host_name: "Host".into(),
        level: boardbot_engine::cpu::Level::default(),
        invited: Vec::new(),
        self_play: false,
        host_seat: None,
        lang: Lang::En,
        open: false,
        rules: Rules {
            timer: Some(60),
            rotate: true,
        },
        ranked: false,
    };
    let game = crate::table::TournamentGame {
        tournament: 77,
        round: 0,
        board: 1,
    };
    let mut rng = StdRng::seed_from_u64(1);
    let (table, effects) = Table::open_tournament_game(
        opening,
        (100, "A".into()),
        (101, "B".into()),
        game,
        1_000,
        &mut rng,
    )
    .expect("opens");
    assert_eq!(effects.cpu_turn, None);
    table
}

#[test]
fn a_tournament_game_seats_its_players_and_refuses_what_it_does_without() {
    let mut table = tournament_table();
    assert_eq!(table.players()[0].person_id(), Some(100));
    assert_eq!(table.players()[1].person_id(), Some(101));
    assert!(table.is_running());
    assert_eq!(table.clock().map(|c| c.deadline), Some(61_000));
    assert_eq!(board_end(&table), None);
    for action in [
        TableAction::Undo {
            user: 100,
            stamp: None,
        },
        TableAction::Pause {
            user: 100,
            stamp: None,
        },
        TableAction::Rematch {
            user: 100,
            stamp: None,
        },
        TableAction::Join {
            user: 300,
            name: "C".into(),
            stamp: None,
        },
    ] {
        let before = table.clone();
        assert_eq!(table.apply(action, 2_000), Err(Refusal::TournamentGame));
        assert_eq!(table, before);
    }
    assert!(!table.offers_hint());
    assert!(!table.offers_undo());
}

#[test]
fn a_no_show_loses_on_time_and_the_end_reads_as_the_other_players_win() {
    let mut table = tournament_table();
    // Seat 0 (the first player) never moves.
    table
        .apply(TableAction::Tick { idle_ms: u64::MAX }, 61_000)
        .expect("the clock runs out");
    assert_eq!(
        board_end(&table),
        Some(BoardEnd::Played(Outcome::SecondWins))
    );
}

#[test]
fn leaving_a_tournament_game_loses_it_and_a_closed_one_is_unplayed() {
    let mut table = tournament_table();
    table
        .apply(
            TableAction::Leave {
                user: 101,
                stamp: None,
            },
            2_000,
        )
        .unwrap();
    assert_eq!(
        board_end(&table),
        Some(BoardEnd::Played(Outcome::FirstWins))
    );
    let mut table = tournament_table();
    table
        .apply(
            TableAction::End {
                user: 9,
                moderator: true,
            },
            2_000,
        )
        .unwrap();
    assert_eq!(board_end(&table), Some(BoardEnd::Unplayed));
}

#[test]
fn a_three_player_table_resigned_by_its_third_seat_has_no_tournament_end() {
    use crate::table::test_support::{ok, open, resign, HOST};
    // The host sits third: board_end once took seat 2's resignation as a
    // two-seat forfeit and overflowed.
    let mut table = open(GameKind::Connect4ThreePlayer).seat(2).at(0);
    while table.seat_to_move() != Some(2) {
        let mv = table.game().legal_moves()[0];
        let stamp = table.stamp();
        ok(&mut table, TableAction::CpuMove { mv, stamp }, 1);
    }
    ok(&mut table, resign(HOST), 2);
    assert!(matches!(table.phase(), Phase::Finished(_)));
    assert_eq!(board_end(&table), None);
}
