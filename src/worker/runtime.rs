//! The worker's task: it owns the client and runs calls concurrently, each answering with a
//! message. A read with the same key as a running one supersedes it (the older one is
//! cancelled); the app also drops any answer that is not the latest for its key. Keys are
//! the app's; the worker only compares them.
//!
//! The local store sits behind it: a read that asks for it is answered first with what the
//! store holds (marked [`Origin::Stored`], with the time it was read), while the service is
//! asked at once; the service's answer follows under the same request, and is written to the
//! store after it was sent, on a blocking thread (never the one that draws).

use std::collections::HashMap;
use std::fmt::Debug;
use std::hash::Hash;

use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use weeek_api::{Client, RetryNotice};

use super::calls::Call;
use super::execute::{Skipped, execute};
use super::kept;
use super::output::{Origin, Output};
use crate::store::SharedStore;

/// A call to run, under the key that says which request it is.
#[derive(Debug, Clone, PartialEq)]
pub struct Request<K> {
    pub id: u64,
    pub key: K,
    pub call: Call,
    /// The store may answer it first, before the service (a read of something not on screen
    /// yet). A read that checks what the service did (after a lost answer) never asks it.
    pub from_store: bool,
}

/// A call's answer, for the request `id` under `key`.
#[derive(Debug, Clone, PartialEq)]
pub struct Reply<K> {
    pub id: u64,
    pub key: K,
    pub origin: Origin,
    pub output: Output,
    /// Rows of a list answer that could not be read (the others are in `output`), and values
    /// that were read as empty.
    pub skipped: Option<Skipped>,
}

/// What the app tells the worker.
#[derive(Debug, Clone, PartialEq)]
pub enum Order<K> {
    /// Boxed: a request is large (a task update carries text) and orders queue up.
    Run(Box<Request<K>>),
    /// The answer under this key is no longer wanted: a read still running is aborted (a
    /// write runs to its end: stopping it half-way would leave its fate unknown).
    Cancel(K),
    /// Read the whole workspace into the store (sync `id`), in place of a sync still running.
    Sync(u64),
    /// Stop the sync running, if one is.
    StopSync,
    /// Send what the outbox holds (`crate::outbox::replay`).
    Replay,
}

/// What the worker tells the app.
#[derive(Debug, Clone, PartialEq)]
pub enum Report<K> {
    Answered(Reply<K>),
    /// A read failed and is about to be tried again.
    Retrying(Retrying<K>),
    /// How far sync `id` is.
    SyncProgress {
        id: u64,
        progress: crate::sync::Progress,
    },
    /// Sync `id` is over: what it read, changed and could not read.
    Synced {
        id: u64,
        report: Box<crate::sync::SyncReport>,
    },
    /// A step of the outbox's replay.
    Replayed(Box<crate::outbox::Replayed>),
}

/// A read of request `id` is tried again after `notice.delay`.
#[derive(Debug, Clone, PartialEq)]
pub struct Retrying<K> {
    pub id: u64,
    pub key: K,
    pub notice: RetryNotice,
}

struct Running {
    handle: JoinHandle<()>,
    write: bool,
}

