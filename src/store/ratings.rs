//! The `ratings` table: one row per (server, game, person), changed only in
//! the transaction that records a ranked match, and read for `/rating` and
//! `/leaderboard`.

use super::{to_i64, to_u64, Backend, Result, Store};
use crate::rating::{self, Model, Rated, Rating};
use crate::table::{MatchRecord, UserId};
use sqlx::any::AnyRow;
use sqlx::Row;

/// A person's rating in one game of one server, with their rank there.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingRow {
    pub guild: u64,
    pub game: String,
    pub user: UserId,
    /// The name in their latest rated match.
    pub name: String,
    pub rating: Rating,
    /// 1 for the best rating of the server in that game; ties share a rank.
    pub rank: u32,
    /// How many people have a rating in that game in the server.
    pub rated: u32,
    /// When the rating last changed (ms since the epoch).
    pub updated_at: u64,
}

/// One line of a leaderboard.
#[derive(Debug, Clone, PartialEq)]
pub struct LeaderLine {
    pub rank: u32,
    pub user: UserId,
    pub name: String,
    pub rating: Rating,
}

/// The top of a server's ratings in one game.
#[derive(Debug, Clone, PartialEq)]
pub struct Leaderboard {
    pub guild: u64,
    pub game: String,
    /// Best first.
    pub lines: Vec<LeaderLine>,
    /// The asker's own line when they have a rating but are not in `lines`.
    pub own: Option<LeaderLine>,
    /// How many people have a rating in that game in the server.
    pub rated: u32,
}

const COLUMNS: &str = "user_id, name, value, deviation, volatility, games, wins, draws, \
                       losses, last_change, streak, best_streak, updated_at";

/// Reads a row selected with [`COLUMNS`]: (user, name, rating, updated_at).
fn rating_of(row: &AnyRow, game: &str) -> Result<(UserId, String, Rating, u64)> {
    let count = |i: usize| -> Result<u32> { Ok(row.try_get::<i64, _>(i)?.max(0) as u32) };
    let rating = Rating {
        model: Model::for_game(game),
        value: row.try_get(2)?,
        deviation: row.try_get(3)?,
        volatility: row.try_get(4)?,
        games: count(5)?,
        wins: count(6)?,
        draws: count(7)?,
        losses: count(8)?,
        last_change: row.try_get(9)?,
        streak: count(10)?,
        best_streak: count(11)?,
    };
    Ok((
        to_u64(row.try_get(0)?),
        row.try_get(1)?,
        rating,
        to_u64(row.try_get(12)?),
    ))
}

/// Rates a ranked match inside the transaction that just inserted it.
///
/// Each person's row is created if missing and then read under a row lock
/// (PostgreSQL: `FOR UPDATE`, in user order so two matches never wait on
/// each other in a circle; SQLite: the transaction already holds the
/// database's write lock), so two processes finishing matches at once
/// never overwrite each other's change.
pub(super) async fn rate_match(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    backend: Backend,
    record: &MatchRecord,
    now: u64,
) -> Result<Vec<Rated>> {
    let mut people = rating::rated_people(record);
    if people.is_empty() {
        return Ok(Vec::new());
    }
    people.sort_unstable();
    let model = Model::for_game(&record.game);
    let start = Rating::new(model);
    let lock = match backend {
        Backend::Postgres => " FOR UPDATE",
        Backend::Sqlite => "",
    };
    let mut current = Vec::with_capacity(people.len());
    for &user in &people {
        sqlx::query(
            "INSERT INTO ratings (guild, game, user_id, name, value, deviation, volatility, \
             games, wins, draws, losses, last_change, streak, best_streak, updated_at) \
             VALUES ($1, $2, $3, '', $4, $5, $6, 0, 0, 0, 0, 0, 0, 0, $7) \
             ON CONFLICT (guild, game, user_id) DO NOTHING",
        )
        .bind(to_i64(record.guild))
        .bind(record.game.clone())
        .bind(to_i64(user))
        .bind(start.value)
        .bind(start.deviation)
        .bind(start.volatility)
        .bind(to_i64(now))
        .execute(&mut **tx)
        .await?;
        let row = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM ratings WHERE guild = $1 AND game = $2 AND user_id = $3{lock}"
        ))
        .bind(to_i64(record.guild))
        .bind(record.game.clone())
        .bind(to_i64(user))
        .fetch_one(&mut **tx)
        .await?;
        let (user, name, rating, _) = rating_of(&row, &record.game)?;
        current.push((user, name, rating));
    }
    let known: Vec<(UserId, Rating)> = current
        .iter()
        .map(|(user, _, rating)| (*user, rating.clone()))
        .collect();
    let rated = rating::update(record, &known);
    for r in &rated {
        // Someone who left the match is not named in its record: keep the
        // stored name, or find it in their matches.
        let name = if !r.name.is_empty() {
            r.name.clone()
        } else {
            let stored = current
                .iter()
                .find(|(user, _, _)| *user == r.user)
                .map(|(_, name, _)| name.clone())
                .unwrap_or_default();
            if stored.is_empty() {
                super::stats::latest_name(&mut **tx, record.guild, r.user)
                    .await?
                    .unwrap_or_else(|| r.user.to_string())
            } else {
                stored
            }
        };
        let a = &r.after;
        sqlx::query(
            "UPDATE ratings SET name = $1, value = $2, deviation = $3, volatility = $4, \
             games = $5, wins = $6, draws = $7, losses = $8, last_change = $9, streak = $10, \
             best_streak = $11, updated_at = $12 \
             WHERE guild = $13 AND game = $14 AND user_id = $15",
        )
        .bind(name)
        .bind(a.value)
        .bind(a.deviation)
        .bind(a.volatility)
        .bind(i64::from(a.games))
        .bind(i64::from(a.wins))
        .bind(i64::from(a.draws))
        .bind(i64::from(a.losses))
        .bind(a.last_change)
        .bind(i64::from(a.streak))
        .bind(i64::from(a.best_streak))
        .bind(to_i64(now))
        .bind(to_i64(record.guild))
        .bind(record.game.clone())
        .bind(to_i64(r.user))
        .execute(&mut **tx)
        .await?;
    }
    Ok(rated)
}

