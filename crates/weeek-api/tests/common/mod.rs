//! Shared fixtures: a seeded sandbox per test, and a scripted raw HTTP server for answers the
//! sandbox never gives (HTML 200, truncated bodies, silence).
// Helpers of the tests: a panic here is a failed test, as in the tests themselves.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

pub mod tap;

use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use time::Date;
use time::macros::date;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinSet;
use weeek_api::{Client, ClientConfig, RetryPolicy, Token};
use weeek_sandbox::{DbLocation, Faults, Sandbox, SandboxConfig, SandboxHandle, demo_token};

/// Pinned so that seeded due dates, overdue counts and date filters are the same on every run.
/// The instant the sandbox's clock starts at in every test: one clock for both sides, the
/// same at any hour of any day.
pub const NOW: time::OffsetDateTime = time::macros::datetime!(2026-11-21 10:00 UTC);

pub const TODAY: Date = date!(2026 - 11 - 21);

pub const ANNA: &str = "3f6b2c1e-8a4d-4c2b-9e71-5d0a8b6c4e21";
pub const DMITRY: &str = "8c1d4a7e-2b3f-4d6a-9e5c-1f2a3b4c5d62";
pub const MARIA: &str = "5e6f7081-92a3-4b4c-85d6-e7f8091a2b95";

pub const FUNNEL_B2B: &str = "Fn7QwB2kLp9sXe4R";
pub const FUNNEL_ARCHIVE: &str = "Fn0ArCh1Vq3wKd7E";
pub const STATUS_NEW_LEAD: &str = "St1NwLdA8qZ3xK5m";
pub const STATUS_QUALIFICATION: &str = "St2QuAl9Bv4cR7nT";

pub async fn sandbox() -> SandboxHandle {
    let config = SandboxConfig {
        token: demo_token().to_owned(),
        db: DbLocation::Memory,
        seed: true,
        now: Some(NOW),
        faults: Faults::default(),
        tasks: None,
        workspace: None,
    };
    Sandbox::start(config, "127.0.0.1:0".parse().expect("address"))
        .await
        .expect("sandbox starts")
}

pub fn client_with(base_url: &str, token: &str, retry: RetryPolicy, timeout: Duration) -> Client {
    let mut config = ClientConfig::new(base_url, Token::new(token));
    config.retry = retry;
    config.timeout = timeout;
    Client::new(config).expect("client builds")
}

/// A client of the demo workspace; no retries unless a test asks for them, so a failure shows
/// up at once.
pub fn demo_client(sandbox: &SandboxHandle) -> Client {
    client_with(
        &sandbox.base_url(),
        demo_token(),
        RetryPolicy::none(),
        Duration::from_secs(10),
    )
}

/// What the raw server does with each connection.
#[derive(Clone)]
pub enum Script {
    /// Reads one request, writes these bytes, closes.
    Answer(Vec<u8>),
    /// Reads one request and keeps the connection open without a word.
    Silence,
    /// Reads one request per connection and writes the next of these answers (the last one
    /// again once they run out): for a write followed by a read-back.
    Answers(Vec<Vec<u8>>),
}

/// One request as received: the request line and the headers, names lower-cased.
#[derive(Clone, Debug)]
pub struct Seen {
    pub request_line: String,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Seen {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The raw query string (after `?`), empty when there is none.
    pub fn raw_query(&self) -> &str {
        let target = self.request_line.split(' ').nth(1).unwrap_or_default();
        target.split_once('?').map(|(_, q)| q).unwrap_or_default()
    }

    /// The query decoded into pairs (form encoding: `+` is a space).
    pub fn query_pairs(&self) -> Vec<(String, String)> {
        self.raw_query()
            .split('&')
            .filter(|p| !p.is_empty())
            .map(|p| {
                let (k, v) = p.split_once('=').unwrap_or((p, ""));
                (percent_decode(k), percent_decode(v))
            })
            .collect()
    }
}

pub fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).expect("ascii");
                out.push(u8::from_str_radix(hex, 16).expect("hex escape"));
                i += 2;
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8(out).expect("utf-8")
}

/// A one-script HTTP server on 127.0.0.1 that records what reaches it. Dropping it stops the
/// accept loop and every connection it holds.
pub struct RawServer {
    pub addr: SocketAddr,
    seen: Arc<Mutex<Vec<Seen>>>,
    connections: Arc<AtomicUsize>,
    tasks: Arc<Mutex<JoinSet<()>>>,
    accept: tokio::task::JoinHandle<()>,
}