/// Starts the worker, with `store` behind it; it ends when the order sender is dropped.
pub fn spawn<K>(
    client: Client,
    store: SharedStore,
) -> (
    mpsc::UnboundedSender<Order<K>>,
    mpsc::UnboundedReceiver<Report<K>>,
)
where
    K: Clone + Eq + Hash + Debug + Send + Sync + 'static,
{
    let (order_tx, mut order_rx) = mpsc::unbounded_channel::<Order<K>>();
    let (report_tx, report_rx) = mpsc::unbounded_channel::<Report<K>>();
    tokio::spawn(async move {
        let mut running: HashMap<K, Running> = HashMap::new();
        let mut syncing: Option<JoinHandle<()>> = None;
        let mut replaying = super::replaying::Replaying::default();
        while let Some(order) = order_rx.recv().await {
            running.retain(|_, r| !r.handle.is_finished());
            let Request {
                id,
                key,
                call,
                from_store,
            } = match order {
                Order::Run(request) => *request,
                Order::Cancel(key) => {
                    if running.get(&key).is_some_and(|r| !r.write)
                        && let Some(r) = running.remove(&key)
                    {
                        tracing::debug!(?key, "cancelled");
                        r.handle.abort();
                    }
                    continue;
                }
                Order::Sync(id) => {
                    if let Some(older) = syncing.take() {
                        older.abort();
                    }
                    let tx = report_tx.clone();
                    syncing = Some(super::syncing::start(id, &client, store.clone(), tx));
                    continue;
                }
                Order::StopSync => {
                    if let Some(sync) = syncing.take() {
                        tracing::info!("sync stopped");
                        sync.abort();
                    }
                    continue;
                }
                Order::Replay => {
                    replaying.start(&client, &store, report_tx.clone());
                    continue;
                }
            };
            let write = call.is_write();
            if !write && let Some(older) = running.remove(&key) {
                older.handle.abort();
            }
            // A read that is retried says so at once: the screen tells why it waits.
            let client = if write {
                client.clone()
            } else {
                let tx = report_tx.clone();
                let key = key.clone();
                client.with_retry_observer(move |notice| {
                    let _ = tx.send(Report::Retrying(Retrying {
                        id,
                        key: key.clone(),
                        notice: notice.clone(),
                    }));
                })
            };
            let report_tx = report_tx.clone();
            let task_key = key.clone();
            let store = store.clone();
            let handle = tokio::spawn(async move {
                let kept = kept::keeps(&call).then(|| call.clone());
                let recalled = from_store.then(|| call.clone());
                let service = execute(&client, call);
                tokio::pin!(service);
                let answered = match recalled {
                    // The service is asked at once; the store's copy goes first unless the
                    // service has already answered by the time it is read.
                    Some(call) => {
                        let recall = store.run(move |s| kept::recall(s, &call));
                        tokio::select! {
                            biased;
                            answered = &mut service => Some(answered),
                            found = recall => {
                                match found {
                                    Ok(Some((output, read_at))) => {
                                        let _ = report_tx.send(Report::Answered(Reply {
                                            id,
                                            key: task_key.clone(),
                                            origin: Origin::Stored { read_at },
                                            output,
                                            skipped: None,
                                        }));
                                    }
                                    Ok(None) => {}
                                    Err(e) => tracing::warn!(error = %e, "the store could not be read"),
                                }
                                None
                            }
                        }
                    }
                    None => None,
                };
                let (output, skipped) = match answered {
                    Some(answered) => answered,
                    None => service.await,
                };
                if let Some(e) = output.error() {
                    tracing::warn!(key = ?task_key, error = %e, "request failed");
                }
                let keep = kept.map(|call| (call, output.clone()));
                let _ = report_tx.send(Report::Answered(Reply {
                    id,
                    key: task_key,
                    origin: Origin::Service,
                    output,
                    skipped,
                }));
                if let Some((call, output)) = keep {
                    keep_answer(&store, call, output).await;
                }
            });
            running.insert(key, Running { handle, write });
        }
        for (_, r) in running {
            r.handle.abort();
        }
        if let Some(sync) = syncing {
            sync.abort();
        }
    });
    (order_tx, report_rx)
}

