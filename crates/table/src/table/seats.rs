//! Seats: open tables (join, leave, start), seats that change hands at the
//! end of a match (reservations of CPU seats, freed CPU seats, people who
//! left), and the next match.

use super::{Effects, Left, Phase, Player, Refusal, Table, UserId};
use boardbot_engine::game::Seat;
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
        let host_seated = seats
            .iter()
            .flatten()
            .any(|p| p.person_id() == Some(self.host));
        if !host_seated {
            // The host's seat went to the CPU: the role passes on.
            if let Some(seat) = self.seat_of(self.host) {
                self.pass_host_among(&seats, seat);
            }
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
        if self.deserted() {
            return Err(Refusal::TableClosed);
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
        if self.deserted() {
            return Err(Refusal::TableClosed);
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

    /// The host's seat went to the CPU during the match: the next person
    /// seated after it (in seat order) becomes the host. With nobody left
    /// the host stays: the CPU seats finish the match, and the table
    /// closes after it ([`Table::deserted`]).
    pub(super) fn pass_host(&mut self, from: Seat) {
        let seats: Vec<Option<Player>> = self.players.iter().cloned().map(Some).collect();
        self.pass_host_among(&seats, from);
    }

    fn pass_host_among(&mut self, seats: &[Option<Player>], from: Seat) {
        let n = seats.len();
        let next = (1..n).map(|k| (from as usize + k) % n).find_map(|s| {
            seats[s]
                .as_ref()
                .and_then(Player::person_id)
                .filter(|&id| id != self.host)
        });
        if let Some(next) = next {
            self.host = next;
            // A seat the old host chose no longer binds the order.
            self.host_seat = None;
        }
    }

    /// Which of [`Table::departed`] `user` may take back now: their seat
    /// went to the CPU during this match because they left or their clock
    /// ran out (a resignation is final), and they have not come back once
    /// already.
    fn rejoinable(&self, user: UserId) -> Result<usize, Refusal> {
        if self.phase != Phase::Playing {
            return Err(match self.phase {
                Phase::Finished(_) => Refusal::GameOver,
                Phase::Closed(_) => Refusal::TableClosed,
                _ => Refusal::NotStarted,
            });
        }
        let mine = || {
            self.departed
                .iter()
                .enumerate()
                .filter(|(_, d)| d.user == user)
        };
        if mine().any(|(_, d)| d.back.is_some()) {
            return Err(Refusal::AlreadyRejoined);
        }
        let (at, departure) = mine().next_back().ok_or(Refusal::NoSeatToRejoin)?;
        if departure.why == Left::Resigned {
            return Err(Refusal::ResignedForGood);
        }
        if self.seat_of(user).is_some() {
            return Err(Refusal::AlreadySeated);
        }
        if !self.players[departure.seat as usize].is_cpu() {
            return Err(Refusal::NoSeatToRejoin);
        }
        Ok(at)
    }

    /// Whether someone may take their seat back now: the board offers
    /// `Rejoin` (only they may use it).
    pub fn offers_rejoin(&self) -> bool {
        self.departed
            .iter()
            .any(|d| self.rejoinable(d.user).is_ok())
    }

    pub(super) fn rejoin(&mut self, user: UserId, name: String) -> Result<Effects, Refusal> {
        let at = self.rejoinable(user)?;
        let departure = &mut self.departed[at];
        departure.back = Some(self.history.len() as u32);
        let seat = departure.seat;
        self.players[seat as usize] = Player::Person { id: user, name };
        // Back in this match: a reservation for the next one is void.
        if let Some(reserved) = self.reservation_of(user) {
            self.next_seats.remove(reserved);
        }
        self.stamp += 1;
        Ok(Effects {
            cpu_turn: self.cpu_turn(),
            ..Effects::default()
        })
    }

    /// A finished match that every person left (the CPU seats finished
    /// it) with nobody waiting for a seat: the table is closed — no
    /// rematch, no controls.
    pub fn deserted(&self) -> bool {
        matches!(self.phase, Phase::Finished(_))
            && self.players.len() > 2
            && self.players.iter().all(Player::is_cpu)
            && !self
                .next_seats
                .iter()
                .any(|c| matches!(c, SeatChange::Reserve { .. }))
    }
}
