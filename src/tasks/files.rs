//! Files attached to the task at the cursor: `U` uploads one by its path (Tab completes it),
//! `S` saves one of the task's attachments to the downloads directory and says where.
//!
//! An upload creates an attachment, so it is never sent twice: when its answer is lost the
//! task is read back and the file looked for among its attachments, and a path whose upload
//! could not be told is looked for again before it is sent again.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

use weeek_api::ApiError;
use weeek_api::models::{Attachment, Task};

use super::details::AfterRead;
use super::{TaskKey, TasksState};
use crate::app::ScreenCtx;
use crate::app::commands::Action;
use crate::app::lost_answer::{self, AfterFailure};
use crate::app::toast::ToastKind;
use crate::attachment_files::{self, MAX_UPLOAD, SaveError};
use crate::path_complete;
use crate::text::{quoted_full, size_label};
use crate::widgets::field::TextField;
use crate::widgets::picker::{PickItem, Picker, PickerOutcome};
use crate::worker::{Answer, Call};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FileKey {
    /// An upload, by its number.
    Upload(u64),
    /// The task read back to look for an upload whose answer was lost.
    Look(u64),
    /// An attachment downloaded and saved, by its number.
    Save(u64),
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
    uploads: BTreeMap<u64, Upload>,
    /// Saves on their way: the attachment's name, by number.
    saves: BTreeMap<u64, String>,
    /// Paths typed for uploads that did not happen, by task: the next `U` starts from it.
    retry: HashMap<i64, String>,
    /// Uploads nobody could tell happened (the answer lost, and the look failed or did not
    /// find them), by task and path: sending that file again first looks for it again.
    unsure: HashMap<(i64, PathBuf), Upload>,
    next: u64,
}

#[derive(Debug, Clone)]
struct Upload {
    task_id: i64,
    title: String,
    typed: String,
    path: PathBuf,
    name: String,
    size: u64,
    /// The task's attachments before the upload, when it was read whole: the look counts
    /// only a new one.
    before: Option<Vec<String>>,
    /// Looking for an earlier upload of the same file: send it when it is not there.
    send_if_missing: bool,
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

    /// `S`: the task's attachments to pick one to save; they come with the whole task.
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
        let dir = self
            .downloads
            .clone()
            .unwrap_or_else(attachment_files::downloads_dir);
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
            Some(FileDialog::Upload { field, note, .. }) => match action {
                Action::Cancel => self.layers.close_file_dialog(),
                Action::Accept => self.submit_upload(cx),
                Action::CompletePath => {
                    let done = path_complete::complete(field.value(), home().as_deref());
                    if done.value != field.value() {
                        field.set(done.value);
                    }
                    *note = match done.matches {
                        0 => Note::Err("no file or directory by that name".into()),
                        1 => Note::None,
                        matches => Note::Choices {
                            shown: done.choices,
                            matches,
                        },
                    };
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

    /// Enter in the upload dialog: a file that is there and small enough is sent; anything
    /// else is said under the path, which stays as typed.
    fn submit_upload(&mut self, cx: &mut ScreenCtx) {
        let Some(FileDialog::Upload {
            task_id,
            title,
            field,
            note,
        }) = self.layers.file_dialog_mut()
        else {
            return;
        };
        let typed = field.value().trim().to_string();
        if typed.is_empty() {
            *note = Note::Err("type the path of a file (Tab completes)".into());
            return;
        }
        let path = path_complete::expand(&typed, home().as_deref());
        let size = match std::fs::metadata(&path) {
            Ok(m) if m.is_dir() => {
                *note = Note::Err("that is a directory: Tab lists what is in it".into());
                return;
            }
            Ok(m) if m.len() > MAX_UPLOAD => {
                *note = Note::Err(format!(
                    "{} is larger than the 100 MB the service takes",
                    size_label(m.len() as i64)
                ));
                return;
            }
            Ok(m) => m.len(),
            Err(e) => {
                *note = Note::Err(match e.kind() {
                    std::io::ErrorKind::NotFound => {
                        "no file by that name there (Tab completes)".into()
                    }
                    std::io::ErrorKind::PermissionDenied => "not allowed to read it".into(),
                    _ => e.to_string(),
                });
                return;
            }
        };
        let (task_id, title) = (*task_id, title.clone());
        self.layers.close_file_dialog();
        self.files.retry.remove(&task_id);
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| typed.clone());
        let before = self
            .details
            .get(task_id)
            .map(|t| t.attachments.iter().map(|a| a.id.clone()).collect());
        if let Some(mut earlier) = self.files.unsure.remove(&(task_id, path.clone())) {
            // The last upload of this file may have arrived: look before sending it again.
            earlier.send_if_missing = true;
            cx.progress(format!(
                "Looking whether {} reached {} before sending it again",
                quoted_full(&name),
                quoted_full(&title)
            ));
            let n = self.files.add_upload(earlier);
            cx.request(TaskKey::Files(FileKey::Look(n)), Call::Task(task_id));
            return;
        }
        let upload = Upload {
            task_id,
            title,
            typed,
            path,
            name,
            size,
            before,
            send_if_missing: false,
        };
        self.send_upload(upload, cx);
    }

    fn send_upload(&mut self, upload: Upload, cx: &mut ScreenCtx) {
        cx.progress(format!(
            "Uploading {} ({}) to {}",
            quoted_full(&upload.name),
            size_label(upload.size as i64),
            quoted_full(&upload.title)
        ));
        let call = Call::UploadTaskFile {
            task: upload.task_id,
            path: upload.path.clone(),
        };
        let n = self.files.add_upload(upload);
        cx.request(TaskKey::Files(FileKey::Upload(n)), call);
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
            Call::SaveAttachment { id, name, dir },
        );
    }

