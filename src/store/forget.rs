//! `boardbot forget <user id>`: a person's names and id leave the stored
//! tables and matches, and their ratings and puzzle solves go.
//!
//! In tables and match records the person's seat stays (other people's
//! results and the move history need it) but holds nobody: id 0, no name.
//! Their ratings rows and solves are deleted: nobody else's figures are
//! read from them.

use super::{to_i64, Result, Store, Tx};
use crate::table::UserId;
use serde_json::Value;
use sqlx::Row;

/// What [`Store::forget`] changed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Forgotten {
    pub tables: u64,
    pub matches: u64,
    pub ratings: u64,
    pub solves: u64,
    pub tournaments: u64,
}

/// The table fields that hold no person: the position and its moves hold
/// small numbers a test's user id could equal.
const NOT_PEOPLE: &[&str] = &[
    "no",
    "guild",
    "channel",
    "kind",
    "level",
    "game",
    "history",
    "stamp",
    "matches",
    "match_started_at",
    "seed",
    "rules",
    "clock",
    "paused",
    "last_action",
    "puzzle",
];

/// Takes `user` out of stored JSON: a seat `{"id": user, "name": …}` loses
/// its name, and every field that holds the id (seats, host, invitations,
/// departures, rating changes) holds 0. `true` when anything changed.
fn scrub(value: &mut Value, user: UserId) -> bool {
    match value {
        Value::Number(n) if n.as_u64() == Some(user) => {
            *value = Value::from(0u64);
            true
        }
        Value::Array(items) => {
            // Every item, not only up to the first change.
            let mut changed = false;
            for item in items {
                changed |= scrub(item, user);
            }
            changed
        }
        Value::Object(map) => {
            let mut changed = false;
            if map.get("id").and_then(Value::as_u64) == Some(user) {
                if let Some(name) = map.get_mut("name") {
                    *name = Value::from("");
                    changed = true;
                }
            }
            map.iter_mut()
                .filter(|(key, _)| !NOT_PEOPLE.contains(&key.as_str()))
                .fold(changed, |changed, (_, v)| scrub(v, user) || changed)
        }
        _ => false,
    }
}

/// Takes `user` out of a stored tournament: their entry keeps its place
/// (the pairings and standings name players by place) with id 0 and no
/// name, and the host or the ender they were holds 0. Only those fields
/// hold people (the rounds hold places and message numbers).
fn scrub_tournament(value: &mut Value, user: UserId) -> bool {
    let mut changed = false;
    if let Some(players) = value.get_mut("players") {
        changed |= scrub(players, user);
    }
    if value.get("host").and_then(Value::as_u64) == Some(user) {
        value["host"] = Value::from(0u64);
        value["host_name"] = Value::from("");
        changed = true;
    }
    if let Some(early) = value.pointer_mut("/stage/Finished/early") {
        if early.as_u64() == Some(user) {
            *early = Value::from(0u64);
            changed = true;
        }
    }
    changed
}

/// Rewrites the JSON column `column` of every row of `table` (keyed by
/// `key`) that mentions `user` through `scrub`, and counts the rows it
/// changed. The id as text narrows the rows to parse; the JSON walk
/// decides. A row that does not parse is broken and kept as it is.
async fn scrub_rows(
    tx: &mut Tx<'_>,
    table: &str,
    key: &str,
    column: &str,
    user: UserId,
    scrub: fn(&mut Value, UserId) -> bool,
) -> Result<u64> {
    let rows = sqlx::query(&format!(
        "SELECT {key}, {column} FROM {table} WHERE {column} LIKE $1"
    ))
    .bind(format!("%{user}%"))
    .fetch_all(&mut **tx)
    .await?;
    let update = format!("UPDATE {table} SET {column} = $1 WHERE {key} = $2");
    let mut changed = 0;
    for row in rows {
        let id: i64 = row.try_get(0)?;
        let text: String = row.try_get(1)?;
        let Ok(mut value) = serde_json::from_str::<Value>(&text) else {
            continue;
        };
        if scrub(&mut value, user) {
            sqlx::query(&update)
                .bind(value.to_string())
                .bind(id)
                .execute(&mut **tx)
                .await?;
            changed += 1;
        }
    }
    Ok(changed)
}

impl Store {
    /// Removes `user`'s names and id from every stored table and match and
    /// deletes their ratings and puzzle solves, in one transaction.
    pub async fn forget(&self, user: UserId) -> Result<Forgotten> {
        let mut tx = self.pool.begin().await?;
        let tables = scrub_rows(&mut tx, "tables", "no", "state", user, scrub).await?;
        let matches = scrub_rows(&mut tx, "matches", "id", "seats", user, scrub).await?;
        let tournaments = scrub_rows(
            &mut tx,
            "tournaments",
            "id",
            "state",
            user,
            scrub_tournament,
        )
        .await?;
        // Their /stats lines name them by id: the matches no longer do.
        sqlx::query("DELETE FROM match_results WHERE user_id = $1")
            .bind(to_i64(user))
            .execute(&mut *tx)
            .await?;
        let ratings = sqlx::query("DELETE FROM ratings WHERE user_id = $1")
            .bind(to_i64(user))
            .execute(&mut *tx)
            .await?
            .rows_affected();
        let solves = sqlx::query("DELETE FROM puzzle_solves WHERE user_id = $1")
            .bind(to_i64(user))
            .execute(&mut *tx)
            .await?
            .rows_affected();
        let done = Forgotten {
            tables,
            matches,
            ratings,
            solves,
            tournaments,
        };
        tx.commit().await?;
        Ok(done)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_loses_its_name_and_id_and_others_stay() {
        let mut seats = serde_json::json!([
            {"player": {"Person": {"id": 42, "name": "Ana"}}, "left": null},
            {"player": {"Person": {"id": 7, "name": "Bo"}}, "left": 42},
        ]);
        assert!(scrub(&mut seats, 42));
        assert_eq!(
            seats,
            serde_json::json!([
                {"player": {"Person": {"id": 0, "name": ""}}, "left": null},
                {"player": {"Person": {"id": 7, "name": "Bo"}}, "left": 0},
            ])
        );
        assert!(!scrub(&mut seats, 42));
    }

    #[test]
    fn a_tournament_keeps_the_place_and_loses_the_person() {
        let mut t = serde_json::json!({
            "id": 42, "host": 42, "host_name": "Ana",
            "players": [{"id": 42, "name": "Ana", "rating": 0.0, "withdrawn": null},
                        {"id": 7, "name": "Bo", "rating": 0.0, "withdrawn": 42}],
            "rounds": [{"boards": [{"first": 42, "second": 1}]}],
            "stage": {"Finished": {"early": 42}},
        });
        assert!(scrub_tournament(&mut t, 42));
        assert_eq!(t["id"], 42, "the tournament's own number stays");
        assert_eq!(t["host"], 0);
        assert_eq!(t["host_name"], "");
        assert_eq!(t["players"][0]["name"], "");
        assert_eq!(t["players"][0]["id"], 0);
        assert_eq!(t["players"][1]["name"], "Bo");
        assert_eq!(t["rounds"][0]["boards"][0]["first"], 42, "places stay");
        assert_eq!(t["stage"]["Finished"]["early"], 0);
        assert!(!scrub_tournament(&mut t, 42));
    }
}
