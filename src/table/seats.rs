//! Seats: open tables (join, leave, start), seats that change hands at the
//! end of a match (reservations of CPU seats, freed CPU seats, people who
//! left), and the next match.

use super::{Effects, Left, Phase, Player, Refusal, Table, UserId};
use crate::game::Seat;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

/// A change of a seat's holder that waits for the current match to end.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeatChange {
    /// A person takes over the CPU's seat.
    Reserve {
        seat: Seat,
        id: UserId,
        name: String,
    },
    /// The host freed the CPU's seat: people may join it before the next
    /// match starts.
    Free { seat: Seat },
    /// The person left the table: a CPU takes the seat.
    Vacate { seat: Seat },
}

impl SeatChange {
    pub fn seat(&self) -> Seat {
        match self {
            SeatChange::Reserve { seat, .. }
            | SeatChange::Free { seat }
            | SeatChange::Vacate { seat } => *seat,
        }
    }
}

impl Table {
    /// The seat order of a first match: the people seated (and the CPU on
    /// the free seats), drawn from the table's seed unless the host chose
    /// a seat.
    pub(super) fn first_order(&self, seats: Vec<Option<Player>>) -> Vec<Player> {
        let cpu = Player::Cpu { level: self.level };
        let mut rng = rand::rngs::StdRng::seed_from_u64(self.seed ^ u64::from(self.matches));
        let host = Player::Person {
            id: self.host,
            name: match seats
                .iter()
                .flatten()
                .find(|p| p.person_id() == Some(self.host))
            {
                Some(Player::Person { name, .. }) => name.clone(),
                _ => String::new(),
            },
        };
        let mut players: Vec<Player> = seats
            .into_iter()
            .map(|p| p.unwrap_or_else(|| cpu.clone()))
            .collect();
        match self.host_seat {
            Some(chosen) if (chosen as usize) < players.len() => {
                players.retain(|p| p.person_id() != Some(self.host));
                players.shuffle(&mut rng);
                players.insert(chosen as usize, host);
            }
            _ => players.shuffle(&mut rng),
        }
        players
    }

    /// After a result: the seat changes apply, the starter rotates when the
    /// rule is on, and the next match starts, or waits in the lobby when a
    /// seat was freed for people.
    pub(super) fn next_match(&mut self, now: u64) -> Result<Effects, Refusal> {
        let cpu = Player::Cpu { level: self.level };
        // CPU seats play at the table's level (the host may have changed it).
        let mut seats: Vec<Option<Player>> = self
            .players
            .iter()
            .map(|p| Some(if p.is_cpu() { cpu.clone() } else { p.clone() }))
            .collect();
        for change in &self.next_seats {
            // The stored table's seat changes were checked to fit.
            let Some(held) = seats.get_mut(change.seat() as usize) else {
                continue;
            };
            *held = match change {
                SeatChange::Reserve { id, name, .. } => Some(Player::Person {
                    id: *id,
                    name: name.clone(),
                }),
                SeatChange::Free { .. } => None,
                SeatChange::Vacate { .. } => Some(cpu.clone()),
            };
        }
        if self.rules.rotate {
            // The starting seat moves one place: everyone shifts forward.
            seats.rotate_left(1);
        }
        if seats.iter().any(Option::is_none) {
            self.next_seats.clear();
            self.departed.clear();
            self.undo_request = None;
            self.phase = Phase::Lobby { seats };
            self.stamp += 1;
            return Ok(Effects::default());
        }
        let players = seats.into_iter().flatten().collect();
        self.start_match(players, now)
    }

    /// The seat a person could reserve for the next match: a CPU's seat,
    /// or one a person leaves, that nobody reserved yet.
    pub fn reservable_seat(&self) -> Option<Seat> {
        if self.puzzle.is_some() {
            return None;
        }
        let seat = (0..self.players.len()).find(|&s| {
            match self.next_seats.iter().find(|c| c.seat() as usize == s) {
                Some(SeatChange::Reserve { .. }) => false,
                Some(_) => true,
                None => self.players[s].is_cpu(),
            }
        })?;
        Some(seat as Seat)
    }

    /// Where in [`Table::next_seats`] `user`'s reservation is, if any.
    pub(super) fn reservation_of(&self, user: UserId) -> Option<usize> {
        self.next_seats
            .iter()
            .position(|c| matches!(c, SeatChange::Reserve { id, .. } if *id == user))
    }

    /// A CPU's seat the host could free for people, with no change pending.
    pub fn freeable_seat(&self) -> Option<Seat> {
        if self.puzzle.is_some() {
            return None;
        }
        let seat = (0..self.players.len()).find(|&s| {
            self.players[s].is_cpu() && !self.next_seats.iter().any(|c| c.seat() as usize == s)
        })?;
        Some(seat as Seat)
    }

