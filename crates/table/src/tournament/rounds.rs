//! A tournament's life: sign-ups (join, withdraw), the start, each board's
//! end, the next round paired, and the end by the host or a moderator.

use super::*;

impl Tournament {
    pub(super) fn join(&mut self, user: UserId, name: String) -> Result<Effects, Refusal> {
        if self.stage != Stage::SignUp {
            return Err(match self.stage {
                Stage::Playing => Refusal::TournamentStarted,
                _ => Refusal::TournamentOver,
            });
        }
        if self.index_of(user).is_some() {
            return Err(Refusal::TournamentAlreadyIn);
        }
        if self.players.len() >= self.settings.format.players().1 {
            return Err(Refusal::TournamentFull);
        }
        self.players.push(Entrant {
            id: user,
            name,
            rating: 0.0,
            withdrawn: None,
        });
        Ok(Effects::default())
    }

    pub(super) fn withdraw(&mut self, user: UserId) -> Result<Effects, Refusal> {
        let i = self.index_of(user).ok_or(Refusal::TournamentNotIn)?;
        match self.stage {
            Stage::SignUp => {
                self.players.remove(i);
                Ok(Effects::default())
            }
            Stage::Playing => {
                if self.players[i].withdrawn.is_some() {
                    return Err(Refusal::TournamentNotIn);
                }
                let forfeits = self
                    .running_board_of(user)
                    .and_then(|b| b.table)
                    .map(|t| (t, user))
                    .into_iter()
                    .collect();
                self.players[i].withdrawn = Some(self.rounds.len() as u32);
                let mut effects = Effects {
                    forfeits,
                    ..Effects::default()
                };
                // Nobody left to play: it ends itself.
                if self.present().count() == 0 {
                    effects.closes = self.running_tables();
                    effects.forfeits.clear();
                    self.stage = Stage::Finished { early: None };
                    effects.finished = true;
                }
                Ok(effects)
            }
            Stage::Finished { .. } => Err(Refusal::TournamentOver),
        }
    }

    /// The tables of the current round's games still running.
    pub fn running_tables(&self) -> Vec<u64> {
        self.current()
            .map(|r| {
                r.boards
                    .iter()
                    .filter(|b| b.end.is_none())
                    .filter_map(|b| b.table)
                    .collect()
            })
            .unwrap_or_default()
    }

    pub(super) fn start(
        &mut self,
        user: UserId,
        ratings: &[(UserId, f64)],
        now: u64,
    ) -> Result<Effects, Refusal> {
        if user != self.host {
            return Err(Refusal::NotHost);
        }
        match self.stage {
            Stage::SignUp => {}
            Stage::Playing => return Err(Refusal::TournamentStarted),
            Stage::Finished { .. } => return Err(Refusal::TournamentOver),
        }
        let (fewest, _) = self.settings.format.players();
        if self.players.len() < fewest {
            return Err(Refusal::TournamentTooFew);
        }
        for p in &mut self.players {
            p.rating = ratings
                .iter()
                .find(|(id, _)| *id == p.id)
                .map_or(0.0, |r| r.1);
        }
        // Seeds: by rating, then by who signed up first (stable sort).
        self.players.sort_by(|a, b| b.rating.total_cmp(&a.rating));
        let n = self.players.len();
        self.planned = match self.settings.format {
            Format::Swiss => self
                .settings
                .rounds
                .unwrap_or(pairing::swiss_rounds(n) as u32)
                .min((n - 1) as u32),
            Format::RoundRobin => pairing::round_robin_rounds(n) as u32,
        };
        self.stage = Stage::Playing;
        self.pair_next(now)
    }

    pub(super) fn end(&mut self, user: UserId, moderator: bool) -> Result<Effects, Refusal> {
        if !(user == self.host || moderator) {
            return Err(Refusal::CannotEnd);
        }
        if !self.is_running() {
            return Err(Refusal::TournamentOver);
        }
        let closes = self.running_tables();
        // Games not yet opened end unplayed at once; opened ones when
        // their tables close.
        if let Some(round) = self.rounds.last_mut() {
            for b in &mut round.boards {
                if b.end.is_none() && b.table.is_none() {
                    b.end = Some(BoardEnd::Unplayed);
                }
            }
        }
        self.stage = Stage::Finished { early: Some(user) };
        Ok(Effects {
            closes,
            finished: true,
            ..Effects::default()
        })
    }

    /// A game's table stopped running: records how it ended, and when it
    /// was the round's last game, pairs the next round (or finishes).
    pub(super) fn board_ended(
        &mut self,
        table: u64,
        end: BoardEnd,
        now: u64,
    ) -> Result<Effects, Refusal> {
        let (r, b) = self.board_of_table(table).ok_or(Refusal::UnknownControl)?;
        let board = &mut self.rounds[r].boards[b];
        if board.end.is_some() {
            return Err(Refusal::NothingDue);
        }
        board.end = Some(end);
        if self.stage != Stage::Playing || r + 1 != self.rounds.len() || !self.rounds[r].is_over() {
            return Ok(Effects::default());
        }
        self.pair_next(now)
    }

    /// Pairs the next round, or finishes when the last is played or fewer
    /// than two players are left.
    pub(super) fn pair_next(&mut self, now: u64) -> Result<Effects, Refusal> {
        let present: Vec<usize> = self.present().collect();
        if self.rounds.len() as u32 >= self.planned || present.len() < 2 {
            self.stage = Stage::Finished { early: None };
            return Ok(Effects {
                finished: true,
                ..Effects::default()
            });
        }
        let pairing = match self.settings.format {
            Format::Swiss => {
                let order: Vec<usize> = self
                    .standings()
                    .into_iter()
                    .map(|row| row.player)
                    .filter(|p| present.contains(p))
                    .collect();
                match pairing::swiss(&self.pasts(), &order) {
                    Ok(p) => (p.games, p.bye.into_iter().collect::<Vec<_>>()),
                    // Everyone left has met everyone: nothing more to play.
                    Err(_) => {
                        self.stage = Stage::Finished { early: None };
                        return Ok(Effects {
                            finished: true,
                            ..Effects::default()
                        });
                    }
                }
            }
            Format::RoundRobin => {
                // The fixed table of the start; a withdrawn player's
                // opponent sits the round out with the bye's point.
                let table = pairing::round_robin(self.players.len(), self.rounds.len());
                let mut games = Vec::new();
                let mut byes: Vec<usize> = table.bye.into_iter().collect();
                for (a, z) in table.games {
                    match (present.contains(&a), present.contains(&z)) {
                        (true, true) => games.push((a, z)),
                        (true, false) => byes.push(a),
                        (false, true) => byes.push(z),
                        (false, false) => {}
                    }
                }
                byes.retain(|p| present.contains(p));
                (games, byes)
            }
        };
        let (games, byes) = pairing;
        self.rounds.push(Round {
            boards: games
                .into_iter()
                .map(|(first, second)| Board {
                    first,
                    second,
                    thread: None,
                    table: None,
                    end: None,
                })
                .collect(),
            byes,
            started_at: now,
            pairings_posted: false,
            standings_posted: false,
        });
        // A round of byes only (a round robin left with one player and
        // withdrawn opponents) is over as soon as it starts.
        if self.rounds.last().is_some_and(Round::is_over) {
            return self.pair_next(now);
        }
        Ok(Effects {
            round_started: true,
            ..Effects::default()
        })
    }
}