/// Ranks in a list sorted best first: 1 + how many are strictly better.
fn ranks(values: &[f64]) -> Vec<u32> {
    let mut out: Vec<u32> = Vec::with_capacity(values.len());
    for (i, v) in values.iter().enumerate() {
        let rank = if i > 0 && values[i - 1] == *v {
            out[i - 1]
        } else {
            i as u32 + 1
        };
        out.push(rank);
    }
    out
}

impl Store {
    /// A person's rating in `game` in a server, with their rank there;
    /// `None` before their first ranked match of that game.
    pub async fn rating(&self, guild: u64, game: &str, user: UserId) -> Result<Option<RatingRow>> {
        let row = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM ratings WHERE guild = $1 AND game = $2 AND user_id = $3 \
             AND games > 0"
        ))
        .bind(to_i64(guild))
        .bind(game.to_owned())
        .bind(to_i64(user))
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let (user, name, rating, updated_at) = rating_of(&row, game)?;
        let (rank, rated) = self.rank_of(guild, game, rating.value).await?;
        Ok(Some(RatingRow {
            guild,
            game: game.to_owned(),
            user,
            name,
            rating,
            rank,
            rated,
            updated_at,
        }))
    }

    /// A person's ratings in every game they played ranked in a server,
    /// in the order of `games` (the game command names).
    pub async fn ratings(
        &self,
        guild: u64,
        user: UserId,
        games: &[&str],
    ) -> Result<Vec<RatingRow>> {
        let mut out = Vec::new();
        for game in games {
            if let Some(row) = self.rating(guild, game, user).await? {
                out.push(row);
            }
        }
        Ok(out)
    }

    /// (rank of a rating value, how many are rated) in a server's game.
    async fn rank_of(&self, guild: u64, game: &str, value: f64) -> Result<(u32, u32)> {
        let row = sqlx::query(
            "SELECT COUNT(*), COALESCE(SUM(CASE WHEN value > $3 THEN 1 ELSE 0 END), 0) \
             FROM ratings WHERE guild = $1 AND game = $2 AND games > 0",
        )
        .bind(to_i64(guild))
        .bind(game.to_owned())
        .bind(value)
        .fetch_one(&self.pool)
        .await?;
        let rated: i64 = row.try_get(0)?;
        let better: i64 = row.try_get(1)?;
        Ok((better as u32 + 1, rated as u32))
    }

    /// The best `limit` ratings of a server in `game`, and `asker`'s own
    /// line when they have a rating but are not among them.
    pub async fn leaderboard(
        &self,
        guild: u64,
        game: &str,
        limit: u32,
        asker: Option<UserId>,
    ) -> Result<Leaderboard> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM ratings WHERE guild = $1 AND game = $2 AND games > 0 \
             ORDER BY value DESC, games DESC, user_id LIMIT $3"
        ))
        .bind(to_i64(guild))
        .bind(game.to_owned())
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        let read = rows
            .iter()
            .map(|row| rating_of(row, game))
            .collect::<Result<Vec<_>>>()?;
        let values: Vec<f64> = read.iter().map(|(_, _, r, _)| r.value).collect();
        let lines: Vec<LeaderLine> = read
            .into_iter()
            .zip(ranks(&values))
            .map(|((user, name, rating, _), rank)| LeaderLine {
                rank,
                user,
                name,
                rating,
            })
            .collect();
        let mut own = None;
        if let Some(asker) = asker {
            if !lines.iter().any(|l| l.user == asker) {
                own = self
                    .rating(guild, game, asker)
                    .await?
                    .map(|row| LeaderLine {
                        rank: row.rank,
                        user: row.user,
                        name: row.name,
                        rating: row.rating,
                    });
            }
        }
        let rated = match lines.first() {
            Some(first) => self.rank_of(guild, game, first.rating.value).await?.1,
            None => 0,
        };
        Ok(Leaderboard {
            guild,
            game: game.to_owned(),
            lines,
            own,
            rated,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::ranks;

    #[test]
    fn ties_share_a_rank() {
        assert_eq!(ranks(&[9.0, 8.0, 8.0, 7.0]), vec![1, 2, 2, 4]);
        assert_eq!(ranks(&[]), Vec::<u32>::new());
    }
}
