//! Which controls a board offers, and that every action it does not
//! offer is refused by the table itself, whatever control it came from.

use super::test_support::*;
use super::*;
use boardbot_engine::game::Game;
use rand::SeedableRng;

const ANA: UserId = 20;
const BEN: UserId = 30;
const STRANGER: UserId = 99;

/// The controls offered, in order, and which of them are enabled.
fn offered(table: &Table) -> Vec<Control> {
    table.controls().iter().map(|o| o.control).collect()
}

fn enabled(table: &Table, control: Control) -> bool {
    table
        .controls()
        .iter()
        .any(|o| o.control == control && o.enabled)
}

/// Two people at Connect Four (or `kind`), the invitation accepted.
fn between_people(o: Open) -> Table {
    let mut table = o.invite(ANA).at(0);
    ok(&mut table, accept(ANA), 1);
    table
}

/// The person to move and the other one, at a two-person table.
fn mover_and_other(table: &Table) -> (UserId, UserId) {
    let mover = table.player_to_move().unwrap().person_id().unwrap();
    let other = if mover == HOST { ANA } else { HOST };
    (mover, other)
}

fn first_legal(table: &Table) -> Move {
    table.game.legal_moves()[0]
}

#[test]
fn an_invitation_offers_its_answers_and_a_closed_table_nothing() {
    let mut table = open(GameKind::Connect4).invite(ANA).at(0);
    assert_eq!(offered(&table), [Control::Accept, Control::Decline]);
    assert_eq!(no(&mut table, accept(STRANGER), 1), Refusal::NotInvited);
    assert_eq!(no(&mut table, accept(HOST), 1), Refusal::HostCannotAnswer);
    ok(&mut table, decline(ANA), 1);
    assert!(matches!(table.phase, Phase::Closed(_)));
    assert_eq!(offered(&table), []);
    assert_eq!(no(&mut table, rematch(HOST), 2), Refusal::TableClosed);
    assert_eq!(no(&mut table, join(BEN), 2), Refusal::TableClosed);
}

#[test]
fn a_lobby_offers_join_while_a_seat_is_free_and_only_the_host_starts() {
    let mut table = open(GameKind::Connect4).open_table().at(0);
    assert_eq!(
        offered(&table),
        [Control::Join, Control::Leave, Control::Start]
    );
    assert!(enabled(&table, Control::Join));
    ok(&mut table, join(ANA), 1);
    assert!(!enabled(&table, Control::Join), "every seat is taken");
    assert_eq!(no(&mut table, join(BEN), 2), Refusal::NoFreeSeat);
    assert_eq!(no(&mut table, start(ANA), 2), Refusal::NotHost);
    assert_eq!(no(&mut table, leave(HOST), 2), Refusal::HostStays);
    assert_eq!(
        table.check_hint(HOST, table.stamp),
        Err(Refusal::NotStarted)
    );
    ok(&mut table, start(HOST), 3);
}

#[test]
fn a_match_against_the_cpu_offers_undo_hint_and_its_seat() {
    let mut table = open(GameKind::Connect4).seat(0).at(0);
    assert_eq!(
        offered(&table),
        [
            Control::Resign,
            Control::Undo,
            Control::Hint,
            Control::Pause,
            Control::Join,
            Control::FreeSeat,
            Control::Leave,
        ]
    );
    assert!(table.controls().iter().all(|o| o.enabled));
    assert!(table.moves_enabled());
    let stamp = table.stamp;
    assert_eq!(table.check_hint(HOST, stamp), Ok(()));
    assert_eq!(table.check_hint(HOST, stamp - 1), Err(Refusal::StaleBoard));
    assert_eq!(
        table.check_hint(STRANGER, stamp),
        Err(Refusal::NotYourTable)
    );
    // Only the host frees the CPU's seat; anyone may reserve it.
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
    ok(&mut table, join(ANA), 1);
    assert!(!offered(&table).contains(&Control::Join), "reserved");
    assert!(!offered(&table).contains(&Control::FreeSeat));
    assert_eq!(no(&mut table, join(BEN), 2), Refusal::NoCpuSeat);
    assert_eq!(
        no(
            &mut table,
            Action::FreeSeat {
                user: HOST,
                stamp: None
            },
            2
        ),
        Refusal::NoCpuSeat
    );
}

