//! The table rules of SPEC section 2 beyond a single match: open tables,
//! turn timers, pause, leaving, seat changes, rotation, idle tables and
//! ending a table. Time is injected: every clock is a number here.

use super::test_support::*;
use super::*;
use rand::rngs::StdRng;
use rand::SeedableRng;

const ANA: UserId = 20;
const BEN: UserId = 30;
const MOD: UserId = 40;

/// The person to move plays the first legal move.
fn person_moves(table: &mut Table, now: u64) -> Effects {
    let user = table.player_to_move().unwrap().person_id().unwrap();
    let mv = table.game.legal_moves()[0];
    ok(
        table,
        Action::Move {
            user,
            mv,
            stamp: None,
        },
        now,
    )
}

/// The CPU to move plays the first legal move.
fn cpu_moves(table: &mut Table, now: u64) {
    let mv = table.game.legal_moves()[0];
    let stamp = table.stamp;
    ok(table, Action::CpuMove { mv, stamp }, now);
}

/// Two people playing Connect Four with a timer, started at `t`.
fn timed_pair(seconds: u32, t: u64) -> Table {
    let mut table = open(GameKind::Connect4).timer(seconds).invite(ANA).at(t);
    ok(
        &mut table,
        Action::Accept {
            user: ANA,
            stamp: None,
        },
        t,
    );
    table
}

#[test]
fn an_open_table_fills_and_only_the_host_starts_it() {
    let mut table = open(GameKind::Connect4ThreePlayer).open_table().at(0);
    assert!(matches!(table.phase, Phase::Lobby { .. }));
    assert!(table.is_running());
    ok(&mut table, join(ANA), 1);
    assert_eq!(no(&mut table, join(ANA), 2), Refusal::AlreadySeated);
    assert_eq!(no(&mut table, start(ANA), 2), Refusal::NotHost);
    assert_eq!(no(&mut table, leave(HOST), 2), Refusal::HostStays);
    ok(&mut table, join(BEN), 3);
    assert_eq!(no(&mut table, join(MOD), 4), Refusal::NoFreeSeat);
    ok(&mut table, leave(BEN), 5);
    assert_eq!(
        table.seat_of(BEN),
        None,
        "leaving before the start frees the seat"
    );
    let effects = ok(&mut table, start(HOST), 6);
    assert!(effects.started);
    assert_eq!(table.phase, Phase::Playing);
    assert_eq!(table.people().len(), 2);
    assert_eq!(
        table.players.iter().filter(|p| p.is_cpu()).count(),
        1,
        "the CPU takes the seat still free"
    );
    assert_eq!(no(&mut table, start(HOST), 7), Refusal::AlreadyStarted);
}

#[test]
fn invited_people_keep_their_seats_at_an_open_table() {
    let mut table = open(GameKind::Connect4).open_table().invite(ANA).at(0);
    assert_eq!(no(&mut table, join(BEN), 1), Refusal::NoFreeSeat);
    ok(&mut table, start(HOST), 2);
    assert!(table.seat_of(ANA).is_some() && table.seat_of(HOST).is_some());
}

#[test]
fn the_first_order_is_drawn_unless_the_host_chose_a_seat() {
    let mut firsts = [0; 2];
    for seed in 0..30 {
        let mut o = open(GameKind::Connect4).open_table().0;
        o.no = seed;
        let (mut table, _) = Table::open(o, 0, &mut StdRng::seed_from_u64(seed)).unwrap();
        ok(&mut table, join(ANA), 1);
        ok(&mut table, start(HOST), 2);
        firsts[table.seat_of(HOST).unwrap() as usize] += 1;
    }
    assert!(firsts[0] > 3 && firsts[1] > 3, "{firsts:?}");
    let mut table = open(GameKind::Connect4).open_table().seat(1).at(0);
    ok(&mut table, join(ANA), 1);
    ok(&mut table, start(HOST), 2);
    assert_eq!(table.seat_of(HOST), Some(1));
}

