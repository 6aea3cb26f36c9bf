//! A tag made from the form's tag picker: `Enter` on a name that matches no tag sends
//! `POST /ws/tags` and picks what the service made. The look for one whose answer was lost is
//! the contact form's (`contacts::create_choice`), so one `Enter` never makes two tags.

use weeek_api::ApiError;

use crate::screen::ScreenCtx;
use crate::screen::choices::PickKind;
use crate::screen::choices::create::{
    ChoiceAsk, ChoiceLookup, ChoicePage, Created, Creating, Made,
};
use crate::screen::toast::ToastKind;
use crate::tasks::{TaskKey, TasksState};
use crate::widgets::picker::PickItem;

use super::model::Field;
use super::pickers::Pick;

/// The requests of the form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FormKey {
    /// A tag created from the tag picker.
    Tag,
    /// The look for a tag whose answer was lost.
    FindTag,
}

/// The answers of the form's requests.
#[derive(Debug)]
pub enum FormAnswer {
    TagMade(Result<Created, ApiError>),
    TagFound(Result<ChoicePage, ApiError>),
}

/// The form's keys and answers of a tag create.
fn form_send(cx: &mut ScreenCtx, ask: ChoiceAsk) {
    match ask {
        ChoiceAsk::Create(create) => {
            cx.ask(TaskKey::Form(FormKey::Tag), create, FormAnswer::TagMade)
        }
        ChoiceAsk::Find(look) => {
            cx.ask(TaskKey::Form(FormKey::FindTag), look, FormAnswer::TagFound)
        }
    }
}

impl TasksState {
    /// `Enter` on a tag name the picker does not have: create it, or, while the look for an
    /// earlier create failed, look again (sending it again might make a second one).
    pub(super) fn create_tag(&mut self, name: String, cx: &mut ScreenCtx) {
        if let Some(c) = &mut self.forms.making_tag {
            c.look_again(cx, form_send);
            self.show_making_tag();
            return;
        }
        let lookup = ChoiceLookup {
            kind: PickKind::Tags,
            name,
        };
        self.forms.making_tag = Some(Creating::start(lookup, &[], cx, form_send));
        self.show_making_tag();
    }

    fn show_making_tag(&mut self) {
        let status = self.forms.making_tag.as_ref().map(Creating::status);
        if let Some(p) = self.tag_picker() {
            p.notice = status;
        }
    }

    fn tag_picker(&mut self) -> Option<&mut crate::widgets::picker::Picker<Pick>> {
        self.layers
            .form_picker_mut()
            .filter(|fp| fp.field == Field::Tags)?
            .picker
            .as_mut()
    }

    pub(in crate::tasks) fn on_form_answer(&mut self, answer: FormAnswer, cx: &mut ScreenCtx) {
        match answer {
            FormAnswer::TagMade(result) => self.on_tag_made(result, cx),
            FormAnswer::TagFound(result) => self.on_tag_found(result, cx),
        }
    }

    fn on_tag_made(&mut self, result: Result<Created, ApiError>, cx: &mut ScreenCtx) {
        let result = result.map(|created| created.item(cx));
        let Some(making) = self.forms.making_tag.as_mut() else {
            return;
        };
        let made = making.on_created(result, cx, form_send);
        self.on_tag_outcome(made, cx);
    }

    fn on_tag_found(&mut self, result: Result<ChoicePage, ApiError>, cx: &mut ScreenCtx) {
        let Some(making) = self.forms.making_tag.as_mut() else {
            return;
        };
        let made = making.on_found(result, cx, form_send);
        if matches!(made, Made::Item(_)) {
            // The tags the pickers are built from lack it: read them again.
            cx.refresh_directory();
        }
        self.on_tag_outcome(made, cx);
    }

    fn on_tag_outcome(&mut self, made: Made, cx: &mut ScreenCtx) {
        match made {
            Made::Item(item) => self.tag_made(item, cx),
            Made::Failed(text) => {
                self.forms.making_tag = None;
                self.tag_failed(text, cx);
            }
            Made::Waiting => self.show_making_tag(),
        }
    }

    fn tag_failed(&mut self, text: String, cx: &mut ScreenCtx) {
        if let Some(p) = self.tag_picker() {
            p.notice = Some(text.clone());
        }
        cx.toast(ToastKind::Error, text);
    }

    /// The service has it: picked in the open tag picker, else added to the form.
    fn tag_made(&mut self, item: PickItem<crate::screen::choices::Choice>, cx: &mut ScreenCtx) {
        if self.forms.making_tag.take().is_none() {
            return;
        }
        let crate::screen::choices::Choice::Tag(id) = item.key else {
            return;
        };
        let quoted = crate::text::quoted(&item.label, 40);
        let picked = PickItem::new(Pick::Id(id), item.label).color(item.color);
        match self.tag_picker() {
            Some(p) => {
                p.add_chosen(picked);
                self.form_picker_action(crate::keys::commands::Action::Accept, cx);
            }
            None => {
                if let Some(e) = self.layers.form_mut()
                    && !e.form.tags.contains(&id)
                {
                    e.form.tags.push(id);
                    self.forms.flush(Some(e), cx);
                }
            }
        }
        cx.toast(ToastKind::Success, format!("Created the tag {quoted}"));
    }
}
