//! A sandbox per test, driven over real HTTP.
// Helpers of the tests: a panic here is a failed test, as in the tests themselves.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::net::SocketAddr;
use std::path::PathBuf;

use reqwest::{Method, StatusCode};
use serde_json::Value;
use time::macros::date;
use weeek_sandbox::{DbLocation, Faults, Sandbox, SandboxConfig, SandboxHandle, demo_token};

/// The day the seeded data is relative to in every test.
/// The instant the sandbox's clock starts at in every test: one clock for both sides, the
/// same at any hour of any day.
pub const NOW: time::OffsetDateTime = time::macros::datetime!(2026-11-21 10:00 UTC);

pub const TODAY: time::Date = date!(2026 - 11 - 21);

pub const ANNA: &str = "3f6b2c1e-8a4d-4c2b-9e71-5d0a8b6c4e21";
pub const DMITRY: &str = "8c1d4a7e-2b3f-4d6a-9e5c-1f2a3b4c5d62";
pub const IVAN: &str = "4d5e6f70-8192-4a3b-b4c5-d6e7f8091a84";
pub const MARIA: &str = "5e6f7081-92a3-4b4c-85d6-e7f8091a2b95";
pub const NOT_A_MEMBER: &str = "00000000-1111-4222-8333-444444444444";

pub const FUNNEL_B2B: &str = "Fn7QwB2kLp9sXe4R";
pub const STATUS_NEW_LEAD: &str = "St1NwLdA8qZ3xK5m";
pub const STATUS_QUALIFICATION: &str = "St2QuAl9Bv4cR7nT";

pub fn config(db: DbLocation) -> SandboxConfig {
    SandboxConfig {
        token: demo_token().to_owned(),
        db,
        seed: true,
        now: Some(NOW),
        faults: Faults::default(),
        tasks: None,
        workspace: None,
    }
}

pub struct Api {
    pub sandbox: SandboxHandle,
    pub client: reqwest::Client,
    pub token: Option<String>,
}

pub struct Answer {
    pub status: StatusCode,
    pub headers: reqwest::header::HeaderMap,
    pub text: String,
}

impl Answer {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.text)
            .unwrap_or_else(|err| panic!("not JSON ({err}): {:?}", self.text))
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }
}

fn localhost() -> SocketAddr {
    "127.0.0.1:0".parse().expect("valid address")
}

/// A database file of one test, deleted with its WAL companions when dropped.
pub struct TempDb(PathBuf);

impl TempDb {
    pub fn new() -> Self {
        let name = format!("weeek-sandbox-{}.db", uuid::Uuid::new_v4());
        Self(std::env::temp_dir().join(name))
    }

    pub fn location(&self) -> DbLocation {
        DbLocation::File(self.0.clone())
    }

    pub fn path(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for TempDb {
    fn drop(&mut self) {
        for suffix in ["", "-wal", "-shm"] {
            let mut path = self.0.clone().into_os_string();
            path.push(suffix);
            let _ = std::fs::remove_file(path);
        }
    }
}

impl Api {
    pub async fn start() -> Self {
        Self::with_config(config(DbLocation::Memory)).await
    }

    pub async fn with_config(config: SandboxConfig) -> Self {
        let sandbox = Sandbox::start(config, localhost())
            .await
            .expect("sandbox starts");
        Self {
            sandbox,
            client: http_client(),
            token: Some(demo_token().to_owned()),
        }
    }

    /// A seeded sandbox on a database file.
    pub async fn on_file(db: &TempDb) -> Self {
        Self::with_config(config(db.location())).await
    }

    /// Stops this sandbox and starts another on the same file, as starting it again later
    /// would. The new one listens on another port, so that anything that kept the old address
    /// shows.
    pub async fn restart(self, db: &TempDb) -> Self {
        let old = self.sandbox.addr();
        self.sandbox.shutdown().await;
        // Port 0 hands out a free port, seldom the one just freed; a few tries are plenty.
        for _ in 0..10 {
            let next = Self::on_file(db).await;
            if next.sandbox.addr() != old {
                return next;
            }
            next.sandbox.shutdown().await;
        }
        panic!("no port other than {old} was free for the restarted sandbox");
    }

    /// `value` with this sandbox's address written as `<sandbox>`: file URLs name the address
    /// a request reached, so answers of a restarted sandbox differ there and only there.
    pub fn without_origin(&self, value: &Value) -> Value {
        let origin = format!("http://{}", self.sandbox.addr());
        serde_json::from_str(&value.to_string().replace(&origin, "<sandbox>")).expect("still JSON")
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.sandbox.base_url(), path)
    }

    pub async fn send(&self, method: Method, path: &str, body: Option<Value>) -> Answer {
        self.send_with(method, path, body, self.token.as_deref())
            .await
    }

    pub async fn send_with(
        &self,
        method: Method,
        path: &str,
        body: Option<Value>,
        token: Option<&str>,
    ) -> Answer {
        let mut request = self
            .client
            .request(method, self.url(path))
            .header("Accept", "application/json");
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.expect("request is answered");
        Answer {
            status: response.status(),
            headers: response.headers().clone(),
            text: response.text().await.expect("body is read"),
        }
    }

    pub async fn get(&self, path: &str) -> Answer {
        self.send(Method::GET, path, None).await
    }

    /// GET expecting 200; returns the JSON body.
    pub async fn ok(&self, path: &str) -> Value {
        let answer = self.get(path).await;
        assert_eq!(answer.status, StatusCode::OK, "GET {path}: {}", answer.text);
        answer.json()
    }

    /// A request that must answer 200; returns the JSON body.
    pub async fn json_ok(&self, method: Method, path: &str, body: Value) -> Value {
        let got = self.send(method.clone(), path, Some(body)).await;
        assert_eq!(got.status, StatusCode::OK, "{method} {path}: {}", got.text);
        got.json()
    }

    /// The bytes at `url` (a file link from an answer), which must answer 200.
    pub async fn download(&self, url: &str) -> Vec<u8> {
        let response = self
            .client
            .get(url)
            .bearer_auth(demo_token())
            .send()
            .await
            .expect("download answered");
        assert_eq!(response.status(), StatusCode::OK, "GET {url}");
        response.bytes().await.expect("bytes").to_vec()
    }

    pub async fn post(&self, path: &str, body: Value) -> Answer {
        self.send(Method::POST, path, Some(body)).await
    }

    pub async fn put(&self, path: &str, body: Value) -> Answer {
        self.send(Method::PUT, path, Some(body)).await
    }

    pub async fn delete(&self, path: &str, body: Option<Value>) -> Answer {
        self.send(Method::DELETE, path, body).await
    }

    /// Every task of a filtered list, walking all pages.
    pub async fn all_tasks(&self, query: &str) -> Vec<Value> {
        let mut out = Vec::new();
        let mut offset = 0;
        loop {
            let sep = if query.is_empty() { "" } else { "&" };
            let page = self
                .ok(&format!(
                    "/tm/tasks?perPage=100&offset={offset}{sep}{query}"
                ))
                .await;
            let tasks = page["tasks"].as_array().expect("tasks array").clone();
            offset += tasks.len();
            out.extend(tasks);
            if page["hasMore"] != Value::Bool(true) {
                return out;
            }
        }
    }
}

/// A plain HTTP client. When the whole workspace is built together, reqwest's rustls support
/// is switched on by the API client crate, and rustls then needs its crypto provider installed
/// before any client exists, even one that never speaks TLS.
pub fn http_client() -> reqwest::Client {
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::Client::new()
}
