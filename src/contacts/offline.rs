//! The contact form and list while the service cannot be reached: a new contact, an edit and
//! a delete keep their changes in the outbox and show at once as they will be (a new contact
//! under its local key, first in the list); pages read meanwhile get them laid over again
//! (`SearchedList::lay_outbox`); the replay's steps put the service's copy in their place. A
//! contact with changes still in the outbox has its later ones join them, online too.

use weeek_api::models::Contact;
use weeek_api::{ApiError, NewContact};

use super::{ContactAnswer, ContactKey, ContactsState};
use crate::outbox::sets::SetField;
use crate::outbox::{
    Base, Change, ContactField, Entry, Field, Fresh, ItemKind, ItemRef, New, Step, links,
    local_key, record_ref,
};
use crate::screen::ScreenCtx;
use crate::screen::record_edit::RecordForm;
use crate::screen::toast::ToastKind;
use crate::worker::op;

impl ContactsState {
    /// Whether a change of contact `id` goes to the outbox: offline, or earlier changes of it
    /// are there still.
    pub(super) fn must_queue(id: &str, cx: &ScreenCtx) -> bool {
        cx.offline.must_queue(&record_ref(ItemKind::Contact, id))
    }

    /// `Ctrl-s` on a new contact offline: it gets a local key, shows first in the list as
    /// saved, and is kept in the outbox; the form's draft goes, as the outbox holds what it
    /// sends.
    pub(super) fn queue_new(
        &mut self,
        contact: NewContact,
        sent: Option<time::OffsetDateTime>,
        cx: &mut ScreenCtx,
    ) {
        let local = cx.offline.new_local(&cx.clock);
        let shown = crate::outbox::contact::shown(local_key(local), &contact, cx.clock.wall);
        let name = shown.display_name();
        cx.queue_sent(
            ItemRef::new_item(ItemKind::Contact, local),
            name.clone(),
            Change::Create(New::Contact(Box::new(contact))),
            Base::default(),
            sent,
        );
        let rows = self.list_rows(cx);
        self.list.add_created(shown.clone(), rows);
        self.show_saved(shown, cx);
        let note = cx.kept_note();
        cx.toasts.dismiss_all();
        cx.toast(ToastKind::Success, format!("Saved {name}{note}"));
    }

    /// `Ctrl-s` on an edit whose changes must wait: each field that changed is kept with the
    /// value the edit started from, and the contact shows as it will be.
    pub(super) fn queue_edit(&mut self, cx: &mut ScreenCtx) {
        if !RecordForm::validate(self) {
            return;
        }
        let Some(session) = &self.edit else {
            return;
        };
        let before = session.base.to_contact(&session.contact);
        let (typed, _) = self.form.to_contact();
        let typed = typed.normalized();
        let mut after = before.clone();
        for f in [
            ContactField::FirstName(typed.first_name.trim().to_string()),
            ContactField::LastName(typed.last_name),
            ContactField::MiddleName(typed.middle_name),
            ContactField::Organizations(typed.organizations),
            ContactField::Emails(typed.emails),
            ContactField::Phones(typed.phones),
            ContactField::Tags(typed.tags),
        ] {
            f.apply(&mut after);
        }
        let changes = ContactField::changes(&before, &after);
        if changes.is_empty() {
            RecordForm::unchanged(self, cx);
            return;
        }
        let item = record_ref(ItemKind::Contact, &before.id);
        let name = before.display_name();
        for f in changes {
            let base = f.current(&before);
            cx.queue(
                item.clone(),
                name.clone(),
                Change::Set(Field::Contact(f)),
                Base {
                    updated_at: before.updated_at,
                    value: Some(Field::Contact(base)),
                },
            );
        }
        let rows = self.list_rows(cx);
        self.list.replace(after.clone(), rows);
        let shown = after.display_name();
        self.show_saved(after, cx);
        let note = cx.kept_note();
        cx.toasts.dismiss_all();
        cx.toast(
            ToastKind::Success,
            format!("Saved changes to {shown}{note}"),
        );
    }

    /// `y` to a delete whose change must wait: the contact leaves the list now, and is
    /// deleted when the service is back (a contact made here and never sent just goes).
    pub(super) fn queue_delete(&mut self, id: String, name: String, cx: &mut ScreenCtx) {
        self.layers.close_view();
        let updated_at = self.list.find(&id).and_then(|c| c.updated_at);
        let kept = cx.queue_delete(record_ref(ItemKind::Contact, &id), name.clone(), updated_at);
        let rows = self.list_rows(cx);
        self.list.remove(&id, rows);
        let note = if kept { cx.kept_note() } else { String::new() };
        cx.toast(ToastKind::Success, format!("Deleted “{name}”{note}"));
    }

