//! New named items (a funnel, a status, a project, a board, a board's column, a task linked to
//! a deal) from the send to the service's answer, one mechanism for every screen: each create
//! is numbered, a lost answer has it looked for before anything may be sent again, one not
//! found waits unsettled so that the same name sent again looks once more first, and every
//! step is said in the same words.
//!
//! A screen says only where the new item goes and how it is found ([`NamedPlace`], on the
//! lookup), and shows what the service made ([`CreateEnd`]).

use std::collections::BTreeMap;

use weeek_api::ApiError;

use super::ScreenCtx;
use super::lost_answer::{
    Answered, CreateLookup, FirstStep, LookedFor, LostCreate, PageRead, PendingCreate, Unsettled,
};
use super::toast::ToastKind;

/// Where a new named item goes and how its create is sent: one implementation per kind of
/// place, on the lookup that finds such an item after a lost answer.
pub trait NamedPlace: CreateLookup {
    /// What the create's answer holds.
    type Made;

    /// Sends create number `n` of this.
    fn send(&self, n: u64, cx: &mut ScreenCtx);
    /// Reads `read` to look for create number `n`.
    fn look(n: u64, read: PageRead<Self::Page>, cx: &mut ScreenCtx);
    /// What kind of item it is, in messages ("funnel").
    fn what(&self) -> &'static str;

    /// The name as messages quote it.
    fn quoted(&self) -> String {
        crate::text::quoted(&self.name(), 40)
    }

    /// What was done, as the messages about a lost answer say it ("created").
    fn done(&self) -> String {
        "created".into()
    }

    /// Said as it is sent, when it is sent at once.
    fn sending_text(&self) -> Option<String> {
        None
    }

    fn created_text(&self, _made: &Self::Made) -> String {
        format!("Created the {} {}", self.what(), self.quoted())
    }

    fn refused_text(&self, e: &ApiError) -> String {
        format!(
            "Could not create the {} {}: {}",
            self.what(),
            self.quoted(),
            e.short()
        )
    }

    /// What the name is called in messages ("the same name again looks first").
    fn called(&self) -> &'static str {
        "name"
    }

    /// Said when a look did not find it.
    fn not_created_text(&self, lost: &LostCreate<Self>, _cx: &ScreenCtx) -> String {
        format!(
            "{}; the same {} again looks once more first",
            lost.not_created_text(&self.done()),
            self.called()
        )
    }

    /// What the refresh key reads again, where it helps after a failed look.
    fn refresh_reads(&self) -> &'static str {
        "reads them again"
    }

    /// Said when the look failed.
    fn failed_text(&self, lost: &LostCreate<Self>, cx: &ScreenCtx) -> String {
        let refresh = cx.keys.then_say("global.refresh", self.refresh_reads());
        format!(
            "{}; the same {} again looks first{refresh}",
            lost.check_failed_text(&self.done()),
            self.called()
        )
    }

    /// What quitting now would leave unconfirmed (`looked_for`: its answer was lost).
    fn unanswered_text(&self, looked_for: bool) -> String {
        let (what, name) = (self.what(), self.quoted());
        if looked_for {
            format!("The {what} {name} may have been created; it is not confirmed yet.")
        } else {
            format!("The {what} {name} is being created; its answer would not be seen.")
        }
    }
}

/// How a create ended, for the screen to show (what happened has been said already).
#[derive(Debug, Clone, PartialEq)]
pub enum CreateEnd<L: NamedPlace> {
    /// The service made it and answered with it.
    Made(L, L::Made),
    /// Its answer was lost, and the look found the service's copy.
    Found(L, L::Item),
    /// The service refused it: what was typed may be offered again.
    Refused(L, ApiError),
    /// Its answer was lost and the look did not find it (or failed): it waits unsettled.
    Dropped(L),
}

/// The creates of one kind of place on a screen.
#[derive(Debug, Clone)]
pub struct NamedCreates<L: NamedPlace> {
    creating: BTreeMap<u64, PendingCreate<L>>,
    /// Creates whose answer was lost and that no look found: the same one sent again is
    /// looked for first.
    unsure: Unsettled<L>,
    next: u64,
}

