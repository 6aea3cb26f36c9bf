//! The harness: an app driven by messages, its requests kept until a test answers them, and
//! its frames drawn as the runtime draws them.

use std::time::Duration;

use crossterm::event::{Event, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use weeek_api::ApiError;

use weeek_api::models::{Board, Currency, Workspace};

use super::answers::{answered, done, failure, here};
use super::fixtures::{self, columns, members, projects, rows, tags, user};
use super::{clock, key};
use crate::app::{App, Msg};
use crate::screen::requests::{Reply, Request};
use crate::screen::{Clock, Effect};
use crate::ui::theme::Theme;
use crate::worker::{Answer, Call, Origin, Skipped};

pub struct Harness {
    pub app: App,
    /// Requests sent and not answered yet, oldest first.
    pub pending: Vec<Request>,
    pub effects: Vec<Effect>,
    pub clock: Clock,
    /// Colours on, as most terminals have them.
    pub theme: Theme,
    /// The files here are looked at as soon as the app asks (Tab's completion, the file a
    /// path names, the downloads directory), as a quick disk answers; off, those requests
    /// wait in `pending` like any other, for tests of a slow one.
    pub files_answer_at_once: bool,
}

impl Harness {
    /// An app started, its first requests pending and unanswered.
    pub fn starting(app: App) -> Self {
        let mut h = Harness {
            app,
            pending: Vec::new(),
            effects: Vec::new(),
            clock: clock(),
            theme: Theme::default(),
            files_answer_at_once: true,
        };
        let effects = h.app.start(h.clock);
        h.collect(effects);
        h
    }

    /// Answers the task list's first page with `tasks` (as slim rows, their wholes kept for
    /// the detail reads) and the boards and columns their places name.
    pub fn list_tasks(&mut self, tasks: Vec<weeek_api::models::Task>) {
        let req = self.take(|c| matches!(c, Call::Tasks(_))).remove(0);
        self.reply(
            &req,
            Answer::TaskPage(Ok(weeek_api::TaskPage {
                tasks: rows(tasks),
                has_more: false,
            })),
        );
        self.answer_all(
            |c| matches!(c, Call::Boards(_)),
            || Answer::Boards(Ok(vec![])),
        );
        self.answer_all(
            |c| matches!(c, Call::Columns(_)),
            || Answer::Columns(Ok(columns())),
        );
    }

    /// A fresh app as the harness makes it, not started.
    pub fn app() -> App {
        let dir = std::env::temp_dir().join(format!("weeek-test-{}", std::process::id()));
        App::new(dir, "test".into(), (120, 40))
    }

    /// An app whose directory is loaded (me, workspace, members, tags, projects, currencies).
    pub fn new() -> Self {
        Self::loaded(Self::app())
    }

    /// `app` started, its directory loaded as [`Harness::new`] loads it.
    pub fn loaded(app: App) -> Self {
        let mut h = Self::starting(app);
        h.answer_all(
            |c| matches!(c, Call::Workspace),
            || {
                Answer::Workspace(Ok(Workspace {
                    id: 1,
                    title: "Northwind".into(),
                    ..Default::default()
                }))
            },
        );
        h.answer_all(
            |c| matches!(c, Call::Members),
            || Answer::Members(Ok(members())),
        );
        h.answer_all(|c| matches!(c, Call::Tags), || Answer::Tags(Ok(tags())));
        h.answer_all(
            |c| matches!(c, Call::Projects),
            || Answer::Projects(Ok(projects())),
        );
        h.answer_all(
            |c| matches!(c, Call::Currencies),
            || {
                Answer::Currencies(Ok(vec![Currency {
                    id: 1,
                    name: Some("Russian ruble".into()),
                    code: Some("RUB".into()),
                    symbol: Some("₽".into()),
                }]))
            },
        );
        h.answer_all(
            |c| matches!(c, Call::Me),
            || Answer::Me(Ok(Box::new(user()))),
        );
        // The look for my running timer finds none.
        h.no_timer();
        h.answer_all(
            |c| matches!(c, Call::Boards(_)),
            || {
                Answer::Boards(Ok(vec![Board {
                    id: 5,
                    name: "Разработка".into(),
                    project_id: 1,
                    is_private: false,
                }]))
            },
        );
        h.answer_all(
            |c| matches!(c, Call::Columns(_)),
            || Answer::Columns(Ok(columns())),
        );
        h
    }

    fn collect(&mut self, effects: Vec<Effect>) {
        for e in effects {
            match e {
                Effect::Request(r) => self.pending.push(r),
                Effect::Cancel(key) => {
                    // As the worker does: a read stops, a write runs to its end.
                    self.pending.retain(|r| r.key != key || r.call.is_write());
                    self.effects.push(Effect::Cancel(key));
                }
                other => self.effects.push(other),
            }
        }
    }

    pub fn send(&mut self, msg: Msg) {
        let effects = self.app.update(msg, self.clock);
        self.collect(effects);
        self.answer_details();
        if self.files_answer_at_once {
            self.answer_files_here();
        }
        self.drawn();
    }

    /// As the runtime does before the next message: when something changed, a frame is drawn
    /// and the app reads back how far its text can scroll. Only the measure is taken here, as
    /// `ui::render` takes it; `dirty` stays for the tests that look at it.
    fn drawn(&mut self) {
        if self.app.dirty {
            self.app.scrolls = crate::ui::scroll_limits(&self.app);
        }
    }

    /// Answers the requests that look at files here, as the worker does (see
    /// [`Harness::files_answer_at_once`]).
    pub fn answer_files_here(&mut self) {
        while let Some(i) = self.pending.iter().position(|r| here(&r.call).is_some()) {
            let r = self.pending.remove(i);
            if let Some(answer) = here(&r.call) {
                let effects = self
                    .app
                    .update(Msg::Api(Box::new(answered(&r, answer, None))), self.clock);
                self.collect(effects);
            }
        }
    }

    /// Answers the detail pane's reads of tasks whose whole the test gave (see [`rows`]).
    fn answer_details(&mut self) {
        use crate::tasks::TaskKey;
        loop {
            let found =
                self.pending
                    .iter()
                    .enumerate()
                    .find_map(|(i, r)| match r.key.get::<TaskKey>() {
                        Some(TaskKey::Detail(id)) => fixtures::whole_of(*id).map(|t| (i, t)),
                        _ => None,
                    });
            let Some((i, task)) = found else { return };
            let r = self.pending.remove(i);
            let reply = answered(&r, Answer::Task(Ok(Box::new(task))), None);
            let effects = self.app.update(Msg::Api(Box::new(reply)), self.clock);
            self.collect(effects);
        }
    }

    /// The app follows `jump`, asked by the screen `from` while handling a message.
    pub fn jump(&mut self, from: crate::screen::Screen, jump: crate::screen::jump::Jump) {
        let mut effects = Vec::new();
        self.app.follow(from, jump, self.clock, &mut effects);
        self.collect(effects);
        self.answer_details();
        self.drawn();
    }

    /// Types each character as a key press.
    pub fn press(&mut self, keys: &str) {
        for c in keys.chars() {
            self.send(key(c));
        }
    }

    pub fn advance(&mut self, by: Duration) {
        self.clock.now += by;
        self.clock.wall += by;
        self.send(Msg::Tick);
    }

    /// Whether the app has asked to end.
    pub fn quits(&self) -> bool {
        self.effects.contains(&Effect::Quit)
    }

    /// Removes and returns the pending requests matching `pred`.
    pub fn take(&mut self, pred: impl Fn(&Call) -> bool) -> Vec<Request> {
        let (taken, rest) = std::mem::take(&mut self.pending)
            .into_iter()
            .partition(|r| pred(&r.call));
        self.pending = rest;
        taken
    }

    /// Answers `req`; the answer must be of its call's type, as the worker's always is.
    pub fn reply(&mut self, req: &Request, answer: Answer) {
        self.reply_skipping(req, answer, None);
    }

    /// Answers `req` with what the worker's run of its call gave.
    pub fn reply_output(&mut self, req: &Request, output: crate::worker::Output) {
        self.send(Msg::Api(Box::new(Reply {
            id: req.id,
            key: req.key.clone(),
            origin: Origin::Service,
            output,
            skipped: None,
        })));
    }

    /// Answers `req` as the local store does before the service: with its copy, read from the
    /// service at `read_at`. The request stays pending for the service's answer.
    pub fn reply_stored(&mut self, req: &Request, answer: Answer, read_at: time::OffsetDateTime) {
        assert!(
            req.from_store,
            "{:?} is not answered from the store",
            req.call
        );
        let mut reply = answered(req, answer, None);
        reply.origin = Origin::Stored { read_at };
        self.send(Msg::Api(Box::new(reply)));
    }

    /// Answers `req` with a list some of whose rows could not be read (`skipped`).
    pub fn reply_skipping(&mut self, req: &Request, answer: Answer, skipped: Option<Skipped>) {
        self.send(Msg::Api(Box::new(answered(req, answer, skipped))));
    }

    /// Answers `req` with failure `e`, in the answer type of its call.
    pub fn fail(&mut self, req: &Request, e: ApiError) {
        self.reply(req, failure(&req.call, e));
    }

    /// Answers a write without payload (complete, delete, move, …) with success.
    pub fn done(&mut self, req: &Request) {
        self.reply(req, done(&req.call));
    }

    /// Answers every pending request matching `pred`, in order.
    pub fn answer_all(
        &mut self,
        pred: impl Fn(&Call) -> bool,
        answer: impl Fn() -> Answer,
    ) -> usize {
        let reqs = self.take(pred);
        for r in &reqs {
            self.reply(r, answer());
        }
        reqs.len()
    }

    /// Fails every pending request matching `pred` with `error()`, in order.
    pub fn fail_all(
        &mut self,
        pred: impl Fn(&Call) -> bool,
        error: impl Fn() -> ApiError,
    ) -> usize {
        let reqs = self.take(pred);
        for r in &reqs {
            self.fail(r, error());
        }
        reqs.len()
    }

    /// Answers the look for my running timer: none runs.
    pub fn no_timer(&mut self) {
        let key = crate::screen::requests::RequestKey::from(crate::tasks::timer::TimerKey::Find);
        let (finds, rest) = std::mem::take(&mut self.pending)
            .into_iter()
            .partition(|r| r.key == key);
        self.pending = rest;
        let finds: Vec<Request> = finds;
        for r in &finds {
            self.reply(r, Answer::TaskPage(Ok(weeek_api::TaskPage::default())));
        }
    }

    /// The terminal becomes `width`x`height`.
    pub fn resize(&mut self, width: u16, height: u16) {
        self.send(Msg::Term(Event::Resize(width, height)));
    }

    /// A left click at a cell of the frame on screen, as the runtime passes it on.
    pub fn click(&mut self, column: u16, row: u16) {
        let (_, drawn) = self.draw();
        let hits = drawn.hits;
        let event = Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column,
            row,
            modifiers: KeyModifiers::NONE,
        });
        if let Some(msg) = crate::runtime::message(event, &hits) {
            self.send(msg);
        }
    }

    /// A frame drawn at the size the app was last told of, as the runtime draws it: never at
    /// another size, which the app's page sizes and scrolling would not match.
    fn draw(&self) -> (ratatui::buffer::Buffer, crate::ui::Drawn) {
        let (w, h) = self.app.viewport.size();
        let mut term = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
        let mut drawn = crate::ui::Drawn::default();
        term.draw(|f| drawn = crate::ui::render(&self.app, &self.theme, f))
            .expect("draw");
        (term.backend().buffer().clone(), drawn)
    }

    /// The frame as drawn, with its colours and styles.
    pub fn buffer(&self) -> ratatui::buffer::Buffer {
        self.draw().0
    }

    /// The screen as text.
    pub fn render(&self) -> String {
        let (buf, _) = self.draw();
        let (w, h) = self.app.viewport.size();
        let mut out = String::new();
        for y in 0..h {
            let mut line = String::new();
            let mut skip = 0;
            for x in 0..w {
                if skip > 0 {
                    skip -= 1;
                    continue;
                }
                let sym = buf[(x, y)].symbol();
                skip = unicode_width::UnicodeWidthStr::width(sym).saturating_sub(1);
                line.push_str(sym);
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

/// A seeded sandbox on loopback and a client of it (no retries: what fails, fails at once).
#[cfg(feature = "demo")]
pub async fn sandbox(
    faults: weeek_sandbox::Faults,
) -> (weeek_sandbox::SandboxHandle, weeek_api::Client) {
    use weeek_sandbox::{DbLocation, Sandbox, SandboxConfig};
    let sandbox = Sandbox::start(
        SandboxConfig {
            token: "t".into(),
            db: DbLocation::Memory,
            seed: true,
            // The harness's own instant: one clock for the app and the service, so the
            // seeded dates and the timestamps of new records read the same at any hour.
            now: Some(clock().wall),
            faults,
            tasks: None,
            workspace: None,
        },
        ([127, 0, 0, 1], 0).into(),
    )
    .await
    .expect("sandbox");
    let mut config = weeek_api::ClientConfig::new(sandbox.base_url(), weeek_api::Token::new("t"));
    config.retry = weeek_api::RetryPolicy::none();
    let client = weeek_api::Client::new(config).expect("client");
    (sandbox, client)
}

impl Harness {
    /// Runs every pending request against `client` as the worker would, answers it, and
    /// goes on until nothing is pending.
    pub async fn serve(&mut self, client: &weeek_api::Client) {
        loop {
            let pending = std::mem::take(&mut self.pending);
            if pending.is_empty() {
                return;
            }
            for req in pending {
                let (output, skipped) = crate::worker::execute(client, req.call.clone()).await;
                self.send(Msg::Api(Box::new(Reply {
                    id: req.id,
                    key: req.key.clone(),
                    origin: Origin::Service,
                    output,
                    skipped,
                })));
            }
        }
    }
}

/// A failure to connect: the service cannot be reached.
pub fn unreachable() -> ApiError {
    ApiError::Network {
        message: "connection refused".into(),
        sent: false,
    }
}

impl Harness {
    /// Fails every pending request as a service that cannot be reached would: the app goes
    /// offline.
    pub fn cut_off(&mut self) {
        self.fail_all(|_| true, unreachable);
    }

    /// Does what the runtime does with the outbox's orders: each is kept in `store`, and the
    /// app is told the outbox as it then is.
    pub fn keep_outbox(&mut self, store: &mut crate::store::Store) {
        let (orders, rest): (Vec<Effect>, Vec<Effect>) = std::mem::take(&mut self.effects)
            .into_iter()
            .partition(|e| matches!(e, Effect::Outbox(_)));
        self.effects = rest;
        for order in orders {
            if let Effect::Outbox(order) = order {
                let entries = order.run(store).expect("the outbox is written");
                self.send(Msg::Outbox(entries));
            }
        }
    }

    /// Whether the app asked for a replay since last asked.
    pub fn took_replay(&mut self) -> bool {
        let before = self.effects.len();
        self.effects.retain(|e| *e != Effect::Replay);
        self.effects.len() < before
    }
}

/// Runs the replay the app asked for as the worker does, against `client` with `store`, each
/// step handed to the app as it is reported.
#[cfg(feature = "demo")]
impl Harness {
    pub async fn replay(&mut self, client: &weeek_api::Client, store: &crate::store::SharedStore) {
        use std::sync::{Arc, Mutex};
        assert!(self.took_replay(), "the app asked for a replay");
        let steps: Arc<Mutex<Vec<crate::outbox::Replayed>>> = Arc::default();
        let kept = steps.clone();
        let replay = crate::outbox::replay::Replay {
            client: client.clone(),
            store: store.clone(),
            now: Arc::new(time::OffsetDateTime::now_utc),
            report: Arc::new(move |r| kept.lock().unwrap().push(r)),
        };
        replay.run().await;
        let steps = std::mem::take(&mut *steps.lock().unwrap());
        for step in steps {
            self.send(Msg::Replayed(Box::new(step)));
        }
    }
}

impl Default for Harness {
    fn default() -> Self {
        Self::new()
    }
}
