//! Puzzles: the day's puzzle of each game, stored once made, and who
//! solved it (once a person a day).

use super::*;

impl Store {
    /// Records that `user` solved the day's puzzle of `game` in `guild`
    /// (once: solving it again changes nothing) and returns how many
    /// people there solved it.
    pub async fn record_puzzle_solve(
        &self,
        guild: u64,
        day: u64,
        game: &str,
        user: UserId,
        now: u64,
    ) -> Result<u32> {
        let solve = Solve {
            guild,
            day,
            game: game.to_owned(),
            user,
        };
        let mut tx = self.pool.begin().await?;
        let solvers = insert_solve(&mut tx, &solve, now).await?;
        tx.commit().await?;
        Ok(solvers)
    }

    /// The day's puzzle of `game` (its game and board: `connect4`,
    /// `dots-5x4`), when it was found
    /// before.
    pub async fn daily_puzzle(&self, game: &str, day: u64) -> Result<Option<DailyPuzzle>> {
        let row = sqlx::query(
            "SELECT start, solution, goal FROM daily_puzzles WHERE game = $1 AND day = $2",
        )
        .bind(game.to_owned())
        .bind(to_i64(day))
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let start: String = row.try_get(0)?;
        Ok(Some(DailyPuzzle {
            start: serde_json::from_str(&start)?,
            solution: u16::try_from(row.try_get::<i64, _>(1)?)
                .map_err(|_| StoreError::Failed("stored puzzle: a move out of range".into()))?,
            goal: i32::try_from(row.try_get::<i64, _>(2)?)
                .map_err(|_| StoreError::Failed("stored puzzle: a goal out of range".into()))?,
        }))
    }

    /// Keeps the day's puzzle of `game` (the first one stored stays).
    pub async fn save_daily_puzzle(
        &self,
        game: &str,
        day: u64,
        puzzle: &DailyPuzzle,
    ) -> Result<()> {
        sqlx::query(
            "INSERT INTO daily_puzzles (game, day, start, solution, goal) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (game, day) DO NOTHING",
        )
        .bind(game.to_owned())
        .bind(to_i64(day))
        .bind(serde_json::to_string(&puzzle.start)?)
        .bind(i64::from(puzzle.solution))
        .bind(i64::from(puzzle.goal))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// How many people in `guild` solved the day's puzzle of `game`.
    pub async fn puzzle_solvers(&self, guild: u64, day: u64, game: &str) -> Result<u32> {
        let row = sqlx::query(
            "SELECT COUNT(*) FROM puzzle_solves WHERE guild = $1 AND day = $2 AND game = $3",
        )
        .bind(to_i64(guild))
        .bind(to_i64(day))
        .bind(game.to_owned())
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get::<i64, _>(0)? as u32)
    }
}

/// Records a puzzle solve (once a person a day) and counts the day's
/// solvers in its server.
pub(super) async fn insert_solve(tx: &mut Tx<'_>, solve: &Solve, now: u64) -> Result<u32> {
    sqlx::query(
        "INSERT INTO puzzle_solves (guild, day, game, user_id, solved_at) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (guild, day, game, user_id) DO NOTHING",
    )
    .bind(to_i64(solve.guild))
    .bind(to_i64(solve.day))
    .bind(solve.game.clone())
    .bind(to_i64(solve.user))
    .bind(to_i64(now))
    .execute(&mut **tx)
    .await?;
    let row = sqlx::query(
        "SELECT COUNT(*) FROM puzzle_solves WHERE guild = $1 AND day = $2 AND game = $3",
    )
    .bind(to_i64(solve.guild))
    .bind(to_i64(solve.day))
    .bind(solve.game.clone())
    .fetch_one(&mut **tx)
    .await?;
    Ok(row.try_get::<i64, _>(0)? as u32)
}
