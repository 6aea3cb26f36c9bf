//! A tag made from the form's tag picker: `Enter` on a name that matches no tag sends
//! `POST /ws/tags` and picks what the service made. The look for one whose answer was lost is
//! the contact form's (`contacts::create_choice`), so one `Enter` never makes two tags.

use weeek_api::ApiError;

use crate::keys::commands::Action;
use crate::screen::ScreenCtx;
use crate::screen::choices::create::{
    self as choice_create, ChoiceAsk, ChoicePage, Created, CreatesChoices, Creating,
};
use crate::screen::choices::{Choice, PickKind};
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

impl CreatesChoices for TasksState {
    fn creating(&mut self) -> &mut Option<Creating> {
        &mut self.forms.making_tag
    }

    fn send(cx: &mut ScreenCtx, ask: ChoiceAsk) {
        match ask {
            ChoiceAsk::Create(create) => {
                cx.ask(TaskKey::Form(FormKey::Tag), create, FormAnswer::TagMade)
            }
            ChoiceAsk::Find(look) => {
                cx.ask(TaskKey::Form(FormKey::FindTag), look, FormAnswer::TagFound)
            }
        }
    }

    fn notice(&mut self) -> Option<&mut Option<String>> {
        Some(&mut self.tag_picker()?.notice)
    }

    /// Picked in the open tag picker, else added to the form.
    fn pick(&mut self, _: PickKind, item: PickItem<Choice>, cx: &mut ScreenCtx) {
        let Choice::Tag(id) = item.key else {
            return;
        };
        let picked = PickItem::new(Pick::Id(id), item.label).color(item.color);
        match self.tag_picker() {
            Some(p) => {
                p.add_chosen(picked);
                self.form_picker_action(Action::Accept, cx);
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
    }
}

impl TasksState {
    /// `Enter` on a tag name the picker does not have.
    pub(super) fn create_tag(&mut self, name: String, cx: &mut ScreenCtx) {
        choice_create::create(self, PickKind::Tags, name, cx);
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
            FormAnswer::TagMade(result) => choice_create::on_created(self, result, cx),
            FormAnswer::TagFound(result) => choice_create::on_found(self, result, cx),
        }
    }
}
