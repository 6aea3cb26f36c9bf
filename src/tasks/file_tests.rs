//! `update` tests of `U` (a file attached by its path, Tab completing it) and `S` (an
//! attachment saved to the downloads directory).

use std::path::{Path, PathBuf};

use crossterm::event::KeyCode;
use weeek_api::ApiError;
use weeek_api::models::{Attachment, Task};

use crate::attachment_files::SaveError;
use crate::screen::requests::Request;
use crate::testing::{Harness, code, task};
use crate::worker::{Answer, Call};

/// One task listed, its whole read as the detail opens; `attachments` on it.
fn loaded(attachments: Vec<Attachment>) -> Harness {
    let mut h = Harness::new();
    h.resize(160, 45);
    let mut t = task(1, "Отчёт");
    t.attachments = attachments;
    h.list_tasks(vec![t]);
    h.press("p");
    h
}

fn attachment(id: &str, name: &str, size: i64) -> Attachment {
    Attachment {
        id: id.into(),
        name: Some(name.into()),
        size: Some(size),
        ..Default::default()
    }
}

/// Every message said so far (several failures in a row are summed up on screen).
fn toasts(h: &Harness) -> String {
    h.app
        .toasts
        .history()
        .map(|(_, text)| text.clone())
        .collect::<Vec<_>>()
        .join(" | ")
}

fn attached(h: &Harness) -> Vec<String> {
    h.app
        .tasks
        .details
        .get(1)
        .expect("the whole task")
        .attachments
        .iter()
        .filter_map(|a| a.name.clone())
        .collect()
}

/// A directory with a 5-byte `смета.txt` in it.
fn dir_with_file() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("смета.txt");
    std::fs::write(&file, b"12345").unwrap();
    (dir, file)
}

/// `U`, the path typed, Enter: the upload sent.
fn upload(h: &mut Harness, path: &Path) -> Request {
    h.press("U");
    h.press(&path.display().to_string());
    h.send(code(KeyCode::Enter));
    h.take(|c| matches!(c, Call::UploadTaskFile { .. }))
        .remove(0)
}

fn field_value(h: &Harness) -> String {
    match h.app.tasks.layers.file_dialog() {
        Some(super::files::FileDialog::Upload { field, .. }) => field.value().to_string(),
        other => panic!("the upload dialog is not open: {other:?}"),
    }
}

#[test]
fn an_uploaded_file_shows_in_the_detail_and_is_said_done() {
    let (_dir, file) = dir_with_file();
    let mut h = loaded(vec![]);
    let req = upload(&mut h, &file);
    assert_eq!(
        req.call,
        Call::UploadTaskFile {
            task: 1,
            path: file.clone()
        }
    );
    assert!(h.app.tasks.layers.file_dialog().is_none());
    h.reply(
        &req,
        Answer::UploadedFiles(Ok(vec![attachment("a1", "смета.txt", 5)])),
    );
    assert_eq!(attached(&h), ["смета.txt"]);
    assert!(
        toasts(&h).contains("Attached “смета.txt” to “Отчёт”"),
        "{}",
        toasts(&h)
    );
    let screen = h.render();
    assert!(screen.contains("Attachments (1)"), "{screen}");
    assert!(screen.contains("смета.txt  5 B"), "{screen}");
}

#[test]
fn a_refused_upload_is_said_and_the_next_u_starts_from_its_path() {
    let (_dir, file) = dir_with_file();
    let mut h = loaded(vec![]);
    let req = upload(&mut h, &file);
    h.fail(
        &req,
        ApiError::Validation {
            message: "The files.0 must be a file of type: pdf.".into(),
            fields: Default::default(),
        },
    );
    assert!(attached(&h).is_empty());
    let said = toasts(&h);
    assert!(
        said.contains("Could not attach “смета.txt” to “Отчёт”"),
        "{said}"
    );
    assert!(said.contains("U tries again"), "{said}");
    h.press("U");
    assert_eq!(field_value(&h), file.display().to_string());
}