#[test]
fn a_two_player_timer_runs_out_into_a_loss() {
    let mut table = timed_pair(30, 1_000);
    let first = table.player_to_move().unwrap().person_id().unwrap();
    let clock = table.clock.expect("the person to move has a clock");
    assert_eq!(clock.deadline, 31_000);
    assert_eq!(table.next_deadline(DEFAULT_IDLE_MS), Some(31_000));
    assert_eq!(no(&mut table, tick(), 30_999), Refusal::NothingDue);
    // A move restarts the clock for the other person.
    person_moves(&mut table, 20_000);
    assert_eq!(table.clock.unwrap().deadline, 50_000);
    let second = table.player_to_move().unwrap().person_id().unwrap();
    assert_ne!(first, second);
    let effects = ok(&mut table, tick(), 50_000);
    assert!(effects.match_ended);
    let seat = table.seat_of(second).unwrap();
    assert_eq!(table.phase, Phase::Finished(MatchEnd::TimedOut { seat }));
    let record = table.match_record(50_000).unwrap();
    assert_eq!(record.result, "timeout");
    assert_eq!(record.winner, Some(1 - seat));
    assert_eq!(table.clock, None);
}

#[test]
fn a_three_player_timer_hands_the_seat_to_the_cpu() {
    let mut table = open(GameKind::Connect4ThreePlayer)
        .timer(60)
        .invite(ANA)
        .invite(BEN)
        .at(0);
    for user in [ANA, BEN] {
        ok(&mut table, Action::Accept { user, stamp: None }, 0);
    }
    let late = table.player_to_move().unwrap().person_id().unwrap();
    let seat = table.seat_of(late).unwrap();
    let effects = ok(&mut table, tick(), 60_000);
    assert!(!effects.match_ended, "the match goes on");
    assert!(table.players[seat as usize].is_cpu());
    assert_eq!(
        effects.cpu_turn,
        Some(table.stamp),
        "the CPU plays the seat now"
    );
    assert_eq!(
        table.departed,
        vec![Departure {
            seat,
            user: late,
            why: Left::TimedOut,
            at: 0,
            back: None,
        }]
    );
    assert_eq!(table.clock, None, "CPU seats never time out");
    // Play the match out: the person who timed out is recorded as leaving.
    let mut now = 60_000;
    while table.phase == Phase::Playing {
        now += 10;
        if table.player_to_move().unwrap().is_cpu() {
            cpu_moves(&mut table, now);
        } else {
            person_moves(&mut table, now);
        }
    }
    let record = table.match_record(now).unwrap();
    assert_eq!(record.seats[seat as usize].left, Some(late));
}

#[test]
fn pause_freezes_the_clock_and_the_cpu() {
    let mut table = timed_pair(60, 0);
    assert_eq!(no(&mut table, pause(ANA), 1), Refusal::NotHost);
    ok(&mut table, pause(HOST), 10_000);
    assert_eq!(no(&mut table, pause(HOST), 10_001), Refusal::AlreadyPaused);
    assert_eq!(
        table.next_deadline(DEFAULT_IDLE_MS),
        Some(10_000 + DEFAULT_IDLE_MS),
        "no turn deadline while paused"
    );
    assert_eq!(no(&mut table, tick(), 500_000), Refusal::NothingDue);
    let user = table.player_to_move().unwrap().person_id().unwrap();
    let mv = table.game.legal_moves()[0];
    assert_eq!(
        no(
            &mut table,
            Action::Move {
                user,
                mv,
                stamp: None
            },
            500_001
        ),
        Refusal::Paused
    );
    ok(&mut table, resume(HOST), 1_000_000);
    assert_eq!(
        table.clock.unwrap().deadline,
        1_050_000,
        "the 50 s left are given back"
    );
    assert_eq!(no(&mut table, resume(HOST), 1_000_001), Refusal::NotPaused);

    // Against the CPU: a pause stops the CPU seat; resume restarts it.
    let mut solo = open(GameKind::Connect4).seat(1).at(0);
    assert!(solo.cpu_to_move().is_some());
    ok(&mut solo, pause(HOST), 1);
    assert_eq!(solo.cpu_to_move(), None);
    let mv = solo.game.legal_moves()[0];
    let stamp = solo.stamp;
    assert_eq!(
        no(&mut solo, Action::CpuMove { mv, stamp }, 2),
        Refusal::Paused
    );
    let effects = ok(&mut solo, resume(HOST), 3);
    assert_eq!(effects.cpu_turn, Some(solo.stamp));
}

