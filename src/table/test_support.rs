//! Builders shared by the table tests: one short call per action, and
//! checks that an action is accepted, or refused without any change.

use super::*;

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
