use super::test_support::*;
use super::*;
use boardbot_engine::game::Game;
use rand::rngs::StdRng;
use rand::SeedableRng;

const FRIEND: UserId = 20;
const STRANGER: UserId = 30;

fn opening(invited: Vec<(UserId, String)>) -> Opening {
    let mut o = open(GameKind::Connect4).0;
    o.invited = invited;
    o
}

fn challenge() -> Table {
    let (table, effects) = Table::open(
        opening(vec![(FRIEND, "friend".into())]),
        0,
        &mut StdRng::seed_from_u64(1),
    )
    .unwrap();
    assert_eq!(effects, Effects::default());
    table
}

fn accepted() -> Table {
    let mut table = challenge();
    let effects = table
        .apply(
            Action::Accept {
                user: FRIEND,
                stamp: Some(table.stamp),
            },
            1000,
        )
        .unwrap();
    assert!(effects.started);
    assert_eq!(effects.cpu_turn, None);
    table
}

#[test]
fn solo_starts_at_once_with_a_cpu_seat() {
    for seed in 0..20 {
        let (table, effects) =
            Table::open(opening(vec![]), 0, &mut StdRng::seed_from_u64(seed)).unwrap();
        assert_eq!(table.phase, Phase::Playing);
        assert!(effects.started);
        let cpu_first = table.players[0].is_cpu();
        assert_eq!(effects.cpu_turn.is_some(), cpu_first);
        assert_eq!(table.players.iter().filter(|p| p.is_cpu()).count(), 1);
    }
}

#[test]
fn the_seat_is_drawn_unless_chosen() {
    let mut firsts = [0; 2];
    for seed in 0..40 {
        let (table, _) = Table::open(opening(vec![]), 0, &mut StdRng::seed_from_u64(seed)).unwrap();
        firsts[table.seat_of(HOST).unwrap() as usize] += 1;
    }
    assert!(firsts[0] > 5 && firsts[1] > 5, "{firsts:?}");
    for seat in [0, 1] {
        let mut o = opening(vec![]);
        o.host_seat = Some(seat);
        let (table, _) = Table::open(o, 0, &mut StdRng::seed_from_u64(9)).unwrap();
        assert_eq!(table.seat_of(HOST), Some(seat));
    }
}

#[test]
fn only_the_invited_person_answers() {
    let mut table = challenge();
    let stamp = Some(table.stamp);
    assert_eq!(
        no(
            &mut table,
            Action::Accept {
                user: STRANGER,
                stamp
            },
            10
        ),
        Refusal::NotInvited
    );
    assert_eq!(
        no(&mut table, Action::Accept { user: HOST, stamp }, 10),
        Refusal::HostCannotAnswer
    );
    assert_eq!(no(&mut table, play(HOST, 3), 10), Refusal::NotStarted);
    table
        .apply(
            Action::Decline {
                user: FRIEND,
                stamp,
            },
            10,
        )
        .unwrap();
    assert_eq!(table.phase, Phase::Closed(Closed::Declined { by: FRIEND }));
    assert!(!table.is_running());
}

#[test]
fn invitations_expire() {
    let mut table = challenge();
    assert_eq!(
        no(
            &mut table,
            Action::Tick {
                idle_ms: DEFAULT_IDLE_MS
            },
            INVITATION_MS - 1
        ),
        Refusal::NothingDue
    );
    table
        .apply(
            Action::Tick {
                idle_ms: DEFAULT_IDLE_MS,
            },
            INVITATION_MS,
        )
        .unwrap();
    assert_eq!(table.phase, Phase::Closed(Closed::Expired));
    // An answer that arrives after the deadline is refused; the expiry
    // timer's own action closes the table.
    let mut late = challenge();
    let stamp = Some(late.stamp);
    assert_eq!(
        no(
            &mut late,
            Action::Accept {
                user: FRIEND,
                stamp
            },
            INVITATION_MS + 1
        ),
        Refusal::InvitationExpired
    );
}

