//! Apply: an action on a table under its lock, stored before anyone is told
//! (write before tell), retried while the database is busy, reloaded when
//! another process moved the table on; then its follow-ups (deadline, CPU
//! turn, board).

use super::*;
use tracing::debug;

impl Service {
    /// Applies a person's action; the new table is stored before it is
    /// returned.
    pub async fn act(self: &Arc<Self>, at: At, action: Action) -> Result<Table, ServiceError> {
        let slot = self.find(at).await?;
        let mut live = locked(&slot).await;
        self.apply_locked(&slot, &mut live, action, None).await
    }

    /// Applies a person's move given by its name (a select menu's value,
    /// `/move at:`), read against the table's own game under its lock.
    /// Returns the table and the move. A name that is no move is refused
    /// as [`Refusal::NoSuchMove`] (as [`Refusal::GameOver`] once the game
    /// is over, where no name is a move).
    pub async fn act_named(
        self: &Arc<Self>,
        at: At,
        user: UserId,
        name: &str,
        stamp: Option<u64>,
    ) -> Result<(Table, Move), ServiceError> {
        let slot = self.find(at).await?;
        let mut live = locked(&slot).await;
        let Some(mv) = live.table.game().parse_move(name) else {
            if !live.table.is_running() {
                return Err(Refusal::GameOver.into());
            }
            return Err(Refusal::NoSuchMove.into());
        };
        let action = Action::Move { user, mv, stamp };
        let table = self.apply_locked(&slot, &mut live, action, None).await?;
        Ok((table, mv))
    }

    /// Applies an action to the live table and stores the result. When
    /// another process wrote the table first (an overlapping deploy), the
    /// table is reloaded from the store, the work drawn for the old stamp
    /// dropped, and the action tried once more against what is stored.
    pub(super) async fn apply_locked(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        live: &mut Live,
        action: Action,
        settings: Option<(u64, ChannelSettings)>,
    ) -> Result<Table, ServiceError> {
        let mut reloaded = true;
        let done = match self.apply_once(slot, live, action.clone(), settings).await {
            Err(ServiceError::Store(StoreError::Stale { .. })) => {
                warn!(
                    "table {}: another process wrote it first; reloading it",
                    slot.no
                );
                self.reload(slot, live).await?;
                self.apply_once(slot, live, action.clone(), settings).await
            }
            // A control drawn by another process that moved the table on:
            // this one's copy is behind, not the click.
            Err(ServiceError::Refused(Refusal::StaleBoard)) if self.behind(slot, live).await => {
                self.reload(slot, live).await?;
                self.apply_once(slot, live, action.clone(), settings).await
            }
            other => {
                reloaded = false;
                other
            }
        };
        match done {
            // The other process serving the table made this very move
            // (both are given every click): the board is refreshed as it
            // stands, and the click is not refused, even where the move
            // ended the game. A refusal could reach Discord before the
            // other process's answer, and tell the person that the move
            // they made failed.
            Err(ServiceError::Refused(Refusal::StaleBoard | Refusal::GameOver))
                if slot.shared() && live.made_elsewhere(&action) =>
            {
                Ok(live.table.clone())
            }
            // Another process moved the table on from the board this
            // control was drawn on (this one's copy was behind), with an
            // action other than a move (a resign, an undo, a join: the
            // other process may have made this very click): the click
            // refreshes the board in place, as it stands. A move the other
            // process did not make is refused as out of date by both.
            Err(ServiceError::Refused(Refusal::StaleBoard))
                if reloaded
                    && action.stamp().is_some()
                    && !matches!(action, Action::Move { .. }) =>
            {
                Ok(live.table.clone())
            }
            // Written first by the other process once more (its CPU reply
            // to the same click): the board is refreshed as stored.
            Err(ServiceError::Store(StoreError::Stale { .. })) if action.stamp().is_some() => {
                self.reload(slot, live).await?;
                Ok(live.table.clone())
            }
            other => other,
        }
    }

    /// Whether the stored table has moved on from the live one.
    pub(super) async fn behind(&self, slot: &Slot, live: &Live) -> bool {
        match self.store.stamp_of(slot.no).await {
            Ok(Some(stamp)) => stamp != live.table.stamp(),
            _ => false,
        }
    }

