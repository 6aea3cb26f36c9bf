//! Switching workspaces, as `update` sees it: the switcher, the drafts written before the
//! switch, the answers of the workspace left dropped, and nothing of it on the new screen.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crossterm::event::{KeyCode, KeyModifiers};
use weeek_api::models::Workspace;

use super::ActiveWorkspace;
use crate::app::{App, Msg, Overlay};
use crate::config::{ConnectionFlags, FileConfig, Paths, ProfileConfig, WorkspaceId};
use crate::screen::Effect;
use crate::screen::requests::{Request, RequestKey};
use crate::tasks::TaskKey;
use crate::testing::{self, Harness};
use crate::worker::{Answer, Call};
use crate::workspaces::{Opened, Workspaces};

/// Two profiles, each with a token of its own, in a private directory of the test's.
fn workspaces(name: &str) -> (Workspaces, PathBuf) {
    let root = std::env::temp_dir().join(format!("weeek-switch-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let paths = Paths {
        config_file: root.join("config.toml"),
        data_dir: root.join("data"),
        log_dir: root.join("logs"),
    };
    let profile = |token: &str| ProfileConfig {
        token: Some(token.into()),
        ..ProfileConfig::default()
    };
    let file = FileConfig {
        profiles: Some(BTreeMap::from([
            ("acme".to_string(), profile("acme-token")),
            ("northwind".to_string(), profile("northwind-token")),
        ])),
        ..FileConfig::default()
    };
    let env = Box::new(|_: &str| None);
    (
        Workspaces::new(paths, file, ConnectionFlags::default(), env),
        root,
    )
}

fn northwind() -> WorkspaceId {
    WorkspaceId::Profile("northwind".into())
}

fn acme() -> WorkspaceId {
    WorkspaceId::Profile("acme".into())
}

/// A client that is never asked anything: the tests answer the requests themselves.
fn opened() -> Opened {
    let config = weeek_api::ClientConfig::new(
        "http://127.0.0.1:9/public/v1",
        weeek_api::Token::new("unused"),
    );
    Opened {
        client: weeek_api::Client::new(config).unwrap(),
        endpoint: "test".into(),
        source: None,
        store: Err("no store in these tests".into()),
    }
}

/// A fresh app for `id`, as the runtime gets it when switching.
fn fresh(ws: &Workspaces, id: &WorkspaceId) -> App {
    ws.app(id, &opened(), BTreeMap::new(), (120, 40))
}

fn alt(c: char) -> Msg {
    testing::key_event(KeyCode::Char(c), KeyModifiers::ALT)
}

fn requests(effects: &[Effect]) -> Vec<Request> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Request(r) => Some(r.clone()),
            _ => None,
        })
        .collect()
}

/// Carries out the file writes among `effects`, as the runtime does before it switches.
fn write_files(effects: &[Effect]) {
    for e in effects {
        match e {
            Effect::WriteFile { path, contents } => {
                crate::runtime::write_atomic(path, contents).unwrap();
            }
            Effect::RemoveFile(path) => {
                let _ = std::fs::remove_file(path);
            }
            _ => {}
        }
    }
}

/// The first page of the task list, with `tasks`.
fn page(req: &Request, tasks: Vec<weeek_api::models::Task>) -> Msg {
    Msg::Api(Box::new(testing::answered(
        req,
        Answer::TaskPage(Ok(weeek_api::TaskPage {
            tasks: testing::rows(tasks),
            has_more: false,
        })),
        None,
    )))
}

fn screen(app: App) -> String {
    let mut h = Harness {
        app,
        pending: Vec::new(),
        effects: Vec::new(),
        clock: testing::clock(),
        theme: crate::ui::theme::Theme::default(),
        files_answer_at_once: true,
    };
    h.resize(120, 40);
    h.render()
}

/// Northwind open, its task list shown, a reload of it under way.
fn on_northwind(ws: &Workspaces) -> Harness {
    let mut h = Harness::loaded(fresh(ws, &northwind()));
    h.list_tasks(vec![testing::task(42, "Отчёт для Northwind")]);
    h.press("r");
    assert!(
        h.pending.iter().any(|r| matches!(r.call, Call::Tasks(_))),
        "a reload is under way"
    );
    h
}