#[test]
fn leaving_during_a_match_is_abandonment() {
    // Two players: the opponent wins, and a CPU takes the seat next match.
    let mut table = timed_pair(60, 0);
    let seat = table.seat_of(ANA).unwrap();
    let effects = ok(&mut table, leave(ANA), 5);
    assert!(effects.match_ended);
    assert_eq!(table.phase, Phase::Finished(MatchEnd::Abandoned { seat }));
    assert_eq!(table.match_record(5).unwrap().winner, Some(1 - seat));
    ok(&mut table, rematch(HOST), 6);
    assert_eq!(table.seat_of(ANA), None);
    assert_eq!(table.players.iter().filter(|p| p.is_cpu()).count(), 1);

    // Three players: the CPU takes the seat and the match goes on.
    let mut three = open(GameKind::Connect4ThreePlayer).open_table().at(0);
    ok(&mut three, join(ANA), 1);
    ok(&mut three, join(BEN), 1);
    ok(&mut three, start(HOST), 2);
    let seat = three.seat_of(BEN).unwrap();
    let effects = ok(&mut three, leave(BEN), 3);
    assert!(!effects.match_ended);
    assert!(three.players[seat as usize].is_cpu());
    assert_eq!(three.departed[0].why, Left::Abandoned);
}

#[test]
fn a_reserved_cpu_seat_changes_hands_only_at_the_end() {
    let mut table = open(GameKind::Connect4).at(0);
    let cpu_seat = table.players.iter().position(Player::is_cpu).unwrap();
    ok(&mut table, join(ANA), 1);
    assert!(
        table.players[cpu_seat].is_cpu(),
        "the CPU plays on until the end"
    );
    assert_eq!(no(&mut table, join(BEN), 2), Refusal::NoCpuSeat);
    assert_eq!(no(&mut table, join(ANA), 2), Refusal::AlreadySeated);
    assert_eq!(no(&mut table, rematch(ANA), 2), Refusal::MatchNotOver);
    ok(&mut table, resign(HOST), 3);
    ok(&mut table, rematch(HOST), 4);
    assert!(
        table.seat_of(ANA).is_some(),
        "the swap happens at the rematch"
    );
    assert!(table.players.iter().all(|p| !p.is_cpu()));
}

#[test]
fn a_freed_cpu_seat_opens_the_next_match_to_people() {
    let mut table = open(GameKind::Connect4).at(0);
    assert_eq!(
        no(
            &mut table,
            Action::FreeSeat {
                user: ANA,
                stamp: None
            },
            1
        ),
        Refusal::NotHost
    );
    ok(
        &mut table,
        Action::FreeSeat {
            user: HOST,
            stamp: None,
        },
        1,
    );
    assert!(
        table.players.iter().any(Player::is_cpu),
        "not before the end"
    );
    ok(&mut table, resign(HOST), 2);
    ok(&mut table, rematch(HOST), 3);
    assert!(matches!(table.phase, Phase::Lobby { .. }));
    ok(&mut table, join(BEN), 4);
    ok(&mut table, start(HOST), 5);
    assert!(table.seat_of(BEN).is_some());
    assert_eq!(table.matches, 2);
}

#[test]
fn the_starter_rotates_unless_the_rule_is_off() {
    for rotate in [true, false] {
        let mut table = open(GameKind::Connect4).rotate(rotate).invite(ANA).at(0);
        ok(
            &mut table,
            Action::Accept {
                user: ANA,
                stamp: None,
            },
            0,
        );
        let first = table.players[0].clone();
        ok(&mut table, resign(HOST), 1);
        ok(&mut table, rematch(ANA), 2);
        assert_eq!(table.players[0] == first, !rotate, "rotate: {rotate}");
    }
}