#[test]
fn in_three_player_games_unanswered_seats_go_to_the_cpu() {
    let mut o = opening(vec![(FRIEND, "friend".into()), (STRANGER, "other".into())]);
    o.kind = GameKind::Connect4ThreePlayer;
    let (mut table, _) = Table::open(o, 0, &mut StdRng::seed_from_u64(1)).unwrap();
    ok(&mut table, accept(FRIEND), 10);
    assert!(matches!(table.phase, Phase::Inviting { .. }));
    let effects = table
        .apply(
            Action::Tick {
                idle_ms: DEFAULT_IDLE_MS,
            },
            INVITATION_MS,
        )
        .unwrap();
    assert!(effects.started);
    assert_eq!(table.phase, Phase::Playing);
    assert_eq!(table.missed, vec![STRANGER]);
    assert!(table.seat_of(FRIEND).is_some() && table.seat_of(HOST).is_some());
    assert_eq!(table.players.iter().filter(|p| p.is_cpu()).count(), 1);
}

#[test]
fn turns_stale_boards_and_strangers_are_no() {
    let mut table = accepted();
    let first = table.players[0].person_id().unwrap();
    let second = table.players[1].person_id().unwrap();
    let old = table.stamp;
    assert_eq!(
        no(
            &mut table,
            Action::Move {
                user: second,
                mv: 3,
                stamp: Some(old)
            },
            0
        ),
        Refusal::NotYourTurn
    );
    assert_eq!(
        no(
            &mut table,
            Action::Move {
                user: STRANGER,
                mv: 3,
                stamp: Some(old)
            },
            0
        ),
        Refusal::NotYourTable
    );
    table
        .apply(
            Action::Move {
                user: first,
                mv: 3,
                stamp: Some(old),
            },
            0,
        )
        .unwrap();
    // The same click again (an older board) is refused, not applied twice.
    assert_eq!(
        no(
            &mut table,
            Action::Move {
                user: second,
                mv: 3,
                stamp: Some(old)
            },
            0
        ),
        Refusal::StaleBoard
    );
    assert_eq!(table.history, vec![3]);
    // Fill column 4 and refuse a seventh disc.
    for _ in 0..5 {
        let user = table.player_to_move().unwrap().person_id().unwrap();
        table
            .apply(
                Action::Move {
                    user,
                    mv: 3,
                    stamp: None,
                },
                0,
            )
            .unwrap();
    }
    let user = table.player_to_move().unwrap().person_id().unwrap();
    assert_eq!(
        no(
            &mut table,
            Action::Move {
                user,
                mv: 3,
                stamp: None
            },
            0
        ),
        Refusal::Full
    );
    assert_eq!(
        no(
            &mut table,
            Action::Move {
                user,
                mv: 9,
                stamp: None
            },
            0
        ),
        Refusal::NoSuchMove
    );
}

#[test]
fn a_win_ends_the_match_and_rematch_rotates_the_starter() {
    let mut table = accepted();
    let starter = table.players[0].clone();
    // Red plays 1,1,1,1 while yellow plays 2,2,2.
    for mv in [0, 1, 0, 1, 0, 1, 0] {
        let user = table.player_to_move().unwrap().person_id().unwrap();
        let effects = table
            .apply(
                Action::Move {
                    user,
                    mv,
                    stamp: Some(table.stamp),
                },
                0,
            )
            .unwrap();
        assert_eq!(effects.match_ended, table.history.len() == 7);
    }
    let Phase::Finished(MatchEnd::Board(Outcome::Win { seat: 0, .. })) = &table.phase else {
        panic!("red should have won: {:?}", table.phase);
    };
    let user = starter.person_id().unwrap();
    assert_eq!(no(&mut table, play(FRIEND, 4), 0), Refusal::GameOver);
    assert_eq!(no(&mut table, rematch(STRANGER), 0), Refusal::NotYourTable);
    let effects = table
        .apply(
            Action::Rematch {
                user,
                stamp: Some(table.stamp),
            },
            0,
        )
        .unwrap();
    assert!(effects.started);
    assert_eq!(
        table.players[1], starter,
        "the other player starts the rematch"
    );
    assert_eq!(table.game.plies(), 0);
    assert_eq!(table.matches, 2);
}

#[test]
fn resign_gives_the_match_away() {
    let mut table = accepted();
    assert_eq!(no(&mut table, resign(STRANGER), 0), Refusal::NotYourTable);
    ok(&mut table, resign(FRIEND), 0);
    let seat = table.seat_of(FRIEND).unwrap();
    assert_eq!(table.phase, Phase::Finished(MatchEnd::Resigned { seat }));
    assert_eq!(no(&mut table, resign(FRIEND), 0), Refusal::GameOver);
}