    pub(super) fn on_file_answer(&mut self, key: FileKey, answer: Answer, cx: &mut ScreenCtx) {
        match (key, answer) {
            (FileKey::Upload(n), Answer::UploadedFiles(r)) => self.on_uploaded(n, r, cx),
            (FileKey::Look(n), Answer::Task(r)) => self.on_upload_looked(n, r.map(|t| *t), cx),
            (FileKey::Save(n), Answer::SavedAttachment(r)) => self.on_saved(n, r, cx),
            // Each key is asked with one kind of call: no other pair arrives.
            _ => {}
        }
    }

    fn on_uploaded(
        &mut self,
        n: u64,
        result: Result<Vec<Attachment>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let Some(up) = self.files.uploads.get(&n).cloned() else {
            return;
        };
        let (name, title) = (quoted_full(&up.name), quoted_full(&up.title));
        match result {
            Ok(added) => {
                self.files.uploads.remove(&n);
                if let Some(task) = self.details.get_mut(up.task_id) {
                    for a in added {
                        if !task.attachments.iter().any(|b| b.id == a.id) {
                            task.attachments.push(a);
                        }
                    }
                }
                cx.toast(ToastKind::Success, format!("Attached {name} to {title}"));
            }
            Err(e) => match lost_answer::after_failure(&e) {
                AfterFailure::RollBack => {
                    self.files.uploads.remove(&n);
                    self.files.retry.insert(up.task_id, up.typed.clone());
                    let again = cx.keys.then_say("tasks.upload", "tries again");
                    cx.toast(
                        ToastKind::Error,
                        format!("Could not attach {name} to {title}: {}{again}", e.short()),
                    );
                }
                AfterFailure::ReadBack => {
                    cx.toast(
                        ToastKind::Error,
                        format!(
                            "The answer to the upload of {name} was lost ({}): looking for it on {title}",
                            lost_answer::cause_text(&e)
                        ),
                    );
                    cx.request(TaskKey::Files(FileKey::Look(n)), Call::Task(up.task_id));
                }
            },
        }
    }

    fn on_upload_looked(&mut self, n: u64, result: Result<Task, ApiError>, cx: &mut ScreenCtx) {
        let Some(up) = self.files.uploads.remove(&n) else {
            return;
        };
        let (name, title) = (quoted_full(&up.name), quoted_full(&up.title));
        let task = match result {
            Ok(task) => task,
            Err(e) => {
                self.files.retry.insert(up.task_id, up.typed.clone());
                self.files
                    .unsure
                    .insert((up.task_id, up.path.clone()), up.clone());
                cx.toast(
                    ToastKind::Error,
                    format!(
                        "Could not tell whether {name} reached {title} ({}): sending it again looks first",
                        lost_answer::cause_text(&e)
                    ),
                );
                return;
            }
        };
        let arrived = task.attachments.iter().any(|a| {
            a.name.as_deref() == Some(up.name.as_str())
                && a.size.is_none_or(|s| s == up.size as i64)
                && up.before.as_ref().is_none_or(|b| !b.contains(&a.id))
        });
        self.take_whole(task);
        if arrived {
            cx.toast(
                ToastKind::Success,
                format!("{name} is attached to {title}: only the answer was lost"),
            );
        } else if up.send_if_missing {
            let mut again = up;
            again.send_if_missing = false;
            again.before = self
                .details
                .get(again.task_id)
                .map(|t| t.attachments.iter().map(|a| a.id.clone()).collect());
            self.send_upload(again, cx);
        } else {
            self.files.retry.insert(up.task_id, up.typed.clone());
            // Not there yet is not never: a slow commit may land after this look, so the
            // same file sent again looks once more first.
            self.files
                .unsure
                .insert((up.task_id, up.path.clone()), up.clone());
            let again = cx
                .keys
                .then_say("tasks.upload", "looks once more and sends it");
            cx.toast(
                ToastKind::Error,
                format!("{name} did not reach {title}{again}"),
            );
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

    fn add_upload(&mut self, upload: Upload) -> u64 {
        let n = self.next;
        self.next += 1;
        self.uploads.insert(n, upload);
        n
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

fn home() -> Option<PathBuf> {
    directories::BaseDirs::new().map(|d| d.home_dir().to_path_buf())
}
