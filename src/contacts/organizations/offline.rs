//! The organizations tab while the service cannot be reached: a new organization, an edit, a
//! delete and the contacts and tags attached or detached keep their changes in the outbox and
//! show at once as they will be (a new organization under its local key, first in the list);
//! pages read meanwhile get them laid over again (`SearchedList::lay_outbox`); the replay's
//! steps put the service's copy in their place. An organization with changes still in the
//! outbox has its later ones join them, online too.

use weeek_api::models::Organization;
use weeek_api::{ApiError, OrganizationInput};

use super::links::{LinkSet, OnScreen};
use super::{OrgAnswer, OrgKey, OrganizationsState};
use crate::outbox::sets::SetField;
use crate::outbox::{
    Base, Change, Entry, Field, Fresh, ItemKind, ItemRef, New, OrgField, Step, local_key, local_of,
    record_ref,
};
use crate::screen::ScreenCtx;
use crate::screen::record_edit::RecordForm;
use crate::screen::toast::ToastKind;
use crate::worker::op;

impl OrganizationsState {
    /// Whether a change of organization `id` goes to the outbox: offline, or earlier changes
    /// of it are there still.
    pub(super) fn must_queue(id: &str, cx: &ScreenCtx) -> bool {
        cx.offline
            .must_queue(&record_ref(ItemKind::Organization, id))
    }

    /// The form's save of a new organization offline: it gets a local key, shows first in the
    /// list, and is kept in the outbox; the form closes.
    pub(super) fn queue_new(
        &mut self,
        input: OrganizationInput,
        sent: Option<time::OffsetDateTime>,
        cx: &mut ScreenCtx,
    ) {
        let local = cx.offline.new_local(&cx.clock);
        let shown = crate::outbox::organization::shown(local_key(local), &input, cx.clock.wall);
        let name = shown.display_name();
        cx.queue_sent(
            ItemRef::new_item(ItemKind::Organization, local),
            name.clone(),
            Change::Create(New::Organization(Box::new(input))),
            Base::default(),
            sent,
        );
        let rows = Self::rows(cx);
        self.list.add_created(shown, rows);
        self.close_form(cx);
        let note = cx.kept_note();
        cx.toasts.dismiss_all();
        cx.toast(ToastKind::Success, format!("Saved “{name}”{note}"));
    }

    /// The form's save of an edit whose changes must wait: each field that changed is kept
    /// with the value the edit started from; the organization shows as it will be.
    pub(super) fn queue_edit(&mut self, cx: &mut ScreenCtx) {
        if !RecordForm::validate(self) {
            return;
        }
        let Some(fs) = self.layers.form() else {
            return;
        };
        let Some(session) = &fs.edit else {
            return;
        };
        let rest = self.list.find(&session.base.id).unwrap_or(&session.org);
        let before = session.base.to_organization(rest);
        let (typed, _) = fs.form.to_input();
        let mut after = before.clone();
        for f in [
            OrgField::Name(typed.name.unwrap_or_default()),
            OrgField::Addresses(typed.addresses.unwrap_or_default()),
            OrgField::Emails(typed.emails.unwrap_or_default()),
            OrgField::Phones(typed.phones.unwrap_or_default()),
        ] {
            f.apply(&mut after);
        }
        let changes = OrgField::changes(&before, &after);
        if changes.is_empty() {
            RecordForm::unchanged(self, cx);
            return;
        }
        self.queue_fields(&before, changes, cx);
        let rows = Self::rows(cx);
        self.list.replace(after.clone(), rows);
        if let Some(o) = self.layers.viewing_mut().filter(|o| o.id == after.id) {
            *o = after.clone();
        }
        self.close_form(cx);
        let note = cx.kept_note();
        cx.toasts.dismiss_all();
        cx.toast(
            ToastKind::Success,
            format!("Saved changes to “{}”{note}", after.display_name()),
        );
    }

