//! "Sync the whole workspace" from the palette (or its key): the same sync as `weeek-tui
//! sync`, run by the worker in the background while the app stays in use. The header shows
//! how far it is; the command again, or `Esc` with no message left to dismiss, stops it (what
//! was read stays in the store). Its report is said when it is over, each line in the log.

use crate::screen::toast::ToastKind;
use crate::screen::{Clock, Effect};
use crate::sync::{Progress, SyncReport};

use super::App;

#[derive(Debug, Default)]
pub struct Syncing {
    /// The number of the last sync started.
    last: u64,
    pub running: Option<Run>,
}

/// The sync under way.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    pub id: u64,
    pub progress: Progress,
    pub started: time::OffsetDateTime,
}

impl Syncing {
    /// What the header says while it runs: "syncing 45 300 of ~100 000".
    pub fn note(&self) -> Option<String> {
        let run = self.running.as_ref()?;
        let p = &run.progress;
        let read = crate::amounts::number(p.read() as f64);
        let slowed = if p.slowed_down {
            " (the service asked to slow down)"
        } else {
            ""
        };
        Some(match p.expected.filter(|e| *e > 0) {
            Some(expected) => format!(
                "syncing {read} of ~{}{slowed}",
                crate::amounts::number(expected as f64)
            ),
            None => format!("syncing {read}{slowed}"),
        })
    }
}

impl App {
    /// Starts a sync, or stops the one running.
    pub(super) fn toggle_sync(&mut self, clock: Clock, effects: &mut Vec<Effect>) {
        if self.sync.running.is_some() {
            self.stop_sync(clock, effects);
            return;
        }
        self.sync.last += 1;
        let id = self.sync.last;
        effects.push(Effect::Sync(id));
        self.sync.running = Some(Run {
            id,
            progress: Progress::default(),
            started: clock.wall,
        });
        let again = self
            .keymap
            .key_of("global.sync")
            .map(|k| format!("; {k} again stops it"))
            .unwrap_or_default();
        self.toasts.push(
            clock.now,
            ToastKind::Info,
            format!("Syncing the whole workspace into the local store{again}"),
        );
    }

    /// Stops the sync running: what it read stays in the store.
    pub(super) fn stop_sync(&mut self, clock: Clock, effects: &mut Vec<Effect>) {
        let Some(run) = self.sync.running.take() else {
            return;
        };
        effects.push(Effect::StopSync);
        let read = crate::amounts::number(run.progress.read() as f64);
        self.toasts.push(
            clock.now,
            ToastKind::Info,
            format!("Sync stopped after {read} read; what was read is kept"),
        );
    }

    pub(super) fn on_sync_progress(&mut self, id: u64, progress: Progress) -> bool {
        match &mut self.sync.running {
            Some(run) if run.id == id => {
                run.progress = progress;
                true
            }
            _ => false,
        }
    }

    /// The report of sync `id`, if it is the one running: its first line said, every line in
    /// the log.
    pub(super) fn on_synced(&mut self, id: u64, report: SyncReport, clock: Clock) -> bool {
        if self.sync.running.as_ref().is_none_or(|run| run.id != id) {
            return false;
        }
        self.sync.running = None;
        let lines = report.lines();
        for line in lines.iter().skip(1) {
            self.toasts.log(ToastKind::Info, line.clone());
        }
        let (kind, said) = if report.is_complete() {
            (
                ToastKind::Success,
                lines.first().cloned().unwrap_or_default(),
            )
        } else {
            let messages = self.keymap.then_say("global.messages", "shows what failed");
            (
                ToastKind::Error,
                format!("The sync did not read or keep everything{messages}"),
            )
        };
        self.toasts.push(clock.now, kind, said);
        true
    }
}

#[cfg(test)]
mod tests {
    use crossterm::event::{KeyCode, KeyModifiers};

    use crate::screen::Effect;
    use crate::sync::{KindReport, Progress, SyncReport};
    use crate::testing::{Harness, code, key_event, task};