#[test]
fn idle_tables_close_without_a_result() {
    let mut table = open(GameKind::Connect4ThreePlayer)
        .invite(ANA)
        .open_table()
        .at(0);
    let idle = 1_000;
    assert_eq!(table.next_deadline(idle), Some(1_000));
    ok(&mut table, join(BEN), 500);
    assert_eq!(
        table.next_deadline(idle),
        Some(1_500),
        "an action restarts it"
    );
    assert_eq!(
        no(&mut table, Action::Tick { idle_ms: idle }, 1_499),
        Refusal::NothingDue
    );
    let effects = ok(&mut table, Action::Tick { idle_ms: idle }, 1_500);
    assert!(!effects.match_ended, "no result is recorded");
    assert_eq!(table.phase, Phase::Closed(Closed::Idle));
    assert_eq!(table.next_deadline(idle), None);
}

#[test]
fn a_table_whose_place_is_gone_closes_without_a_result() {
    let mut table = timed_pair(30, 0);
    let effects = ok(&mut table, Action::PlaceGone, 1);
    assert_eq!(effects, Effects::default());
    assert_eq!(table.phase, Phase::Closed(Closed::PlaceGone));
    assert_eq!(table.match_record(1), None, "no result");
    assert_eq!((table.clock, table.next_deadline(1_000)), (None, None));
    assert_eq!(no(&mut table, Action::PlaceGone, 2), Refusal::TableClosed);
}

#[test]
fn the_host_or_a_moderator_ends_a_table() {
    let mut table = timed_pair(30, 0);
    assert_eq!(
        no(
            &mut table,
            Action::End {
                user: ANA,
                moderator: false
            },
            1
        ),
        Refusal::CannotEnd
    );
    let effects = ok(
        &mut table,
        Action::End {
            user: MOD,
            moderator: true,
        },
        2,
    );
    assert!(!effects.match_ended);
    assert_eq!(table.phase, Phase::Closed(Closed::Ended { by: MOD }));
    assert_eq!(table.match_record(2), None, "no result");
    assert_eq!(table.clock, None);
    assert_eq!(
        no(
            &mut table,
            Action::End {
                user: HOST,
                moderator: false
            },
            3
        ),
        Refusal::TableClosed
    );
}

#[test]
fn undo_works_in_every_game_against_the_cpu() {
    for kind in [
        GameKind::Connect4,
        GameKind::Connect4ThreePlayer,
        GameKind::Connect4ThreeD,
        GameKind::DOTS_DEFAULT,
    ] {
        let mut table = open(kind).seat(0).at(0);
        person_moves(&mut table, 1);
        while table.cpu_to_move().is_some() {
            cpu_moves(&mut table, 2);
        }
        ok(
            &mut table,
            Action::Undo {
                user: HOST,
                stamp: None,
            },
            3,
        );
        assert_eq!(table.history.len(), 0, "{kind:?}: the CPU replies go too");
    }
}

#[test]
fn rules_and_clocks_survive_the_store() {
    let mut table = open(GameKind::Connect4).timer(90).seat(0).at(0);
    ok(&mut table, pause(HOST), 5);
    ok(&mut table, join(BEN), 6);
    assert!(table.clock.is_some() && table.paused.is_some());
    let json = serde_json::to_string(&table).unwrap();
    let back: Table = serde_json::from_str(&json).unwrap();
    assert_eq!(back, table);
    // A departure stored as a `[seat, user]` pair reads as a resignation.
    let mut value: serde_json::Value = serde_json::from_str(&json).unwrap();
    value["departed"] = serde_json::json!([[1, 20]]);
    let old: Table = serde_json::from_value(value).unwrap();
    assert_eq!(old.departed[0].why, Left::Resigned);
}

#[test]
fn the_host_changes_the_rules_between_matches() {
    let mut table = open(GameKind::Connect4).seat(0).at(0);
    let set = |user| Action::SetRules {
        user,
        timer: Some(Some(30)),
        rotate: Some(false),
        level: Some(Level::Hard),
    };
    assert_eq!(no(&mut table, set(HOST), 1), Refusal::MatchNotOver);
    ok(&mut table, resign(HOST), 2);
    assert_eq!(no(&mut table, set(ANA), 3), Refusal::NotHost);
    ok(&mut table, set(HOST), 3);
    ok(&mut table, rematch(HOST), 4);
    assert_eq!(table.rules.timer, Some(30));
    assert_eq!(table.seat_of(HOST), Some(0), "rotation is off now");
    assert!(table.players.contains(&Player::Cpu { level: Level::Hard }));
    assert_eq!(table.clock.map(|c| c.deadline), Some(4 + 30_000));
}