#[test]
fn no_hint_at_a_ranked_table_between_people() {
    let mut table = between_people(open(GameKind::Connect4).ranked());
    assert!(table.ranked_match());
    assert_eq!(
        offered(&table),
        [Control::Resign, Control::Pause, Control::Leave]
    );
    let (mover, other) = mover_and_other(&table);
    let stamp = table.stamp;
    // Refused whatever control it came with, even one with the current
    // stamp that the board never drew.
    assert_eq!(table.check_hint(mover, stamp), Err(Refusal::UnknownControl));
    assert_eq!(
        table.check_hint(other, stamp),
        Err(Refusal::HintNotYourTurn)
    );
    let mv = first_legal(&table);
    ok(&mut table, play(mover, mv), 2);
    assert_eq!(no(&mut table, undo(mover), 3), Refusal::NoUndoInRanked);
    let stamp = table.stamp;
    assert_eq!(
        no(
            &mut table,
            Action::Undo {
                user: mover,
                stamp: Some(stamp)
            },
            3
        ),
        Refusal::NoUndoInRanked
    );
}

#[test]
fn between_people_hints_are_for_connect_four_3d_only() {
    let table = between_people(open(GameKind::Connect4));
    assert!(!offered(&table).contains(&Control::Hint));
    assert!(offered(&table).contains(&Control::Undo), "not ranked");
    let (mover, _) = mover_and_other(&table);
    assert_eq!(
        table.check_hint(mover, table.stamp),
        Err(Refusal::UnknownControl)
    );

    let table = between_people(open(GameKind::Connect4ThreeD));
    assert!(offered(&table).contains(&Control::Hint));
    let (mover, other) = mover_and_other(&table);
    assert_eq!(table.check_hint(mover, table.stamp), Ok(()));
    assert_eq!(
        table.check_hint(other, table.stamp),
        Err(Refusal::HintNotYourTurn)
    );
}

#[test]
fn an_undo_request_offers_its_answers_instead_of_undo() {
    let mut table = between_people(open(GameKind::Connect4));
    let (first, second) = mover_and_other(&table);
    ok(&mut table, play(first, 3), 2);
    ok(&mut table, undo(first), 3);
    assert_eq!(
        offered(&table),
        [
            Control::AcceptUndo,
            Control::DeclineUndo,
            Control::Resign,
            Control::Pause,
            Control::Leave,
        ]
    );
    assert_eq!(no(&mut table, undo(first), 4), Refusal::UndoPending);
    assert_eq!(
        no(&mut table, answer_undo(first, true), 4),
        Refusal::OwnUndoRequest
    );
    ok(&mut table, answer_undo(second, false), 4);
    assert!(offered(&table).contains(&Control::Undo));
    assert_eq!(
        no(&mut table, answer_undo(second, true), 5),
        Refusal::NoUndoRequest,
        "no answers are offered without a request"
    );
}

#[test]
fn a_paused_match_offers_resume_and_resign_and_refuses_the_rest() {
    let mut table = open(GameKind::Connect4).seat(0).at(0);
    ok(&mut table, pause(HOST), 1);
    assert_eq!(
        offered(&table),
        [
            Control::Resume,
            Control::Resign,
            Control::Join,
            Control::FreeSeat
        ]
    );
    assert!(!table.moves_enabled());
    assert_eq!(no(&mut table, play(HOST, 3), 2), Refusal::Paused);
    assert_eq!(no(&mut table, undo(HOST), 2), Refusal::Paused);
    assert_eq!(no(&mut table, pause(HOST), 2), Refusal::AlreadyPaused);
    assert_eq!(
        table.check_hint(HOST, table.stamp),
        Err(Refusal::Paused),
        "the board shows no hint while paused"
    );
    assert_eq!(no(&mut table, resume(ANA), 2), Refusal::NotHost);
    ok(&mut table, resume(HOST), 3);
    assert_eq!(no(&mut table, resume(HOST), 4), Refusal::NotPaused);
    assert_eq!(no(&mut table, pause(ANA), 4), Refusal::NotHost);
}