    /// Those seated, and those who reserved a seat, start the next match.
    pub(super) fn rematch(
        &mut self,
        user: UserId,
        stamp: Option<u64>,
        now: u64,
    ) -> Result<Effects, Refusal> {
        self.check_stamp(stamp)?;
        match self.phase {
            Phase::Finished(_) => {}
            Phase::Playing | Phase::Inviting { .. } | Phase::Lobby { .. } => {
                return Err(Refusal::MatchNotOver)
            }
            Phase::Closed(_) => return Err(Refusal::TableClosed),
        }
        if self.seat_of(user).is_none() && self.reservation_of(user).is_none() {
            return Err(Refusal::NotYourTable);
        }
        self.next_match(now)
    }

    pub(super) fn join(&mut self, user: UserId, name: String) -> Result<Effects, Refusal> {
        if self.puzzle.is_some() {
            return Err(Refusal::PuzzleAlone);
        }
        if self.seat_of(user).is_some() {
            return Err(Refusal::AlreadySeated);
        }
        match &mut self.phase {
            Phase::Lobby { seats } => {
                let free = seats
                    .iter_mut()
                    .find(|s| s.is_none())
                    .ok_or(Refusal::NoFreeSeat)?;
                *free = Some(Player::Person { id: user, name });
                self.stamp += 1;
                Ok(Effects::default())
            }
            Phase::Playing | Phase::Finished(_) => {
                if self.reservation_of(user).is_some() {
                    return Err(Refusal::AlreadySeated);
                }
                let seat = self.reservable_seat().ok_or(Refusal::NoCpuSeat)?;
                self.next_seats.retain(|c| c.seat() != seat);
                self.next_seats.push(SeatChange::Reserve {
                    seat,
                    id: user,
                    name,
                });
                self.stamp += 1;
                Ok(Effects::default())
            }
            Phase::Inviting { .. } => Err(Refusal::NotOpen),
            Phase::Closed(_) => Err(Refusal::TableClosed),
        }
    }

    pub(super) fn leave(&mut self, user: UserId, now: u64) -> Result<Effects, Refusal> {
        if let Some(at) = self.reservation_of(user) {
            // Leaving withdraws a reservation.
            self.next_seats.remove(at);
            self.stamp += 1;
            return Ok(Effects::default());
        }
        let seat = self.seat_of(user);
        let host_stays =
            user == self.host && matches!(self.phase, Phase::Inviting { .. } | Phase::Lobby { .. });
        match &mut self.phase {
            Phase::Closed(_) => Err(Refusal::TableClosed),
            _ if host_stays => Err(Refusal::HostStays),
            // Leaving an invitation is declining it.
            Phase::Inviting { .. } => self.answer(user, false, now),
            Phase::Lobby { seats } => {
                let seat = seat.ok_or(Refusal::NotYourTable)?;
                seats[seat as usize] = None;
                self.stamp += 1;
                Ok(Effects::default())
            }
            Phase::Playing => {
                let seat = seat.ok_or(Refusal::NotYourTable)?;
                Ok(self.forfeit(user, seat, Left::Abandoned))
            }
            Phase::Finished(_) => {
                let seat = seat.ok_or(Refusal::NotYourTable)?;
                if self.next_seats.contains(&SeatChange::Vacate { seat }) {
                    return Err(Refusal::NotYourTable);
                }
                self.next_seats.retain(|c| c.seat() != seat);
                self.next_seats.push(SeatChange::Vacate { seat });
                self.stamp += 1;
                Ok(Effects::default())
            }
        }
    }

    pub(super) fn start(&mut self, user: UserId, now: u64) -> Result<Effects, Refusal> {
        let Phase::Lobby { seats } = &self.phase else {
            return Err(match self.phase {
                Phase::Playing => Refusal::AlreadyStarted,
                Phase::Inviting { .. } => Refusal::NotOpen,
                Phase::Finished(_) => Refusal::GameOver,
                _ => Refusal::TableClosed,
            });
        };
        self.check_host(user)?;
        if self.ranked && seats.iter().any(Option::is_none) {
            return Err(Refusal::RankedNeedsPeople);
        }
        let seats = seats.clone();
        let players = if self.matches == 0 {
            self.first_order(seats)
        } else {
            let cpu = Player::Cpu { level: self.level };
            seats
                .into_iter()
                .map(|p| p.unwrap_or_else(|| cpu.clone()))
                .collect()
        };
        self.start_match(players, now)
    }

    pub(super) fn free_seat(&mut self, user: UserId) -> Result<Effects, Refusal> {
        if self.puzzle.is_some() {
            return Err(Refusal::PuzzleAlone);
        }
        if !matches!(self.phase, Phase::Playing | Phase::Finished(_)) {
            return Err(Refusal::NoCpuSeat);
        }
        self.check_host(user)?;
        let seat = self.freeable_seat().ok_or(Refusal::NoCpuSeat)?;
        self.next_seats.push(SeatChange::Free { seat });
        self.stamp += 1;
        Ok(Effects::default())
    }
}