    fn queue_fields(&self, before: &Organization, changes: Vec<OrgField>, cx: &mut ScreenCtx) {
        let item = record_ref(ItemKind::Organization, &before.id);
        let name = before.display_name();
        for f in changes {
            let base = f.current(before);
            cx.queue(
                item.clone(),
                name.clone(),
                Change::Set(Field::Organization(f)),
                Base {
                    updated_at: before.updated_at,
                    value: Some(Field::Organization(base)),
                },
            );
        }
    }

    /// `y` to a delete whose change must wait: the organization leaves the list now, and is
    /// deleted when the service is back (one made here and never sent just goes).
    pub(super) fn queue_delete(&mut self, id: String, name: String, cx: &mut ScreenCtx) {
        self.layers.close_view();
        let updated_at = self.list.find(&id).and_then(|o| o.updated_at);
        let item = record_ref(ItemKind::Organization, &id);
        let kept = cx.queue_delete(item, name.clone(), updated_at);
        let rows = Self::rows(cx);
        self.list.remove(&id, rows);
        let note = if kept { cx.kept_note() } else { String::new() };
        cx.toast(ToastKind::Success, format!("Deleted “{name}”{note}"));
    }

    /// The link picker's choice kept: its contacts or tags as chosen, shown already. False
    /// (nothing kept, said) when a contact chosen was made here and has no id yet.
    pub(super) fn queue_links(
        &mut self,
        o: &Organization,
        before: &LinkSet,
        after: &LinkSet,
        cx: &mut ScreenCtx,
    ) -> bool {
        let mut changes = Vec::new();
        if after.contacts != before.contacts {
            changes.push(OrgField::Contacts(after.contacts.clone()));
        }
        if after.tags != before.tags {
            changes.push(OrgField::Tags(after.tags.clone()));
        }
        self.queue_fields(o, changes, cx);
        let rows = Self::rows(cx);
        OnScreen {
            list: &mut self.list,
            layers: &mut self.layers,
            rows,
        }
        .set(&o.id, after);
        let note = cx.kept_note();
        let name = crate::text::quoted(&o.display_name(), 40);
        cx.toast(ToastKind::Success, format!("Links of {name} saved{note}"));
        true
    }

    /// A step of the replay: the service's copy of an organization takes its row's place
    /// (with the changes still waiting for it laid over), a new one takes its id, one gone
    /// goes.
    pub fn on_replayed(&mut self, step: &Step, cx: &mut ScreenCtx) {
        // The deals of the organization in view, as the service has them now.
        match step {
            Step::Sent { entry, .. }
                if entry.item.kind == ItemKind::Deal && entry.change == Change::Delete =>
            {
                self.deals.forget(&entry.item.key());
            }
            Step::Sent { fresh, .. }
            | Step::Created { fresh, .. }
            | Step::Conflict { fresh, .. }
            | Step::Refused { fresh, .. } => {
                if let Some(Fresh::Deal(deal)) = fresh {
                    self.deals.take_fresh(deal);
                }
            }
            Step::Gone { entries } => {
                for e in entries.iter().filter(|e| e.item.kind == ItemKind::Deal) {
                    self.deals.forget(&e.item.key());
                }
            }
            _ => {}
        }
        self.outbox_changed(cx);
        let rows = Self::rows(cx);
        match step {
            Step::Sent { fresh, .. }
            | Step::Conflict { fresh, .. }
            | Step::Refused { fresh, .. } => {
                if let Some(Fresh::Organization(o)) = fresh {
                    self.show_fresh((**o).clone(), cx);
                }
            }
            Step::Created { entry, id, fresh } if entry.item.kind == ItemKind::Organization => {
                let Some(local) = entry.item.local else {
                    return;
                };
                let key = local_key(local);
                let made = match fresh {
                    Some(Fresh::Organization(o)) => (**o).clone(),
                    _ => match self.list.find(&key) {
                        Some(o) => Organization {
                            id: id.clone(),
                            ..o.clone()
                        },
                        None => return,
                    },
                };
                let made = lay_waiting(made, cx);
                self.list.rekey(&key, made.clone(), rows);
                if let Some(o) = self.layers.viewing_mut().filter(|o| o.id == key) {
                    *o = made;
                }
            }
            // Organizations that chose a contact made here name it by its id from now.
            Step::Created { entry, id, .. } if entry.item.kind == ItemKind::Contact => {
                let Some(local) = entry.item.local else {
                    return;
                };
                let rename =
                    |o: &mut Organization| crate::outbox::links::rename(&mut o.contacts, local, id);
                self.list.each_mut(rename);
                if let Some(shown) = self.layers.viewing_mut() {
                    rename(shown);
                }
            }
            Step::Gone { entries } => {
                for e in entries
                    .iter()
                    .filter(|e| e.item.kind == ItemKind::Organization)
                {
                    let key = e.item.key();
                    self.list.remove(&key, rows);
                    self.layers.close_view_of(&key);
                }
            }
            _ => {}
        }
    }