    use super::super::Msg;

    fn alt_s(h: &mut Harness) {
        h.send(key_event(KeyCode::Char('s'), KeyModifiers::ALT));
    }

    fn syncs(h: &Harness) -> Vec<Effect> {
        h.effects
            .iter()
            .filter(|e| matches!(e, Effect::Sync(_) | Effect::StopSync))
            .cloned()
            .collect()
    }

    fn progress(read: u64) -> Progress {
        Progress {
            tasks: read,
            expected: Some(1_000),
            ..Progress::default()
        }
    }

    #[test]
    fn the_sync_runs_in_the_background_says_how_far_it_is_and_the_app_stays_in_use() {
        let mut h = Harness::new();
        h.list_tasks(vec![task(1, "Отчёт"), task(2, "Релиз")]);
        h.resize(160, 45);
        alt_s(&mut h);
        assert_eq!(syncs(&h), vec![Effect::Sync(1)]);
        h.send(Msg::SyncProgress(1, progress(300)));
        let screen = h.render();
        assert!(screen.contains("syncing 300 of ~1 000"), "{screen}");
        h.resize(80, 24);
        let narrow = h.render();
        let header = narrow.lines().next().unwrap_or_default();
        assert!(header.contains("syncing 300 of ~1 000"), "{narrow}");
        h.resize(160, 45);
        // Keys work meanwhile.
        h.press("j");
        assert_eq!(h.app.tasks.current().map(|t| t.id), Some(2));
        let mut report = SyncReport {
            requests: 12,
            ..SyncReport::default()
        };
        report.tasks = KindReport {
            label: "tasks",
            read: 1_000,
            first: true,
            ..KindReport::default()
        };
        h.send(Msg::Synced(1, Box::new(report)));
        let screen = h.render();
        assert!(!screen.contains("syncing"), "{screen}");
        assert!(screen.contains("Read 1 000 tasks"), "{screen}");
        let logged: Vec<String> = h.app.toasts.history().map(|(_, m)| m.clone()).collect();
        assert!(logged.iter().any(|m| m.starts_with("Tasks:")), "{logged:?}");
    }

    #[test]
    fn the_command_again_or_esc_stops_it_and_a_late_report_says_nothing() {
        let mut h = Harness::new();
        alt_s(&mut h);
        h.send(Msg::SyncProgress(1, progress(40)));
        alt_s(&mut h);
        assert_eq!(syncs(&h), vec![Effect::Sync(1), Effect::StopSync]);
        assert!(h.app.sync.running.is_none());
        let said: Vec<String> = h
            .app
            .toasts
            .visible()
            .iter()
            .map(|t| t.text.clone())
            .collect();
        assert!(
            said.iter()
                .any(|t| t.contains("Sync stopped after 40 read")),
            "{said:?}"
        );
        // Its report, sent before the stop arrived, is of a sync no longer wanted.
        h.app.toasts.dismiss_all();
        h.send(Msg::Synced(1, Box::default()));
        assert!(h.app.toasts.visible().is_empty());
        // Esc: the messages first, then the sync.
        alt_s(&mut h);
        assert!(!h.app.toasts.visible().is_empty(), "started: said");
        h.send(code(KeyCode::Esc));
        assert!(h.app.sync.running.is_some(), "the message went first");
        h.send(code(KeyCode::Esc));
        assert!(h.app.sync.running.is_none());
        assert_eq!(syncs(&h).last(), Some(&Effect::StopSync));
    }

    #[test]
    fn the_palette_offers_the_sync() {
        let mut h = Harness::new();
        h.resize(160, 45);
        h.send(crate::testing::ctrl('p'));
        h.press("sync the whole");
        let screen = h.render();
        assert!(screen.contains("Sync the whole workspace"), "{screen}");
        h.send(code(KeyCode::Enter));
        assert_eq!(syncs(&h).first(), Some(&Effect::Sync(1)));
    }
}
