//! The event loop: terminal events, API answers and deadlines go into `App::update`; its
//! effects come out here. Drawing happens only after something changed, once all queued
//! messages are handled; with nothing to do the loop sleeps.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crossterm::event::{Event, EventStream, MouseButton, MouseEvent, MouseEventKind};
use futures_util::StreamExt;
use time::{OffsetDateTime, UtcOffset};
use tokio::sync::{mpsc, watch};

use crate::active_workspace::ActiveWorkspace;
use crate::app::{App, Msg};
use crate::config::WorkspaceId;
use crate::first_frame::{FirstRows, answered_from_store};
use crate::runtime_outbox::OutboxRunner;
use crate::screen::requests::RequestKey;
use crate::screen::{Clock, Effect, Hits};
use crate::store::SharedStore;
use crate::terminal::AppTerminal;
use crate::ui::theme::Theme;
use crate::worker::{self, Order, Report};

pub struct Runtime {
    offset: UtcOffset,
    theme: Theme,
}

/// Opens a workspace for the runtime when the app switches to it.
pub trait Opener {
    /// Opens workspace `id`: its client, its local store, and a fresh app for it, with what
    /// its own directory keeps (drafts, views) read, for a terminal of `size`. An error says
    /// why in words.
    fn open(
        &mut self,
        id: &WorkspaceId,
        size: (u16, u16),
    ) -> impl Future<Output = Result<(App, weeek_api::Client, SharedStore), String>>;
}

/// Where a message the loop waits for came from.
enum Incoming {
    /// The terminal or a deadline: for the app on screen.
    Now(Msg),
    /// A worker's answer or an effect's outcome, for the app of this generation.
    Of(u64, Msg),
}

impl Runtime {
    pub fn new(offset: UtcOffset, theme: Theme) -> Self {
        Self { offset, theme }
    }

    /// The moment now; `service`: the client whose answers tell where the service's clock
    /// stands.
    pub fn clock(&self, service: &weeek_api::Client) -> Clock {
        let wall = OffsetDateTime::now_utc();
        Clock {
            now: Instant::now(),
            today: wall.to_offset(self.offset).date(),
            wall,
            offset: self.offset,
            service_ahead: service.service_clock_offset(),
        }
    }

