//! Saved views (`F`): saving the filters and sort under a name, applying one, deleting one,
//! and the last one used coming back at start.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crossterm::event::KeyCode;
use weeek_api::models::{Priority, TaskType};
use weeek_api::{SortBy, SortKey, TaskQuery};

use super::views::{STATE_FILE, SavedViews, View};
use crate::app::Msg;
use crate::screen::Effect;
use crate::screen::toast::ToastKind;
use crate::testing::{Harness, ME, code, ctrl};
use crate::worker::Call;

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("weeek-views-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn done_calls() -> View {
    View {
        assignee: Some("anyone".into()),
        status: Some("done".into()),
        task_type: Some("call".into()),
        sort: Some("-priority".into()),
        ..View::default()
    }
}

/// An app whose config file holds `views`, its data dir `data`, started and loaded.
fn with_views(views: &[(&str, View)], data: &Path) -> Harness {
    let mut app = Harness::app();
    let views: BTreeMap<String, View> = views
        .iter()
        .map(|(n, v)| (n.to_string(), v.clone()))
        .collect();
    app.tasks.views = SavedViews::load(views, data.join("config.toml"), data);
    Harness::loaded(app)
}

fn list_queries(h: &mut Harness) -> Vec<TaskQuery> {
    h.take(|c| matches!(c, Call::Tasks(_)))
        .into_iter()
        .filter_map(|r| match r.call {
            Call::Tasks(q) => Some(q),
            _ => None,
        })
        .collect()
}

fn stored(h: &Harness) -> Vec<(String, Option<View>)> {
    h.effects
        .iter()
        .filter_map(|e| match e {
            Effect::StoreView { name, view, .. } => Some((name.clone(), view.clone())),
            _ => None,
        })
        .collect()
}

fn state_writes(h: &Harness) -> Vec<String> {
    h.effects
        .iter()
        .filter_map(|e| match e {
            Effect::WriteFile { path, contents } if path.ends_with(STATE_FILE) => {
                Some(contents.clone())
            }
            _ => None,
        })
        .collect()
}

fn toasts(h: &Harness) -> String {
    h.app
        .toasts
        .visible()
        .iter()
        .map(|t| t.text.clone())
        .collect::<Vec<_>>()
        .join(" | ")
}

fn filter_line(h: &mut Harness) -> String {
    h.resize(160, 45);
    h.render().lines().nth(1).unwrap_or_default().to_string()
}

#[test]
fn the_current_filters_and_sort_are_saved_under_a_typed_name() {
    let data = dir("save");
    let mut h = with_views(&[], &data);
    h.press("A");
    h.press("s");
    h.press("priority");
    h.send(code(KeyCode::Enter));
    h.press("F");
    // With no view yet, the cursor is on "Save as a view…".
    h.send(code(KeyCode::Enter));
    h.send(code(KeyCode::Enter));
    assert!(
        h.render().contains("type a name for the view"),
        "an empty name is refused"
    );
    h.press("Срочное");
    h.send(code(KeyCode::Enter));
    let saved = View {
        assignee: Some("anyone".into()),
        status: Some("open".into()),
        // A first pick of priority sorts the highest first.
        sort: Some("-priority".into()),
        ..View::default()
    };
    assert_eq!(stored(&h), vec![("Срочное".to_string(), Some(saved))]);
    assert!(matches!(
        h.effects.iter().find(|e| matches!(e, Effect::StoreView { .. })),
        Some(Effect::StoreView { config, .. }) if *config == data.join("config.toml")
    ));
    assert_eq!(
        state_writes(&h),
        vec![SavedViews::state_text("Срочное")],
        "remembered as the last view"
    );
    assert!(
        filter_line(&mut h).starts_with("Срочное · Everyone's open tasks"),
        "{}",
        filter_line(&mut h)
    );
    // The runtime answers once the file is written.
    h.send(Msg::ViewStored {
        name: "Срочное".into(),
        deleted: false,
        result: Ok(()),
    });
    assert!(
        toasts(&h).contains("Saved the view “Срочное” in"),
        "{}",
        toasts(&h)
    );
    // A filter changed since: the line says so.
    h.press("A");
    assert!(
        filter_line(&mut h).starts_with("Срочное (changed) · My open tasks"),
        "{}",
        filter_line(&mut h)
    );
    std::fs::remove_dir_all(&data).ok();
}

