//! Builders shared by the table tests: one short call per action, and
//! checks that an action is accepted, or refused without any change.

use super::*;
use rand::rngs::StdRng;
use rand::SeedableRng;

/// The host of every table these builders open.
pub const HOST: UserId = 10;

/// A table opening, changed by the builder's methods.
pub struct Open(pub Opening);

pub fn open(kind: GameKind) -> Open {
    Open(Opening {
        no: 1,
        guild: 1000,
        channel: 100,
        kind,
        host: HOST,
        host_name: "host".into(),
        level: Level::Easy,
        invited: Vec::new(),
        self_play: false,
        host_seat: None,
        lang: boardbot_words::Lang::En,
        open: false,
        rules: Rules::default(),
        ranked: false,
    })
}

impl Open {
    pub fn open_table(mut self) -> Open {
        self.0.open = true;
        self
    }
    pub fn timer(mut self, seconds: u32) -> Open {
        self.0.rules.timer = Some(seconds);
        self
    }
    pub fn rotate(mut self, on: bool) -> Open {
        self.0.rules.rotate = on;
        self
    }
    pub fn invite(mut self, id: UserId) -> Open {
        self.0.invited.push((id, format!("p{id}")));
        self
    }
    pub fn ranked(mut self) -> Open {
        self.0.ranked = true;
        self
    }
    pub fn self_play(mut self) -> Open {
        self.0.self_play = true;
        self
    }
    pub fn seat(mut self, seat: Seat) -> Open {
        self.0.host_seat = Some(seat);
        self
    }
    pub fn at(self, now: u64) -> Table {
        Table::open(self.0, now, &mut StdRng::seed_from_u64(7))
            .unwrap()
            .0
    }
}

pub fn join(user: UserId) -> Action {
    Action::Join {
        user,
        name: format!("p{user}"),
        stamp: None,
    }
}
pub fn leave(user: UserId) -> Action {
    Action::Leave { user, stamp: None }
}
pub fn start(user: UserId) -> Action {
    Action::Start { user, stamp: None }
}
pub fn pause(user: UserId) -> Action {
    Action::Pause { user, stamp: None }
}
pub fn resume(user: UserId) -> Action {
    Action::Resume { user, stamp: None }
}
pub fn rematch(user: UserId) -> Action {
    Action::Rematch { user, stamp: None }
}
pub fn resign(user: UserId) -> Action {
    Action::Resign { user, stamp: None }
}
pub fn tick() -> Action {
    Action::Tick {
        idle_ms: DEFAULT_IDLE_MS,
    }
}

pub fn play(user: UserId, mv: Move) -> Action {
    Action::Move {
        user,
        mv,
        stamp: None,
    }
}
pub fn undo(user: UserId) -> Action {
    Action::Undo { user, stamp: None }
}
pub fn accept(user: UserId) -> Action {
    Action::Accept { user, stamp: None }
}
pub fn decline(user: UserId) -> Action {
    Action::Decline { user, stamp: None }
}
pub fn answer_undo(user: UserId, accept: bool) -> Action {
    Action::AnswerUndo {
        user,
        accept,
        stamp: None,
    }
}

/// Applies an action that must be accepted.
pub fn ok(table: &mut Table, action: Action, now: u64) -> Effects {
    let what = format!("{action:?}");
    table
        .apply(action, now)
        .unwrap_or_else(|r| panic!("{what} refused: {r:?}"))
}

/// Applies an action that must be refused, and checks nothing changed.
pub fn no(table: &mut Table, action: Action, now: u64) -> Refusal {
    let before = table.clone();
    let refusal = table.apply(action, now).unwrap_err();
    assert_eq!(*table, before, "a refusal changed the table");
    refusal
}

/// Puts the table in `phase` as no action would (text and layout tests).
pub fn set_phase(table: &mut Table, phase: Phase) {
    table.phase = phase;
}

/// Swaps the table's game for an empty board of `kind` (text tests).
pub fn set_game(table: &mut Table, kind: GameKind) {
    table.kind = kind;
    table.game = AnyGame::new(kind).unwrap();
}
