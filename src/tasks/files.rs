//! Files attached to the task at the cursor: `U` uploads one by its path (Tab completes it;
//! see `uploads`), `S` saves one of the task's attachments to the downloads directory and
//! says where.
//!
//! The files here are looked at by the worker, never in `update`: Tab's completion, the file
//! Enter would send and the downloads directory come back as answers (a hung mount stalls an
//! answer, not the screen), and what they say is used only if the dialog still shows what
//! they were asked for.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

use weeek_api::ApiError;
use weeek_api::models::{Attachment, Task};

use super::details::AfterRead;
use super::uploads::{Upload, local_text};
use super::{TaskKey, TasksState};
use crate::attachment_files::SaveError;
use crate::keys::commands::Action;
use crate::screen::ScreenCtx;
use crate::screen::toast::ToastKind;
use crate::text::{quoted_full, size_label};
use crate::widgets::field::TextField;
use crate::widgets::picker::{PickItem, Picker, PickerOutcome};
use crate::worker::{Completion, LocalError, LocalFile, op};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FileKey {
    /// An upload, by its number.
    Upload(u64),
    /// The task read back to look for an upload whose answer was lost.
    Look(u64),
    /// An attachment downloaded and saved, by its number.
    Save(u64),
    /// Tab's completion of the path typed.
    Complete,
    /// The file the path typed names, looked at before it is sent.
    Check,
    /// Where `S` saves.
    Downloads,
}

/// The answers of uploads and saves, and of the files here they look at.
#[derive(Debug)]
pub enum FileAnswer {
    /// Upload `n`.
    Uploaded(u64, Result<Vec<Attachment>, ApiError>),
    /// The task read back to look for upload `n`.
    Looked(u64, Result<Box<Task>, ApiError>),
    /// Save `n`.
    Saved(u64, Result<PathBuf, SaveError>),
    /// Tab's completion of `typed`, in the upload dialog of task `task_id`.
    Completed {
        task_id: i64,
        typed: String,
        result: Result<Completion, LocalError>,
    },
    /// The file `typed` names, for Enter in the upload dialog of task `task_id`.
    Checked {
        task_id: i64,
        typed: String,
        result: Result<LocalFile, LocalError>,
    },
    /// The downloads directory, for `S` on task `task_id`.
    Downloads {
        task_id: i64,
        result: Result<PathBuf, LocalError>,
    },
}

#[derive(Debug)]
pub enum FileDialog {
    /// The path of the file to upload.
    Upload {
        task_id: i64,
        title: String,
        field: TextField,
        note: Note,
    },
    /// The task's attachments: Enter saves one.
    Save {
        task_id: i64,
        picker: Picker<String>,
        dir: PathBuf,
    },
}

/// What the upload dialog says under the path.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Note {
    #[default]
    None,
    /// What Tab found when the names go different ways.
    Choices {
        shown: Vec<String>,
        matches: usize,
    },
    Err(String),
}

#[derive(Debug, Default)]
pub struct Files {
    pub(super) uploads: BTreeMap<u64, Upload>,
    /// Saves on their way: the attachment's name, by number.
    saves: BTreeMap<u64, String>,
    /// Paths typed for uploads that did not happen, by task: the next `U` starts from it.
    pub(super) retry: HashMap<i64, String>,
    /// Uploads nobody could tell happened (the answer lost, and the look failed or did not
    /// find them), by task and path: sending that file again first looks for it again.
    pub(super) unsure: HashMap<(i64, PathBuf), Upload>,
    pub(super) next: u64,
}

impl TasksState {
    /// `U`: the path prompt, for the task at the cursor.
    pub(super) fn open_upload(&mut self, cx: &mut ScreenCtx) {
        let Some(row) = self.current().filter(|t| t.id > 0) else {
            cx.toast(ToastKind::Info, "No task to attach a file to");
            return;
        };
        let typed = self.files.retry.get(&row.id).cloned().unwrap_or_default();
        self.layers.offer_file(FileDialog::Upload {
            task_id: row.id,
            title: row.display_title().to_string(),
            field: TextField::typed(typed),
            note: Note::None,
        });
    }

    /// `S`: the task's attachments to pick one to save; they come with the whole task, and
    /// the downloads directory from the worker.
    pub(super) fn open_save_attachment(&mut self, cx: &mut ScreenCtx) {
        let Some(row) = self.current().filter(|t| t.id > 0) else {
            cx.toast(ToastKind::Info, "No task to save an attachment of");
            return;
        };
        let (id, title) = (row.id, row.display_title().to_string());
        let Some(task) = self.details.get(id) else {
            self.read_whole_saying(id, &title, AfterRead::Attachments, cx);
            return;
        };
        if task.attachments.is_empty() {
            let upload = cx.keys.then_say("tasks.upload", "attaches one");
            cx.toast(
                ToastKind::Info,
                format!(
                    "No files attached to {}{upload}",
                    quoted_full(task.display_title())
                ),
            );
            return;
        }
        match self.downloads.clone() {
            Some(dir) => self.open_save_picker(id, dir),
            None => cx.request(
                TaskKey::Files(FileKey::Downloads),
                op::DownloadsDir,
                move |result| FileAnswer::Downloads {
                    task_id: id,
                    result,
                },
            ),
        }
    }

    /// The attachments of task `id` (read whole), to save one into `dir`.
    fn open_save_picker(&mut self, id: i64, dir: PathBuf) {
        let Some(task) = self.details.get(id) else {
            return;
        };
        let items = task
            .attachments
            .iter()
            .map(|a| PickItem::new(a.id.clone(), attachment_name(a)).detail(attachment_detail(a)))
            .collect();
        self.layers.offer_file(FileDialog::Save {
            task_id: id,
            picker: Picker::single(format!("Save to {}", dir.display()), items),
            dir,
        });
    }

