//! A person's results in a server, worked out from the `matches` rows: by
//! game, against people and against the CPU by level, and win streaks.

use super::{numbered_match, to_i64, to_u64, Result, Store, Tx, MATCH_COLUMNS};
use crate::cpu::Level;
use crate::rating::{seat_person, seat_place, Place};
use crate::table::{MatchRecord, Player, UserId};
use sqlx::Row;

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

/// One person's line of a finished match in `match_results`: what
/// `/stats` counts of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct PersonResult {
    pub user: UserId,
    /// `None` when the match does not count for them: self-play, or no
    /// result.
    pub place: Option<Place>,
    /// The CPU's level when a seat was the CPU's from the start.
    pub vs_cpu: Option<Level>,
    /// Their name in the match; empty when they left it.
    pub name: String,
}

fn place_name(place: Place) -> &'static str {
    match place {
        Place::Won => "won",
        Place::Drew => "drew",
        Place::Lost => "lost",
    }
}

fn place_from(name: &str) -> Option<Place> {
    match name {
        "won" => Some(Place::Won),
        "drew" => Some(Place::Drew),
        "lost" => Some(Place::Lost),
        _ => None,
    }
}

/// The seats whose result is `user`'s.
fn seats_of(record: &MatchRecord, user: UserId) -> impl Iterator<Item = usize> + '_ {
    (0..record.seats.len())
        .filter(move |&seat| seat_person(record, seat).map(|p| p.0) == Some(user))
}

/// The CPU's level when a seat was the CPU's from the start.
fn cpu_of(record: &MatchRecord) -> Option<Level> {
    record.seats.iter().find_map(|s| match (&s.player, s.left) {
        (Player::Cpu { level }, None) => Some(*level),
        _ => None,
    })
}

/// Each person of a match, once, with what `/stats` counts of it.
pub(super) fn person_results(record: &MatchRecord) -> Vec<PersonResult> {
    let mut out: Vec<PersonResult> = Vec::new();
    for seat in 0..record.seats.len() {
        let Some((user, _)) = seat_person(record, seat) else {
            continue;
        };
        if out.iter().any(|r| r.user == user) {
            continue;
        }
        let seats: Vec<usize> = seats_of(record, user).collect();
        // Self-play: both results are the same person's, and neither counts.
        let place = match seats[..] {
            [only] => seat_place(record, only),
            _ => None,
        };
        out.push(PersonResult {
            user,
            place,
            vs_cpu: cpu_of(record),
            name: name_in(std::slice::from_ref(record), user).unwrap_or_default(),
        });
    }
    out
}