#[test]
fn the_switcher_lists_the_workspaces_with_their_names_and_the_one_in_use() {
    let (ws, root) = workspaces("list");
    let mut h = on_northwind(&ws);
    // Acme's name was kept when it was last open.
    let acme_dir = root.join("data").join("profiles").join("acme");
    crate::runtime::write_atomic(
        &acme_dir.join(crate::app::switcher::TITLE_FILE),
        r#"{"title":"Acme Ltd"}"#,
    )
    .unwrap();
    let mut h2 = Harness::loaded(fresh(&ws, &northwind()));
    h2.resize(120, 40);
    h.resize(120, 40);
    for h in [&mut h, &mut h2] {
        h.send(alt('w'));
        assert!(matches!(h.app.overlay, Some(Overlay::Workspaces(_))));
    }
    let shown = h2.render();
    let line = |needle: &str| {
        shown
            .lines()
            .find(|l| l.contains('│') && l.contains(needle))
            .unwrap_or_else(|| panic!("{needle} not shown:\n{shown}"))
            .to_string()
    };
    assert!(line("acme").contains("Acme Ltd"), "{shown}");
    let current = line("northwind");
    assert!(current.contains("Northwind"), "its live name: {shown}");
    assert!(current.contains("in use"), "{shown}");
    assert!(!line("acme").contains("in use"), "{shown}");
    if cfg!(feature = "demo") {
        assert!(line("demo sandbox").contains("sample workspace"), "{shown}");
    }
    // The header names the profile in use.
    let header = shown.lines().next().unwrap_or_default();
    assert!(header.contains("[northwind] Northwind"), "{header}");
    // A workspace never opened says so.
    let shown = h.render();
    assert!(
        shown
            .lines()
            .any(|l| l.contains("acme") && l.contains("not opened yet")),
        "{shown}"
    );
    // Choosing the one in use changes nothing.
    h.send(testing::code(KeyCode::Enter));
    assert!(
        !h.effects
            .iter()
            .any(|e| matches!(e, Effect::SwitchWorkspace(_))),
        "{:?}",
        h.effects
    );
    std::fs::remove_dir_all(&root).ok();
}

#[test]
fn the_switcher_is_a_key_on_every_screen_and_a_palette_command() {
    let (ws, root) = workspaces("everywhere");
    let mut h = Harness::loaded(fresh(&ws, &northwind()));
    for screen in ['1', '2', '3', '4'] {
        h.send(alt(screen));
        h.send(alt('w'));
        assert!(
            matches!(h.app.overlay, Some(Overlay::Workspaces(_))),
            "on {:?}",
            h.app.screen
        );
        h.send(testing::code(KeyCode::Esc));
        assert!(h.app.overlay.is_none());
    }
    h.send(testing::ctrl('p'));
    h.press("workspace");
    h.send(testing::code(KeyCode::Enter));
    assert!(matches!(h.app.overlay, Some(Overlay::Workspaces(_))));
    std::fs::remove_dir_all(&root).ok();
}

#[test]
fn a_switch_drops_the_answers_of_the_workspace_left_and_shows_nothing_of_it() {
    let (ws, root) = workspaces("drop");
    let mut h = on_northwind(&ws);
    // The workspace's name is kept in its own directory, for the switcher.
    let kept = h.effects.iter().any(|e| {
        matches!(e, Effect::WriteFile { path, contents }
            if path.ends_with("profiles/northwind/workspace.json") && contents.contains("Northwind"))
    });
    assert!(kept, "{:?}", h.effects);
    h.send(alt('w'));
    h.send(testing::code(KeyCode::Up));
    h.send(testing::code(KeyCode::Enter));
    assert_eq!(
        h.effects.last(),
        Some(&Effect::SwitchWorkspace(acme())),
        "{:?}",
        h.effects
    );
    // The runtime opens Acme with a fresh app; what Northwind asked is still under way.
    let left = std::mem::take(&mut h.pending);
    let mut active = ActiveWorkspace::new(h.app);
    let old = active.generation();
    let clock = testing::clock();
    let effects = active.replace(fresh(&ws, &acme()), clock);
    assert_ne!(active.generation(), old);
    let mut asked = requests(&effects);
    let now = active.generation();
    // The start view (my open tasks) loads once it is known who I am.
    let me = asked
        .iter()
        .find(|r| matches!(r.call, Call::Me))
        .expect("Acme's user is read")
        .clone();
    let effects = active.answer(
        now,
        Msg::Api(Box::new(testing::answered(
            &me,
            Answer::Me(Ok(Box::new(testing::user()))),
            None,
        ))),
        clock,
    );
    asked.extend(requests(&effects));
    let list = RequestKey::from(TaskKey::List);
    let acme_list = asked
        .iter()
        .find(|r| r.key == list)
        .expect("Acme's start view loads")
        .clone();
    // Northwind's answers arrive after the switch, its task list among them: all dropped.
    active.app.dirty = false;
    for req in &left {
        let answer = match &req.call {
            Call::Tasks(_) => page(req, vec![testing::task(42, "Отчёт для Northwind")]),
            call => Msg::Api(Box::new(testing::answered(
                req,
                testing::failure(call, weeek_api::ApiError::Timeout),
                None,
            ))),
        };
        assert!(active.answer(old, answer, clock).is_empty());
    }
    // Even one that carries the very id and key of Acme's own request.
    let forged = page(&acme_list, vec![testing::task(43, "Счёт для Northwind")]);
    assert!(active.answer(old, forged, clock).is_empty());
    assert!(!active.app.dirty, "nothing of Northwind changed the screen");
    assert!(
        active.app.requests.is_pending(&list),
        "Acme's list still waits"
    );
    // Acme's own answers are taken.
    let workspace = asked
        .iter()
        .find(|r| matches!(r.call, Call::Workspace))
        .expect("Acme's workspace is read");
    active.answer(
        now,
        Msg::Api(Box::new(testing::answered(
            workspace,
            Answer::Workspace(Ok(Workspace {
                id: 2,
                title: "Acme Ltd".into(),
                ..Default::default()
            })),
            None,
        ))),
        clock,
    );
    active.answer(
        now,
        page(&acme_list, vec![testing::task(7, "Отгрузка для Acme")]),
        clock,
    );
    assert!(!active.app.requests.is_pending(&list));
    let shown = screen(active.app);
    assert!(shown.contains("Отгрузка для Acme"), "{shown}");
    assert!(!shown.contains("Northwind"), "{shown}");
    let header = shown.lines().next().unwrap_or_default();
    assert!(header.contains("[acme] Acme Ltd"), "{header}");
    std::fs::remove_dir_all(&root).ok();
}