    /// Runs until the app quits (`Ok(None)`) or a termination signal arrives (`Ok(Some(n))`,
    /// the signal's number): either way every queued file write has landed by then. Reads go
    /// through `store` (the workspace's local store) before the service, and the outbox is
    /// kept there. Another workspace is opened through `opener` when the app asks to switch.
    pub async fn run(
        &self,
        mut app: App,
        client: weeek_api::Client,
        store: SharedStore,
        terminal: &mut AppTerminal,
        opener: &mut impl Opener,
    ) -> std::io::Result<Option<i32>> {
        // Clones share what the answers tell of the service's clock.
        let mut service = client.clone();
        let mut outbox = OutboxRunner::new(store.clone());
        outbox.load(&mut app).await;
        let mut active = ActiveWorkspace::new(app);
        // Every worker's answers come here, marked with the generation of the app that asked.
        let (answers_tx, mut answers) = mpsc::unbounded_channel::<(u64, Report<RequestKey>)>();
        let mut requests = spawn_worker(client, store.clone(), active.generation(), &answers_tx);
        // The workers of the workspaces left: they end with the app.
        let mut retired = Vec::new();
        let mut files = FileWriter::spawn();
        // What effects answer (a config file written) comes back as a message.
        let (notes_tx, mut noted) = mpsc::unbounded_channel::<(u64, Msg)>();
        let mut notes = Notes {
            tx: notes_tx,
            generation: active.generation(),
        };
        let mut events = EventStream::new();
        let (_signals_open, mut term_signals) = termination_signals();
        let effects = active.start(self.clock(&service));
        let clock = || self.clock(&service);
        let effects = answered_from_store(&mut active, effects, &store, clock).await;
        // Editors to run once the effects are out: they take the terminal meanwhile.
        let mut edits = Vec::new();
        // The start's effects go out once the first frame is on screen: making the HTTP client
        // and the first connections would take the CPU that frame needs.
        let mut at_start = Some(effects);
        let mut flow = Flow::Go;
        // What the frame on screen shows where: clicks are resolved against it.
        let mut hits = Hits::default();
        let mut first_rows = FirstRows::from_env();
        let result = loop {
            // The app asked for another workspace: what it wrote lands first (its drafts are
            // on disk before the other is read, and before this one is opened again), then a
            // fresh app takes over with a worker of its own. The old worker runs on, so that a
            // change it was sending still reaches the service; `ActiveWorkspace` drops what it
            // answers (saying a refused change).
            while let Flow::Switch(id) = flow {
                files.flush().await;
                outbox.settle(&|msg| notes.send(msg)).await;
                let size = active.app.viewport.size();
                flow = match opener.open(&id, size).await {
                    Ok((mut app, client, store)) => {
                        tracing::info!(workspace = id.label(), "switched workspace");
                        service = client.clone();
                        edits.clear();
                        // The replay of the workspace left runs on to its end, its steps
                        // dropped with that app's other answers.
                        outbox = OutboxRunner::new(store.clone());
                        outbox.load(&mut app).await;
                        let effects = active.replace(app, self.clock(&service));
                        let clock = || self.clock(&service);
                        let effects =
                            answered_from_store(&mut active, effects, &store, clock).await;
                        let fresh = spawn_worker(client, store, active.generation(), &answers_tx);
                        // A sync of the workspace left has no one to tell how it went.
                        let _ = requests.send(Order::StopSync);
                        retired.push(std::mem::replace(&mut requests, fresh));
                        notes.generation = active.generation();
                        hits = Hits::default();
                        execute(
                            effects,
                            &requests,
                            &mut files,
                            &notes,
                            &mut edits,
                            &mut outbox,
                        )
                    }
                    Err(e) => {
                        tracing::warn!(workspace = id.label(), error = %e, "could not switch");
                        let text = format!("Could not open {}: {e}", id.label());
                        notes.send(Msg::EffectFailed(text));
                        Flow::Go
                    }
                };
            }
            if flow == Flow::Quit {
                break Ok(None);
            }
            // A change the keys kept in the outbox is on disk before the frame that shows it.
            outbox.settle(&|msg| notes.send(msg)).await;
            if active.app.dirty {
                // What a key changed on disk lands before the key is seen: a kill -9 right
                // after typing then loses nothing.
                files.settle().await;
                let app = &active.app;
                let mut scrolls = active.app.scrolls;
                if let Err(e) = terminal.draw(|f| {
                    let drawn = crate::ui::render(app, &self.theme, f);
                    (hits, scrolls) = (drawn.hits, drawn.scrolls);
                }) {
                    break Err(e);
                }
                active.app.scrolls = scrolls;
                active.app.dirty = false;
                first_rows.drawn(&active.app);
            }
            if let Some(effects) = at_start.take() {
                flow = execute(
                    effects,
                    &requests,
                    &mut files,
                    &notes,
                    &mut edits,
                    &mut outbox,
                );
                continue;
            }
            let deadline = active.app.next_deadline(Instant::now());
            let incoming = tokio::select! {
                ev = events.next() => match ev {
                    Some(Ok(ev)) => match message(ev, &hits) {
                        Some(msg) => Incoming::Now(msg),
                        None => continue,
                    },
                    Some(Err(e)) => break Err(e),
                    None => break Ok(None),
                },
                Some((generation, report)) = answers.recv() => Incoming::Of(generation, Msg::from(report)),
                Some((generation, note)) = noted.recv() => Incoming::Of(generation, note),
                _ = sleep_until(deadline), if deadline.is_some() => Incoming::Now(Msg::Tick),
                Some(signal) = term_signals.recv() => {
                    let effects = active.app.shutdown(self.clock(&service));
                    execute(effects, &requests, &mut files, &notes, &mut edits, &mut outbox);
                    outbox.settle(&|msg| notes.send(msg)).await;
                    break Ok(Some(signal));
                }
            };
            let clock = self.clock(&service);
            let effects = match incoming {
                Incoming::Now(msg) => active.update(msg, clock),
                Incoming::Of(generation, msg) => active.answer(generation, msg, clock),
            };
            flow = execute(
                effects,
                &requests,
                &mut files,
                &notes,
                &mut edits,
                &mut outbox,
            );
            // Answers that arrived meanwhile are folded in before the next frame; a bounded
            // number, so that answers arriving as fast as they are read (a service failing
            // every call at once) never keep keys, signals or a closed terminal from being seen.
            let mut folded = 0;
            while flow == Flow::Go
                && folded < FOLDED_PER_FRAME
                && let Ok((generation, report)) = answers.try_recv()
            {
                folded += 1;
                let effects = active.answer(generation, Msg::from(report), self.clock(&service));
                flow = execute(
                    effects,
                    &requests,
                    &mut files,
                    &notes,
                    &mut edits,
                    &mut outbox,
                );
            }
            if flow == Flow::Go && !edits.is_empty() {
                files.settle().await;
                // The key reader would take the editor's keys: it stops while the editor
                // runs, and a fresh one starts after.
                drop(events);
                let mut failed = None;
                for edit in edits.drain(..) {
                    match run_editor(terminal, edit) {
                        Ok(msg) => notes.send(msg),
                        Err(e) => failed = Some(e),
                    }
                }
                if let Some(e) = failed {
                    break Err(e);
                }
                events = EventStream::new();
                active.app.dirty = true;
            }
        };
        // Every queued file write lands before the app ends, and every change kept.
        outbox.settle(&|msg| notes.send(msg)).await;
        files.finish().await;
        result
    }
}

