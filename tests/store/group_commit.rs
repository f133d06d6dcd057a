//! Group commit: the changes of many tables written together, each still
//! answered only with its own outcome, on both backends.

use crate::backends::each_backend;
use crate::store::{opening, service, HandClock, GUEST};
use boardbot::game::GameKind;
use boardbot::service::At;
use boardbot::store::{Change, ChannelSettings, Store, StoreError};
use boardbot::table::Action;

/// Tables opened with an invitation to GUEST, from number `first` on,
/// each in a channel of its own.
async fn invitations(
    svc: &std::sync::Arc<boardbot::service::Service>,
    first: u64,
    count: u64,
) -> Vec<(At, u64)> {
    let mut opened = Vec::new();
    for no in first..first + count {
        let channel = no * 10;
        let mut o = opening(no, channel, GameKind::Connect4, vec![]);
        o.invited = vec![(GUEST, "guest".into())];
        let table = svc.open(o).await.unwrap();
        opened.push((At::Table { no, channel }, table.stamp()));
    }
    opened
}

/// GUEST accepts the invitation at `at`, drawn at `stamp`.
async fn accept(
    svc: &std::sync::Arc<boardbot::service::Service>,
    at: At,
    stamp: u64,
) -> Result<boardbot::table::Table, boardbot::service::ServiceError> {
    svc.act(
        at,
        Action::Accept {
            user: GUEST,
            stamp: Some(stamp),
        },
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn changes_at_once_share_commits_and_each_is_stored() {
    for url in each_backend("group_commit_shared").await {
        let store = Store::open(&url).await.unwrap();
        let svc = service(store.clone(), HandClock::at(1_000_000)).await;
        let opened = invitations(&svc, 100, 40).await;
        let (batches_before, writes_before) = store.group_commits().expect("group commit");
        // Forty people accept at the same moment, each at their own table.
        let accepted = futures_util::future::join_all(
            opened.iter().map(|&(at, stamp)| accept(&svc, at, stamp)),
        )
        .await;
        let (batches, writes) = store.group_commits().unwrap();
        let (batches, writes) = (batches - batches_before, writes - writes_before);
        for ((at, _), table) in opened.iter().zip(&accepted) {
            let table = table.as_ref().unwrap_or_else(|e| panic!("{url}: {e:?}"));
            assert!(table.is_running(), "{url}: the match started");
            // What each was told is what is on disk.
            let At::Table { no, .. } = *at else {
                unreachable!()
            };
            let stored = store.load(no).await.unwrap().unwrap().table;
            assert_eq!(stored.stamp(), table.stamp(), "{url}: table {no}");
        }
        assert!(writes >= 40, "{url}: {writes} writes");
        assert!(
            batches < writes,
            "{url}: {writes} writes in {batches} commits: none was shared"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_write_fails_alone_and_leaves_nothing_of_itself() {
    for url in each_backend("group_commit_failed").await {
        let store = Store::open(&url).await.unwrap();
        let svc = service(store.clone(), HandClock::at(1_000_000)).await;
        let opened = invitations(&svc, 200, 21).await;
        let mut tables = Vec::new();
        for (at, _) in &opened {
            tables.push(svc.table(*at).await.unwrap());
        }
        // Table 210's change was made from a stamp the store no longer has
        // (another process wrote first): it carries new channel settings,
        // written in its savepoint before the table's row is refused.
        let stale = 10;
        let settings = ChannelSettings {
            timer: Some(77),
            ..ChannelSettings::default()
        };
        let changes = tables.iter().enumerate().map(|(i, table)| {
            let store = store.clone();
            let mut next = table.clone();
            next.apply(
                Action::Accept {
                    user: GUEST,
                    stamp: Some(table.stamp()),
                },
                1_000_500,
            )
            .expect("the guest accepts");
            let expected = if i == stale {
                table.stamp() + 5
            } else {
                table.stamp()
            };
            let settings = (i == stale).then_some((1, settings));
            async move {
                let change = Change {
                    table: next,
                    expected: Some(expected),
                    finished: None,
                    solve: None,
                    settings,
                };
                store.save_change(change, 1_000_500, |_, _| {}).await
            }
        });
        let (batches_before, writes_before) = store.group_commits().unwrap();
        let saved = futures_util::future::join_all(changes).await;
        let (batches, writes) = store.group_commits().unwrap();
        assert!(
            batches - batches_before < writes - writes_before,
            "{url}: the changes were not written together"
        );
        for (i, result) in saved.iter().enumerate() {
            let no = tables[i].no();
            let stored = store.load(no).await.unwrap().unwrap().table;
            if i == stale {
                assert!(
                    matches!(result, Err(StoreError::Stale { no: n }) if *n == no),
                    "{url}: {result:?}"
                );
                assert_eq!(stored, tables[i], "{url}: unchanged");
                assert_eq!(
                    store.channel_settings(tables[i].channel()).await.unwrap(),
                    ChannelSettings::default(),
                    "{url}: its settings were rolled back with it"
                );
            } else {
                assert!(result.is_ok(), "{url}: table {no}: {result:?}");
                assert_eq!(
                    &stored,
                    result.as_ref().map(|r| &r.0).unwrap(),
                    "{url}: table {no} stored"
                );
                assert!(
                    stored.stamp() > tables[i].stamp(),
                    "{url}: table {no} moved on"
                );
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_writer_changes_are_written_one_by_one() {
    for url in each_backend("group_commit_off").await {
        let store = Store::open(&url).await.unwrap().without_group_commit();
        assert_eq!(store.group_commits(), None);
        let svc = service(store.clone(), HandClock::at(1_000_000)).await;
        let opened = invitations(&svc, 300, 3).await;
        for (at, stamp) in opened {
            let table = accept(&svc, at, stamp).await.unwrap();
            let At::Table { no, .. } = at else {
                unreachable!()
            };
            let stored = store.load(no).await.unwrap().unwrap().table;
            assert_eq!(stored.stamp(), table.stamp(), "{url}");
        }
    }
}