    /// A change left the outbox unsent: the organization shows the value before it again and
    /// is read again; a new one not made leaves the list, a delete brings it back.
    pub fn on_dropped(&mut self, entry: &Entry, cx: &mut ScreenCtx) {
        let key = entry.item.key();
        let rows = Self::rows(cx);
        match (&entry.change, &entry.base.value) {
            (Change::Set(Field::Organization(mine)), Some(Field::Organization(base))) => {
                let back = |o: &mut Organization| {
                    if mine.current(o).same(mine) {
                        base.apply(o);
                    }
                };
                for o in self
                    .list
                    .created
                    .iter_mut()
                    .chain(self.list.rows.rows.iter_mut())
                {
                    if o.id == key {
                        back(o);
                    }
                }
                if let Some(o) = self.layers.viewing_mut().filter(|o| o.id == key) {
                    back(o);
                }
            }
            (Change::Create(_), _) => {
                self.list.remove(&key, rows);
                self.layers.close_view_of(&key);
                return;
            }
            (Change::Delete, _) => {
                self.list.refresh(false, cx, rows);
                return;
            }
            _ => {}
        }
        if local_of(&key).is_none() {
            let (seq, id) = (entry.seq, key.clone());
            cx.request(OrgKey::Outboxed(seq), op::Organization(key), move |r| {
                OrgAnswer::Outboxed(id.clone(), r)
            });
        }
    }

    /// Organization `id` as the service has it, read again after a change of it was dropped.
    pub(super) fn on_reread(
        &mut self,
        id: &str,
        result: Result<Box<Organization>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        match result {
            Ok(o) => self.show_fresh(*o, cx),
            Err(ApiError::NotFound { .. }) => {
                let rows = Self::rows(cx);
                self.list.remove(id, rows);
                self.layers.close_view_of(id);
            }
            // Offline still: the row shows the value before the change.
            Err(_) => {}
        }
    }

    fn show_fresh(&mut self, o: Organization, cx: &ScreenCtx) {
        let o = lay_waiting(o, cx);
        let rows = Self::rows(cx);
        self.list.replace(o.clone(), rows);
        if let Some(v) = self.layers.viewing_mut().filter(|v| v.id == o.id) {
            *v = o;
        }
    }

    fn rows(cx: &ScreenCtx) -> usize {
        cx.viewport.organizations.list_rows
    }
}

/// `o` with the changes of it still to reach the service shown over it.
fn lay_waiting(mut o: Organization, cx: &ScreenCtx) -> Organization {
    let item = ItemRef {
        kind: ItemKind::Organization,
        id: Some(o.id.clone()),
        local: None,
    };
    for e in cx.offline.entries() {
        if e.state.pending()
            && e.item.same_item(&item)
            && let Change::Set(Field::Organization(f)) = &e.change
        {
            f.apply(&mut o);
        }
    }
    o
}