#[test]
fn a_view_picked_replaces_the_filters_and_sort_and_reloads() {
    let data = dir("apply");
    let mut h = with_views(&[("Done calls", done_calls())], &data);
    list_queries(&mut h);
    h.press("F");
    assert!(h.render().contains("Saved views"), "{}", h.render());
    assert!(h.render().contains("Done calls"), "{}", h.render());
    h.send(code(KeyCode::Enter));
    let f = &h.app.tasks.filters;
    assert_eq!(f.task_type, Some(TaskType::Call));
    assert_eq!(
        h.app.tasks.sort,
        Some(SortBy {
            key: SortKey::Priority,
            descending: true
        })
    );
    let q = list_queries(&mut h).pop().expect("a reload");
    assert_eq!(q.completed, Some(true));
    assert_eq!(q.user_id, None, "anyone's tasks");
    assert_eq!(q.task_type, Some(TaskType::Call));
    assert_eq!(state_writes(&h), vec![SavedViews::state_text("Done calls")]);
    // Esc takes the view's filters off one at a time, as any filters.
    h.send(code(KeyCode::Esc));
    assert_eq!(h.app.tasks.filters.task_type, None);
    // "No view" goes back to the list as it opens, and forgets the last view.
    h.press("F");
    h.press("No view");
    h.send(code(KeyCode::Enter));
    assert_eq!(h.app.tasks.filters, super::filters::Filters::default());
    assert_eq!(h.app.tasks.sort, None);
    assert_eq!(
        h.effects.last(),
        Some(&Effect::RemoveFile(data.join(STATE_FILE)))
    );
    let q = list_queries(&mut h).pop().expect("a reload");
    assert_eq!(q.user_id.as_deref(), Some(ME));
    std::fs::remove_dir_all(&data).ok();
}

#[test]
fn the_last_view_used_is_applied_at_start() {
    let data = dir("restore");
    std::fs::write(data.join(STATE_FILE), SavedViews::state_text("Done calls")).unwrap();
    let mut h = with_views(
        &[
            ("Done calls", done_calls()),
            (
                "High",
                View {
                    priority: Some("high".into()),
                    ..View::default()
                },
            ),
        ],
        &data,
    );
    let queries = list_queries(&mut h);
    assert!(!queries.is_empty(), "the list is asked for");
    for q in &queries {
        assert_eq!(q.completed, Some(true), "{q:?}");
        assert_eq!(q.task_type, Some(TaskType::Call), "{q:?}");
    }
    let t = toasts(&h);
    assert!(
        t.contains("View “Done calls”, as last time · F for views"),
        "{t}"
    );
    assert!(
        filter_line(&mut h).starts_with("Done calls · Everyone's done tasks"),
        "{}",
        filter_line(&mut h)
    );
    std::fs::remove_dir_all(&data).ok();
}

#[test]
fn a_last_view_deleted_from_the_config_file_is_forgotten() {
    let data = dir("gone");
    std::fs::write(data.join(STATE_FILE), SavedViews::state_text("Old")).unwrap();
    let mut h = with_views(&[("Done calls", done_calls())], &data);
    assert_eq!(h.app.tasks.filters, super::filters::Filters::default());
    assert!(
        h.effects
            .contains(&Effect::RemoveFile(data.join(STATE_FILE)))
    );
    let q = list_queries(&mut h).pop().expect("the list");
    assert_eq!(q.user_id.as_deref(), Some(ME));
    std::fs::remove_dir_all(&data).ok();
}