#[test]
fn cpu_moves_for_an_old_position_are_dropped() {
    let mut o = opening(vec![]);
    o.host_seat = Some(1);
    let (mut table, effects) = Table::open(o, 0, &mut StdRng::seed_from_u64(1)).unwrap();
    let stamp = effects.cpu_turn.expect("the CPU starts");
    assert_eq!(no(&mut table, play(HOST, 0), 0), Refusal::NotYourTurn);
    table.apply(Action::CpuMove { mv: 3, stamp }, 0).unwrap();
    assert_eq!(
        no(&mut table, Action::CpuMove { mv: 3, stamp }, 0),
        Refusal::StaleBoard
    );
    let stamp = table.stamp;
    assert_eq!(
        no(&mut table, Action::CpuMove { mv: 3, stamp }, 0),
        Refusal::NotYourTurn
    );
}

#[test]
fn self_play_takes_both_seats() {
    let mut o = opening(vec![]);
    o.self_play = true;
    let (mut table, effects) = Table::open(o, 0, &mut StdRng::seed_from_u64(1)).unwrap();
    assert_eq!(effects.cpu_turn, None);
    for mv in [0, 1, 0, 1, 0, 1, 0] {
        table
            .apply(
                Action::Move {
                    user: HOST,
                    mv,
                    stamp: None,
                },
                0,
            )
            .unwrap();
    }
    assert!(matches!(table.phase, Phase::Finished(_)));
}

#[test]
fn tables_round_trip_through_json() {
    let mut table = accepted();
    let user = table.player_to_move().unwrap().person_id().unwrap();
    table
        .apply(
            Action::Move {
                user,
                mv: 2,
                stamp: None,
            },
            0,
        )
        .unwrap();
    let json = serde_json::to_string(&table).unwrap();
    let back: Table = serde_json::from_str(&json).unwrap();
    assert_eq!(back, table);
}

#[test]
fn undo_against_the_cpu_takes_back_the_cpu_reply_too() {
    let mut o = opening(vec![]);
    o.host_seat = Some(0);
    let (mut table, _) = Table::open(o, 0, &mut StdRng::seed_from_u64(1)).unwrap();
    assert_eq!(no(&mut table, undo(HOST), 0), Refusal::NothingToUndo);
    ok(&mut table, play(HOST, 3), 0);
    let stamp = table.stamp;
    table.apply(Action::CpuMove { mv: 2, stamp }, 0).unwrap();
    ok(&mut table, play(HOST, 4), 0);
    let stamp = table.stamp;
    table.apply(Action::CpuMove { mv: 5, stamp }, 0).unwrap();
    assert_eq!(no(&mut table, undo(STRANGER), 0), Refusal::NotYourTable);
    let effects = ok(&mut table, undo(HOST), 0);
    assert_eq!(effects.cpu_turn, None, "the person moves again");
    assert_eq!(table.history, vec![3, 2]);
    assert_eq!(table.game.plies(), 2);
    assert_eq!(table.game.to_move(), 0);
}

#[test]
fn undo_between_people_needs_the_opponents_yes() {
    let mut table = accepted();
    let first = table.players[0].person_id().unwrap();
    let second = table.players[1].person_id().unwrap();
    ok(&mut table, play(first, 3), 0);
    ok(&mut table, undo(first), 0);
    assert_eq!(table.undo_request, Some(first));
    assert_eq!(no(&mut table, undo(first), 0), Refusal::UndoPending);
    assert_eq!(
        no(&mut table, answer_undo(first, true), 0),
        Refusal::OwnUndoRequest
    );
    assert_eq!(
        no(&mut table, answer_undo(STRANGER, true), 0),
        Refusal::NotYourTable
    );
    ok(&mut table, answer_undo(second, false), 0);
    assert_eq!(table.history, vec![3]);
    ok(&mut table, undo(first), 0);
    ok(&mut table, answer_undo(second, true), 0);
    assert!(table.history.is_empty());
    assert_eq!(table.undo_request, None);
    // A move answers a pending request with no.
    ok(&mut table, play(first, 3), 0);
    ok(&mut table, undo(first), 0);
    ok(&mut table, play(second, 3), 0);
    assert_eq!(table.undo_request, None);
    assert_eq!(
        no(&mut table, answer_undo(second, true), 0),
        Refusal::NoUndoRequest
    );
}