/// Opens the new-task form of `h` and types `title` in it.
fn type_a_task(h: &mut Harness, title: &str) {
    h.press("n");
    h.press(title);
    let typed = h.app.tasks.layers.form().map(|e| e.form.values().title);
    assert_eq!(typed.as_deref(), Some(title));
}

#[test]
fn a_forms_draft_is_written_before_the_switch_and_stays_with_its_workspace() {
    let (ws, root) = workspaces("drafts");
    let mut h = Harness::loaded(fresh(&ws, &northwind()));
    type_a_task(&mut h, "Счёт Northwind");
    // The form has the keys; Esc leaves it, its draft kept.
    h.send(testing::code(KeyCode::Esc));
    h.send(alt('w'));
    assert!(
        matches!(h.app.overlay, Some(Overlay::Workspaces(_))),
        "{:?}",
        h.app.focus()
    );
    h.send(testing::code(KeyCode::Up));
    h.send(testing::code(KeyCode::Enter));
    // Nothing is lost (the draft is on disk): no question.
    assert!(h.app.overlay.is_none(), "{:?}", h.app.overlay);
    let switch = h
        .effects
        .iter()
        .position(|e| matches!(e, Effect::SwitchWorkspace(_)))
        .expect("a switch");
    let northwind_draft = root
        .join("data")
        .join("profiles")
        .join("northwind")
        .join("task-draft.json");
    let written = h.effects[..switch].iter().any(
        |e| matches!(e, Effect::WriteFile { path, contents } if *path == northwind_draft && contents.contains("Счёт Northwind")),
    );
    assert!(written, "the draft is written before the switch");
    write_files(&h.effects[..switch]);
    // In Acme, the form is empty, and what it sends is Acme's alone.
    let mut a = Harness::loaded(fresh(&ws, &acme()));
    a.press("n");
    let title = a.app.tasks.layers.form().map(|e| e.form.values().title);
    assert_eq!(title.as_deref(), Some(""), "nothing of Northwind's draft");
    a.press("Отгрузка Acme");
    a.send(testing::ctrl('s'));
    let sent: Vec<String> = a
        .pending
        .iter()
        .filter_map(|r| match &r.call {
            Call::CreateTask(t) => Some(format!("{t:?}")),
            _ => None,
        })
        .collect();
    assert_eq!(sent.len(), 1, "{:?}", a.pending);
    assert!(sent[0].contains("Отгрузка Acme"), "{sent:?}");
    assert!(!sent[0].contains("Northwind"), "{sent:?}");
    assert!(!acme_dir_has(&root, "Northwind"));
    // Back on Northwind, its draft is there again.
    let mut back = Harness::loaded(fresh(&ws, &northwind()));
    back.press("n");
    let title = back.app.tasks.layers.form().map(|e| e.form.values().title);
    assert_eq!(title.as_deref(), Some("Счёт Northwind"));
    std::fs::remove_dir_all(&root).ok();
}

/// Whether any file of Acme's directory holds `text`.
fn acme_dir_has(root: &Path, text: &str) -> bool {
    let dir = root.join("data").join("profiles").join("acme");
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .any(|f| std::fs::read_to_string(f.path()).is_ok_and(|t| t.contains(text)))
}

