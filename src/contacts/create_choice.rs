//! The contact form's organizations and tags made from their pickers (see
//! `screen::choices::create`): where the new one goes, in the picker when it is still open,
//! else in the form.

use weeek_api::ApiError;
use weeek_api::models::Organization;

use super::{ContactAnswer, ContactKey, ContactsState};
use crate::screen::ScreenCtx;
use crate::screen::choices::create::{
    ChoiceAsk, ChoiceLookup, ChoicePage, Created, Creating, Made,
};
use crate::screen::choices::{Choice, PickKind};
use crate::screen::loadable::Loadable;
use crate::screen::toast::ToastKind;
use crate::widgets::picker::PickItem;

/// The contact screen's keys and answers of a create from a picker.
fn contact_send(cx: &mut ScreenCtx, ask: ChoiceAsk) {
    match ask {
        ChoiceAsk::Create(create) => cx.ask(
            ContactKey::CreateChoice,
            create,
            ContactAnswer::ChoiceCreated,
        ),
        ChoiceAsk::Find(look) => cx.ask(ContactKey::FindChoice, look, ContactAnswer::ChoiceFound),
    }
}

impl ContactsState {
    /// `Enter` on a name the picker does not have: create it, or, while the look for an
    /// earlier create of it failed, look again (sending it again might make a second one).
    pub fn create_choice(&mut self, kind: PickKind, name: String, cx: &mut ScreenCtx) {
        if let Some(c) = &mut self.creating {
            c.look_again(cx, contact_send);
            self.show_creating();
            return;
        }
        let orgs = self
            .orgs
            .list
            .value()
            .map(Vec::as_slice)
            .unwrap_or_default();
        self.creating = Some(Creating::start(
            ChoiceLookup { kind, name },
            orgs,
            cx,
            contact_send,
        ));
        self.show_creating();
    }

    fn show_creating(&mut self) {
        let status = self.creating.as_ref().map(Creating::status);
        if let Some(p) = self.layers.picker_mut().and_then(|fp| fp.picker.as_mut()) {
            p.notice = status;
        }
    }

    pub fn on_choice_created(&mut self, result: Result<Created, ApiError>, cx: &mut ScreenCtx) {
        if self.creating.is_none() {
            return;
        }
        let result = result.map(|created| {
            if let Created::Organization(o) = &created {
                self.add_org(o);
            }
            created.item(cx)
        });
        let Some(creating) = self.creating.as_mut() else {
            return;
        };
        let made = creating.on_created(result, cx, contact_send);
        self.on_made(made, cx);
    }

    pub fn on_choice_found(&mut self, result: Result<ChoicePage, ApiError>, cx: &mut ScreenCtx) {
        let Some(creating) = self.creating.as_mut() else {
            return;
        };
        let kind = creating.lookup.kind;
        let made = creating.on_found(result, cx, contact_send);
        if matches!(made, Made::Item(_)) {
            // The list the picker was built from lacks it: read it again.
            match kind {
                PickKind::Tags => cx.refresh_directory(),
                PickKind::Organizations => self.orgs.reload(cx),
            }
        }
        self.on_made(made, cx);
    }

    fn on_made(&mut self, made: Made, cx: &mut ScreenCtx) {
        match made {
            Made::Item(item) => self.created(item, cx),
            Made::Failed(text) => {
                self.creating = None;
                self.after_failure(text, cx);
            }
            Made::Waiting => self.show_creating(),
        }
    }

    /// A failure is said in the picker (when open) and as a message; the typed name stays.
    fn after_failure(&mut self, text: String, cx: &mut ScreenCtx) {
        if let Some(p) = self.layers.picker_mut().and_then(|fp| fp.picker.as_mut()) {
            p.notice = Some(text.clone());
        }
        cx.toast(ToastKind::Error, text);
    }

    /// The service has it: it is picked, in the picker when still open, else in the form.
    fn created(&mut self, item: PickItem<Choice>, cx: &mut ScreenCtx) {
        let Some(creating) = self.creating.take() else {
            return;
        };
        let quoted = crate::text::quoted(&item.label, 40);
        let noun = creating.lookup.noun();
        let open = self
            .layers
            .picker_mut()
            .filter(|fp| fp.kind == creating.lookup.kind)
            .and_then(|fp| fp.picker.as_mut());
        match open {
            Some(p) => {
                p.add_chosen(item);
                self.picker_action(crate::keys::commands::Action::Accept, cx);
            }
            None => self.add_to_form(item, cx),
        }
        cx.toast(ToastKind::Success, format!("Created the {noun} {quoted}"));
    }

    /// The picker was closed meanwhile: what was created joins the form's field.
    fn add_to_form(&mut self, item: PickItem<Choice>, cx: &mut ScreenCtx) {
        match item.key {
            Choice::Org(id) => {
                if !self.form.organizations.iter().any(|o| o.id == id) {
                    self.form.organizations.push(super::form::OrgRef {
                        id,
                        name: item.label,
                    });
                }
            }
            Choice::Tag(id) => {
                if !self.form.tags.contains(&id) {
                    self.form.tags.push(id);
                }
            }
        }
        self.form.carried = false;
        self.flush_draft(cx);
    }

    fn add_org(&mut self, o: &Organization) {
        if let Loadable::Loaded(list) | Loadable::Loading(Some(list)) = &mut self.orgs.list
            && !list.iter().any(|x| x.id == o.id)
        {
            list.push(o.clone());
        }
    }
}