#[test]
fn ranked_tables_are_for_people_only_and_have_no_undo() {
    let ranked = |o: Open| {
        let mut o = o.0;
        o.ranked = true;
        Table::open(o, 0, &mut StdRng::seed_from_u64(3))
    };
    // Against the CPU, or both sides: refused before any table opens.
    assert_eq!(
        ranked(open(GameKind::Connect4)).unwrap_err(),
        Refusal::RankedNeedsPeople
    );
    let mut both = open(GameKind::Connect4);
    both.0.self_play = true;
    assert_eq!(ranked(both).unwrap_err(), Refusal::RankedNeedsPeople);
    assert_eq!(
        ranked(open(GameKind::Connect4ThreePlayer).invite(ANA)).unwrap_err(),
        Refusal::RankedNeedsPeople,
        "a seat would be the CPU's"
    );
    // An open ranked table starts only when every seat is taken.
    let (mut lobby, _) = ranked(open(GameKind::Connect4).open_table()).unwrap();
    assert_eq!(no(&mut lobby, start(HOST), 1), Refusal::RankedNeedsPeople);
    ok(&mut lobby, join(ANA), 2);
    ok(&mut lobby, start(HOST), 3);
    assert!(lobby.ranked_match());
    person_moves(&mut lobby, 4);
    let user = lobby.players[0].person_id().unwrap();
    assert_eq!(
        no(&mut lobby, Action::Undo { user, stamp: None }, 5),
        Refusal::NoUndoInRanked
    );
    ok(&mut lobby, resign(ANA), 6);
    assert!(lobby.match_record(6).unwrap().ranked);

    // A declined seat goes to the CPU: that match is not ranked.
    let (mut three, _) =
        ranked(open(GameKind::Connect4ThreePlayer).invite(ANA).invite(BEN)).unwrap();
    ok(
        &mut three,
        Action::Accept {
            user: ANA,
            stamp: None,
        },
        1,
    );
    ok(
        &mut three,
        Action::Decline {
            user: BEN,
            stamp: None,
        },
        2,
    );
    assert_eq!(three.phase, Phase::Playing);
    assert!(!three.ranked_match());
}

/// A puzzle table: the host on the seat to move at the puzzle's position,
/// the hard CPU elsewhere; solved by winning; no undo, nobody joins; a
/// rematch starts the same position; no match is recorded.
#[test]
fn a_puzzle_starts_from_its_position_and_knows_when_it_is_solved() {
    // Red (to move, 7 stones played) wins at once in column 1.
    let start: Vec<Move> = vec![0, 1, 0, 1, 0, 1, 6];
    let puzzle = Puzzle {
        day: 20_000,
        start: start.clone(),
        goal: 1,
        solvers: 0,
    };
    let opening = open(GameKind::Connect4).timer(30).rotate(true).0;
    let (mut table, effects) =
        Table::open_puzzle(opening, puzzle, 1, &mut StdRng::seed_from_u64(3)).unwrap();
    assert_eq!(effects.cpu_turn, None, "the person moves first");
    assert_eq!(table.history, start);
    assert_eq!(table.seat_of(HOST), Some(1), "the seat to move");
    assert_eq!(table.players[0], Player::Cpu { level: Level::Hard });
    assert_eq!(table.rules.timer, None);
    assert_eq!(table.matches, 1);
    assert!(!table.ranked_match());
    assert_eq!(table.check(), Ok(()));
    assert_eq!(no(&mut table, undo(HOST), 2), Refusal::NoUndoInPuzzle);
    assert_eq!(no(&mut table, join(ANA), 2), Refusal::PuzzleAlone);
    assert_eq!(table.reservable_seat(), None);
    assert_eq!(table.freeable_seat(), None);
    let json = serde_json::to_string(&table).unwrap();
    assert_eq!(serde_json::from_str::<Table>(&json).unwrap(), table);

    // The host (yellow) had to block column 1: playing 4 lets red win, so
    // the puzzle is not solved.
    ok(&mut table, play(HOST, 3), 3);
    let stamp = table.stamp;
    ok(&mut table, Action::CpuMove { mv: 0, stamp }, 4);
    assert!(matches!(table.phase, Phase::Finished(_)));
    assert_eq!(table.puzzle_solved(), Some(false));
    assert_eq!(table.match_record(5), None, "puzzles are not matches");

    // Again: the same position, the same seats.
    ok(&mut table, rematch(HOST), 6);
    assert_eq!(table.history, start);
    assert_eq!(table.seat_of(HOST), Some(1));
    assert_eq!(table.puzzle_solved(), None);
    // Resigning is not solving.
    ok(&mut table, resign(HOST), 7);
    assert_eq!(table.puzzle_solved(), Some(false));
}