#[test]
fn a_create_not_answered_is_asked_about_before_the_switch() {
    let (ws, root) = workspaces("unanswered");
    let mut h = Harness::loaded(fresh(&ws, &northwind()));
    type_a_task(&mut h, "Срочно");
    h.send(testing::ctrl('s'));
    assert!(
        h.pending
            .iter()
            .any(|r| matches!(r.call, Call::CreateTask(_)))
    );
    h.send(alt('w'));
    h.send(testing::code(KeyCode::Up));
    h.send(testing::code(KeyCode::Enter));
    let Some(Overlay::Confirm { question, .. }) = &h.app.overlay else {
        panic!("a question first: {:?}", h.app.overlay);
    };
    assert!(question.ends_with("Switch anyway?"), "{question}");
    h.press("n");
    assert!(
        !h.effects
            .iter()
            .any(|e| matches!(e, Effect::SwitchWorkspace(_)))
    );
    h.send(alt('w'));
    h.send(testing::code(KeyCode::Up));
    h.send(testing::code(KeyCode::Enter));
    h.press("y");
    assert_eq!(h.effects.last(), Some(&Effect::SwitchWorkspace(acme())));
    std::fs::remove_dir_all(&root).ok();
}

#[test]
fn a_workspace_that_cannot_be_opened_leaves_the_app_as_it_was_saying_why() {
    let (ws, root) = workspaces("failed");
    let mut h = on_northwind(&ws);
    h.send(alt('w'));
    h.send(testing::code(KeyCode::Up));
    h.send(testing::code(KeyCode::Enter));
    // What the runtime says when the other cannot be opened.
    h.send(Msg::EffectFailed(
        "Could not open acme: profile \"acme\" has no token".into(),
    ));
    h.resize(120, 40);
    let shown = h.render();
    assert!(shown.contains("Could not open acme"), "{shown}");
    assert!(!shown.contains("Opening acme"), "{shown}");
    assert!(shown.contains("Отчёт для Northwind"), "{shown}");
    std::fs::remove_dir_all(&root).ok();
}

/// Alt-w split in two by a connection (Esc, then `w` at once) is still Alt-w; an Esc and a `w`
/// pressed apart are what they are.
#[test]
fn esc_then_w_at_once_is_the_alt_w_a_terminal_sent_in_two_parts() {
    let (ws, root) = workspaces("esc-w");
    let mut h = Harness::loaded(fresh(&ws, &northwind()));
    h.send(testing::code(KeyCode::Esc));
    h.press("w");
    assert!(matches!(h.app.overlay, Some(Overlay::Workspaces(_))));
    h.send(testing::code(KeyCode::Esc));
    assert!(h.app.overlay.is_none());
    h.send(testing::code(KeyCode::Esc));
    h.advance(crate::keys::alt_digit::WAIT * 3);
    h.press("w");
    assert!(h.app.overlay.is_none(), "a w of its own");
    std::fs::remove_dir_all(&root).ok();
}

/// A change sent before the switch still reaches the service; should it be refused, the app
/// in use says so, naming the workspace. Its success, like every other answer, is dropped.
#[test]
fn a_change_refused_after_the_switch_is_said_naming_the_workspace_left() {
    let (ws, root) = workspaces("writes");
    let mut h = Harness::loaded(fresh(&ws, &northwind()));
    h.list_tasks(vec![
        testing::task(42, "Отчёт для Northwind"),
        testing::task(43, "Счёт для Northwind"),
    ]);
    let mut active = ActiveWorkspace::new(h.app);
    let clock = testing::clock();
    let mut effects = Vec::new();
    for key in ['x', 'j', 'x'] {
        effects.extend(active.update(testing::key(key), clock));
    }
    let writes: Vec<Request> = requests(&effects)
        .into_iter()
        .filter(|r| matches!(r.call, Call::CompleteTask(_)))
        .collect();
    assert_eq!(writes.len(), 2, "{effects:?}");
    let old = active.generation();
    active.replace(fresh(&ws, &acme()), clock);
    let reply =
        |req: &Request, answer: Answer| Msg::Api(Box::new(testing::answered(req, answer, None)));
    active.app.dirty = false;
    assert!(
        active
            .answer(
                old,
                reply(&writes[0], testing::done(&writes[0].call)),
                clock
            )
            .is_empty()
    );
    assert!(
        !active.app.dirty,
        "a change that went through is not news here"
    );
    let refused = testing::failure(
        &writes[1].call,
        weeek_api::ApiError::Server {
            status: 503,
            message: None,
        },
    );
    active.answer(old, reply(&writes[1], refused), clock);
    let said: Vec<String> = active
        .app
        .toasts
        .visible()
        .iter()
        .map(|t| t.text.clone())
        .collect();
    assert!(
        said.iter()
            .any(|t| t.starts_with("A change sent to northwind before the switch was not saved")),
        "{said:?}"
    );
    std::fs::remove_dir_all(&root).ok();
}