/// A 3-player table with the host, a friend and a third person seated.
fn three_people() -> Table {
    let mut open = opening(vec![(FRIEND, "friend".into()), (STRANGER, "third".into())]);
    open.kind = GameKind::Connect4ThreePlayer;
    let (mut table, _) = Table::open(open, 0, &mut StdRng::seed_from_u64(3)).unwrap();
    for user in [FRIEND, STRANGER] {
        ok(&mut table, accept(user), 1);
    }
    assert_eq!(table.phase, Phase::Playing);
    table
}

#[test]
fn resigning_a_three_player_match_hands_the_seat_to_the_cpu() {
    let mut table = three_people();
    let seat = table.seat_of(FRIEND).unwrap();
    let stamp = table.stamp;
    let effects = table
        .apply(
            Action::Resign {
                user: FRIEND,
                stamp: Some(stamp),
            },
            2,
        )
        .unwrap();
    assert_eq!(table.phase, Phase::Playing, "the match goes on");
    assert!(table.players[seat as usize].is_cpu());
    assert_eq!(table.seat_of(FRIEND), None, "the person left");
    assert_eq!(
        table.departed,
        vec![Departure {
            seat,
            user: FRIEND,
            why: Left::Resigned,
            at: 0,
            back: None,
        }]
    );
    assert!(table.stamp > stamp);
    // If the CPU now holds the seat to move, it is asked to play.
    assert_eq!(
        effects.cpu_turn.is_some(),
        table.player_to_move().unwrap().is_cpu()
    );
    assert!(!effects.match_ended);
    // The person who left can no longer act at the table.
    assert_eq!(no(&mut table, resign(FRIEND), 3), Refusal::NotYourTable);
    // The last person resigning ends the match.
    ok(&mut table, resign(STRANGER), 4);
    assert_eq!(table.phase, Phase::Playing);
    let effects = ok(&mut table, resign(HOST), 5);
    assert!(effects.match_ended);
    let host_seat = table.seat_of(HOST).unwrap();
    assert_eq!(
        table.phase,
        Phase::Finished(MatchEnd::Resigned { seat: host_seat })
    );
}

#[test]
fn a_resign_while_a_cpu_is_to_move_restarts_its_turn() {
    // Host alone with two CPUs plus a friend: find a position where a CPU
    // is to move and another person resigns.
    let mut open = opening(vec![(FRIEND, "friend".into())]);
    open.kind = GameKind::Connect4ThreePlayer;
    let (mut table, _) = Table::open(open, 0, &mut StdRng::seed_from_u64(5)).unwrap();
    ok(&mut table, accept(FRIEND), 1);
    // Play until the CPU is to move.
    while !table.player_to_move().unwrap().is_cpu() {
        let user = table.player_to_move().unwrap().person_id().unwrap();
        let mv = table.game.legal_moves()[0];
        ok(&mut table, play(user, mv), 2);
    }
    let effects = ok(&mut table, resign(FRIEND), 3);
    assert_eq!(
        effects.cpu_turn,
        Some(table.stamp),
        "the CPU search for the old stamp is dropped: a new one must start"
    );
}

#[test]
fn declined_seats_are_remembered_for_the_first_match() {
    let mut open = opening(vec![(FRIEND, "friend".into()), (STRANGER, "third".into())]);
    open.kind = GameKind::Connect4ThreePlayer;
    let (mut table, _) = Table::open(open, 0, &mut StdRng::seed_from_u64(3)).unwrap();
    ok(&mut table, decline(FRIEND), 1);
    assert!(matches!(table.phase, Phase::Inviting { .. }));
    ok(&mut table, accept(STRANGER), 1);
    assert_eq!(table.phase, Phase::Playing);
    assert_eq!(table.declined, vec![FRIEND]);
    assert_eq!(table.players.iter().filter(|p| p.is_cpu()).count(), 1);
}

#[test]
fn a_three_seat_resignation_is_recorded_without_a_winner() {
    let mut o = opening(vec![]);
    o.kind = GameKind::Connect4ThreePlayer;
    o.self_play = false;
    o.host_seat = Some(2);
    let (mut table, _) = Table::open(o, 5, &mut StdRng::seed_from_u64(1)).unwrap();
    assert_eq!(table.seat_of(HOST), Some(2));
    // Alone with two CPU seats, the host's resignation ends the match.
    ok(&mut table, resign(HOST), 9);
    let record = table.match_record(9).unwrap();
    assert_eq!(record.result, "resigned");
    assert_eq!(record.winner, None);
    assert_eq!(record.seats.len(), 3);
    assert_eq!((record.started_at, record.ended_at), (5, 9));
}
