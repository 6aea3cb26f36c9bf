//! Uploads (`U`): the path typed, completed and looked at by the worker, then the file sent.
//!
//! An upload creates an attachment, so it is never sent twice: when its answer is lost the
//! task is read back and the file looked for among its attachments, and a path whose upload
//! could not be told is looked for again before it is sent again.

use std::path::PathBuf;

use weeek_api::ApiError;
use weeek_api::models::{Attachment, Task};

use super::files::{FileAnswer, FileDialog, FileKey, Files, Note};
use super::{TaskKey, TasksState};
use crate::attachment_files::MAX_UPLOAD;
use crate::screen::ScreenCtx;
use crate::screen::lost_answer::{self, AfterFailure};
use crate::screen::toast::ToastKind;
use crate::text::{quoted_full, size_label};
use crate::widgets::field::TextField;
use crate::worker::{Completion, LocalError, LocalFile, op};

#[derive(Debug, Clone)]
pub(super) struct Upload {
    pub(super) task_id: i64,
    pub(super) title: String,
    pub(super) typed: String,
    pub(super) path: PathBuf,
    pub(super) name: String,
    pub(super) size: u64,
    /// The task's attachments before the upload, when it was read whole: the look counts
    /// only a new one.
    pub(super) before: Option<Vec<String>>,
    /// Looking for an earlier upload of the same file: send it when it is not there.
    pub(super) send_if_missing: bool,
}

impl TasksState {
    /// Enter in the upload dialog: the file the path names is looked at first (its answer
    /// goes on in [`Self::on_upload_checked`]).
    pub(super) fn submit_upload(&mut self, cx: &mut ScreenCtx) {
        let Some(FileDialog::Upload {
            task_id,
            field,
            note,
            ..
        }) = self.layers.file_dialog_mut()
        else {
            return;
        };
        let typed = field.value().trim().to_string();
        if typed.is_empty() {
            *note = Note::Err("type the path of a file (Tab completes)".into());
            return;
        }
        let task_id = *task_id;
        let look = op::LookAtFile {
            typed: typed.clone(),
        };
        cx.request(TaskKey::Files(FileKey::Check), look, move |result| {
            FileAnswer::Checked {
                task_id,
                typed: typed.clone(),
                result,
            }
        });
    }

    /// The upload dialog of task `task_id`, while it still holds `typed`: an answer about
    /// other text is old.
    fn upload_dialog(&mut self, task_id: i64, typed: &str) -> Option<(&mut TextField, &mut Note)> {
        if let Some(FileDialog::Upload {
            task_id: id,
            field,
            note,
            ..
        }) = self.layers.file_dialog_mut()
            && *id == task_id
            && field.value().trim() == typed.trim()
        {
            Some((field, note))
        } else {
            None
        }
    }

    /// Tab's completion: the path as far as the names agree, and the names that differ.
    pub(super) fn on_path_completed(
        &mut self,
        task_id: i64,
        typed: &str,
        result: Result<Completion, LocalError>,
    ) {
        let Some((field, note)) = self.upload_dialog(task_id, typed) else {
            return;
        };
        let done = match result {
            Ok(done) => done,
            Err(e) => {
                *note = Note::Err(local_text(&e));
                return;
            }
        };
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

    /// The file Enter would send, looked at: one that is there and small enough is sent;
    /// anything else is said under the path, which stays as typed.
    pub(super) fn on_upload_checked(
        &mut self,
        task_id: i64,
        typed: &str,
        result: Result<LocalFile, LocalError>,
        cx: &mut ScreenCtx,
    ) {
        let Some((_, note)) = self.upload_dialog(task_id, typed) else {
            return;
        };
        let file = match result {
            Ok(f) if f.is_dir => {
                *note = Note::Err("that is a directory: Tab lists what is in it".into());
                return;
            }
            Ok(f) if f.len > MAX_UPLOAD => {
                *note = Note::Err(format!(
                    "{} is larger than the 100 MB the service takes",
                    size_label(f.len as i64)
                ));
                return;
            }
            Ok(f) => f,
            Err(LocalError::NotFound) => {
                *note = Note::Err("no file by that name there (Tab completes)".into());
                return;
            }
            Err(e) => {
                *note = Note::Err(local_text(&e));
                return;
            }
        };
        let Some(FileDialog::Upload { title, .. }) = self.layers.file_dialog() else {
            return;
        };
        let title = title.clone();
        self.layers.close_file_dialog();
        let typed = typed.trim().to_string();
        let (path, size) = (file.path, file.len);
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
            look_for_upload(n, task_id, cx);
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
        let call = op::UploadTaskFile {
            task: upload.task_id,
            path: upload.path.clone(),
        };
        let n = self.files.add_upload(upload);
        cx.request(TaskKey::Files(FileKey::Upload(n)), call, move |r| {
            FileAnswer::Uploaded(n, r)
        });
    }

    pub(super) fn on_uploaded(
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
                    look_for_upload(n, up.task_id, cx);
                }
            },
        }
    }

    pub(super) fn on_upload_looked(
        &mut self,
        n: u64,
        result: Result<Task, ApiError>,
        cx: &mut ScreenCtx,
    ) {
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
}

impl Files {
    fn add_upload(&mut self, upload: Upload) -> u64 {
        let n = self.next;
        self.next += 1;
        self.uploads.insert(n, upload);
        n
    }
}

/// Reads task `task_id` back to look for upload `n`.
pub(super) fn look_for_upload(n: u64, task_id: i64, cx: &mut ScreenCtx) {
    cx.request(
        TaskKey::Files(FileKey::Look(n)),
        op::Task(task_id),
        move |r| FileAnswer::Looked(n, r),
    );
}

/// A file here that could not be looked at, in a few words.
pub(super) fn local_text(e: &LocalError) -> String {
    match e {
        LocalError::NotFound => "no file by that name there".into(),
        LocalError::PermissionDenied => "not allowed to read it".into(),
        LocalError::Other(why) => why.clone(),
    }
}
