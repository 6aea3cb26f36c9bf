//! A recording proxy in front of a sandbox: the client under test talks to the tap, the tap
//! forwards each request unchanged and writes the sandbox's answer back, so a test checks
//! both what went on the wire and what the sandbox made of it.

use std::sync::{Arc, Mutex};

use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use weeek_sandbox::SandboxHandle;

use super::{Seen, read_request, response};

pub struct Tap {
    pub addr: std::net::SocketAddr,
    seen: Arc<Mutex<Vec<Seen>>>,
    accept: tokio::task::JoinHandle<()>,
}

impl Tap {
    pub async fn in_front_of(sandbox: &SandboxHandle) -> Tap {
        weeek_api::install_crypto_provider();
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("local address");
        let upstream = format!("http://{}", sandbox.addr());
        let seen = Arc::new(Mutex::new(Vec::new()));
        let http = reqwest::Client::new();
        let accept = {
            let seen = seen.clone();
            tokio::spawn(async move {
                while let Ok((stream, _)) = listener.accept().await {
                    let (seen, http, upstream) = (seen.clone(), http.clone(), upstream.clone());
                    tokio::spawn(forward(stream, seen, http, upstream));
                }
            })
        };
        Tap { addr, seen, accept }
    }

    pub fn base_url(&self) -> String {
        format!("http://{}/public/v1", self.addr)
    }

    /// Every request so far, oldest first.
    pub fn seen(&self) -> Vec<Seen> {
        self.seen.lock().expect("tap lock").clone()
    }

    /// The newest request.
    pub fn last(&self) -> Seen {
        self.seen().pop().expect("a request went through the tap")
    }

    pub fn clear(&self) {
        self.seen.lock().expect("tap lock").clear();
    }
}

impl Drop for Tap {
    fn drop(&mut self) {
        self.accept.abort();
    }
}

impl Seen {
    /// `METHOD /path?query` without the API prefix and the HTTP version.
    pub fn target(&self) -> String {
        let mut parts = self.request_line.split(' ');
        let method = parts.next().unwrap_or_default();
        let target = parts.next().unwrap_or_default();
        format!(
            "{method} {}",
            target.strip_prefix("/public/v1").unwrap_or(target)
        )
    }

    /// The path alone, decoded.
    pub fn path(&self) -> String {
        let target = self.target();
        let path = target.split('?').next().unwrap_or_default().to_owned();
        super::percent_decode(&path)
    }

    /// The JSON body; `Null` when there is none.
    pub fn json(&self) -> serde_json::Value {
        if self.body.is_empty() {
            serde_json::Value::Null
        } else {
            serde_json::from_slice(&self.body).expect("a JSON body")
        }
    }
}

async fn forward(
    mut stream: TcpStream,
    seen: Arc<Mutex<Vec<Seen>>>,
    http: reqwest::Client,
    upstream: String,
) {
    let Some(request) = read_request(&mut stream).await else {
        return;
    };
    let mut parts = request.request_line.split(' ');
    let method = parts.next().unwrap_or("GET").to_owned();
    let target = parts.next().unwrap_or("/").to_owned();
    let mut outgoing = http.request(
        reqwest::Method::from_bytes(method.as_bytes()).expect("a method"),
        format!("{upstream}{target}"),
    );
    for name in ["authorization", "content-type", "accept"] {
        if let Some(value) = request.header(name) {
            outgoing = outgoing.header(name, value);
        }
    }
    outgoing = outgoing.body(request.body.clone());
    seen.lock().expect("tap lock").push(request);
    let Ok(answer) = outgoing.send().await else {
        return;
    };
    let status = answer.status();
    let mut headers: Vec<(String, String)> = Vec::new();
    for name in ["content-type", "content-disposition", "allow"] {
        if let Some(value) = answer.headers().get(name).and_then(|v| v.to_str().ok()) {
            headers.push((name.to_owned(), value.to_owned()));
        }
    }
    let body = answer.text().await.unwrap_or_default();
    let status_line = format!(
        "{} {}",
        status.as_u16(),
        status.canonical_reason().unwrap_or("")
    );
    let header_refs: Vec<(&str, &str)> = headers
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    let _ = stream
        .write_all(&response(&status_line, &header_refs, &body))
        .await;
    let _ = stream.shutdown().await;
}