/// Writes what the service answered `call` into the store. A damaged store is moved aside
/// and started anew (said in the log: what it held is read again as screens ask).
async fn keep_answer(store: &SharedStore, call: Call, output: Output) {
    let at = time::OffsetDateTime::now_utc();
    let written = store
        .run(move |s| {
            let result = s.write(|w| kept::keep(w, &call, &output, at));
            if let Err(e) = &result
                && e.is_damaged()
            {
                let said = s.rebuild();
                tracing::warn!(%said, "the local store was damaged while writing");
            }
            result
        })
        .await;
    if let Err(e) = written {
        tracing::warn!(error = %e, "an answer could not be kept in the store");
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::{TcpListener, TcpStream};
    use weeek_api::{ApiError, ClientConfig, TaskQuery, Token};

    use super::*;
    use crate::worker::op;

    /// Long enough for anything on loopback; reached only when the worker is broken.
    const DEADLINE: Duration = Duration::from_secs(10);

    type Key = &'static str;

    /// A service on this machine that the test answers by hand, and a client's settings for it.
    async fn service_here() -> (TcpListener, ClientConfig) {
        weeek_api::install_crypto_provider();
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let base = format!("http://{}/public/v1", listener.local_addr().expect("addr"));
        (listener, ClientConfig::new(base, Token::new("t")))
    }

    async fn accept(listener: &TcpListener) -> TcpStream {
        let (mut conn, _) = tokio::time::timeout(DEADLINE, listener.accept())
            .await
            .expect("the worker connects")
            .expect("accept");
        // The whole request head has arrived once its blank line has.
        let mut head = Vec::new();
        let mut byte = [0u8; 1];
        while !head.ends_with(b"\r\n\r\n") {
            let n = tokio::time::timeout(DEADLINE, conn.read(&mut byte))
                .await
                .expect("the request arrives")
                .expect("read");
            assert_eq!(n, 1, "the connection closed before the request ended");
            head.push(byte[0]);
        }
        conn
    }

    async fn report(reports: &mut mpsc::UnboundedReceiver<Report<Key>>) -> Report<Key> {
        tokio::time::timeout(DEADLINE, reports.recv())
            .await
            .expect("a report")
            .expect("the worker runs")
    }

    async fn answered(reports: &mut mpsc::UnboundedReceiver<Report<Key>>) -> Reply<Key> {
        match report(reports).await {
            Report::Answered(reply) => reply,
            other => panic!("not an answer: {other:?}"),
        }
    }

    fn http(status: &str, body: &str) -> String {
        format!(
            "HTTP/1.1 {status}\r\nconnection: close\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
            body.len()
        )
    }

    fn no_store() -> SharedStore {
        SharedStore::new(crate::store::Store::in_memory())
    }

    fn run(id: u64, key: Key, call: impl Into<Call>) -> Order<Key> {
        Order::Run(Box::new(Request {
            id,
            key,
            call: call.into(),
            from_store: false,
        }))
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 1)]
    async fn a_read_that_is_retried_says_so_before_its_answer() {
        let (listener, mut config) = service_here().await;
        config.retry.base_delay = Duration::from_millis(10);
        let client = Client::new(config).expect("client");
        let (orders, mut reports) = spawn::<Key>(client, no_store());
        orders.send(run(7, "me", op::Me)).expect("worker");
        let mut first = accept(&listener).await;
        let failed = http("503 Service Unavailable", r#"{"success":false}"#);
        first.write_all(failed.as_bytes()).await.expect("write");
        match report(&mut reports).await {
            Report::Retrying(r) => {
                assert_eq!((r.id, r.key), (7, "me"));
                assert_eq!((r.notice.attempt, r.notice.attempts), (2, 3));
                assert!(
                    matches!(r.notice.cause, ApiError::Server { status: 503, .. }),
                    "{:?}",
                    r.notice.cause
                );
            }
            other => panic!("not a retry: {other:?}"),
        }
        let mut second = accept(&listener).await;
        let gone = http(
            "404 Not Found",
            r#"{"success":false,"message":"Not found"}"#,
        );
        second.write_all(gone.as_bytes()).await.expect("write");
        let reply = answered(&mut reports).await;
        assert_eq!(reply.id, 7);
        assert_eq!(reply.origin, Origin::Service);
        assert!(
            matches!(
                reply
                    .output
                    .peek::<Result<Box<weeek_api::models::User>, ApiError>>(),
                Some(Err(ApiError::NotFound { .. }))
            ),
            "{reply:?}"
        );
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 1)]
    async fn a_cancelled_read_is_stopped_and_sends_no_answer() {
        let (listener, config) = service_here().await;
        let client = Client::new(config).expect("client");
        let (orders, mut replies) = spawn::<Key>(client, no_store());

        orders
            .send(run(1, "list", op::Tasks(TaskQuery::default())))
            .expect("worker");
        let mut first = accept(&listener).await;
        orders.send(Order::Cancel("list")).expect("worker");
        // Stopped, the read drops its connection: the server sees it close unanswered.
        let mut rest = [0u8; 64];
        let closed = tokio::time::timeout(DEADLINE, first.read(&mut rest))
            .await
            .expect("the cancelled read lets go of its connection");
        assert!(matches!(closed, Ok(0) | Err(_)), "{closed:?}");

        // Another request is answered as usual, and its answer is the only one.
        orders.send(run(2, "me", op::Me)).expect("worker");
        let mut second = accept(&listener).await;
        let gone = http(
            "404 Not Found",
            r#"{"success":false,"message":"Not found"}"#,
        );
        second.write_all(gone.as_bytes()).await.expect("write");
        let reply = answered(&mut replies).await;
        assert_eq!(reply.id, 2, "{reply:?}");
        assert!(reply.output.error().is_some(), "{reply:?}");
        drop(orders);
        let after = tokio::time::timeout(DEADLINE, replies.recv())
            .await
            .expect("the worker ends");
        assert!(
            after.is_none(),
            "nothing came for the cancelled read: {after:?}"
        );
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 1)]
    async fn a_write_is_never_stopped_by_a_cancel() {
        let (listener, config) = service_here().await;
        let client = Client::new(config).expect("client");
        let (orders, mut replies) = spawn::<Key>(client, no_store());
        orders
            .send(run(1, "write", op::CompleteTask(7)))
            .expect("worker");
        let mut conn = accept(&listener).await;
        orders.send(Order::Cancel("write")).expect("worker");
        let ok = http("200 OK", r#"{"success":true}"#);
        conn.write_all(ok.as_bytes()).await.expect("write");
        let reply = answered(&mut replies).await;
        assert_eq!(reply.output.peek::<Result<(), ApiError>>(), Some(&Ok(())));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 1)]
    async fn files_here_are_looked_at_by_the_worker_and_answered_like_a_call() {
        let dir = tempfile::tempdir().expect("dir");
        std::fs::write(dir.path().join("смета.txt"), b"12345").expect("write");
        // No service is asked: the address is never connected to.
        let client = Client::new(ClientConfig::new(
            "http://127.0.0.1:9/public/v1",
            Token::new("t"),
        ))
        .expect("client");
        let (orders, mut replies) = spawn::<Key>(client, no_store());
        let typed = format!("{}/см", dir.path().display());
        orders
            .send(run(1, "tab", op::CompletePath { typed }))
            .expect("worker");
        let reply = answered(&mut replies).await;
        let done = reply
            .output
            .peek::<Result<crate::worker::Completion, crate::worker::LocalError>>()
            .expect("a completion")
            .clone()
            .expect("completed");
        assert_eq!(done.value, format!("{}/смета.txt", dir.path().display()));
    }
    #[tokio::test(flavor = "multi_thread", worker_threads = 1)]
    async fn the_store_answers_first_then_the_service_whose_answer_it_keeps() {
        let (listener, config) = service_here().await;
        let client = Client::new(config).expect("client");
        let read_at = time::macros::datetime!(2026-11-21 09:57 UTC);
        let mut kept = crate::store::Store::in_memory();
        let mut old = crate::testing::user();
        old.first_name = Some("Аня".into());
        kept.write(|w| w.put_profile(&old, read_at)).expect("kept");
        let store = SharedStore::new(kept);
        let (orders, mut reports) = spawn::<Key>(client, store.clone());
        orders
            .send(Order::Run(Box::new(Request {
                id: 3,
                key: "me",
                call: op::Me.into(),
                from_store: true,
            })))
            .expect("worker");
        // The service has the request and has not answered it yet: the store has.
        let mut conn = accept(&listener).await;
        let first = answered(&mut reports).await;
        assert_eq!((first.id, first.origin), (3, Origin::Stored { read_at }));
        let name = |reply: &Reply<Key>| {
            reply
                .output
                .peek::<Result<Box<weeek_api::models::User>, ApiError>>()
                .and_then(|r| r.as_ref().ok())
                .and_then(|u| u.first_name.clone())
        };
        assert_eq!(name(&first).as_deref(), Some("Аня"));
        let body = r#"{"success":true,"user":{"id":"11111111-1111-4111-8111-111111111111","firstName":"Анна"}}"#;
        conn.write_all(http("200 OK", body).as_bytes())
            .await
            .expect("write");
        let second = answered(&mut reports).await;
        assert_eq!((second.id, second.origin), (3, Origin::Service));
        assert_eq!(name(&second).as_deref(), Some("Анна"));
        // Written after the answer was sent, off this thread: it lands soon after.
        let deadline = tokio::time::Instant::now() + DEADLINE;
        loop {
            let profile = store.run(|s| s.profile()).await.expect("read");
            if profile.and_then(|p| p.value.first_name).as_deref() == Some("Анна") {
                break;
            }
            assert!(tokio::time::Instant::now() < deadline, "never kept");
            tokio::task::yield_now().await;
        }
    }
    /// The boards' reads as the screens send them (a deal status's first page, a board
    /// column's first page, a funnel's statuses) are answered from the store first, from what
    /// an earlier answer of the service left there, while the service still has them.
    #[tokio::test(flavor = "multi_thread", worker_threads = 1)]
    async fn the_boards_reads_are_answered_from_the_store_first() {
        use crate::store::fixtures as f;
        use crate::worker::Answer;
        use weeek_api::{DealPage, TaskPage};
        let (listener, config) = service_here().await;
        let client = Client::new(config).expect("client");
        let read_at = time::macros::datetime!(2026-11-21 09:57 UTC);
        let filter = crate::funnels::query::DealFilter::default();
        let status = f::status().id;
        let column = |per_page: u32| TaskQuery {
            board_column_id: Some(f::column().id),
            per_page: Some(per_page),
            offset: Some(0),
            ..Default::default()
        };
        let card = weeek_api::models::TaskRow::from(&f::task());
        // What the service answered earlier: a long column read again whole (100 at once).
        let earlier: Vec<(Call, Answer)> = vec![
            (
                op::FunnelStatuses(f::funnel().id).into(),
                Answer::FunnelStatuses(Ok(vec![f::status()])),
            ),
            (
                op::Deals(status.clone(), Box::new(filter.query(100, 0))).into(),
                Answer::DealPage(Ok(DealPage {
                    deals: vec![f::deal()],
                    has_more: false,
                })),
            ),
            (
                op::Tasks(column(100)).into(),
                Answer::TaskPage(Ok(TaskPage {
                    tasks: vec![card.clone()],
                    has_more: false,
                })),
            ),
        ];
        let mut kept_store = crate::store::Store::in_memory();
        for (call, answer) in earlier {
            let output = answer.into_output();
            kept_store
                .write(|w| kept::keep(w, &call, &output, read_at))
                .expect("kept");
        }
        let (orders, mut reports) = spawn::<Key>(client, SharedStore::new(kept_store));
        // Now as the boards ask: a first page of each column.
        let asked: [(Key, Call); 3] = [
            ("statuses", op::FunnelStatuses(f::funnel().id).into()),
            (
                "deals",
                op::Deals(status, Box::new(filter.query(20, 0))).into(),
            ),
            ("column", op::Tasks(column(30)).into()),
        ];
        for (id, (key, call)) in asked.into_iter().enumerate() {
            let request = Request {
                id: id as u64,
                key,
                call,
                from_store: true,
            };
            orders.send(Order::Run(Box::new(request))).expect("worker");
        }
        // The service has every request and answers none.
        let _held: Vec<TcpStream> = vec![
            accept(&listener).await,
            accept(&listener).await,
            accept(&listener).await,
        ];
        let mut stored = HashMap::new();
        for _ in 0..3 {
            let reply = answered(&mut reports).await;
            assert_eq!(reply.origin, Origin::Stored { read_at }, "{reply:?}");
            stored.insert(reply.key, reply.output);
        }
        let statuses =
            stored["statuses"].peek::<Result<Vec<weeek_api::models::FunnelStatus>, ApiError>>();
        assert_eq!(statuses, Some(&Ok(vec![f::status()])));
        let deals = stored["deals"].peek::<Result<DealPage, ApiError>>();
        assert_eq!(
            deals.and_then(|r| r.as_ref().ok()).map(|p| p.deals.clone()),
            Some(vec![f::deal()])
        );
        let cards = stored["column"].peek::<Result<TaskPage, ApiError>>();
        assert_eq!(
            cards.and_then(|r| r.as_ref().ok()).map(|p| p.tasks.clone()),
            Some(vec![card])
        );
    }

    #[cfg(feature = "demo")]
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_sync_reads_the_workspace_into_the_store_and_a_stopped_one_reports_nothing() {
        let (sandbox, client) = crate::testing::sandbox(weeek_sandbox::Faults::default()).await;
        let store = no_store();
        let (orders, mut reports) = spawn::<Key>(client, store.clone());
        orders.send(Order::Sync(7)).expect("worker");
        orders.send(Order::StopSync).expect("worker");
        orders.send(Order::Sync(8)).expect("worker");
        let report = loop {
            match tokio::time::timeout(Duration::from_secs(60), reports.recv())
                .await
                .expect("a report in time")
                .expect("the worker runs")
            {
                Report::SyncProgress { id, progress } => {
                    assert_eq!(id, 8, "nothing from the stopped one");
                    assert!(progress.requests > 0);
                }
                Report::Synced { id, report } => {
                    assert_eq!(id, 8, "nothing from the stopped one");
                    break report;
                }
                other => panic!("{other:?}"),
            }
        };
        assert!(report.is_complete(), "{:?}", report.lines());
        assert!(report.tasks.read > 100, "{:?}", report.lines());
        let kept = store
            .run(|s| s.count(crate::store::Kind::TaskRow))
            .await
            .expect("read");
        assert_eq!(kept, report.tasks.read);
        sandbox.shutdown().await;
    }
}