/// A worker for `client` with `store` behind it, its answers marked with `generation` on
/// their way to `answers`. It ends, stopping what it still runs, when the sender returned is
/// dropped.
fn spawn_worker(
    client: weeek_api::Client,
    store: SharedStore,
    generation: u64,
    answers: &mpsc::UnboundedSender<(u64, Report<RequestKey>)>,
) -> mpsc::UnboundedSender<Order<RequestKey>> {
    let (orders, mut reports) = worker::spawn(client, store);
    let answers = answers.clone();
    tokio::spawn(async move {
        while let Some(report) = reports.recv().await {
            if answers.send((generation, report)).is_err() {
                break;
            }
        }
    });
    orders
}

/// Where effects' outcomes go, marked with the generation of the app whose effects they were.
struct Notes {
    tx: mpsc::UnboundedSender<(u64, Msg)>,
    generation: u64,
}

impl Notes {
    fn send(&self, msg: Msg) {
        let _ = self.tx.send((self.generation, msg));
    }
}

/// What the loop does after a batch of effects.
#[derive(Debug, Clone, PartialEq)]
enum Flow {
    Go,
    Quit,
    Switch(WorkspaceId),
}

/// Answers taken in between two looks at the terminal and the signals.
const FOLDED_PER_FRAME: usize = 64;

/// A terminal event as a message for the app: a left click becomes what it landed on in the
/// frame on screen, and is dropped when that is nothing; every other event goes as it is.
pub fn message(event: Event, hits: &Hits) -> Option<Msg> {
    match event {
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column,
            row,
            ..
        }) => hits.at(column, row).copied().map(Msg::Click),
        other => Some(Msg::Term(other)),
    }
}

#[derive(Debug, Clone, PartialEq)]
enum FileOp {
    Write(PathBuf, String),
    Remove(PathBuf),
}

impl FileOp {
    fn path(&self) -> &Path {
        match self {
            Self::Write(p, _) | Self::Remove(p) => p,
        }
    }
}

/// Of several queued operations on one file, only the newest matters: a draft saved on every
/// keystroke is written once per burst, with the newest text.
fn coalesce(ops: Vec<FileOp>) -> Vec<FileOp> {
    let mut out: Vec<FileOp> = Vec::with_capacity(ops.len());
    for op in ops {
        out.retain(|o| o.path() != op.path());
        out.push(op);
    }
    out
}

/// How long a frame may wait for the file writes its keys caused: they take well under a
/// millisecond, and a disk that hangs must not freeze the screen.
const WRITES_BEFORE_DRAW: Duration = Duration::from_millis(100);

/// One task writes files, in the order asked: a draft saved twice must end with the newer
/// text, and a draft removed after a save must stay removed. What queued up while a write was
/// under way is coalesced. The file IO runs off the event loop; the loop can wait for it.
struct FileWriter {
    tx: mpsc::UnboundedSender<(u64, FileOp)>,
    /// The number of the last operation queued.
    queued: u64,
    /// The number of the last operation done.
    done: watch::Receiver<u64>,
    task: tokio::task::JoinHandle<()>,
}

