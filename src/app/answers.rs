//! Answers on their way back: each goes to the screen whose keys asked for it (the directory's,
//! the palette's and the timer's are the app's own), and the status line says which reads are being tried
//! again.

use weeek_api::ApiError;

use super::connection::Link;
use super::{App, unreadable};
use crate::contacts::ContactKey;
use crate::contacts::organizations::OrgKey;
use crate::funnels::FunnelKey;
use crate::goto::GotoKey;
use crate::projects::ProjectsKey;
use crate::screen::lost_answer;
use crate::screen::names::{NamesAnswer, NamesKey};
use crate::screen::offline::{LinkKey, unreachable};
use crate::screen::requests::{Reply, Retrying};
use crate::screen::toast::ToastKind;
use crate::screen::{Clock, Effect, Screen};
use crate::tasks::TaskKey;
use crate::tasks::timer::TimerKey;

impl App {
    /// A read is tried again: the status line says so until its answer comes.
    pub(super) fn on_retrying(&mut self, r: Retrying) -> bool {
        // Offline, the header says the service is being probed.
        if !self.requests.is_latest(&r.key, r.id) || r.key.get::<LinkKey>().is_some() {
            return false;
        }
        let n = &r.notice;
        let text = format!(
            "retrying ({}/{}) in {}: {}",
            n.attempt,
            n.attempts,
            crate::text::seconds(n.delay),
            lost_answer::cause_text(&n.cause)
        );
        self.retrying.insert(r.key, (r.id, text));
        true
    }

    /// What the status line says about reads being tried again: the newest one still wanted.
    pub fn retry_note(&self) -> Option<&str> {
        self.retrying
            .iter()
            .filter(|(key, (id, _))| self.requests.is_latest(key, *id))
            .max_by_key(|(_, (id, _))| *id)
            .map(|(_, (_, text))| text.as_str())
    }

    pub(super) fn on_reply(
        &mut self,
        reply: Reply,
        clock: Clock,
        effects: &mut Vec<Effect>,
    ) -> bool {
        // Whether it reached the service tells whether the app is offline, stale or not.
        let link = self.note_link(&reply, clock);
        let changed = self.take_reply(reply, clock, effects);
        match link {
            Link::Back => self.back_online(clock, effects) | changed,
            Link::Down => true,
            Link::Same => changed,
        }
    }

    /// Hands the answer `reply` brings to whoever asked for it, if it is still wanted.
    fn take_reply(&mut self, reply: Reply, clock: Clock, effects: &mut Vec<Effect>) -> bool {
        // Its answer replaces what the status line said about retrying it.
        if self
            .retrying
            .get(&reply.key)
            .is_some_and(|(id, _)| *id <= reply.id)
        {
            self.retrying.remove(&reply.key);
        }
        if !self.requests.is_latest(&reply.key, reply.id) {
            tracing::debug!(key = ?reply.key, id = reply.id, "dropped a stale answer");
            return false;
        }
        if let Some(skipped) = &reply.skipped {
            unreadable::report(&mut self.toasts, skipped, clock.now);
        }
        let me = self.names.me().map(|u| u.id.clone());
        self.timer.observe(&reply, me.as_deref());
        // A refused token is the app's to word: the client cannot know where it came from.
        if let Some(e @ ApiError::Unauthorized { .. }) = reply.output.error() {
            let text = self.error_text(e);
            if !self.toasts.visible().iter().any(|t| t.text == text) {
                self.toasts.push(clock.now, ToastKind::Error, text);
            }
        }
        let skipped = reply.skipped.clone();
        let stored = reply.origin.stored();
        // Offline, a read of what a screen shows that could not reach the service is what the
        // header says already (the screen shows the store's copy): its message goes to the
        // log only. A read of what the service did after a lost answer is said as ever.
        let offline_read = self.offline.is_offline()
            && reply.origin.is_last()
            && reply.output.error().is_some_and(unreachable)
            && (self.requests.from_store(&reply.key)
                || self.refresh.is_refresh(&reply.key, reply.id)
                || reply.key.get::<TimerKey>() == Some(&TimerKey::Find));
        let quiet = offline_read
            || reply.origin.is_last()
                && self
                    .refresh
                    .answered(&reply.key, reply.id, reply.output.error().is_some());
        let Some(answer) = self.requests.accept(reply) else {
            return false;
        };
        macro_rules! cx {
            () => {
                &mut {
                    let mut cx = screen_cx!(self, clock, effects);
                    cx.stored = stored;
                    cx.quiet = quiet;
                    cx
                }
            };
        }
        // Each set of keys hands its answers to whoever asked under it.
        macro_rules! route {
            ($answer:ident: $keys:ty => |$a:ident| $then:expr) => {
                let $answer = match $answer.take::<$keys>() {
                    Ok($a) => {
                        $then;
                        return true;
                    }
                    Err(other) => other,
                };
            };
        }
        route!(answer: NamesKey => |a| self.on_names(a, stored.is_some(), quiet, clock, effects));
        route!(answer: GotoKey => |a| self.on_goto(a, clock, effects));
        route!(answer: TaskKey => |a| {
            self.tasks.on_answer(a, cx!());
            self.follow_jumps(Screen::Tasks, clock, effects);
        });
        route!(answer: FunnelKey => |a| {
            self.funnels.on_answer(a, cx!());
            self.follow_jumps(Screen::Funnels, clock, effects);
        });
        route!(answer: ContactKey => |a| {
            self.contacts.on_answer(a, cx!());
            self.follow_jumps(Screen::Contacts, clock, effects);
        });
        route!(answer: OrgKey => |a| {
            self.contacts.organizations.on_answer(a, cx!());
            self.follow_jumps(Screen::Contacts, clock, effects);
        });
        route!(answer: ProjectsKey => |a| {
            self.projects.on_answer(a, cx!());
            self.follow_jumps(Screen::Projects, clock, effects);
        });
        route!(answer: LinkKey => |a| self.on_probe(a, clock));
        route!(answer: TimerKey => |a| {
            let changed = self.timer.on_answer(a, skipped.as_ref(), me.as_deref(), cx!());
            for task in changed {
                self.tasks.reread_task(task, cx!());
            }
        });
        // Every set of keys a request can be made under is routed above.
        tracing::error!(key = ?answer.key(), "an answer whose keys no screen routes");
        false
    }

    /// The directory's answer (`stored`: the local store's copy, until the service's comes):
    /// every screen hears of it, and the first profile known finds my timer.
    fn on_names(
        &mut self,
        answer: NamesAnswer,
        stored: bool,
        quiet: bool,
        clock: Clock,
        effects: &mut Vec<Effect>,
    ) {
        // Known once, from the store's copy or the service: the screens waiting on it go on
        // at the first.
        let became_known = self.names.me().is_none() && matches!(answer, NamesAnswer::Me(Ok(_)));
        if let NamesAnswer::Me(Err(e)) = &answer
            && !matches!(e, ApiError::Unauthorized { .. })
        {
            if quiet {
                self.toasts.log(ToastKind::Error, e.short());
            } else {
                self.toasts.push(clock.now, ToastKind::Error, e.short());
            }
        }
        self.names.on_answer(answer, stored);
        if became_known {
            self.timer.find(&mut screen_cx!(self, clock, effects));
        }
        self.each_screen(clock, effects, |s, cx| {
            if became_known {
                s.on_profile(cx);
            }
            s.on_directory_changed(cx);
        });
    }
}