#[test]
fn a_lost_answer_is_looked_for_and_the_file_never_sent_twice() {
    let (_dir, file) = dir_with_file();
    let mut h = loaded(vec![attachment("old", "смета.txt", 5)]);
    let req = upload(&mut h, &file);
    h.fail(&req, ApiError::Timeout);
    let look = h.take(|c| matches!(c, Call::Task(1))).remove(0);
    let mut truth: Task = task(1, "Отчёт");
    truth.attachments = vec![
        attachment("old", "смета.txt", 5),
        attachment("new", "смета.txt", 5),
    ];
    h.reply(&look, Answer::Task(Ok(Box::new(truth))));
    assert!(
        h.take(|c| matches!(c, Call::UploadTaskFile { .. }))
            .is_empty()
    );
    let said = toasts(&h);
    assert!(
        said.contains("“смета.txt” is attached to “Отчёт”: only the answer was lost"),
        "{said}"
    );
    assert_eq!(attached(&h).len(), 2);
}

#[test]
fn a_lost_upload_that_did_not_arrive_is_said_and_not_resent_by_itself() {
    let (_dir, file) = dir_with_file();
    // The same name is already there: only a new attachment counts as this upload.
    let mut h = loaded(vec![attachment("old", "смета.txt", 5)]);
    let req = upload(&mut h, &file);
    h.fail(
        &req,
        ApiError::Network {
            message: "reset".into(),
            sent: true,
        },
    );
    let look = h.take(|c| matches!(c, Call::Task(1))).remove(0);
    let mut truth: Task = task(1, "Отчёт");
    truth.attachments = vec![attachment("old", "смета.txt", 5)];
    h.reply(&look, Answer::Task(Ok(Box::new(truth))));
    assert!(
        h.take(|c| matches!(c, Call::UploadTaskFile { .. }))
            .is_empty()
    );
    assert!(
        toasts(&h).contains("“смета.txt” did not reach “Отчёт”"),
        "{}",
        toasts(&h)
    );
    assert!(h.app.unsaved().is_none(), "nothing on its way");
    // It lands late; sending the file again looks first and finds it: never sent twice.
    h.press("U");
    h.send(code(KeyCode::Enter));
    assert!(
        h.take(|c| matches!(c, Call::UploadTaskFile { .. }))
            .is_empty(),
        "not before the look"
    );
    assert!(
        h.app.unsaved().is_some(),
        "quitting while it is looked for asks"
    );
    let look = h.take(|c| matches!(c, Call::Task(1))).remove(0);
    let mut landed: Task = task(1, "Отчёт");
    landed.attachments = vec![
        attachment("old", "смета.txt", 5),
        attachment("new", "смета.txt", 5),
    ];
    h.reply(&look, Answer::Task(Ok(Box::new(landed))));
    assert!(
        h.take(|c| matches!(c, Call::UploadTaskFile { .. }))
            .is_empty(),
        "found: not sent again"
    );
    assert!(
        toasts(&h).contains("only the answer was lost"),
        "{}",
        toasts(&h)
    );
}

#[test]
fn when_nobody_could_tell_sending_the_file_again_looks_first() {
    let (_dir, file) = dir_with_file();
    let mut h = loaded(vec![]);
    let req = upload(&mut h, &file);
    h.fail(&req, ApiError::Timeout);
    let look = h.take(|c| matches!(c, Call::Task(1))).remove(0);
    h.fail(&look, ApiError::Timeout);
    assert!(
        toasts(&h).contains("Could not tell whether “смета.txt” reached “Отчёт”"),
        "{}",
        toasts(&h)
    );
    // The path is offered again; Enter looks before it sends.
    h.press("U");
    assert_eq!(field_value(&h), file.display().to_string());
    h.send(code(KeyCode::Enter));
    assert!(
        h.take(|c| matches!(c, Call::UploadTaskFile { .. }))
            .is_empty()
    );
    let look = h.take(|c| matches!(c, Call::Task(1))).remove(0);
    h.reply(&look, Answer::Task(Ok(Box::new(task(1, "Отчёт")))));
    let sent = h.take(|c| matches!(c, Call::UploadTaskFile { .. }));
    assert_eq!(sent.len(), 1, "not there: sent now, once");
}

#[test]
fn a_path_that_is_not_a_file_is_said_in_the_dialog_and_kept() {
    let (dir, _file) = dir_with_file();
    let mut h = loaded(vec![]);
    h.press("U");
    let missing = dir.path().join("нет.txt").display().to_string();
    h.press(&missing);
    h.send(code(KeyCode::Enter));
    assert!(
        h.take(|c| matches!(c, Call::UploadTaskFile { .. }))
            .is_empty()
    );
    assert_eq!(field_value(&h), missing);
    let screen = h.render();
    assert!(
        screen.contains("no file by that name there (Tab completes)"),
        "{screen}"
    );
    // A directory is not sent either.
    h.send(code(KeyCode::Esc));
    h.press("U");
    h.press(&dir.path().display().to_string());
    h.send(code(KeyCode::Enter));
    assert!(h.render().contains("that is a directory"));
}

