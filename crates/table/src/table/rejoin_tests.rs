//! Taking a seat back (SPEC section 2, `Rejoin`), and the host role when
//! the host's seat goes to the CPU.

use super::test_support::*;
use super::*;

const ANA: UserId = 20;
const BEN: UserId = 30;

fn rejoin(user: UserId) -> Action {
    Action::Rejoin {
        user,
        name: format!("p{user}"),
    }
}

/// An open Connect Four for three with the host, Ana and Ben seated.
fn three_people() -> Table {
    let mut table = open(GameKind::Connect4ThreePlayer).open_table().at(0);
    ok(&mut table, join(ANA), 1);
    ok(&mut table, join(BEN), 1);
    ok(&mut table, start(HOST), 2);
    table
}

/// Whoever is to move plays the first legal move (a person or a CPU).
fn step(table: &mut Table, now: u64) {
    let mv = table.game.legal_moves()[0];
    let action = match table.player_to_move().unwrap() {
        Player::Person { id, .. } => Action::Move {
            user: *id,
            mv,
            stamp: None,
        },
        Player::Cpu { .. } => Action::CpuMove {
            mv,
            stamp: table.stamp,
        },
    };
    ok(table, action, now);
}

fn offers(table: &Table, control: Control) -> bool {
    table.controls().iter().any(|o| o.control == control)
}

#[test]
fn a_person_who_left_takes_the_seat_back_once() {
    let mut table = three_people();
    for t in 0..4 {
        step(&mut table, 10 + t);
    }
    let seat = table.seat_of(ANA).unwrap();
    assert!(!offers(&table, Control::Rejoin), "nobody left yet");
    ok(&mut table, leave(ANA), 20);
    assert!(table.players[seat as usize].is_cpu());
    assert!(offers(&table, Control::Rejoin));
    // Only the person who left may use it.
    assert_eq!(no(&mut table, rejoin(BEN), 21), Refusal::NoSeatToRejoin);
    assert_eq!(no(&mut table, rejoin(99), 21), Refusal::NoSeatToRejoin);
    for t in 0..5 {
        step(&mut table, 30 + t);
    }
    let effects = ok(&mut table, rejoin(ANA), 40);
    assert_eq!(table.seat_of(ANA), Some(seat), "the same seat");
    assert!(!offers(&table, Control::Rejoin));
    assert_eq!(
        effects.cpu_turn.is_some(),
        table.player_to_move().unwrap().is_cpu()
    );
    assert_eq!(table.departed[0].at, 4);
    assert_eq!(table.departed[0].back, Some(9));
    // Once: leaving again leaves the seat to the CPU for good.
    ok(&mut table, leave(ANA), 41);
    assert!(!offers(&table, Control::Rejoin));
    assert_eq!(no(&mut table, rejoin(ANA), 42), Refusal::AlreadyRejoined);
}