impl FileWriter {
    fn spawn() -> Self {
        let (tx, mut rx) = mpsc::unbounded_channel::<(u64, FileOp)>();
        let (done_tx, done) = watch::channel(0);
        let task = tokio::spawn(async move {
            while let Some(first) = rx.recv().await {
                let mut batch = vec![first];
                while let Ok(more) = rx.try_recv() {
                    batch.push(more);
                }
                let last = batch.iter().map(|(n, _)| *n).max().unwrap_or(0);
                let ops = coalesce(batch.into_iter().map(|(_, op)| op).collect());
                let written = tokio::task::spawn_blocking(move || {
                    for op in ops {
                        if let Err(e) = perform(&op) {
                            let path = op.path().display().to_string();
                            tracing::warn!(path, error = %e, "file write failed");
                        }
                    }
                })
                .await;
                if let Err(e) = written {
                    tracing::warn!(error = %e, "the file writer failed");
                }
                let _ = done_tx.send(last);
            }
        });
        Self {
            tx,
            queued: 0,
            done,
            task,
        }
    }

    fn send(&mut self, op: FileOp) {
        self.queued += 1;
        let _ = self.tx.send((self.queued, op));
    }

    /// Waits until every operation queued so far is done, or `WRITES_BEFORE_DRAW` passed.
    async fn settle(&mut self) {
        let queued = self.queued;
        if *self.done.borrow() >= queued {
            return;
        }
        let done = self.done.wait_for(|d| *d >= queued);
        let _ = tokio::time::timeout(WRITES_BEFORE_DRAW, done).await;
    }

    /// Waits until every operation queued so far is done, however long it takes.
    async fn flush(&mut self) {
        let queued = self.queued;
        let _ = self.done.wait_for(|d| *d >= queued).await;
    }

    /// Lets every queued operation land, then ends the writer.
    async fn finish(self) {
        drop(self.tx);
        let _ = self.task.await;
    }
}

fn perform(op: &FileOp) -> std::io::Result<()> {
    match op {
        FileOp::Write(path, contents) => write_atomic(path, contents),
        FileOp::Remove(path) => match std::fs::remove_file(path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        },
    }
}

/// A description to edit in the user's editor (`Effect::EditText`).
struct EditOrder {
    task_id: i64,
    command: String,
    text: String,
}

/// Runs the editor with the terminal handed over; what it left comes back as a message.
fn run_editor(terminal: &mut AppTerminal, edit: EditOrder) -> std::io::Result<Msg> {
    let name = format!("task-{}", edit.task_id);
    let result = crate::terminal::handed_over(terminal, || {
        crate::terminal::edit_in(&edit.command, &edit.text, &name)
    })?;
    Ok(Msg::Edited {
        task_id: edit.task_id,
        original: edit.text,
        result,
    })
}

/// Runs `effects`: what the loop does next says whether one of them ends the app or leaves
/// for another workspace (nothing after that is run: it was this app's). Editors are queued in
/// `edits`.
fn execute(
    effects: Vec<Effect>,
    requests: &mpsc::UnboundedSender<Order<RequestKey>>,
    files: &mut FileWriter,
    notes: &Notes,
    edits: &mut Vec<EditOrder>,
    outbox: &mut OutboxRunner,
) -> Flow {
    let mut flow = Flow::Go;
    for effect in effects {
        match effect {
            Effect::Request(r) => {
                let _ = requests.send(Order::Run(Box::new(r)));
            }
            Effect::Cancel(key) => {
                let _ = requests.send(Order::Cancel(key));
            }
            Effect::WriteFile { path, contents } => files.send(FileOp::Write(path, contents)),
            Effect::RemoveFile(path) => files.send(FileOp::Remove(path)),
            // A small file, written when a view is saved or deleted by hand: done here, so
            // its answer says what the file now holds.
            Effect::StoreView { config, name, view } => {
                let result = crate::config::store_view(&config, &name, view.as_ref());
                notes.send(Msg::ViewStored {
                    name,
                    deleted: view.is_none(),
                    result,
                });
            }
            Effect::OpenUrl(url) => {
                if let Err(e) = crate::share::open_in_browser(&url) {
                    tracing::warn!(error = %e, "no browser could be started");
                    notes.send(Msg::NoBrowser(url));
                }
            }
            Effect::Copy(text) => {
                if let Err(e) = crate::share::copy(&text, &mut std::io::stdout()) {
                    let text = format!("Could not copy to the clipboard: {e}");
                    notes.send(Msg::EffectFailed(text));
                }
            }
            Effect::EditText {
                task_id,
                command,
                text,
            } => edits.push(EditOrder {
                task_id,
                command,
                text,
            }),
            Effect::Outbox(order) => outbox.order(*order),
            Effect::Replay => {
                let _ = requests.send(Order::Replay);
            }
            Effect::Sync(id) => {
                let _ = requests.send(Order::Sync(id));
            }
            Effect::StopSync => {
                let _ = requests.send(Order::StopSync);
            }
            Effect::Quit => flow = Flow::Quit,
            Effect::SwitchWorkspace(id) if flow == Flow::Go => flow = Flow::Switch(id),
            Effect::SwitchWorkspace(_) => {}
        }
    }
    flow
}

