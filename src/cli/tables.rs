//! `boardbot tables --broken [--clear <no>|--all]` and `boardbot forget
//! <user id>`: the operator's tools on the store (`DATABASE_URL`, or the
//! default SQLite file), run while the bot runs or not.

use super::args::{ForgetArgs, TablesArgs};
use super::{failed, usage, ToolResult};
use crate::config::DEFAULT_DATABASE_URL;
use crate::store::Store;

/// Runs `f` on the store on a runtime of its own (the offline tools have none).
fn with_store<F, Fut>(f: F) -> ToolResult
where
    F: FnOnce(Store) -> Fut,
    Fut: std::future::Future<Output = ToolResult>,
{
    let _ = dotenvy::dotenv();
    let url = std::env::var("DATABASE_URL")
        .ok()
        .filter(|u| !u.is_empty())
        .unwrap_or_else(|| DEFAULT_DATABASE_URL.to_owned());
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| failed(format!("could not start the async runtime: {e}")))?;
    runtime.block_on(async {
        let store = Store::open(&url)
            .await
            .map_err(|e| failed(format!("cannot open the database: {e}")))?;
        let result = f(store.clone()).await;
        store.close().await;
        result
    })
}

/// `tables --broken`: the stored tables that could not be read back;
/// `--clear <no>` or `--clear --all` deletes them.
pub fn tables(args: &TablesArgs) -> ToolResult {
    // `Some(None)`: all of them.
    let clear = match (args.clear, args.all) {
        (None, _) => None,
        (Some(None), true) => Some(None),
        (Some(Some(no)), false) => Some(Some(no)),
        (Some(None), false) => return Err(usage("--clear needs a table number, or --all")),
        (Some(Some(_)), true) => {
            return Err(usage("--clear takes a table number or --all, not both"))
        }
    };
    with_store(|store| async move {
        match clear {
            None => {
                let broken = store
                    .broken_tables()
                    .await
                    .map_err(|e| failed(e.to_string()))?;
                if broken.is_empty() {
                    println!("no broken tables");
                }
                for t in broken {
                    println!(
                        "table {}  guild {}  channel {}  {}",
                        t.no, t.guild, t.channel, t.reason
                    );
                }
                Ok(())
            }
            Some(no) => {
                let gone = store
                    .clear_broken(no)
                    .await
                    .map_err(|e| failed(e.to_string()))?;
                match no {
                    Some(no) if gone == 0 => {
                        Err(failed(format!("table {no} is not a broken table")))
                    }
                    _ => {
                        println!("removed {gone} broken table(s)");
                        Ok(())
                    }
                }
            }
        }
    })
}

/// `forget <user id>`: the person's names and id leave the stored tables
/// and matches; their ratings and puzzle solves are deleted.
pub fn forget(args: &ForgetArgs) -> ToolResult {
    let user = args.user;
    with_store(|store| async move {
        let done = store
            .forget(user)
            .await
            .map_err(|e| failed(e.to_string()))?;
        println!(
            "user {user}: {} table(s), {} match(es) and {} tournament(s) cleaned, {} rating(s) \
             and {} puzzle solve(s) deleted",
            done.tables, done.matches, done.tournaments, done.ratings, done.solves
        );
        Ok(())
    })
}
