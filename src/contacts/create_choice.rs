//! The contact form's organizations and tags made from their pickers, as every picker makes
//! them (`screen::choices::create`): a new organization joins the picker's list, and what the
//! service made is picked in the picker when it is still open, else added to the form.

use weeek_api::models::Organization;

use super::{ContactAnswer, ContactKey, ContactsState};
use crate::keys::commands::Action;
use crate::screen::ScreenCtx;
use crate::screen::choices::create::{ChoiceAsk, Created, CreatesChoices, Creating};
use crate::screen::choices::{Choice, OrgRef, PickKind};
use crate::screen::loadable::Loadable;
use crate::widgets::picker::PickItem;

impl CreatesChoices for ContactsState {
    fn creating(&mut self) -> &mut Option<Creating> {
        &mut self.creating
    }

    fn send(cx: &mut ScreenCtx, ask: ChoiceAsk) {
        match ask {
            ChoiceAsk::Create(create) => cx.ask(
                ContactKey::CreateChoice,
                create,
                ContactAnswer::ChoiceCreated,
            ),
            ChoiceAsk::Find(look) => {
                cx.ask(ContactKey::FindChoice, look, ContactAnswer::ChoiceFound)
            }
        }
    }

    fn notice(&mut self) -> Option<&mut Option<String>> {
        let p = self.layers.picker_mut()?.picker.as_mut()?;
        Some(&mut p.notice)
    }

    fn held_orgs(&self) -> &[Organization] {
        self.orgs
            .list
            .value()
            .map(Vec::as_slice)
            .unwrap_or_default()
    }

    /// A new organization joins the picker's list at once.
    fn keep(&mut self, made: &Created) {
        if let Created::Organization(o) = made
            && let Loadable::Loaded(list) | Loadable::Loading(Some(list)) = &mut self.orgs.list
            && !list.iter().any(|x| x.id == o.id)
        {
            list.push((**o).clone());
        }
    }

    fn reread(&mut self, kind: PickKind, cx: &mut ScreenCtx) {
        match kind {
            PickKind::Tags => cx.refresh_directory(),
            PickKind::Organizations => self.orgs.reload(cx),
        }
    }

    fn pick(&mut self, kind: PickKind, item: PickItem<Choice>, cx: &mut ScreenCtx) {
        let open = self
            .layers
            .picker_mut()
            .filter(|fp| fp.kind == kind)
            .and_then(|fp| fp.picker.as_mut());
        if let Some(p) = open {
            p.add_chosen(item);
            self.picker_action(Action::Accept, cx);
            return;
        }
        // The picker was closed meanwhile: what was created joins the form's field.
        match item.key {
            Choice::Org(id) => {
                if !self.form.organizations.iter().any(|o| o.id == id) {
                    self.form.organizations.push(OrgRef {
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
}