async fn sleep_until(deadline: Option<Instant>) {
    if let Some(d) = deadline {
        tokio::time::sleep_until(d.into()).await;
    }
}

/// How long the loop has to end the app after a signal before the process ends without it.
const FORCED_EXIT_AFTER: Duration = Duration::from_secs(3);

/// SIGTERM, SIGHUP, SIGINT and SIGQUIT end the app cleanly, so the terminal is restored and
/// what is typed is on disk (Ctrl-C typed in the app is a key, not a signal: raw mode). Each
/// sends its number. The sender is returned so the caller keeps the channel open for as long
/// as it listens.
fn termination_signals() -> (mpsc::UnboundedSender<i32>, mpsc::UnboundedReceiver<i32>) {
    let (tx, rx) = mpsc::unbounded_channel();
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        for kind in [
            SignalKind::terminate(),
            SignalKind::hangup(),
            SignalKind::interrupt(),
            SignalKind::quit(),
        ] {
            if let Ok(mut s) = signal(kind) {
                let tx = tx.clone();
                tokio::spawn(async move {
                    if s.recv().await.is_some() {
                        let _ = tx.send(kind.as_raw_value());
                        // The loop that takes the signal can be stuck where it cannot see it:
                        // the terminal library reads a hung-up terminal over and over (each
                        // read answers 0 bytes) on the loop's own thread. This task runs on a
                        // worker thread; once the loop has had time to end the app the normal
                        // way, the process ends here. What was typed is already on disk (it
                        // lands before each frame), and a hung-up terminal needs no restoring.
                        tokio::time::sleep(FORCED_EXIT_AFTER).await;
                        tracing::warn!(signal = kind.as_raw_value(), "ended without the loop");
                        std::process::exit(128 + kind.as_raw_value());
                    }
                });
            }
        }
    }
    (tx, rx)
}

/// Writes through a temporary file and a rename, so a crash never leaves half a file. The file
/// is private (drafts hold names, e-mails and phones), and so are the directories made for it.
pub fn write_atomic(path: &Path, contents: &str) -> std::io::Result<()> {
    use std::io::Write;
    if let Some(dir) = path.parent() {
        crate::private_files::create_dir_all(dir)?;
    }
    // A name of its own per write: two writes of the same file never share a temporary.
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = path.with_extension(format!("{}.{n}.tmp", std::process::id()));
    {
        let mut f = crate::private_files::open(
            &tmp,
            std::fs::OpenOptions::new()
                .write(true)
                .create(true)
                .truncate(true),
        )?;
        f.write_all(contents.as_bytes())?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_newest_operation_on_a_file_is_kept() {
        let draft = PathBuf::from("/d/draft.json");
        let other = PathBuf::from("/d/other.json");
        let ops = vec![
            FileOp::Write(draft.clone(), "И".into()),
            FileOp::Write(other.clone(), "x".into()),
            FileOp::Write(draft.clone(), "Ив".into()),
            FileOp::Remove(draft.clone()),
            FileOp::Write(draft.clone(), "Ива".into()),
        ];
        assert_eq!(
            coalesce(ops),
            vec![
                FileOp::Write(other, "x".into()),
                FileOp::Write(draft, "Ива".into())
            ]
        );
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 1)]
    async fn a_burst_of_writes_is_on_disk_with_the_newest_text_once_settled() {
        let dir = std::env::temp_dir().join(format!("weeek-writer-{}", std::process::id()));
        let path = dir.join("draft.json");
        let mut writer = FileWriter::spawn();
        for n in 0..200 {
            writer.send(FileOp::Write(path.clone(), format!("text {n}")));
        }
        // `settle` gives up after a frame's wait, which a loaded machine can outlast: wait on
        // until the writer says everything queued is done.
        while *writer.done.borrow() < writer.queued {
            writer.settle().await;
        }
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "text 199");
        writer.send(FileOp::Remove(path.clone()));
        writer.finish().await;
        assert!(
            !path.exists(),
            "a removal queued last is done before the end"
        );
        std::fs::remove_dir_all(&dir).ok();
    }
}