    pub(super) fn file_char(&mut self, c: char) -> bool {
        match self.layers.file_dialog_mut() {
            Some(FileDialog::Upload { field, note, .. }) => {
                *note = Note::None;
                field.insert(c)
            }
            Some(FileDialog::Save { picker, .. }) => picker.type_char(c),
            None => false,
        }
    }

    pub(super) fn file_paste(&mut self, text: &str) {
        match self.layers.file_dialog_mut() {
            Some(FileDialog::Upload { field, note, .. }) => {
                *note = Note::None;
                // A path dropped from a file manager arrives quoted or with a newline.
                field.paste(text.trim().trim_matches(['\'', '"']));
            }
            Some(FileDialog::Save { picker, .. }) => picker.paste(text),
            None => {}
        }
    }

    pub(super) fn file_action(&mut self, action: Action, cx: &mut ScreenCtx) {
        match self.layers.file_dialog_mut() {
            Some(FileDialog::Upload {
                task_id,
                field,
                note,
                ..
            }) => match action {
                Action::Cancel => self.layers.close_file_dialog(),
                Action::Accept => self.submit_upload(cx),
                Action::CompletePath => {
                    let (task_id, typed) = (*task_id, field.value().to_string());
                    cx.request(
                        TaskKey::Files(FileKey::Complete),
                        op::CompletePath {
                            typed: typed.clone(),
                        },
                        move |result| FileAnswer::Completed {
                            task_id,
                            typed: typed.clone(),
                            result,
                        },
                    );
                }
                Action::Text(edit) if field.edit(edit) => *note = Note::None,
                _ => {}
            },
            Some(FileDialog::Save {
                task_id,
                picker,
                dir,
            }) => match picker.act(action) {
                PickerOutcome::Pending => {}
                PickerOutcome::Cancelled => self.layers.close_file_dialog(),
                PickerOutcome::Picked(keys) => {
                    let (task_id, dir) = (*task_id, dir.clone());
                    self.layers.close_file_dialog();
                    if let Some(id) = keys.into_iter().next() {
                        self.save_attachment(task_id, id, dir, cx);
                    }
                }
            },
            None => {}
        }
    }

    fn save_attachment(&mut self, task_id: i64, id: String, dir: PathBuf, cx: &mut ScreenCtx) {
        let name = self
            .details
            .get(task_id)
            .and_then(|t| t.attachments.iter().find(|a| a.id == id))
            .map(attachment_name)
            .unwrap_or_else(|| format!("attachment-{id}"));
        let n = self.files.next;
        self.files.next += 1;
        self.files.saves.insert(n, name.clone());
        cx.progress(format!("Downloading {}", quoted_full(&name)));
        cx.request(
            TaskKey::Files(FileKey::Save(n)),
            op::SaveAttachment { id, name, dir },
            move |r| FileAnswer::Saved(n, r),
        );
    }

    pub(super) fn on_file_answer(&mut self, answer: FileAnswer, cx: &mut ScreenCtx) {
        match answer {
            FileAnswer::Uploaded(n, r) => self.on_uploaded(n, r, cx),
            FileAnswer::Looked(n, r) => self.on_upload_looked(n, r.map(|t| *t), cx),
            FileAnswer::Saved(n, r) => self.on_saved(n, r, cx),
            FileAnswer::Completed {
                task_id,
                typed,
                result,
            } => self.on_path_completed(task_id, &typed, result),
            FileAnswer::Checked {
                task_id,
                typed,
                result,
            } => self.on_upload_checked(task_id, &typed, result, cx),
            FileAnswer::Downloads { task_id, result } => match result {
                // Only while the cursor is still on the task: a dialog for another would
                // surprise.
                Ok(dir) if self.current().is_some_and(|t| t.id == task_id) => {
                    self.open_save_picker(task_id, dir)
                }
                Ok(_) => {}
                Err(e) => cx.toast(
                    ToastKind::Error,
                    format!("Could not find the downloads directory: {}", local_text(&e)),
                ),
            },
        }
    }

    fn on_saved(&mut self, n: u64, result: Result<PathBuf, SaveError>, cx: &mut ScreenCtx) {
        let Some(name) = self.files.saves.remove(&n) else {
            return;
        };
        let name = quoted_full(&name);
        match result {
            Ok(path) => cx.toast(
                ToastKind::Success,
                format!("Saved {name} to {}", path.display()),
            ),
            Err(SaveError::Api(e)) => cx.toast(
                ToastKind::Error,
                format!("Could not download {name}: {}", e.short()),
            ),
            Err(SaveError::LinkOnly(url)) => cx.toast(
                ToastKind::Error,
                format!(
                    "The service sent a link for {name}, not the file: {}",
                    url.as_deref().unwrap_or("(no address)")
                ),
            ),
            Err(SaveError::Disk(why)) => {
                cx.toast(ToastKind::Error, format!("Could not save {name}: {why}"))
            }
        }
    }
}

impl Files {
    /// What quitting now would leave unconfirmed: an upload sent and not answered, or looked
    /// for after a lost answer.
    pub fn unanswered(&self) -> Option<String> {
        let up = self.uploads.values().next()?;
        Some(format!(
            "{} is being attached to {}; its answer would not be seen.",
            quoted_full(&up.name),
            quoted_full(&up.title)
        ))
    }
}

fn attachment_name(a: &Attachment) -> String {
    a.name
        .clone()
        .unwrap_or_else(|| format!("attachment-{}", a.id))
}

fn attachment_detail(a: &Attachment) -> String {
    let size = a.size.map(size_label);
    let day = a
        .created_at
        .map(|at| weeek_api::dates::to_filter_date(at.date()));
    [size, day]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" · ")
}