/// Writes a recorded match's lines in `match_results` (again is harmless)
/// and marks the match as written.
pub(super) async fn write_results(tx: &mut Tx<'_>, id: u64, record: &MatchRecord) -> Result<()> {
    for r in person_results(record) {
        sqlx::query(
            "INSERT INTO match_results (match_id, guild, user_id, game, ended_at, place, \
             vs_cpu, ranked, name) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
             ON CONFLICT (match_id, user_id) DO NOTHING",
        )
        .bind(to_i64(id))
        .bind(to_i64(record.guild))
        .bind(to_i64(r.user))
        .bind(record.game.clone())
        .bind(to_i64(record.ended_at))
        .bind(r.place.map(|p| place_name(p).to_owned()))
        .bind(r.vs_cpu.map(|l| l.name().to_owned()))
        .bind(i64::from(record.ranked))
        .bind(r.name)
        .execute(&mut **tx)
        .await?;
    }
    sqlx::query("UPDATE matches SET results_written = 1 WHERE id = $1")
        .bind(to_i64(id))
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Writes the `match_results` lines of matches recorded before the table
/// existed, a batch at a time; returns how many matches it wrote.
pub(super) async fn backfill_results(store: &Store) -> Result<u64> {
    let mut written = 0;
    loop {
        let rows = sqlx::query(&format!(
            "SELECT {MATCH_COLUMNS}, id FROM matches WHERE results_written = 0 \
             ORDER BY id LIMIT 500"
        ))
        .fetch_all(&store.pool)
        .await?;
        if rows.is_empty() {
            return Ok(written);
        }
        let mut tx = store.pool.begin().await?;
        for row in &rows {
            let (id, record) = numbered_match(row)?;
            write_results(&mut tx, id, &record).await?;
            written += 1;
        }
        tx.commit().await?;
    }
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
    let row = sqlx::query(
        "SELECT name FROM match_results WHERE guild = $1 AND user_id = $2 AND name <> '' \
         ORDER BY ended_at DESC, match_id DESC LIMIT 1",
    )
    .bind(to_i64(guild))
    .bind(to_i64(user))
    .fetch_optional(executor)
    .await?;
    Ok(row.map(|r| r.get::<String, _>(0)))
}

fn name_in(records: &[MatchRecord], user: UserId) -> Option<String> {
    records.iter().rev().find_map(|m| {
        m.seats.iter().find_map(|s| match &s.player {
            Player::Person { id, name } if *id == user && !name.is_empty() => Some(name.clone()),
            _ => None,
        })
    })
}

/// Works out the stats from a person's matches (with their numbers),
/// oldest first, in memory: the reference the store's SQL is tested
/// against.
#[doc(hidden)]
pub fn reference_stats(guild: u64, user: UserId, numbered: &[(u64, MatchRecord)]) -> Stats {
    let mine: Vec<&(u64, MatchRecord)> = numbered
        .iter()
        .filter(|(_, m)| m.guild == guild && seats_of(m, user).next().is_some())
        .collect();
    let records: Vec<MatchRecord> = mine.iter().map(|(_, m)| m.clone()).collect();
    let mut stats = Stats {
        guild,
        user,
        name: name_in(&records, user),
        games: Vec::new(),
        total: Tally::default(),
        longest_streak: 0,
        recent: mine.iter().rev().take(RECENT).map(|(id, _)| *id).collect(),
    };
    let mut streak = 0;
    let mut game_streaks: Vec<u32> = Vec::new();
    for m in &records {
        let seats: Vec<usize> = seats_of(m, user).collect();
        // Self-play: both results are the same person's.
        let [seat] = seats[..] else { continue };
        let Some(place) = seat_place(m, seat) else {
            continue;
        };
        let index = game_index(&mut stats, &m.game);
        if game_streaks.len() < stats.games.len() {
            game_streaks.push(0);
        }
        let game = &mut stats.games[index];
        game.total.add(place);
        stats.total.add(place);
        if m.ranked {
            game.ranked.add(place);
        }
        match cpu_of(m) {
            None => game.vs_people.add(place),
            Some(level) => game.vs_level(level).add(place),
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

/// Where `game`'s line is in the stats, added at the end when new.
fn game_index(stats: &mut Stats, game: &str) -> usize {
    match stats.games.iter().position(|g| g.game == game) {
        Some(i) => i,
        None => {
            stats.games.push(GameStats {
                game: game.to_owned(),
                total: Tally::default(),
                vs_people: Tally::default(),
                vs_cpu: Vec::new(),
                ranked: Tally::default(),
                longest_streak: 0,
            });
            stats.games.len() - 1
        }
    }
}

impl GameStats {
    fn vs_level(&mut self, level: Level) -> &mut Tally {
        let at = match self.vs_cpu.iter().position(|(l, _)| *l == level) {
            Some(at) => at,
            None => {
                self.vs_cpu.push((level, Tally::default()));
                self.vs_cpu.len() - 1
            }
        };
        &mut self.vs_cpu[at].1
    }
}

/// The longest run of wins among a person's counted results, in the order
/// matches ended: by game (`by_game`) or over all games. Runs are the
/// islands of consecutive wins: a win's position among all results minus
/// its position among the wins is the same along one run.
fn streak_sql(by_game: bool) -> String {
    let (part, key) = if by_game {
        ("PARTITION BY game ", "game, ")
    } else {
        ("", "")
    };
    format!(
        "SELECT {key}MAX(len) FROM ( \
           SELECT {key}COUNT(*) AS len FROM ( \
             SELECT {key}n - ROW_NUMBER() OVER ({part}ORDER BY ended_at, match_id) AS run FROM ( \
               SELECT game, place, ended_at, match_id, \
                 ROW_NUMBER() OVER ({part}ORDER BY ended_at, match_id) AS n \
               FROM match_results \
               WHERE guild = $1 AND user_id = $2 AND place IS NOT NULL \
             ) counted WHERE place = 'won' \
           ) wins GROUP BY {key}run \
         ) runs{group}",
        group = if by_game { " GROUP BY game" } else { "" }
    )
}

impl Store {
    /// A person's results in a server (all games, ranked or not), counted
    /// by the database from `match_results` through its index.
    pub async fn stats(&self, guild: u64, user: UserId) -> Result<Stats> {
        let (g, u) = (to_i64(guild), to_i64(user));
        let mut stats = Stats {
            guild,
            user,
            name: latest_name(&self.pool, guild, user).await?,
            games: Vec::new(),
            total: Tally::default(),
            longest_streak: 0,
            recent: Vec::new(),
        };
        let recent = sqlx::query(
            "SELECT match_id FROM match_results WHERE guild = $1 AND user_id = $2 \
             ORDER BY ended_at DESC, match_id DESC LIMIT $3",
        )
        .bind(g)
        .bind(u)
        .bind(RECENT as i64)
        .fetch_all(&self.pool)
        .await?;
        stats.recent = recent.iter().map(|r| to_u64(r.get::<i64, _>(0))).collect();
        // Games in the order they were first played.
        let games = sqlx::query(
            "SELECT game FROM ( \
               SELECT game, ROW_NUMBER() OVER (ORDER BY ended_at, match_id) AS n \
               FROM match_results WHERE guild = $1 AND user_id = $2 AND place IS NOT NULL \
             ) counted GROUP BY game ORDER BY MIN(n)",
        )
        .bind(g)
        .bind(u)
        .fetch_all(&self.pool)
        .await?;
        for row in &games {
            game_index(&mut stats, &row.get::<String, _>(0));
        }
        let counts = sqlx::query(
            "SELECT game, place, vs_cpu, ranked, COUNT(*) FROM match_results \
             WHERE guild = $1 AND user_id = $2 AND place IS NOT NULL \
             GROUP BY game, place, vs_cpu, ranked",
        )
        .bind(g)
        .bind(u)
        .fetch_all(&self.pool)
        .await?;
        for row in &counts {
            let game: String = row.get(0);
            let Some(place) = place_from(&row.get::<String, _>(1)) else {
                continue;
            };
            let vs_cpu: Option<String> = row.get(2);
            let ranked = row.get::<i64, _>(3) != 0;
            let n = row.get::<i64, _>(4) as u32;
            let index = game_index(&mut stats, &game);
            let line = &mut stats.games[index];
            let add = |tally: &mut Tally| match place {
                Place::Won => tally.wins += n,
                Place::Drew => tally.draws += n,
                Place::Lost => tally.losses += n,
            };
            add(&mut line.total);
            add(&mut stats.total);
            if ranked {
                add(&mut line.ranked);
            }
            match vs_cpu.as_deref().and_then(Level::parse) {
                None => add(&mut line.vs_people),
                Some(level) => add(line.vs_level(level)),
            }
        }
        for game in &mut stats.games {
            game.vs_cpu.sort_by_key(|(level, _)| *level as u8);
        }
        let overall = sqlx::query(&streak_sql(false))
            .bind(g)
            .bind(u)
            .fetch_one(&self.pool)
            .await?;
        stats.longest_streak = overall.get::<Option<i64>, _>(0).unwrap_or(0) as u32;
        let by_game = sqlx::query(&streak_sql(true))
            .bind(g)
            .bind(u)
            .fetch_all(&self.pool)
            .await?;
        for row in &by_game {
            let game: String = row.get(0);
            let longest = row.get::<Option<i64>, _>(1).unwrap_or(0) as u32;
            if let Some(line) = stats.games.iter_mut().find(|l| l.game == game) {
                line.longest_streak = longest;
            }
        }
        Ok(stats)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::SeatRecord;

    fn record(seats: Vec<SeatRecord>, result: &str, winner: Option<u8>) -> MatchRecord {
        MatchRecord {
            table: 1,
            match_no: 1,
            guild: 5,
            channel: 6,
            game: "connect4-3p".into(),
            size: "9x9".into(),
            seats,
            moves: Vec::new(),
            result: result.into(),
            winner,
            ended_by: "board".into(),
            started_at: 0,
            ended_at: 1,
            ranked: false,
        }
    }

    fn person(id: UserId) -> SeatRecord {
        SeatRecord::held(Player::Person {
            id,
            name: format!("p{id}"),
        })
    }

    #[test]
    fn each_person_is_one_line_and_self_play_does_not_count() {
        let mut left = SeatRecord::held(Player::Cpu { level: Level::Hard });
        left.left = Some(7);
        let m = record(vec![person(42), left, person(9)], "win", Some(0));
        let lines = person_results(&m);
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0].place, Some(Place::Won));
        assert_eq!(lines[1].user, 7);
        assert_eq!(lines[1].place, Some(Place::Lost), "leaving is a loss");
        assert_eq!(lines[1].name, "", "the record lacks a leaver's name");
        assert_eq!(
            lines[2].vs_cpu, None,
            "the CPU took a seat, it did not start in one"
        );

        let own = record(vec![person(42), person(42)], "win", Some(1));
        let lines = person_results(&own);
        assert_eq!(lines.len(), 1);
        assert_eq!(lines[0].place, None);
    }
}
