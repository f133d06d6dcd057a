//! The live tournaments: each under its own lock, stored before anyone is
//! told, its games opened as ordinary tables (one per thread), each game's
//! end heard from the table without anyone doing anything, and everything
//! picked up again after a restart.
//!
//! What needs Discord (threads, the sign-up, pairings and standings
//! messages) is `discord`'s: it is told through [`Notice::Tournament`] and
//! reads what is still to do from the tournament itself, so a step lost to
//! a crash is done at the next notice.

use super::{patiently, At, Notice, Service, ServiceError, Slot};
use crate::store::StoreError;
use crate::table::{Action, Opening, Refusal, Rules, Table, TournamentGame, UserId};
use crate::tournament::{self, board_end, Stage, Tournament};
use std::collections::HashMap;
use std::sync::Arc;
use tracing::{info, warn};

/// The tournaments in memory.
#[derive(Default)]
pub(super) struct Tournaments {
    by_id: HashMap<u64, Arc<tokio::sync::Mutex<Tournament>>>,
    /// The running tournament of each channel.
    running_in: HashMap<u64, u64>,
}

impl Service {
    fn tournaments(&self) -> std::sync::MutexGuard<'_, Tournaments> {
        self.tournaments.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Opens a tournament for sign-up in its channel (one at a time there).
    pub async fn create_tournament(
        self: &Arc<Self>,
        opening: tournament::Opening,
    ) -> Result<Tournament, ServiceError> {
        let now = self.now();
        let t = Tournament::open(opening, now)?;
        {
            let mut reg = self.tournaments();
            if reg.running_in.contains_key(&t.channel()) {
                return Err(Refusal::TournamentRunning.into());
            }
            reg.running_in.insert(t.channel(), t.id());
        }
        if let Err(e) = patiently(|| self.store.save_tournament(&t, None, now)).await {
            self.tournaments().running_in.remove(&t.channel());
            return Err(e.into());
        }
        self.tournaments()
            .by_id
            .insert(t.id(), Arc::new(tokio::sync::Mutex::new(t.clone())));
        self.notify(Notice::Tournament(t.id()));
        Ok(t)
    }

    /// The tournament with this id, from memory or the store.
    async fn tournament_slot(
        &self,
        id: u64,
    ) -> Result<Arc<tokio::sync::Mutex<Tournament>>, ServiceError> {
        let found = self.tournaments().by_id.get(&id).cloned();
        if let Some(t) = found {
            return Ok(t);
        }
        let t = match self.store.tournament(id).await {
            Ok(Some(t)) => t,
            Ok(None) => return Err(Refusal::NoTournament.into()),
            Err(StoreError::Broken { .. }) => return Err(Refusal::BrokenTable.into()),
            Err(e) => return Err(e.into()),
        };
        let mut reg = self.tournaments();
        Ok(reg
            .by_id
            .entry(id)
            .or_insert_with(|| Arc::new(tokio::sync::Mutex::new(t)))
            .clone())
    }

    /// The running tournament of a channel, or else its newest one.
    pub async fn tournament_in(&self, channel: u64) -> Result<Tournament, ServiceError> {
        let running = self.tournaments().running_in.get(&channel).copied();
        let id = match running {
            Some(id) => id,
            None => self
                .store
                .latest_tournament_in(channel)
                .await?
                .ok_or(Refusal::NoTournament)?,
        };
        self.tournament(id).await
    }

    /// Asks `discord` to bring tournament `id`'s messages up to date
    /// again (after a step that failed).
    pub fn renotify_tournament(&self, id: u64) {
        self.notify(Notice::Tournament(id));
    }

    /// The id of the running tournament of a channel.
    pub fn running_tournament_in(&self, channel: u64) -> Option<u64> {
        self.tournaments().running_in.get(&channel).copied()
    }

    /// Tournament `id` as it is now.
    pub async fn tournament(&self, id: u64) -> Result<Tournament, ServiceError> {
        let slot = self.tournament_slot(id).await?;
        let t = slot.lock().await;
        Ok(t.clone())
    }

    /// Applies an action to tournament `id`, stores it, then carries out
    /// what it asks of its tables (a withdrawn player's game lost by
    /// leaving, the running games closed when it ends) and tells `discord`.
    pub async fn tournament_act(
        self: &Arc<Self>,
        id: u64,
        action: tournament::Action,
    ) -> Result<Tournament, ServiceError> {
        let slot = self.tournament_slot(id).await?;
        let (t, effects) = {
            let mut live = slot.lock().await;
            let now = self.now();
            let mut next = live.clone();
            let effects = next.apply(action, now)?;
            let expected = live.stamp();
            patiently(|| self.store.save_tournament(&next, Some(expected), now)).await?;
            *live = next;
            (live.clone(), effects)
        };
        if effects.finished {
            let mut reg = self.tournaments();
            if reg.running_in.get(&t.channel()) == Some(&t.id()) {
                reg.running_in.remove(&t.channel());
            }
            info!("tournament {id} finished");
        }
        for (no, user) in &effects.forfeits {
            let action = Action::Leave {
                user: *user,
                stamp: None,
            };
            if let Err(e) = self.act_on(*no, action).await {
                warn!("tournament {id}: table {no} not left: {e}");
            }
        }
        let ender = match t.stage() {
            Stage::Finished { early: Some(by) } => by,
            _ => t.host(),
        };
        for no in &effects.closes {
            let action = Action::End {
                user: ender,
                moderator: true,
            };
            if let Err(e) = self.act_on(*no, action).await {
                warn!("tournament {id}: table {no} not closed: {e}");
            }
        }
        self.notify(Notice::Tournament(id));
        Ok(t)
    }