#[test]
fn a_finished_match_offers_the_rematch_and_seat_changes() {
    let mut table = open(GameKind::Connect4).seat(0).at(0);
    ok(&mut table, resign(HOST), 1);
    assert_eq!(
        offered(&table),
        [
            Control::Rematch,
            Control::Replay,
            Control::Join,
            Control::Leave,
            Control::FreeSeat
        ]
    );
    assert_eq!(no(&mut table, undo(HOST), 2), Refusal::GameOver);
    assert_eq!(no(&mut table, resign(HOST), 2), Refusal::GameOver);
    assert_eq!(no(&mut table, pause(HOST), 2), Refusal::GameOver);
    assert_eq!(table.check_hint(HOST, table.stamp), Err(Refusal::GameOver));
    assert_eq!(no(&mut table, rematch(STRANGER), 2), Refusal::NotYourTable);
    let between = between_people(open(GameKind::Connect4));
    let mut between = between;
    ok(&mut between, resign(ANA), 2);
    assert_eq!(
        offered(&between),
        [Control::Rematch, Control::Replay, Control::Leave],
        "no CPU seat to reserve or free"
    );
    assert_eq!(no(&mut between, join(BEN), 3), Refusal::NoCpuSeat);
}

#[test]
fn every_finished_match_offers_its_replay_and_a_puzzle_none() {
    let mut table = open(GameKind::Dots {
        width: 3,
        height: 3,
    })
    .self_play()
    .at(0);
    assert!(
        !offered(&table).contains(&Control::Replay),
        "not while it is played"
    );
    ok(&mut table, resign(HOST), 1);
    assert!(enabled(&table, Control::Replay));
    // Everyone left a three-player match and the CPUs finished it: the
    // table is closed, its match can still be watched again.
    let mut deserted = open(GameKind::Connect4ThreePlayer).at(0);
    ok(&mut deserted, leave(HOST), 1);
    while deserted.phase == Phase::Playing {
        let mv = first_legal(&deserted);
        let stamp = deserted.stamp;
        ok(&mut deserted, Action::CpuMove { mv, stamp }, 2);
    }
    assert!(deserted.deserted());
    assert_eq!(offered(&deserted), [Control::Replay]);
    // A puzzle is counted as solved or not, never kept as a match.
    let puzzle = Puzzle {
        day: 1,
        start: vec![0, 1, 0, 1, 0, 1, 6],
        goal: 1,
        solvers: 0,
    };
    let (mut solving, _) = Table::open_puzzle(
        open(GameKind::Connect4).0,
        puzzle,
        0,
        &mut rand::rngs::StdRng::seed_from_u64(3),
    )
    .unwrap();
    ok(&mut solving, resign(HOST), 1);
    assert!(matches!(solving.phase, Phase::Finished(_)));
    assert!(!offered(&solving).contains(&Control::Replay));
}

#[test]
fn a_puzzle_offers_no_undo_hint_or_seats() {
    let puzzle = Puzzle {
        day: 1,
        start: vec![0, 1, 0, 1, 0, 1, 6],
        goal: 1,
        solvers: 0,
    };
    let (mut table, _) = Table::open_puzzle(
        open(GameKind::Connect4).0,
        puzzle,
        0,
        &mut rand::rngs::StdRng::seed_from_u64(3),
    )
    .unwrap();
    assert_eq!(
        offered(&table),
        [Control::Resign, Control::Pause, Control::Leave]
    );
    assert_eq!(
        table.check_hint(HOST, table.stamp),
        Err(Refusal::NoUndoInPuzzle)
    );
    assert_eq!(no(&mut table, undo(HOST), 1), Refusal::NoUndoInPuzzle);
    assert_eq!(no(&mut table, join(ANA), 1), Refusal::PuzzleAlone);
    assert_eq!(
        no(
            &mut table,
            Action::FreeSeat {
                user: HOST,
                stamp: None
            },
            1
        ),
        Refusal::PuzzleAlone
    );
}

#[test]
fn the_host_or_a_moderator_may_end_a_table() {
    let table = between_people(open(GameKind::Connect4));
    assert!(table.may_end(HOST, false));
    assert!(!table.may_end(ANA, false));
    assert!(table.may_end(STRANGER, true));
    let mut ended = table.clone();
    assert_eq!(
        no(
            &mut ended,
            Action::End {
                user: ANA,
                moderator: false
            },
            2
        ),
        Refusal::CannotEnd
    );
}
