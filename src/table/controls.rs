//! Who may use a table's controls: the host's rights, a moderator's, and
//! when undo is allowed.

use super::{Refusal, Table, UserId};

impl Table {
    pub(super) fn check_undo_offered(&self) -> Result<(), Refusal> {
        if self.ranked_match() {
            return Err(Refusal::NoUndoInRanked);
        }
        if self.puzzle.is_some() {
            return Err(Refusal::NoUndoInPuzzle);
        }
        Ok(())
    }

    /// The host, or a moderator (Manage Messages in the channel), may end
    /// the table.
    pub fn may_end(&self, user: UserId, moderator: bool) -> bool {
        user == self.host || moderator
    }

    /// Only the host starts, pauses and resumes the match, frees seats and
    /// changes the rules.
    pub(super) fn check_host(&self, user: UserId) -> Result<(), Refusal> {
        if user == self.host {
            Ok(())
        } else {
            Err(Refusal::NotHost)
        }
    }
}
