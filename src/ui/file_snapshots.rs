//! How the attachment dialogs look: the path of a file to upload with what Enter said about
//! it, and the task's attachments to save one, at four sizes.

use crossterm::event::KeyCode;
use insta::assert_snapshot;
use weeek_api::models::Attachment;

use crate::testing::{Harness, code, task};

const SIZES: [(u16, u16); 4] = [(160, 45), (100, 30), (80, 24), (30, 8)];

fn each_size(name: &str, h: &mut Harness) {
    for (w, ht) in SIZES {
        h.resize(w, ht);
        assert_snapshot!(format!("{name}_{w}x{ht}"), h.render());
    }
}

fn loaded() -> Harness {
    let mut h = Harness::new();
    let mut t = task(1, "Макеты главной страницы для весеннего релиза");
    let file = |id: &str, name: &str, size| Attachment {
        id: id.into(),
        name: Some(name.into()),
        size: Some(size),
        created_at: Some(time::macros::datetime!(2026-11-19 10:00 UTC)),
        ..Default::default()
    };
    t.attachments = vec![
        file("a1", "главная-десктоп.png", 1_843_200),
        file("a2", "главная-мобильная.png", 912_000),
        file("a3", "тексты.docx", 24_576),
    ];
    h.list_tasks(vec![t]);
    h.app.tasks.downloads = Some("/home/anna/Загрузки".into());
    h.press("p");
    h
}

#[test]
fn the_upload_dialog_says_what_is_wrong_with_the_path() {
    let mut h = loaded();
    h.press("U");
    h.press("/nonexistent/отчёт-за-ноябрь.pdf");
    h.send(code(KeyCode::Enter));
    each_size("upload_missing_file", &mut h);
}

#[test]
fn the_attachments_to_save_one() {
    let mut h = loaded();
    h.press("S");
    each_size("save_attachment", &mut h);
}