#[test]
fn deleting_a_view_asks_first() {
    let data = dir("delete");
    let mut h = with_views(&[("Done calls", done_calls())], &data);
    h.press("F");
    h.send(code(KeyCode::Enter));
    h.press("F");
    h.send(ctrl('d'));
    assert!(
        h.render().contains("Delete the view “Done calls”"),
        "{}",
        h.render()
    );
    h.press("n");
    assert!(stored(&h).is_empty(), "nothing deleted on no");
    assert!(h.app.tasks.views.views.contains_key("Done calls"));
    h.press("F");
    h.send(ctrl('d'));
    h.press("y");
    assert_eq!(stored(&h), vec![("Done calls".to_string(), None)]);
    assert!(h.app.tasks.views.views.is_empty());
    assert_eq!(h.app.tasks.views.last, None, "it was the last view used");
    assert!(
        h.effects
            .contains(&Effect::RemoveFile(data.join(STATE_FILE)))
    );
    // Ctrl-d on an item that is not a view deletes nothing.
    h.press("F");
    h.send(ctrl('d'));
    assert!(
        toasts(&h).contains("Only a saved view can be deleted"),
        "{}",
        toasts(&h)
    );
    assert_eq!(stored(&h).len(), 1);
    std::fs::remove_dir_all(&data).ok();
}

#[test]
fn saving_over_a_view_that_shows_something_else_asks_first() {
    let data = dir("replace");
    let high = View {
        priority: Some("high".into()),
        ..View::default()
    };
    let mut h = with_views(&[("Mine", high)], &data);
    h.press("F");
    h.press("Save");
    h.send(code(KeyCode::Enter));
    h.press("Mine");
    h.send(code(KeyCode::Enter));
    assert!(
        h.render().contains("Replace the view “Mine”"),
        "{}",
        h.render()
    );
    assert!(stored(&h).is_empty());
    h.press("y");
    let (name, view) = stored(&h).pop().expect("stored");
    assert_eq!(name, "Mine");
    assert_eq!(view.and_then(|v| v.priority), None);
    // The same view saved again under its name is not asked about.
    h.press("F");
    h.press("Save");
    h.send(code(KeyCode::Enter));
    assert!(h.render().contains("Mine"), "the name in use is offered");
    h.send(code(KeyCode::Enter));
    assert_eq!(stored(&h).len(), 2);
    std::fs::remove_dir_all(&data).ok();
}

#[test]
fn a_config_file_that_cannot_be_written_is_said_and_the_view_kept_for_the_session() {
    let data = dir("failed");
    let mut h = with_views(&[], &data);
    h.app.tasks.filters.priority = Some(Priority::High);
    h.press("F");
    h.send(code(KeyCode::Enter));
    h.press("High");
    h.send(code(KeyCode::Enter));
    h.send(Msg::ViewStored {
        name: "High".into(),
        deleted: false,
        result: Err("cannot write /ro/config.toml: Read-only file system".into()),
    });
    let last = h.app.toasts.visible().last().cloned().expect("a message");
    assert_eq!(last.kind, ToastKind::Error);
    assert!(
        last.text
            .contains("“High” was not saved: cannot write /ro/config.toml")
            && last.text.contains("lasts until you quit"),
        "{}",
        last.text
    );
    assert!(h.app.tasks.views.views.contains_key("High"));
    std::fs::remove_dir_all(&data).ok();
}

/// The picker with two views, the one in use changed since, at four sizes.
#[test]
fn the_views_picker_at_four_sizes() {
    let data = dir("snap");
    std::fs::write(data.join(STATE_FILE), SavedViews::state_text("Done calls")).unwrap();
    let high = View {
        priority: Some("high".into()),
        project: Some(1),
        dates: Some("this week".into()),
        ..View::default()
    };
    let mut h = with_views(
        &[("Done calls", done_calls()), ("Мои срочные", high)],
        &data,
    );
    h.press("A");
    h.press("F");
    for (w, ht) in [(160, 45), (100, 30), (80, 24), (30, 8)] {
        h.resize(w, ht);
        insta::assert_snapshot!(format!("views_picker_{w}x{ht}"), h.render());
    }
    std::fs::remove_dir_all(&data).ok();
}