    /// Applies an action at table `no`, wherever it is.
    async fn act_on(self: &Arc<Self>, no: u64, action: Action) -> Result<Table, ServiceError> {
        let slot: Arc<Slot> = self.slot(no).await?.ok_or(Refusal::UnknownControl)?;
        let channel = slot.channel;
        let table = self.act(At::Table { no, channel }, action).await?;
        // Nobody clicked: the board is brought up to date from here.
        self.notify(Notice::Board(no));
        Ok(table)
    }

    /// Starts tournament `id` (its host only): the players' ratings in its
    /// game are read for the seeding, and the first round is paired.
    pub async fn start_tournament(
        self: &Arc<Self>,
        id: u64,
        user: UserId,
    ) -> Result<Tournament, ServiceError> {
        let t = self.tournament(id).await?;
        let game = t.settings().kind.command();
        let mut ratings = Vec::new();
        for p in t.players() {
            let rating = self.store.rating(t.guild(), game, p.id).await?;
            // The unrated come after the rated, in sign-up order.
            ratings.push((p.id, rating.map_or(0.0, |r| r.rating.display() as f64)));
        }
        self.tournament_act(id, tournament::Action::Start { user, ratings })
            .await
    }

    /// Opens the table of a game of tournament `id` in `thread` (once: a
    /// second call finds it opened). Returns the table.
    pub async fn open_tournament_board(
        self: &Arc<Self>,
        id: u64,
        round: usize,
        board: usize,
        thread: u64,
    ) -> Result<Table, ServiceError> {
        let slot = self.tournament_slot(id).await?;
        let live = slot.lock().await;
        let b = live
            .rounds()
            .get(round)
            .and_then(|r| r.boards.get(board))
            .cloned()
            .ok_or(Refusal::UnknownControl)?;
        if let Some(no) = b.table {
            drop(live);
            let slot = self.slot(no).await?.ok_or(Refusal::UnknownControl)?;
            let table = slot.live.lock().await.table.clone();
            return Ok(table);
        }
        if live.stage() != Stage::Playing {
            return Err(Refusal::TournamentOver.into());
        }
        let s = live.settings();
        let person = |i: usize| {
            let p = &live.players()[i];
            (p.id, p.name.clone())
        };
        let opening = Opening {
            // One table per thread: the thread's snowflake numbers it.
            no: thread,
            guild: live.guild(),
            channel: thread,
            kind: s.kind,
            host: live.host(),
            host_name: live.host_name().to_owned(),
            level: crate::cpu::Level::default(),
            invited: Vec::new(),
            self_play: false,
            host_seat: None,
            lang: live.lang(),
            open: false,
            rules: Rules {
                timer: Some(s.timer),
                rotate: false,
            },
            ranked: s.ranked,
        };
        let game = TournamentGame {
            tournament: id,
            round,
            board,
        };
        let (first, second) = (person(b.first), person(b.second));
        drop(live);
        // Opened before a restart that came before the tournament heard
        // of it: the thread's table is the one.
        let opened = match self.slot(thread).await? {
            Some(slot) => {
                let table = slot.live.lock().await.table.clone();
                (table.tournament() == Some(game)).then_some(table)
            }
            None => None,
        };
        let how = super::How::Tournament {
            first,
            second,
            game,
        };
        let table = match opened {
            Some(table) => table,
            None => self.open_table(opening, how).await?,
        };
        self.tournament_act(
            id,
            tournament::Action::Opened {
                round,
                board,
                table: table.no(),
            },
        )
        .await?;
        Ok(table)
    }

    /// A table that plays a tournament game stopped running: the
    /// tournament hears how it ended (and may pair its next round).
    pub(super) fn tournament_game_over(self: &Arc<Self>, table: &Table) {
        let Some(game) = table.tournament() else {
            return;
        };
        let Some(end) = board_end(table) else {
            return;
        };
        let service = self.clone();
        let no = table.no();
        tokio::spawn(async move {
            let action = tournament::Action::Ended { table: no, end };
            match service.tournament_act(game.tournament, action).await {
                Ok(_) | Err(ServiceError::Refused(Refusal::NothingDue)) => {}
                Err(e) => warn!(
                    "tournament {}: the end of table {no} not recorded: {e}",
                    game.tournament
                ),
            }
        });
    }

    /// Loads every running tournament of the guilds `owned` says this
    /// process serves, records the games that ended while the bot was
    /// down, and asks `discord` to finish what each still needs.
    pub async fn restore_tournaments(
        self: &Arc<Self>,
        owned: impl Fn(u64) -> bool,
    ) -> Result<usize, StoreError> {
        let mut stored = self.store.running_tournaments().await?;
        stored.retain(|t| owned(t.guild()));
        let count = stored.len();
        let ids: Vec<u64> = stored.iter().map(Tournament::id).collect();
        {
            let mut reg = self.tournaments();
            for t in stored {
                reg.running_in.insert(t.channel(), t.id());
                reg.by_id
                    .insert(t.id(), Arc::new(tokio::sync::Mutex::new(t)));
            }
        }
        for id in ids {
            let Ok(t) = self.tournament(id).await else {
                continue;
            };
            for no in t.running_tables() {
                let table = match self.slot(no).await {
                    Ok(Some(slot)) => slot.live.lock().await.table.clone(),
                    _ => continue,
                };
                if let Some(end) = board_end(&table) {
                    let action = tournament::Action::Ended { table: no, end };
                    if let Err(e) = self.tournament_act(id, action).await {
                        warn!("tournament {id}: the end of table {no} not recorded: {e}");
                    }
                }
            }
            self.notify(Notice::Tournament(id));
        }
        Ok(count)
    }
}
