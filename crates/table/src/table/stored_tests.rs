//! Stored tables come back only when every seat and index they name fits
//! their game; a corrupted one is refused with what is wrong.

use super::test_support::*;
use super::*;

const ANA: UserId = 20;

/// A Connect Four match between the host and Ana, three moves in.
fn playing() -> Table {
    let mut table = open(GameKind::Connect4).timer(30).invite(ANA).at(0);
    ok(&mut table, accept(ANA), 1);
    for (i, mv) in [3, 3, 4].into_iter().enumerate() {
        let user = table.player_to_move().unwrap().person_id().unwrap();
        ok(&mut table, play(user, mv), 2 + i as u64);
    }
    table
}

/// The table stored, changed by `corrupt` in its JSON, and read back.
fn read_back(table: &Table, corrupt: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut json = serde_json::to_value(table).unwrap();
    corrupt(&mut json);
    serde_json::from_value::<Table>(json)
        .unwrap_err()
        .to_string()
}

#[test]
fn a_sound_table_comes_back_as_it_was() {
    let table = playing();
    assert!(table.clock.is_some());
    assert_eq!(table.check(), Ok(()));
    let json = serde_json::to_string(&table).unwrap();
    assert_eq!(serde_json::from_str::<Table>(&json).unwrap(), table);
}

#[test]
fn a_clock_for_a_seat_the_match_lacks_is_refused() {
    let mut table = playing();
    table.clock.as_mut().unwrap().seat = 5;
    assert_eq!(table.check(), Err(Invalid::ClockSeat(5)));
    let error = read_back(&playing(), |json| json["clock"]["seat"] = 5.into());
    assert!(error.contains("a turn clock for seat 5"), "{error}");
}

#[test]
fn a_seat_change_for_a_seat_the_match_lacks_is_refused() {
    let mut table = playing();
    table.next_seats.push(SeatChange::Vacate { seat: 2 });
    assert_eq!(table.check(), Err(Invalid::NextSeat(2)));
    let error = read_back(&playing(), |json| {
        json["next_seats"] = serde_json::json!([{ "Free": { "seat": 7 } }]);
    });
    assert!(error.contains("a seat change for seat 7"), "{error}");
}

#[test]
fn departures_host_seats_and_results_must_name_real_seats() {
    let mut table = playing();
    table.departed.push(Departure {
        seat: 3,
        user: ANA,
        why: Left::Resigned,
        at: 0,
        back: None,
    });
    assert_eq!(table.check(), Err(Invalid::DepartedSeat(3)));

    let mut table = playing();
    table.host_seat = Some(2);
    assert_eq!(table.check(), Err(Invalid::HostSeat(2)));

    let mut table = playing();
    table.phase = Phase::Finished(MatchEnd::Resigned { seat: 2 });
    assert_eq!(table.check(), Err(Invalid::EndSeat(2)));
}

#[test]
fn a_history_that_does_not_replay_to_the_position_is_refused() {
    let mut table = playing();
    table.history.push(99);
    assert!(
        matches!(table.check(), Err(Invalid::History { ply: 4, .. })),
        "{:?}",
        table.check()
    );
    let mut table = playing();
    table.history.pop();
    assert_eq!(table.check(), Err(Invalid::Position));
    let error = read_back(&playing(), |json| {
        json["history"] = serde_json::json!([3, 3, 3, 3, 3, 3, 3]);
    });
    assert!(error.contains("move 7 of the history"), "{error}");
}

#[test]
fn seats_and_lobbies_must_fit_the_game() {
    let mut table = playing();
    table.players.pop();
    assert_eq!(table.check(), Err(Invalid::Seats { held: 1, seats: 2 }));

    let mut lobby = open(GameKind::Connect4).open_table().at(0);
    assert_eq!(lobby.check(), Ok(()));
    lobby.phase = Phase::Lobby {
        seats: vec![None, None, None],
    };
    assert_eq!(lobby.check(), Err(Invalid::Lobby { held: 3, seats: 2 }));
    let error = read_back(&lobby, |_| {});
    assert!(error.contains("a lobby of 3 seats"), "{error}");
}
