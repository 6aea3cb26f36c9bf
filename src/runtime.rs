//! The event loop: terminal events, API answers and deadlines go into `App::update`; its
//! effects come out here. Drawing happens only after something changed, once all queued
//! messages are handled; with nothing to do the loop sleeps.

use std::path::Path;
use std::time::Instant;

use crossterm::event::EventStream;
use futures_util::StreamExt;
use ratatui::DefaultTerminal;
use time::{OffsetDateTime, UtcOffset};
use tokio::sync::mpsc;

use crate::app::{App, Clock, Effect, Msg};
use crate::worker::{self, Request};

pub struct Runtime {
    offset: UtcOffset,
}

impl Runtime {
    pub fn new(offset: UtcOffset) -> Self {
        Self { offset }
    }

    pub fn clock(&self) -> Clock {
        Clock {
            now: Instant::now(),
            today: OffsetDateTime::now_utc().to_offset(self.offset).date(),
        }
    }

    pub async fn run(
        &self,
        mut app: App,
        client: weeek_api::Client,
        terminal: &mut DefaultTerminal,
    ) -> std::io::Result<()> {
        let (requests, mut replies) = worker::spawn(client);
        let mut events = EventStream::new();
        let (_signals_open, mut term_signals) = termination_signals();
        let effects = app.start(self.clock());
        self.execute(effects, &requests);
        loop {
            if app.dirty {
                terminal.draw(|f| crate::ui::render(&app, f))?;
                app.dirty = false;
            }
            if app.quit {
                return Ok(());
            }
            let deadline = app.next_deadline(Instant::now());
            let msg = tokio::select! {
                ev = events.next() => match ev {
                    Some(Ok(ev)) => Msg::Term(ev),
                    Some(Err(e)) => return Err(e),
                    None => return Ok(()),
                },
                Some(reply) = replies.recv() => Msg::Api(Box::new(reply)),
                _ = sleep_until(deadline), if deadline.is_some() => Msg::Tick,
                _ = term_signals.recv() => return Ok(()),
            };
            let mut dirty = false;
            let effects = app.update(msg, self.clock());
            dirty |= app.dirty;
            self.execute(effects, &requests);
            // Answers that arrived meanwhile are folded in before the next frame.
            while let Ok(reply) = replies.try_recv() {
                let effects = app.update(Msg::Api(Box::new(reply)), self.clock());
                dirty |= app.dirty;
                self.execute(effects, &requests);
            }
            app.dirty = dirty;
        }
    }

    fn execute(&self, effects: Vec<Effect>, requests: &mpsc::UnboundedSender<Request>) {
        for effect in effects {
            match effect {
                Effect::Request(r) => {
                    let _ = requests.send(r);
                }
                Effect::WriteFile { path, contents } => {
                    tokio::task::spawn_blocking(move || {
                        if let Err(e) = write_atomic(&path, &contents) {
                            tracing::warn!(path = %path.display(), error = %e, "could not write");
                        }
                    });
                }
                Effect::RemoveFile(path) => {
                    tokio::task::spawn_blocking(move || {
                        let _ = std::fs::remove_file(&path);
                    });
                }
                Effect::Quit => {}
            }
        }
    }
}

async fn sleep_until(deadline: Option<Instant>) {
    if let Some(d) = deadline {
        tokio::time::sleep_until(d.into()).await;
    }
}

/// SIGTERM and SIGHUP end the app cleanly, so the terminal is restored.
/// The sender is returned so the caller keeps the channel open for as long as it listens.
fn termination_signals() -> (mpsc::UnboundedSender<()>, mpsc::UnboundedReceiver<()>) {
    let (tx, rx) = mpsc::unbounded_channel();
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        for kind in [SignalKind::terminate(), SignalKind::hangup()] {
            if let Ok(mut s) = signal(kind) {
                let tx = tx.clone();
                tokio::spawn(async move {
                    if s.recv().await.is_some() {
                        let _ = tx.send(());
                    }
                });
            }
        }
    }
    (tx, rx)
}

/// Writes through a temporary file and a rename, so a crash never leaves half a file.
pub fn write_atomic(path: &Path, contents: &str) -> std::io::Result<()> {
    use std::io::Write;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    // A name of its own per write: two writes of the same file never share a temporary.
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = path.with_extension(format!("{}.{n}.tmp", std::process::id()));
    {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(contents.as_bytes())?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path)
}