impl<L: NamedPlace> Default for NamedCreates<L> {
    fn default() -> Self {
        Self {
            creating: BTreeMap::new(),
            unsure: Unsettled::default(),
            next: 0,
        }
    }
}

impl<L: NamedPlace> NamedCreates<L> {
    /// Sends a create of `lookup`, or first looks for an earlier send of it whose fate is
    /// unknown. `held`: the items of its place the screen holds (a look must not take one of
    /// them for the new one). Returns its number, from 1 up.
    pub fn create<'a>(
        &mut self,
        lookup: L,
        held: impl IntoIterator<Item = &'a L::Item>,
        cx: &mut ScreenCtx,
    ) -> u64
    where
        L::Item: 'a,
    {
        self.next += 1;
        let n = self.next;
        let known = lookup.known(held);
        let (pending, first) = PendingCreate::start(lookup, &mut self.unsure, &cx.clock, known);
        match first {
            FirstStep::Send => {
                pending.lookup.send(n, cx);
                if let Some(text) = pending.lookup.sending_text() {
                    cx.toast(ToastKind::Info, text);
                }
            }
            FirstStep::Look(read) => {
                if let Some(lost) = pending.lost() {
                    cx.toast(ToastKind::Info, lost.resend_text(&pending.lookup.done()));
                }
                L::look(n, read, cx);
            }
        }
        self.creating.insert(n, pending);
        n
    }

    /// The answer to create `n`; `Some` once it is settled.
    pub fn on_created(
        &mut self,
        n: u64,
        result: Result<L::Made, ApiError>,
        cx: &mut ScreenCtx,
    ) -> Option<CreateEnd<L>> {
        let pending = self.creating.get_mut(&n)?;
        match pending.on_answer(result, &mut self.unsure) {
            Answered::Created(made) => {
                let lookup = self.creating.remove(&n)?.lookup;
                cx.toast(ToastKind::Success, lookup.created_text(&made));
                Some(CreateEnd::Made(lookup, made))
            }
            Answered::Refused(e) => {
                let lookup = self.creating.remove(&n)?.lookup;
                cx.toast(ToastKind::Error, lookup.refused_text(&e));
                Some(CreateEnd::Refused(lookup, e))
            }
            Answered::Lost(read) => {
                if let Some(lost) = pending.lost() {
                    cx.toast(ToastKind::Info, lost.looking_text(&pending.lookup.done()));
                }
                L::look(n, read, cx);
                None
            }
        }
    }

    /// An answer to the look for create `n`; `Some` once it is settled.
    pub fn on_looked(
        &mut self,
        n: u64,
        result: Result<L::Page, ApiError>,
        cx: &mut ScreenCtx,
    ) -> Option<CreateEnd<L>> {
        let pending = self.creating.get_mut(&n)?;
        match pending.on_looked(result, &mut self.unsure)? {
            LookedFor::Send => {
                pending.lookup.send(n, cx);
                None
            }
            LookedFor::Next(read) => {
                L::look(n, read, cx);
                None
            }
            LookedFor::Found(item, lost) => {
                let lookup = self.creating.remove(&n)?.lookup;
                cx.toast(ToastKind::Success, lost.found_text(&lookup.done()));
                Some(CreateEnd::Found(lookup, item))
            }
            LookedFor::NotCreated(lost) => {
                let lookup = self.creating.remove(&n)?.lookup;
                cx.toast(ToastKind::Error, lookup.not_created_text(&lost, cx));
                Some(CreateEnd::Dropped(lookup))
            }
            LookedFor::Failed(lost) => {
                let lookup = self.creating.remove(&n)?.lookup;
                cx.toast(ToastKind::Error, lookup.failed_text(&lost, cx));
                Some(CreateEnd::Dropped(lookup))
            }
        }
    }

    /// What quitting now would leave unconfirmed.
    pub fn unanswered(&self) -> Option<String> {
        let p = self.creating.values().next()?;
        Some(p.lookup.unanswered_text(p.lost().is_some()))
    }

    /// Creates not settled yet.
    pub fn len(&self) -> usize {
        self.creating.len()
    }

    pub fn is_empty(&self) -> bool {
        self.creating.is_empty()
    }

    /// The creates not settled yet, by number.
    pub fn pending(&self) -> impl Iterator<Item = (u64, &L)> {
        self.creating.iter().map(|(n, p)| (*n, &p.lookup))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{NewColumn as Col, World, board_column as column};
    use crate::worker::Call;

    fn calls(w: &mut World) -> Vec<Call> {
        w.sent().into_iter().map(|(_, call)| call).collect()
    }

    #[test]
    fn a_create_is_sent_once_and_its_answer_is_shown_and_said() {
        let (mut w, mut creates) = (World::new(), NamedCreates::default());
        let held = [column(1, "Бэклог")];
        let n = creates.create(Col("Архив"), &held, &mut w.cx());
        assert_eq!(n, 1);
        assert_eq!(calls(&mut w), [Call::CreateColumn(5, "Архив".into())]);
        let quitting = creates.unanswered().unwrap_or_default();
        assert!(quitting.contains("is being created"), "{quitting}");
        let end = creates.on_created(n, Ok(column(7, "Архив")), &mut w.cx());
        assert_eq!(end, Some(CreateEnd::Made(Col("Архив"), column(7, "Архив"))));
        assert_eq!(w.last_toast(), "Created the column “Архив”");
        assert!(creates.is_empty());
    }

    #[test]
    fn a_lost_answer_is_looked_for_and_the_same_name_again_looks_once_more_first() {
        let (mut w, mut creates) = (World::new(), NamedCreates::default());
        let held = [column(1, "Архив")];
        let n = creates.create(Col("Архив"), &held, &mut w.cx());
        calls(&mut w);
        let end = creates.on_created(n, Err(ApiError::Timeout), &mut w.cx());
        assert_eq!(end, None, "not settled: looked for");
        assert_eq!(calls(&mut w), [Call::Columns(5)], "no second send");
        assert!(w.last_toast().contains("looking for it"));
        let quitting = creates.unanswered().unwrap_or_default();
        assert!(quitting.contains("may have been created"), "{quitting}");
        // Only the twin held before the send: not made.
        let end = creates.on_looked(n, Ok(held.to_vec()), &mut w.cx());
        assert_eq!(end, Some(CreateEnd::Dropped(Col("Архив"))));
        assert!(
            w.last_toast()
                .contains("the same name again looks once more first")
        );
        // The same name again reads first, and the slow commit is found there.
        let again = creates.create(Col("Архив"), &held, &mut w.cx());
        assert_eq!(calls(&mut w), [Call::Columns(5)], "a look, not a send");
        let landed = vec![column(1, "Архив"), column(9, "Архив")];
        let end = creates.on_looked(again, Ok(landed), &mut w.cx());
        assert_eq!(
            end,
            Some(CreateEnd::Found(Col("Архив"), column(9, "Архив")))
        );
        assert!(w.last_toast().contains("was created after all"));
        assert!(calls(&mut w).is_empty());
    }

    #[test]
    fn a_send_again_that_finds_nothing_goes_and_a_refusal_is_handed_back() {
        let (mut w, mut creates) = (World::new(), NamedCreates::default());
        let n = creates.create(Col("Архив"), [], &mut w.cx());
        creates.on_created(n, Err(ApiError::Timeout), &mut w.cx());
        creates.on_looked(n, Ok(Vec::new()), &mut w.cx());
        let again = creates.create(Col("Архив"), [], &mut w.cx());
        calls(&mut w);
        assert_eq!(creates.on_looked(again, Ok(Vec::new()), &mut w.cx()), None);
        assert_eq!(calls(&mut w), [Call::CreateColumn(5, "Архив".into())]);
        let refused = ApiError::Forbidden {
            message: "No rights".into(),
        };
        let end = creates.on_created(again, Err(refused.clone()), &mut w.cx());
        assert_eq!(end, Some(CreateEnd::Refused(Col("Архив"), refused)));
        assert!(
            w.last_toast()
                .starts_with("Could not create the column “Архив”")
        );
        assert_eq!(creates.unanswered(), None);
        // The first send may still land: the next one looks first.
        creates.create(Col("Архив"), [], &mut w.cx());
        assert_eq!(calls(&mut w), [Call::Columns(5)]);
    }
}