#[test]
fn tab_completes_the_path_and_lists_the_names_that_differ() {
    let (dir, file) = dir_with_file();
    std::fs::write(dir.path().join("счёт.pdf"), b"x").unwrap();
    let mut h = loaded(vec![]);
    h.press("U");
    let base = format!("{}/", dir.path().display());
    h.press(&format!("{base}с"));
    h.send(code(KeyCode::Tab));
    assert_eq!(field_value(&h), format!("{base}с"), "they differ after «с»");
    let screen = h.render();
    assert!(screen.contains("смета.txt  счёт.pdf"), "{screen}");
    h.press("м");
    h.send(code(KeyCode::Tab));
    assert_eq!(field_value(&h), file.display().to_string());
}

#[test]
fn s_saves_the_picked_attachment_and_says_where() {
    let mut h = loaded(vec![
        attachment("a1", "макет.png", 2048),
        attachment("a2", "смета.xlsx", 10),
    ]);
    h.press("S");
    let screen = h.render();
    assert!(screen.contains("макет.png"), "{screen}");
    assert!(screen.contains("2 KB"), "{screen}");
    h.press("смета");
    h.send(code(KeyCode::Enter));
    let req = h
        .take(|c| matches!(c, Call::SaveAttachment { .. }))
        .remove(0);
    let Call::SaveAttachment { id, name, dir } = &req.call else {
        unreachable!()
    };
    assert_eq!((id.as_str(), name.as_str()), ("a2", "смета.xlsx"));
    let path = dir.join("смета.xlsx");
    h.reply(&req, Answer::SavedAttachment(Ok(path.clone())));
    assert!(
        toasts(&h).contains(&format!("Saved “смета.xlsx” to {}", path.display())),
        "{}",
        toasts(&h)
    );
}

#[test]
fn a_failed_save_says_why() {
    let mut h = loaded(vec![attachment("a1", "макет.png", 2048)]);
    h.press("S");
    h.send(code(KeyCode::Enter));
    let req = h
        .take(|c| matches!(c, Call::SaveAttachment { .. }))
        .remove(0);
    h.reply(
        &req,
        Answer::SavedAttachment(Err(SaveError::Disk("/ro: Read-only file system".into()))),
    );
    assert!(
        toasts(&h).contains("Could not save “макет.png”: /ro: Read-only file system"),
        "{}",
        toasts(&h)
    );
}

#[test]
fn s_on_a_task_without_attachments_says_so() {
    let mut h = loaded(vec![]);
    h.press("S");
    assert!(h.app.tasks.layers.file_dialog().is_none());
    assert!(
        toasts(&h).contains("No files attached to “Отчёт” · U attaches one"),
        "{}",
        toasts(&h)
    );
}

/// The upload dialog open with `typed` in it, the files here answering only when the test
/// says (a slow or hung disk).
fn typed_on_a_slow_disk(typed: &str) -> Harness {
    let mut h = loaded(vec![]);
    h.files_answer_at_once = false;
    h.press("U");
    h.press(typed);
    h
}

fn pending_file_calls(h: &Harness) -> Vec<Call> {
    h.pending
        .iter()
        .filter(|r| r.call.kind() == crate::worker::Kind::Local)
        .map(|r| r.call.clone())
        .collect()
}

#[test]
fn tab_asks_the_worker_and_the_path_waits_for_its_answer() {
    let typed = "/mnt/slow/см";
    let mut h = typed_on_a_slow_disk(typed);
    h.send(code(KeyCode::Tab));
    assert_eq!(field_value(&h), typed, "nothing is read in update");
    let req = h.take(|c| matches!(c, Call::CompletePath { .. })).remove(0);
    assert_eq!(
        req.call,
        Call::CompletePath {
            typed: typed.into()
        }
    );
    h.reply(
        &req,
        Answer::CompletedPath(Ok(crate::worker::Completion {
            value: "/mnt/slow/смета.txt".into(),
            choices: Vec::new(),
            matches: 1,
        })),
    );
    assert_eq!(field_value(&h), "/mnt/slow/смета.txt");
}

