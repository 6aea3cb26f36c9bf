//! `n`: a new task from one form (title, project › board › column, priority, due day,
//! assignees, tags, description). The form is typed into a draft on disk, so a crash loses
//! nothing; `Esc` closes it and keeps the draft for the next `n`. Sending closes the form and
//! shows the task at once (see `create.rs`); a refusal opens the form again with the service's
//! messages at their fields, and a create whose answer was lost is looked for first. The draft
//! stays on disk until the service has the task: a quit or a crash meanwhile loses nothing.

pub mod keys;
pub mod model;
pub mod pickers;
pub mod tags;

#[cfg(test)]
mod tests;

use std::path::Path;

use model::{TaskForm, Values};

use crate::screen::ScreenCtx;
use crate::screen::draft_file::DraftFile;
use crate::screen::toast::ToastKind;

pub const DRAFT_FILE: &str = "task-draft.json";

/// The open form (a layer of the screen; its pickers are layers over it).
#[derive(Debug, Clone)]
pub struct Editor {
    pub form: TaskForm,
    /// What the form opened with when nothing was typed (the list's place and assignees):
    /// a title alone on top of it is sent at once with `Enter`.
    pub start: Values,
    /// Why the last send failed, when not a matter of one field.
    pub failure: Option<String>,
}

impl Editor {
    pub fn new(values: &Values, start: Values) -> Self {
        Self {
            form: TaskForm::new(values),
            start,
            failure: None,
        }
    }

    /// The service refused the task: its field messages go to their fields, the rest above
    /// the form.
    pub fn refused(&mut self, err: &weeek_api::ApiError) {
        self.failure = Some(match err {
            weeek_api::ApiError::Validation { fields, .. } if !fields.is_empty() => {
                let leftovers = self.form.apply_service_errors(fields);
                if leftovers.is_empty() {
                    "Not created: the service refused the fields marked".to_string()
                } else {
                    format!("Not created: the service refused {}", leftovers.join("; "))
                }
            }
            other => format!("Not created: {}", other.short()),
        });
    }

    /// Nothing but the title differs from what the form opened with.
    pub fn title_only(&self) -> bool {
        self.form.values().titled("") == self.start.titled("")
    }
}

/// The form's draft on disk and what the next `n` opens (the form itself is a layer of the
/// screen; one the service gave back while a dialog was open waits beneath it).
#[derive(Debug, Default)]
pub struct TaskForms {
    draft: Option<DraftFile>,
    /// A draft closed with `Esc` or left by an earlier run: the next `n` opens it.
    pub kept: Option<Values>,
    /// Said once the screen is first shown (a toast needs the first message's clock).
    note: Option<(ToastKind, String)>,
    /// A tag being created from the form's tag picker.
    pub making_tag: Option<crate::screen::choices::create::Creating>,
    /// The drafts of forms sent and not confirmed yet, as written: the file keeps the one it
    /// holds until the service has the task (or the form comes back).
    sending: Vec<String>,
}

/// A form's values as its draft file holds them.
fn draft_text(values: &Values) -> String {
    serde_json::to_string_pretty(values).unwrap_or_default()
}

impl TaskForms {
    pub fn new(data_dir: &Path) -> Self {
        Self {
            draft: Some(DraftFile::new(data_dir.join(DRAFT_FILE))),
            ..Default::default()
        }
    }

    pub fn draft_path(&self) -> Option<&Path> {
        self.draft.as_ref().map(|d| d.path().as_path())
    }

    /// Reads the draft left by an earlier run (before the event loop).
    pub fn load_draft(&mut self) {
        let Some(file) = &mut self.draft else {
            return;
        };
        match file.load::<Values>() {
            Ok(None) => {}
            Ok(Some(values)) => {
                let title = match values.title.trim() {
                    "" => "(no title yet)".to_string(),
                    t => crate::text::quoted(t, 30),
                };
                self.note = Some((
                    ToastKind::Info,
                    format!("A task draft was found ({title}): n opens it again"),
                ));
                self.kept = Some(values);
            }
            Err(why) => {
                self.note = Some((
                    ToastKind::Error,
                    format!("The task draft could not be read ({why})"),
                ));
            }
        }
    }

    pub fn announce(&mut self, cx: &mut ScreenCtx) {
        if let Some((kind, text)) = self.note.take() {
            cx.toast(kind, text);
        }
    }

    /// Writes the open form to disk when it holds more than it opened with; removes the file
    /// otherwise.
    pub fn flush(&mut self, open: Option<&Editor>, cx: &mut ScreenCtx) {
        let (Some(e), Some(file)) = (open, &mut self.draft) else {
            return;
        };
        let values = e.form.values();
        if values != e.start {
            file.save(draft_text(&values), cx);
        } else if !file.holds_any(&self.sending) {
            // A blank form leaves the draft of one still being sent where it is.
            file.clear(cx);
        }
    }

    /// The open form is sent: its draft stays on disk until [`Self::confirmed`].
    pub fn sending(&mut self, e: &Editor, cx: &mut ScreenCtx) {
        let text = draft_text(&e.form.values());
        if let Some(file) = &mut self.draft {
            file.save(text.clone(), cx);
        }
        self.sending.push(text);
    }

    /// The create of form `e` is over without the task (refused, or not found): the form comes
    /// back and keeps its draft as an open form does.
    pub fn sent_over(&mut self, e: Option<&Editor>) {
        if let Some(e) = e {
            let text = draft_text(&e.form.values());
            if let Some(i) = self.sending.iter().position(|t| *t == text) {
                self.sending.remove(i);
            }
        }
    }

    /// The service has the task form `e` sent: its draft goes, unless the file holds another
    /// form's by now (or the open form, `open`, holds the same values).
    pub fn confirmed(&mut self, e: Option<&Editor>, open: Option<&Editor>, cx: &mut ScreenCtx) {
        let Some(e) = e else {
            return;
        };
        let text = draft_text(&e.form.values());
        self.sent_over(Some(e));
        let open = open.map(|o| draft_text(&o.form.values()));
        if open.as_deref() == Some(text.as_str()) || self.sending.contains(&text) {
            return;
        }
        if let Some(file) = &mut self.draft
            && file.holds(&text)
        {
            file.clear(cx);
        }
    }

    /// Whether forms sent are still waiting for the service.
    pub fn any_sending(&self) -> bool {
        !self.sending.is_empty()
    }
}