    /// A step of the replay: the service's copy of a contact takes its row's place (with the
    /// changes still waiting for it laid over), a new contact takes its id, one gone goes.
    pub fn on_replayed(&mut self, step: &Step, cx: &mut ScreenCtx) {
        self.organizations.on_replayed(step, cx);
        let rows = self.list_rows(cx);
        match step {
            Step::Sent { fresh, .. }
            | Step::Conflict { fresh, .. }
            | Step::Refused { fresh, .. } => {
                if let Some(Fresh::Contact(c)) = fresh {
                    self.show_fresh((**c).clone(), cx);
                }
            }
            Step::Created { entry, id, fresh } if entry.item.kind == ItemKind::Contact => {
                let Some(local) = entry.item.local else {
                    return;
                };
                let key = local_key(local);
                let made = match fresh {
                    Some(Fresh::Contact(c)) => (**c).clone(),
                    _ => match self.list.find(&key) {
                        Some(c) => Contact {
                            id: id.clone(),
                            ..c.clone()
                        },
                        None => return,
                    },
                };
                let made = lay_waiting(made, cx);
                self.list.rekey(&key, made.clone(), rows);
                if let Some(c) = self.layers.viewing_mut().filter(|c| c.id == key) {
                    *c = made.clone();
                }
                if let Some(s) = self.edit.as_mut().filter(|s| s.base.id == key) {
                    s.base.id = id.clone();
                    s.contact.id = id.clone();
                }
                if let super::submit::Phase::Saved(c) = &mut self.phase
                    && c.id == key
                {
                    **c = made;
                }
            }
            // Contacts that name an organization made here name it by its id from now.
            Step::Created { entry, id, .. } if entry.item.kind == ItemKind::Organization => {
                let Some(local) = entry.item.local else {
                    return;
                };
                let rename = |c: &mut Contact| links::rename(&mut c.organizations, local, id);
                self.list.each_mut(rename);
                if let Some(shown) = self.layers.viewing_mut() {
                    rename(shown);
                }
                if let super::submit::Phase::Saved(c) = &mut self.phase {
                    rename(c);
                }
                // The form being typed chose it: it goes with the id, not as a link to a
                // create that is over.
                let made = local_key(local);
                for chosen in self.form.organizations.iter_mut().filter(|o| o.id == made) {
                    chosen.id.clone_from(id);
                }
                if let Some(s) = self.edit.as_mut() {
                    links::rename(&mut s.base.organizations, local, id);
                    rename(&mut s.contact);
                }
            }
            Step::Gone { entries } => {
                for e in entries.iter().filter(|e| e.item.kind == ItemKind::Contact) {
                    let key = e.item.key();
                    self.list.remove(&key, rows);
                    if self.layers.viewing().is_some_and(|c| c.id == key) {
                        self.layers.close_view();
                    }
                }
            }
            _ => {}
        }
    }

    /// A change left the outbox unsent (dropped, or theirs taken at a conflict): the contact
    /// shows the value before it again and is read again; a new one not made leaves the list,
    /// a delete brings it back.
    pub fn on_dropped(&mut self, entry: &Entry, cx: &mut ScreenCtx) {
        if entry.item.kind == ItemKind::Organization {
            self.organizations.on_dropped(entry, cx);
            return;
        }
        let key = entry.item.key();
        let rows = self.list_rows(cx);
        match (&entry.change, &entry.base.value) {
            (Change::Set(Field::Contact(mine)), Some(Field::Contact(base))) => {
                let back = |c: &mut Contact| {
                    if mine.current(c).same(mine) {
                        base.apply(c);
                    }
                };
                for c in self
                    .list
                    .created
                    .iter_mut()
                    .chain(self.list.rows.rows.iter_mut())
                {
                    if c.id == key {
                        back(c);
                    }
                }
                if let Some(c) = self.layers.viewing_mut().filter(|c| c.id == key) {
                    back(c);
                }
            }
            (Change::Create(_), _) => {
                self.list.remove(&key, rows);
                return;
            }
            (Change::Delete, _) => {
                self.list.refresh(false, cx, rows);
                return;
            }
            _ => {}
        }
        if let Some(id) = entry.item.id.clone() {
            let seq = entry.seq;
            cx.request(
                ContactKey::Outboxed(seq),
                op::Contact(id.clone()),
                move |r| ContactAnswer::Outboxed(id.clone(), r),
            );
        }
    }

    /// Contact `id` as the service has it, read again after a change of it was dropped.
    pub(super) fn on_reread(
        &mut self,
        id: &str,
        result: Result<Box<Contact>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        match result {
            Ok(c) => self.show_fresh(*c, cx),
            Err(ApiError::NotFound { .. }) => {
                let rows = self.list_rows(cx);
                self.list.remove(id, rows);
            }
            // Offline still: the row shows the value before the change, as the store does.
            Err(_) => {}
        }
    }

    /// The service's copy of a contact, with the changes of it still waiting laid over, in
    /// its row and its view.
    fn show_fresh(&mut self, c: Contact, cx: &ScreenCtx) {
        let c = lay_waiting(c, cx);
        let rows = self.list_rows(cx);
        self.list.replace(c.clone(), rows);
        if let Some(v) = self.layers.viewing_mut().filter(|v| v.id == c.id) {
            *v = c;
        }
    }
}

/// `c` with the changes of it still to reach the service shown over it.
fn lay_waiting(mut c: Contact, cx: &ScreenCtx) -> Contact {
    let item = ItemRef {
        kind: ItemKind::Contact,
        id: Some(c.id.clone()),
        local: None,
    };
    for e in cx.offline.entries() {
        if e.state.pending()
            && e.item.same_item(&item)
            && let Change::Set(Field::Contact(f)) = &e.change
        {
            f.apply(&mut c);
        }
    }
    c
}