impl RawServer {
    pub async fn start(script: Script) -> RawServer {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("local address");
        let seen = Arc::new(Mutex::new(Vec::new()));
        let connections = Arc::new(AtomicUsize::new(0));
        let tasks = Arc::new(Mutex::new(JoinSet::new()));
        let accept = {
            let (seen, connections, tasks) = (seen.clone(), connections.clone(), tasks.clone());
            tokio::spawn(async move {
                while let Ok((stream, _)) = listener.accept().await {
                    let n = connections.fetch_add(1, Ordering::SeqCst);
                    let script = match &script {
                        Script::Answers(answers) => Script::Answer(
                            answers
                                .get(n)
                                .or(answers.last())
                                .cloned()
                                .unwrap_or_default(),
                        ),
                        other => other.clone(),
                    };
                    let seen = seen.clone();
                    tasks.lock().unwrap().spawn(serve(stream, script, seen));
                }
            })
        };
        RawServer {
            addr,
            seen,
            connections,
            tasks,
            accept,
        }
    }

    /// A canned answer with `Connection: close`, so every client request opens a connection.
    pub async fn answering(status: &str, headers: &[(&str, &str)], body: &str) -> RawServer {
        Self::start(Script::Answer(response(status, headers, body))).await
    }

    pub fn base_url(&self) -> String {
        format!("http://{}/public/v1", self.addr)
    }

    pub fn seen(&self) -> Vec<Seen> {
        self.seen.lock().unwrap().clone()
    }

    pub fn connections(&self) -> usize {
        self.connections.load(Ordering::SeqCst)
    }
}

impl Drop for RawServer {
    fn drop(&mut self) {
        self.accept.abort();
        self.tasks.lock().unwrap().abort_all();
    }
}

pub fn response(status: &str, headers: &[(&str, &str)], body: &str) -> Vec<u8> {
    let mut head = format!("HTTP/1.1 {status}\r\nConnection: close\r\n");
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    if !headers
        .iter()
        .any(|(n, _)| n.eq_ignore_ascii_case("content-length"))
    {
        head.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    head.push_str("\r\n");
    let mut bytes = head.into_bytes();
    bytes.extend_from_slice(body.as_bytes());
    bytes
}

/// Largest request the server reads; anything bigger is a bug in the client under test.
const MAX_REQUEST: usize = 1 << 20;

async fn serve(mut stream: TcpStream, script: Script, seen: Arc<Mutex<Vec<Seen>>>) {
    let Some(request) = read_request(&mut stream).await else {
        return;
    };
    seen.lock().unwrap().push(request);
    match script {
        Script::Answer(bytes) => {
            let _ = stream.write_all(&bytes).await;
            let _ = stream.shutdown().await;
        }
        Script::Silence => {
            // Holds the socket open until the server is dropped.
            std::future::pending::<()>().await;
        }
        // Resolved to one answer per connection when the connection was accepted.
        Script::Answers(_) => {}
    }
}

async fn read_request(stream: &mut TcpStream) -> Option<Seen> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 4096];
    let head_end = loop {
        if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break i;
        }
        if buf.len() > MAX_REQUEST {
            return None;
        }
        let n = stream.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).into_owned();
    let mut lines = head.split("\r\n");
    let request_line = lines.next().unwrap_or_default().to_string();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let length: usize = headers
        .iter()
        .find(|(n, _)| n == "content-length")
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or(0)
        .min(MAX_REQUEST);
    let mut body = buf[head_end + 4..].to_vec();
    while body.len() < length {
        let n = stream.read(&mut chunk).await.ok()?;
        if n == 0 {
            break;
        }
        body.extend_from_slice(&chunk[..n]);
    }
    Some(Seen {
        request_line,
        headers,
        body,
    })
}

/// The rows of a list answer, checked to be complete: the sandbox never sends a row the client
/// cannot read, so a skipped row there is a bug in one of the two.
pub trait Whole<T> {
    fn whole(self) -> T;
}

impl<T> Whole<T> for weeek_api::Listed<T> {
    fn whole(self) -> T {
        assert!(
            self.skipped.is_empty(),
            "unreadable rows: {:?}",
            self.skipped
        );
        self.value
    }
}

/// An observer for [`Client::with_retry_observer`] and the notices it records, in order.
pub fn recorder() -> (
    Arc<Mutex<Vec<weeek_api::RetryNotice>>>,
    impl Fn(&weeek_api::RetryNotice) + Send + Sync + 'static,
) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&seen);
    (seen, move |n: &weeek_api::RetryNotice| {
        sink.lock().unwrap().push(n.clone())
    })
}
