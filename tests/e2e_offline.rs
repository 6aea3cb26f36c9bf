//! Offline in a real terminal, against a sandbox that is stopped and started again on the same
//! port and database: `x` made offline reaches the service after a restart; a task made
//! offline and the app killed with -9 is made exactly once; a rename made offline over a
//! rename on the service is a conflict, and the service keeps its title until the user
//! chooses.
// Helpers of the tests: a panic here is a failed test, as in the tests themselves.
#![allow(clippy::unwrap_used, clippy::expect_used)]
#![cfg(feature = "demo")]

mod support;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use support::{DEADLINE, Tmux, tmux_available, wait_exit};
use weeek_api::models::Task;
use weeek_api::{Client, ClientConfig, TaskQuery, TaskUpdate, Token};
use weeek_sandbox::{DbLocation, Faults, Sandbox, SandboxConfig, SandboxHandle};

/// The first of my open tasks in the seeded workspace.
const FIRST: &str = "Экран оплаты: поддержка СБП";

/// A sandbox that can be stopped and started again where it was: the same port, the same
/// database file.
struct Service {
    rt: tokio::runtime::Runtime,
    db: PathBuf,
    addr: SocketAddr,
    running: Option<SandboxHandle>,
}

impl Service {
    fn new(name: &str) -> Self {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        let dir = std::env::temp_dir().join(format!("weeek-e2e-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut s = Self {
            rt,
            db: dir.join("sandbox.sqlite3"),
            addr: ([127, 0, 0, 1], 0).into(),
            running: None,
        };
        s.start();
        s
    }

    fn start(&mut self) {
        let config = SandboxConfig {
            token: weeek_sandbox::demo_token().into(),
            db: DbLocation::File(self.db.clone()),
            seed: true,
            now: None,
            faults: Faults::default(),
            tasks: None,
            workspace: None,
        };
        let handle = self
            .rt
            .block_on(Sandbox::start(config, self.addr))
            .expect("the sandbox starts");
        self.addr = handle.addr();
        self.running = Some(handle);
    }

    fn stop(&mut self) {
        if let Some(h) = self.running.take() {
            self.rt.block_on(h.shutdown());
        }
    }

    fn base_url(&self) -> String {
        format!("http://{}/public/v1", self.addr)
    }

    fn client(&self) -> Client {
        Client::new(ClientConfig::new(
            self.base_url(),
            Token::new(weeek_sandbox::demo_token()),
        ))
        .unwrap()
    }

    fn task(&self, id: i64) -> Task {
        let client = self.client();
        self.rt.block_on(client.task(id)).expect("the task")
    }

    fn named(&self, title: &str) -> usize {
        let client = self.client();
        let q = TaskQuery {
            search: Some(title.into()),
            per_page: Some(100),
            ..Default::default()
        };
        let page = self.rt.block_on(client.tasks(&q)).expect("tasks").value;
        page.tasks
            .iter()
            .filter(|t| t.title.as_deref() == Some(title))
            .count()
    }

    /// Waits until `cond` holds of the service; panics with `what` otherwise.
    fn wait_until(&self, what: &str, cond: impl Fn(&Self) -> bool) {
        let start = Instant::now();
        while !cond(self) {
            assert!(start.elapsed() < DEADLINE, "timed out waiting for {what}");
            std::thread::park_timeout(Duration::from_millis(100));
        }
    }
}

impl Drop for Service {
    fn drop(&mut self) {
        self.stop();
        if let Some(dir) = self.db.parent() {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

/// The app on `service`, with `home` as its home (a second run keeps the first's store).
fn app(service: &Service, home: Option<PathBuf>) -> Tmux {
    Tmux::start_with_env(
        &["--base-url", &service.base_url()],
        160,
        45,
        home,
        &[("WEEEK_TOKEN", weeek_sandbox::demo_token())],
    )
}

fn header(screen: &str) -> &str {
    screen.lines().next().unwrap_or_default()
}

/// The first task of the list, read: its id from the service.
fn first_id(service: &Service) -> i64 {
    let client = service.client();
    let q = TaskQuery {
        search: Some(FIRST.into()),
        ..Default::default()
    };
    let page = service.rt.block_on(client.tasks(&q)).unwrap().value;
    page.tasks[0].id
}

#[test]
fn a_task_completed_offline_is_done_on_the_service_after_a_restart() {
    if !tmux_available() {
        return;
    }
    let mut service = Service::new("offline-x");
    let id = first_id(&service);
    assert!(!service.task(id).is_completed);
    let first = app(&service, None);
    first.wait_for(FIRST);
    service.stop();
    first.keys(&["x"]);
    let s = first.wait_until("the change kept offline", |s| {
        header(s).contains("offline · since") && header(s).contains("1 change waiting")
    });
    assert!(s.contains(&format!("{FIRST} (queued)")), "{s}");
    first.keys(&["q"]);
    assert!(wait_exit(&first).contains("EXIT=0"));
    assert!(!service.task_if_running(id), "the service was down");

    service.start();
    let second = app(&service, Some(first.home.clone()));
    service.wait_until("the task done on the service", |s| s.task(id).is_completed);
    second.wait_until("nothing left to send", |s| {
        !header(s).contains("waiting") && !header(s).contains("offline")
    });
    second.keys(&["q"]);
    wait_exit(&second);
}

#[test]
fn a_task_made_offline_and_the_app_killed_is_made_exactly_once() {
    if !tmux_available() {
        return;
    }
    let mut service = Service::new("offline-n");
    let first = app(&service, None);
    first.wait_for(FIRST);
    service.stop();
    first.keys(&["n"]);
    first.wait_for("New task");
    first.type_text("Офлайн задача");
    first.keys(&["C-s"]);
    first.wait_for("Офлайн задача (queued)");
    first.kill("-9");
    wait_exit(&first);

    service.start();
    assert_eq!(service.named("Офлайн задача"), 0);
    let second = app(&service, Some(first.home.clone()));
    service.wait_until("the task on the service", |s| s.named("Офлайн задача") == 1);
    second.wait_until("the outbox empty", |s| {
        !s.contains("(queued)") && !header(s).contains("waiting")
    });
    second.keys(&["M"]);
    second.wait_for("Sent the change made offline");
    second.keys(&["Escape"]);
    second.wait_gone("Messages, newest first");
    // A third run has nothing to send again.
    second.keys(&["q"]);
    wait_exit(&second);
    let third = app(&service, Some(first.home.clone()));
    third.wait_for(FIRST);
    third.keys(&["/"]);
    third.type_text("Офлайн задача");
    third.keys(&["Enter"]);
    third.wait_until("the one task made", |s| {
        s.contains("1 of 1 task") && s.contains("Офлайн задача") && !s.contains("(queued)")
    });
    third.keys(&["q"]);
    wait_exit(&third);
    assert_eq!(service.named("Офлайн задача"), 1);
}

#[test]
fn a_rename_made_offline_over_a_rename_on_the_service_waits_for_the_users_choice() {
    if !tmux_available() {
        return;
    }
    let mut service = Service::new("offline-conflict");
    let id = first_id(&service);
    let first = app(&service, None);
    first.wait_for(FIRST);
    service.stop();
    first.keys(&["e", "C-u"]);
    first.type_text("Моё имя");
    first.keys(&["Enter"]);
    first.wait_for("Моё имя (queued)");
    first.keys(&["q"]);
    wait_exit(&first);

    // Back, and a colleague renames it before the app is.
    service.start();
    let theirs = TaskUpdate {
        title: Some("Их имя".into()),
        ..Default::default()
    };
    let client = service.client();
    service
        .rt
        .block_on(client.update_task(id, &theirs))
        .expect("renamed");
    let second = app(&service, Some(first.home.clone()));
    let s = second.wait_until("the conflict shown", |s| {
        s.contains("Их имя (conflict)") && header(s).contains("1 conflict")
    });
    assert!(s.contains("Их имя (conflict)"), "{s}");
    // Said once the replay ends (each conflict's words are in the log, M).
    second.wait_for("1 change made offline is in conflict");
    assert_eq!(service.task(id).title.as_deref(), Some("Их имя"));
    second.keys(&["O"]);
    let s = second.wait_for("theirs “Их имя”");
    assert!(s.contains("mine “Моё имя”"), "{s}");
    assert!(s.contains(&format!("base “{FIRST}”")), "{s}");
    // The service keeps its title until the user chooses.
    assert_eq!(service.task(id).title.as_deref(), Some("Их имя"));
    second.keys(&["m"]);
    service.wait_until("mine on the service", |s| {
        s.task(id).title.as_deref() == Some("Моё имя")
    });
    second.keys(&["Escape"]);
    second.wait_gone("Outbox ·");
    second.keys(&["q"]);
    wait_exit(&second);
}

impl Service {
    /// Whether task `id` is done, were the service up: false when it is down.
    fn task_if_running(&self, id: i64) -> bool {
        self.running.is_some() && self.task(id).is_completed
    }
}