#[test]
fn keys_go_on_while_tab_waits_and_a_late_completion_of_older_text_is_dropped() {
    let mut h = typed_on_a_slow_disk("/mnt/slow/с");
    h.send(code(KeyCode::Tab));
    let late = h.take(|c| matches!(c, Call::CompletePath { .. })).remove(0);
    // The disk hangs; the user types on.
    h.press("ч");
    assert_eq!(field_value(&h), "/mnt/slow/сч");
    h.reply(
        &late,
        Answer::CompletedPath(Ok(crate::worker::Completion {
            value: "/mnt/slow/смета.txt".into(),
            choices: Vec::new(),
            matches: 1,
        })),
    );
    assert_eq!(field_value(&h), "/mnt/slow/сч", "what was typed stays");
    // Tab again asks about the text as it is now.
    h.send(code(KeyCode::Tab));
    assert_eq!(
        pending_file_calls(&h),
        [Call::CompletePath {
            typed: "/mnt/slow/сч".into()
        }]
    );
}

#[test]
fn enter_has_the_worker_look_at_the_file_before_anything_is_sent() {
    let (dir, file) = dir_with_file();
    let mut h = typed_on_a_slow_disk(&file.display().to_string());
    h.send(code(KeyCode::Enter));
    assert!(
        h.app.tasks.layers.file_dialog().is_some(),
        "open until the answer"
    );
    let look = h.take(|c| matches!(c, Call::LookAtFile { .. })).remove(0);
    assert!(
        h.take(|c| matches!(c, Call::UploadTaskFile { .. }))
            .is_empty()
    );
    // A directory is said under the path, and nothing is sent.
    h.reply(
        &look,
        Answer::LookedAtFile(Ok(crate::worker::LocalFile {
            path: dir.path().to_path_buf(),
            is_dir: true,
            len: 0,
        })),
    );
    assert!(h.render().contains("that is a directory"));
    assert!(pending_file_calls(&h).is_empty());
    // Enter again: this time the file is there, and it goes.
    h.send(code(KeyCode::Enter));
    let look = h.take(|c| matches!(c, Call::LookAtFile { .. })).remove(0);
    h.reply(
        &look,
        Answer::LookedAtFile(Ok(crate::worker::LocalFile {
            path: file.clone(),
            is_dir: false,
            len: 5,
        })),
    );
    assert!(h.app.tasks.layers.file_dialog().is_none());
    let sent = h.take(|c| matches!(c, Call::UploadTaskFile { .. }));
    assert_eq!(
        sent[0].call,
        Call::UploadTaskFile {
            task: 1,
            path: file
        }
    );
}

#[test]
fn a_look_answered_after_the_dialog_closed_sends_nothing() {
    let (_dir, file) = dir_with_file();
    let mut h = typed_on_a_slow_disk(&file.display().to_string());
    h.send(code(KeyCode::Enter));
    let look = h.take(|c| matches!(c, Call::LookAtFile { .. })).remove(0);
    h.send(code(KeyCode::Esc));
    h.reply(
        &look,
        Answer::LookedAtFile(Ok(crate::worker::LocalFile {
            path: file,
            is_dir: false,
            len: 5,
        })),
    );
    assert!(
        h.take(|c| matches!(c, Call::UploadTaskFile { .. }))
            .is_empty()
    );
    assert!(h.app.tasks.layers.file_dialog().is_none());
}

#[test]
fn s_asks_the_worker_where_downloads_go_and_the_picker_opens_with_its_answer() {
    let mut h = loaded(vec![attachment("a1", "макет.png", 2048)]);
    h.files_answer_at_once = false;
    h.press("S");
    assert!(
        h.app.tasks.layers.file_dialog().is_none(),
        "not before the answer"
    );
    let ask = h.take(|c| matches!(c, Call::DownloadsDir)).remove(0);
    h.reply(
        &ask,
        Answer::DownloadsDir(Ok(PathBuf::from("/home/anna/Загрузки"))),
    );
    assert!(
        h.render().contains("Save to /home/anna/Загрузки"),
        "{}",
        h.render()
    );
    h.send(code(KeyCode::Enter));
    let save = h
        .take(|c| matches!(c, Call::SaveAttachment { .. }))
        .remove(0);
    let Call::SaveAttachment { dir, .. } = &save.call else {
        unreachable!()
    };
    assert_eq!(dir, Path::new("/home/anna/Загрузки"));
}
