//! A person's results in a server, worked out from the `matches` rows: by
//! game, against people and against the CPU by level, and win streaks.

use super::{numbered_match, to_i64, Result, Store, MATCH_COLUMNS};
use crate::cpu::Level;
use crate::rating::{seat_person, seat_place, Place};
use crate::table::{MatchRecord, Player, UserId};

/// Wins, draws and losses.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    fn add(&mut self, place: Place) {
        match place {
            Place::Won => self.wins += 1,
            Place::Drew => self.draws += 1,
            Place::Lost => self.losses += 1,
        }
    }
}

/// One game's results for a person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameStats {
    /// The game command name.
    pub game: String,
    pub total: Tally,
    /// Matches where every other seat was a person.
    pub vs_people: Tally,
    /// Matches with a CPU seat, by the CPU's level (easy, medium, hard;
    /// levels never played are left out).
    pub vs_cpu: Vec<(Level, Tally)>,
    /// Ranked matches only.
    pub ranked: Tally,
    pub longest_streak: u32,
}

/// A person's results in a server. Self-play matches and matches that
/// ended without a result are not counted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stats {
    pub guild: u64,
    pub user: UserId,
    /// Their name in their latest match, if they played any.
    pub name: Option<String>,
    /// In the order games were first played.
    pub games: Vec<GameStats>,
    pub total: Tally,
    /// Wins in a row, any game, in the order matches ended.
    pub longest_streak: u32,
    /// The numbers of their last few matches, newest first (for `/review`).
    pub recent: Vec<u64>,
}

/// How many match numbers [`Stats::recent`] keeps.
pub const RECENT: usize = 5;

/// SQL `LIKE` patterns finding `user` in a match's seats JSON, as a person
/// holding a seat or as the person who left it. The matches they select are
/// checked again after parsing.
fn seat_patterns(user: UserId) -> (String, String) {
    (format!("%\"id\":{user},%"), format!("%\"left\":{user}}}%"))
}

/// The matches of a server where `user` sat, oldest first.
async fn matches_of<'e, E>(executor: E, guild: u64, user: UserId) -> Result<Vec<(u64, MatchRecord)>>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    let (held, left) = seat_patterns(user);
    let rows = sqlx::query(&format!(
        "SELECT {MATCH_COLUMNS}, id FROM matches \
         WHERE guild = $1 AND (seats LIKE $2 OR seats LIKE $3) ORDER BY ended_at, id"
    ))
    .bind(to_i64(guild))
    .bind(held)
    .bind(left)
    .fetch_all(executor)
    .await?;
    let records = rows
        .iter()
        .map(numbered_match)
        .collect::<Result<Vec<_>>>()?;
    Ok(records
        .into_iter()
        .filter(|(_, m)| seats_of(m, user).next().is_some())
        .collect())
}

/// The seats whose result is `user`'s.
fn seats_of(record: &MatchRecord, user: UserId) -> impl Iterator<Item = usize> + '_ {
    (0..record.seats.len())
        .filter(move |&seat| seat_person(record, seat).map(|p| p.0) == Some(user))
}

/// A person's name in their latest match of a server that names them.
pub(super) async fn latest_name<'e, E>(
    executor: E,
    guild: u64,
    user: UserId,
) -> Result<Option<String>>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    let records: Vec<MatchRecord> = matches_of(executor, guild, user)
        .await?
        .into_iter()
        .map(|(_, m)| m)
        .collect();
    Ok(name_in(&records, user))
}

fn name_in(records: &[MatchRecord], user: UserId) -> Option<String> {
    records.iter().rev().find_map(|m| {
        m.seats.iter().find_map(|s| match &s.player {
            Player::Person { id, name } if *id == user && !name.is_empty() => Some(name.clone()),
            _ => None,
        })
    })
}

/// Works out the stats from a person's matches, oldest first.
fn tally(guild: u64, user: UserId, records: &[MatchRecord]) -> Stats {
    let mut stats = Stats {
        guild,
        user,
        name: name_in(records, user),
        games: Vec::new(),
        total: Tally::default(),
        longest_streak: 0,
        recent: Vec::new(),
    };
    let mut streak = 0;
    let mut game_streaks: Vec<u32> = Vec::new();
    for m in records {
        let seats: Vec<usize> = seats_of(m, user).collect();
        // Self-play: both results are the same person's.
        let [seat] = seats[..] else { continue };
        let Some(place) = seat_place(m, seat) else {
            continue;
        };
        let cpu = m.seats.iter().find_map(|s| match (&s.player, s.left) {
            (Player::Cpu { level }, None) => Some(*level),
            _ => None,
        });
        let index = match stats.games.iter().position(|g| g.game == m.game) {
            Some(i) => i,
            None => {
                stats.games.push(GameStats {
                    game: m.game.clone(),
                    total: Tally::default(),
                    vs_people: Tally::default(),
                    vs_cpu: Vec::new(),
                    ranked: Tally::default(),
                    longest_streak: 0,
                });
                game_streaks.push(0);
                stats.games.len() - 1
            }
        };
        let game = &mut stats.games[index];
        game.total.add(place);
        stats.total.add(place);
        if m.ranked {
            game.ranked.add(place);
        }
        match cpu {
            None => game.vs_people.add(place),
            Some(level) => {
                let at = match game.vs_cpu.iter().position(|(l, _)| *l == level) {
                    Some(at) => at,
                    None => {
                        game.vs_cpu.push((level, Tally::default()));
                        game.vs_cpu.len() - 1
                    }
                };
                game.vs_cpu[at].1.add(place);
            }
        }
        let won = place == Place::Won;
        streak = if won { streak + 1 } else { 0 };
        game_streaks[index] = if won { game_streaks[index] + 1 } else { 0 };
        stats.longest_streak = stats.longest_streak.max(streak);
        game.longest_streak = game.longest_streak.max(game_streaks[index]);
    }
    for game in &mut stats.games {
        game.vs_cpu.sort_by_key(|(level, _)| *level as u8);
    }
    stats
}

impl Store {
    /// A person's results in a server (all games, ranked or not).
    pub async fn stats(&self, guild: u64, user: UserId) -> Result<Stats> {
        let numbered = matches_of(&self.pool, guild, user).await?;
        let recent = numbered
            .iter()
            .rev()
            .take(RECENT)
            .map(|(id, _)| *id)
            .collect();
        let records: Vec<MatchRecord> = numbered.into_iter().map(|(_, m)| m).collect();
        Ok(Stats {
            recent,
            ..tally(guild, user, &records)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::SeatRecord;

    #[test]
    fn the_patterns_match_the_seats_json() {
        let seats = vec![
            SeatRecord {
                player: Player::Person {
                    id: 42,
                    name: "x".into(),
                },
                left: None,
                cpu_played: None,
            },
            SeatRecord {
                player: Player::Cpu { level: Level::Hard },
                left: Some(7),
                cpu_played: None,
            },
        ];
        let json = serde_json::to_string(&seats).unwrap();
        let like = |pattern: &str| {
            let inner = pattern.trim_matches('%');
            json.contains(inner)
        };
        assert!(like(&seat_patterns(42).0), "{json}");
        assert!(like(&seat_patterns(7).1), "{json}");
        assert!(!like(&seat_patterns(4).0) && !like(&seat_patterns(4).1));
    }
}