#[test]
fn the_record_shows_the_stretch_the_cpu_played() {
    let mut table = three_people();
    step(&mut table, 10);
    step(&mut table, 11);
    let ana = table.seat_of(ANA).unwrap() as usize;
    let ben = table.seat_of(BEN).unwrap() as usize;
    ok(&mut table, leave(ANA), 12);
    ok(&mut table, leave(BEN), 12);
    for t in 0..3 {
        step(&mut table, 20 + t);
    }
    ok(&mut table, rejoin(ANA), 30);
    let mut now = 40;
    while table.phase == Phase::Playing {
        now += 1;
        step(&mut table, now);
    }
    let moves = table.history.len() as u32;
    let record = table.match_record(now).unwrap();
    let came_back = &record.seats[ana];
    assert_eq!(came_back.player.person_id(), Some(ANA));
    assert_eq!(came_back.left, None, "back at the end: the seat's result");
    assert_eq!(
        came_back.cpu_played,
        Some(CpuStretch {
            after: 2,
            until: 5,
            back: true
        })
    );
    let gone = &record.seats[ben];
    assert!(gone.player.is_cpu());
    assert_eq!(gone.left, Some(BEN), "gone for good: a loss");
    assert_eq!(
        gone.cpu_played,
        Some(CpuStretch {
            after: 2,
            until: moves,
            back: false
        })
    );
    // The stretch survives the history's JSON.
    let json = serde_json::to_string(&record.seats).unwrap();
    let seats: Vec<SeatRecord> = serde_json::from_str(&json).unwrap();
    assert_eq!(seats, record.seats);
    // Records written before stretches existed still read.
    let old: Vec<SeatRecord> =
        serde_json::from_str(r#"[{"player":{"Cpu":{"level":"hard"}},"left":7}]"#).unwrap();
    assert_eq!(old[0].cpu_played, None);
}

#[test]
fn a_timed_out_seat_comes_back_but_a_resigned_one_does_not() {
    let mut table = open(GameKind::Connect4ThreePlayer)
        .timer(30)
        .invite(ANA)
        .invite(BEN)
        .at(0);
    ok(&mut table, accept(ANA), 0);
    ok(&mut table, accept(BEN), 0);
    let late = table.player_to_move().unwrap().person_id().unwrap();
    ok(&mut table, tick(), 30_000);
    assert!(offers(&table, Control::Rejoin));
    ok(&mut table, rejoin(late), 30_100);
    assert!(table.seat_of(late).is_some());

    let quitter = [HOST, ANA, BEN].into_iter().find(|&u| u != late).unwrap();
    ok(&mut table, resign(quitter), 30_200);
    assert!(!offers(&table, Control::Rejoin));
    assert_eq!(
        no(&mut table, rejoin(quitter), 30_300),
        Refusal::ResignedForGood
    );
}

#[test]
fn rejoin_is_only_while_the_match_is_played() {
    let mut table = three_people();
    ok(&mut table, leave(BEN), 10);
    let mut now = 20;
    while table.phase == Phase::Playing {
        now += 1;
        step(&mut table, now);
    }
    assert!(!offers(&table, Control::Rejoin));
    assert_eq!(no(&mut table, rejoin(BEN), now), Refusal::GameOver);
    // The next match starts with the CPU in the seat; the departure is
    // forgotten with the match.
    ok(&mut table, rematch(HOST), now + 1);
    assert_eq!(
        no(&mut table, rejoin(BEN), now + 2),
        Refusal::NoSeatToRejoin
    );
}

#[test]
fn the_host_role_passes_to_the_next_person_seated() {
    let mut table = three_people();
    let host_seat = table.seat_of(HOST).unwrap() as usize;
    let next = (1..3)
        .map(|k| (host_seat + k) % 3)
        .find_map(|s| table.players[s].person_id())
        .unwrap();
    ok(&mut table, leave(HOST), 10);
    assert_eq!(table.host, next, "the next person in seat order hosts");
    assert_eq!(no(&mut table, pause(HOST), 11), Refusal::NotHost);
    ok(&mut table, pause(next), 11);
    ok(&mut table, resume(next), 12);
    // The old host coming back does not take the role back.
    ok(&mut table, rejoin(HOST), 13);
    assert_eq!(table.host, next);
}

#[test]
fn the_host_role_passes_when_the_host_leaves_between_matches() {
    let mut table = open(GameKind::Connect4).invite(ANA).at(0);
    ok(&mut table, accept(ANA), 0);
    ok(&mut table, resign(ANA), 1);
    ok(&mut table, leave(HOST), 2);
    assert_eq!(table.host, HOST, "until the next match starts");
    ok(&mut table, rematch(ANA), 3);
    assert_eq!(table.host, ANA);
    assert_eq!(table.seat_of(HOST), None);
    assert_eq!(table.players.iter().filter(|p| p.is_cpu()).count(), 1);
}

#[test]
fn with_nobody_left_the_cpu_finishes_and_the_table_closes() {
    let mut table = three_people();
    for user in [HOST, ANA, BEN] {
        let effects = ok(&mut table, leave(user), 10);
        assert!(!effects.match_ended, "the CPU seats play on");
    }
    assert!(table.players.iter().all(Player::is_cpu));
    assert!(
        offers(&table, Control::Rejoin),
        "anyone may still come back"
    );
    let mut now = 20;
    while table.phase == Phase::Playing {
        now += 1;
        step(&mut table, now);
    }
    assert!(table.deserted());
    let offered: Vec<Control> = table.controls().iter().map(|o| o.control).collect();
    assert_eq!(
        offered,
        [Control::Replay],
        "a closed table offers only its match's replay"
    );
    assert_eq!(no(&mut table, rematch(HOST), now), Refusal::TableClosed);
    assert_eq!(no(&mut table, join(HOST), now), Refusal::TableClosed);
    let record = table.match_record(now).unwrap();
    for user in [HOST, ANA, BEN] {
        assert!(record.seats.iter().any(|s| s.left == Some(user)));
        assert!(record.played(user));
    }
}

#[test]
fn the_last_person_resigning_still_ends_the_match() {
    let mut table = open(GameKind::Connect4ThreePlayer).at(0);
    if table.player_to_move().unwrap().is_cpu() {
        step(&mut table, 1);
    }
    let effects = ok(&mut table, resign(HOST), 2);
    assert!(effects.match_ended);
}

#[test]
fn departures_stored_before_rejoining_existed_still_read() {
    let old: Departure = serde_json::from_str(r#"{"seat":1,"user":20,"why":"Abandoned"}"#).unwrap();
    assert_eq!(old.at, 0);
    assert_eq!(old.back, None);
    let table = three_people();
    let mut value = serde_json::to_value(&table).unwrap();
    value["departed"] =
        serde_json::json!([{"seat": 1, "user": 20, "why": "TimedOut", "at": 3, "back": 7}]);
    let back: Table = serde_json::from_value(value).unwrap();
    assert_eq!(back.departed[0].back, Some(7));
}