#[test]
fn a_puzzle_is_solved_by_its_winning_move() {
    // Red to move: columns 1 and 2 hold three red and three yellow discs.
    let start: Vec<Move> = vec![0, 1, 0, 1, 0, 1];
    let puzzle = Puzzle {
        day: 1,
        start,
        goal: 1,
        solvers: 0,
    };
    let (mut table, _) = Table::open_puzzle(
        open(GameKind::Connect4).0,
        puzzle,
        1,
        &mut StdRng::seed_from_u64(3),
    )
    .unwrap();
    assert_eq!(table.seat_of(HOST), Some(0));
    ok(&mut table, play(HOST, 0), 2);
    assert_eq!(table.puzzle_solved(), Some(true));
}

/// A Dots and Boxes puzzle: solved by keeping the best margin to the end,
/// not solved by any other first line (both sides then playing perfectly).
#[test]
fn a_dots_puzzle_is_solved_by_the_best_margin_only() {
    use boardbot_engine::cpu::review::judge_with;
    use boardbot_engine::cpu::Budget;
    let spec = boardbot_engine::cpu::puzzle::daily(GameKind::DOTS_DEFAULT, 20_000).unwrap();
    let puzzle = Puzzle {
        day: spec.day,
        start: spec.start.clone(),
        goal: spec.goal,
        solvers: 0,
    };
    let (mut table, _) = Table::open_puzzle(
        open(GameKind::DOTS_DEFAULT).0,
        puzzle,
        1,
        &mut StdRng::seed_from_u64(3),
    )
    .unwrap();
    let mut rng = StdRng::seed_from_u64(4);
    let mut perfect = |table: &mut Table, first: Option<Move>, now: u64| {
        let mut first = first;
        while table.phase == Phase::Playing {
            let best = judge_with(&table.game, &Budget::of_nodes(20_000_000), &mut rng)
                .best
                .unwrap();
            let mv = first.take().unwrap_or(best);
            if table.player_to_move().unwrap().is_cpu() {
                let stamp = table.stamp;
                ok(table, Action::CpuMove { mv, stamp }, now);
            } else {
                ok(table, play(HOST, mv), now);
            }
        }
    };
    perfect(&mut table, Some(spec.solution), 2);
    assert_eq!(table.puzzle_solved(), Some(true));
    ok(&mut table, rematch(HOST), 3);
    let other = table
        .game
        .legal_moves()
        .into_iter()
        .find(|&mv| mv != spec.solution)
        .unwrap();
    perfect(&mut table, Some(other), 4);
    assert_eq!(table.puzzle_solved(), Some(false));
}

#[test]
fn tables_outside_a_server_are_never_ranked() {
    let mut outside = open(GameKind::Connect4).invite(ANA).0;
    outside.guild = OUTSIDE;
    let mut ranked = outside.clone();
    ranked.ranked = true;
    assert_eq!(
        Table::open(ranked, 0, &mut StdRng::seed_from_u64(3)).unwrap_err(),
        Refusal::RankedOutside
    );
    let (mut table, _) = Table::open(outside, 0, &mut StdRng::seed_from_u64(3)).unwrap();
    assert!(table.outside());
    ok(
        &mut table,
        Action::Accept {
            user: ANA,
            stamp: None,
        },
        1,
    );
    assert!(!table.ranked_match());
    ok(&mut table, resign(ANA), 2);
    assert!(!table.match_record(2).unwrap().ranked);
}