    /// Replaces the live table with the stored one: cancels the CPU search,
    /// hint and deadline drawn for the old stamp and re-arms them from the
    /// reloaded table.
    pub(super) async fn reload(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        live: &mut Live,
    ) -> Result<(), ServiceError> {
        let stored = match self.store.load(slot.no).await {
            Ok(Some(stored)) => stored,
            Ok(None) => return Err(Refusal::UnknownControl.into()),
            Err(StoreError::Broken { .. }) => return Err(Refusal::BrokenTable.into()),
            Err(e) => return Err(e.into()),
        };
        debug!(
            "table {}: reloaded at stamp {} (was {})",
            slot.no,
            stored.table.stamp(),
            live.table.stamp()
        );
        cancel_work(live);
        live.table = stored.table;
        live.note_position();
        live.board = stored.board;
        slot.shared.store(true, Ordering::Relaxed);
        // The board this process showed last may be older than the one
        // the other process showed, and may even have landed over it: the
        // publisher brings it up to date (or finds it so).
        self.notify(Notice::Board(slot.no));
        {
            let mut registry = self.registry();
            let ours = registry.running_in.get(&slot.channel).map(|r| r.0) == Some(slot.no);
            if live.table.is_running() {
                registry
                    .running_in
                    .entry(slot.channel)
                    .or_insert((slot.no, live.table.kind()));
            } else if ours {
                registry.running_in.remove(&slot.channel);
            }
        }
        let effects = Effects {
            cpu_turn: live.table.cpu_to_move(),
            ..Effects::default()
        };
        self.follow_up(slot, live, effects);
        Ok(())
    }

    pub(super) async fn apply_once(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        live: &mut Live,
        action: Action,
        settings: Option<(u64, ChannelSettings)>,
    ) -> Result<Table, ServiceError> {
        let now = self.now();
        let expected = live.table.stamp();
        let was_running = live.table.is_running();
        let host_before = live.table.host();
        let mut next = live.table.clone();
        let is_move = matches!(action, Action::Move { .. } | Action::CpuMove { .. });
        // A person's action (not a CPU move, a clock or a place gone).
        let person = !matches!(
            action,
            Action::CpuMove { .. } | Action::Tick { .. } | Action::PlaceGone
        );
        let applying = std::time::Instant::now();
        let effects = next.apply(action, now)?;
        if person {
            crate::metrics::metrics().phase("apply", applying.elapsed());
        }
        let reserved = !was_running && next.is_running();
        if reserved {
            // A rematch at a finished table: only the channel's newest
            // table may start again, and only while no other runs there.
            if self.store.latest_in_channel(slot.channel).await? != Some(slot.no) {
                return Err(Refusal::TableReplaced.into());
            }
            let mut registry = self.registry();
            if let Some(&(_, kind)) = registry.running_in.get(&slot.channel) {
                return Err(Refusal::TableRunning { kind }.into());
            }
            registry
                .running_in
                .insert(slot.channel, (slot.no, next.kind()));
            registry.hosts.insert(slot.no, (next.guild(), next.host()));
        }
        let record = if effects.match_ended {
            next.match_record(now)
        } else {
            None
        };
        let solve = if effects.match_ended {
            puzzle_solve(&next)
        } else {
            None
        };
        let change = Change {
            table: next,
            expected: Some(expected),
            finished: record.as_ref(),
            solve,
            settings,
        };
        // The result, its ratings, a solve and what the board shows of them
        // are one write.
        let committing = std::time::Instant::now();
        let saved = patiently(|| self.store.save_change(change.clone(), now, show_settled)).await;
        if person {
            crate::metrics::metrics().phase("commit", committing.elapsed());
        }
        let next = match saved {
            Ok((next, _)) => next,
            Err(e) => {
                if reserved {
                    self.registry().running_in.remove(&slot.channel);
                }
                return Err(e.into());
            }
        };
        debug!("table {}: stored stamp {}", slot.no, next.stamp());
        live.table = next;
        live.note_position();
        live.touched = now;
        if is_move {
            crate::metrics::metrics().moved(live.table.kind().command());
        }
        if live.table.host() != host_before {
            // The host's seat went to the CPU: the role passed on.
            let mut registry = self.registry();
            let (guild, host) = (live.table.guild(), live.table.host());
            if let Some(held) = registry.hosts.get_mut(&slot.no) {
                *held = (guild, host);
            }
        }
        if was_running && !live.table.is_running() {
            {
                let mut registry = self.registry();
                if registry.running_in.get(&slot.channel).map(|r| r.0) == Some(slot.no) {
                    registry.running_in.remove(&slot.channel);
                }
            }
            self.tournament_game_over(&live.table);
        }
        self.follow_up(slot, live, effects);
        Ok(live.table.clone())
    }

    /// After a change: hands the table to its watchers, cancels work drawn for older positions, starts the
    /// CPU seat to move and arms the next deadline.
    pub(super) fn follow_up(self: &Arc<Self>, slot: &Arc<Slot>, live: &mut Live, effects: Effects) {
        // Stored: the pages watching it are told now.
        self.watchers.publish(&live.table);
        let stamp = live.table.stamp();
        for work in [&mut live.search, &mut live.hint] {
            if work.as_ref().is_some_and(|(s, _)| *s != stamp) {
                if let Some((_, cancel)) = work.take() {
                    cancel.store(true, Ordering::Relaxed);
                }
            }
        }
        if let Some(stamp) = effects.cpu_turn {
            self.start_cpu(slot, live, stamp);
        }
        self.arm_deadline(slot, live);
    }
}

/// The table's lock for a person's action, its wait counted.
async fn locked(slot: &Slot) -> tokio::sync::MutexGuard<'_, Live> {
    let waiting = std::time::Instant::now();
    let live = slot.live.lock().await;
    crate::metrics::metrics().phase("lock", waiting.elapsed());
    live
}

/// Runs a write, trying again while the database is busy (a backup or
/// another writer holding SQLite's lock) for up to [`WRITE_PATIENCE`]:
/// the person's answer was acknowledged meanwhile, so a busy moment costs
/// a wait, not the change.
pub(super) async fn patiently<T, F, W>(mut write: W) -> Result<T, StoreError>
where
    F: std::future::Future<Output = Result<T, StoreError>>,
    W: FnMut() -> F,
{
    let until = tokio::time::Instant::now() + WRITE_PATIENCE;
    let mut wait = Duration::from_millis(50);
    loop {
        match write().await {
            Err(e) if e.is_busy() && tokio::time::Instant::now() + wait < until => {
                warn!("the database is busy ({e}); trying the write again");
                tokio::time::sleep(wait).await;
                wait = (wait * 2).min(Duration::from_secs(1));
            }
            done => return done,
        }
    }
}

pub(super) fn cancel_work(live: &mut Live) {
    for (_, cancel) in [live.search.take(), live.hint.take()].into_iter().flatten() {
        cancel.store(true, Ordering::Relaxed);
    }
    if let Some((_, task)) = live.deadline.take() {
        task.abort();
    }
}

/// At a puzzle table whose match was just solved: the person's solve, to
/// record with the match's end.
pub(super) fn puzzle_solve(table: &Table) -> Option<Solve> {
    if table.puzzle_solved() != Some(true) {
        return None;
    }
    let puzzle = table.puzzle()?;
    Some(Solve {
        guild: table.guild(),
        day: puzzle.day,
        game: table.kind().command().to_owned(),
        user: table.players().iter().find_map(Player::person_id)?,
    })
}

/// Puts on the table what its board shows of a match's end: the rating
/// changes of a ranked match, the day's solvers of a puzzle.
pub(super) fn show_settled(table: &mut Table, settled: &Settled) {
    if !settled.rated.is_empty() {
        table.show_rating_changes(
            settled
                .rated
                .iter()
                .map(|r| RatingChange {
                    user: r.user,
                    rating: r.after.display(),
                    change: r.after.display_change(),
                    provisional: r.after.is_provisional(),
                })
                .collect(),
        );
    }
    if let Some(solvers) = settled.solvers {
        table.count_puzzle_solvers(solvers);
    }
}
