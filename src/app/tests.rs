use weeek_api::ApiError;

use super::{Effect, Msg, Screen};
use crate::config::TokenSource;
use crate::testing::Harness;
use crate::worker::{Answer, Call, Retrying, Skipped};

/// Starts an app whose token came from `source` and has the service refuse it.
fn refused(source: Option<TokenSource>) -> Harness {
    let mut app = Harness::app();
    app.token_source = source;
    let mut h = Harness::starting(app);
    h.fail_all(
        |c| matches!(c, Call::Me),
        || ApiError::Unauthorized {
            message: "Unauthenticated.".into(),
        },
    );
    h
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

#[test]
fn a_refused_token_names_the_file_it_came_from() {
    let mut h = refused(Some(TokenSource::Flag("/home/anna/.weeek-token".into())));
    let t = toasts(&h);
    assert!(t.contains("--token-file /home/anna/.weeek-token"), "{t}");
    assert!(!t.contains("WEEEK_TOKEN"), "{t}");
    h.resize(160, 45);
    let screen = h.render();
    assert!(
        screen.contains("--token-file /home/anna/.weeek-token"),
        "{screen}"
    );
    assert!(!screen.contains("WEEEK_TOKEN"), "{screen}");
}

#[test]
fn a_refused_token_names_the_variable_or_the_config_file() {
    let h = refused(Some(TokenSource::Env("WEEEK_API_TOKEN")));
    assert!(toasts(&h).contains("The token in WEEEK_API_TOKEN was refused"));
    let h = refused(Some(TokenSource::ConfigFile(
        "/home/anna/.config/weeek-tui/config.toml".into(),
    )));
    let t = toasts(&h);
    assert!(
        t.contains("/home/anna/.config/weeek-tui/config.toml"),
        "{t}"
    );
    assert!(!t.contains("WEEEK_TOKEN"), "{t}");
}

/// The task list's request (the timer reads tasks too).
fn list_request(h: &mut Harness) -> crate::screen::requests::Request {
    let list = super::RequestKey::from(crate::tasks::TaskKey::List);
    let at = h
        .pending
        .iter()
        .position(|r| r.key == list)
        .expect("a task list request");
    h.pending.remove(at)
}

#[test]
fn rows_that_could_not_be_read_are_counted_and_each_is_in_the_message_log() {
    let mut h = Harness::new();
    h.resize(160, 45);
    let req = list_request(&mut h);
    let bad = |index: usize, id: &str| weeek_api::SkippedRow {
        index,
        id: Some(id.into()),
        reason: "title: invalid type: integer `42`, expected a string".into(),
    };
    h.reply_skipping(
        &req,
        Answer::TaskPage(Ok(weeek_api::TaskPage::default())),
        Some(Skipped {
            list: "Tasks",
            rows: vec![bad(3, "17"), bad(8, "21")],
            ..Default::default()
        }),
    );
    let t = toasts(&h);
    assert!(t.contains("Tasks: 2 rows skipped (malformed)"), "{t}");
    let log: Vec<String> = h.app.toasts.history().map(|(_, m)| m.clone()).collect();
    assert!(
        log.iter()
            .any(|m| m
                == "Tasks: skipped id 21: title: invalid type: integer `42`, expected a string"),
        "{log:?}"
    );
    h.press("M");
    let screen = h.render();
    assert!(
        screen.contains("Tasks: skipped id 17: title: invalid type"),
        "{screen}"
    );
}

fn retrying(req: &crate::screen::requests::Request) -> Msg {
    Msg::Retrying(Retrying {
        id: req.id,
        key: req.key.clone(),
        notice: weeek_api::RetryNotice {
            attempt: 2,
            attempts: 3,
            delay: std::time::Duration::from_secs(1),
            cause: ApiError::Server {
                status: 503,
                message: None,
            },
        },
    })
}

#[test]
fn a_read_being_retried_shows_in_the_status_line_until_its_answer() {
    let mut h = Harness::new();
    h.resize(160, 45);
    let req = list_request(&mut h);
    h.send(retrying(&req));
    let note = "retrying (2/3) in 1s: the service failed with 503";
    assert!(h.render().contains(note), "{}", h.render());
    h.reply(&req, Answer::TaskPage(Ok(weeek_api::TaskPage::default())));
    let screen = h.render();
    assert!(!screen.contains("retrying"), "{screen}");
    assert!(screen.contains("Northwind"), "{screen}");
}

#[test]
fn a_retry_of_a_request_no_longer_wanted_says_nothing() {
    let mut h = Harness::new();
    h.resize(160, 45);
    let old = list_request(&mut h);
    h.press("r");
    h.app.dirty = false;
    h.send(retrying(&old));
    assert!(!h.render().contains("retrying"));
    assert!(!h.app.dirty, "nothing to draw");
}

#[test]
fn only_what_changes_the_frame_asks_for_a_draw() {
    let app = Harness::app();
    assert!(!app.dirty, "nothing to draw before the start");
    let mut h = Harness::starting(app);
    assert!(h.app.dirty, "the first frame is drawn");
    let drawn = |h: &mut Harness| h.app.dirty = false;
    drawn(&mut h);
    let req = h.take(|c| matches!(c, Call::Me)).remove(0);
    h.press("r");
    assert!(h.app.dirty, "a refresh shows the spinner");
    h.press("€");
    assert!(h.app.dirty, "a change stays to be drawn until it is");
    drawn(&mut h);
    h.press("€");
    assert!(!h.app.dirty, "a key that does nothing draws nothing");
    h.reply(&req, Answer::Me(Ok(Box::new(crate::testing::user()))));
    assert!(h.app.dirty, "an answer changes the screen");
    drawn(&mut h);
    h.reply(&req, Answer::Me(Ok(Box::new(crate::testing::user()))));
    assert!(!h.app.dirty, "a second copy is stale");
}

#[test]
fn quitting_is_an_effect_once_screens_have_written_what_they_hold() {
    let mut h = Harness::new();
    h.press("q");
    assert!(h.quits());
    assert_eq!(h.effects.last(), Some(&super::Effect::Quit));
}

/// A harness with one task (id 42) under the cursor.
fn one_task() -> Harness {
    let mut h = Harness::new();
    let req = list_request(&mut h);
    let tasks = vec![crate::testing::task(42, "Отчёт")];
    h.reply(
        &req,
        Answer::TaskPage(Ok(weeek_api::TaskPage {
            tasks: crate::testing::rows(tasks),
            has_more: false,
        })),
    );
    h
}

#[test]
fn o_without_a_browser_says_so_in_words_and_names_the_key_that_copies_the_link() {
    let mut h = one_task();
    let url = "https://app.weeek.net/ws/1/task/42";
    h.press("o");
    h.send(Msg::NoBrowser(url.into()));
    let said: Vec<String> = h
        .app
        .toasts
        .visible()
        .iter()
        .map(|t| t.text.clone())
        .collect();
    let last = said.last().expect("a message");
    assert_eq!(
        last,
        &format!("No browser could be started to open {url} · y copies the link")
    );
}

#[test]
fn o_opens_the_tasks_page_and_y_copies_its_link_and_capital_y_its_id() {
    let mut h = one_task();
    let url = "https://app.weeek.net/ws/1/task/42";
    h.press("o");
    assert_eq!(h.effects.last(), Some(&Effect::OpenUrl(url.into())));
    h.press("y");
    assert_eq!(h.effects.last(), Some(&Effect::Copy(url.into())));
    assert!(toasts(&h).contains(&format!("Copied the link {url}")));
    h.press("Y");
    assert_eq!(h.effects.last(), Some(&Effect::Copy("42".into())));
    assert!(toasts(&h).contains("Copied the id 42"), "{}", toasts(&h));
}

#[test]
fn sharing_with_no_task_or_no_workspace_says_why_and_does_nothing() {
    let mut h = Harness::new();
    let req = list_request(&mut h);
    h.reply(&req, Answer::TaskPage(Ok(weeek_api::TaskPage::default())));
    h.press("oyY");
    assert!(h.effects.is_empty(), "{:?}", h.effects);
    assert!(toasts(&h).contains("No task here."));

    let mut h = Harness::starting(Harness::app());
    h.answer_all(
        |c| matches!(c, Call::Me),
        || Answer::Me(Ok(Box::new(crate::testing::user()))),
    );
    let req = list_request(&mut h);
    let tasks = vec![crate::testing::task(42, "Отчёт")];
    h.reply(
        &req,
        Answer::TaskPage(Ok(weeek_api::TaskPage {
            tasks: crate::testing::rows(tasks),
            has_more: false,
        })),
    );
    h.press("y");
    assert!(!h.effects.iter().any(|e| matches!(e, Effect::Copy(_))));
    assert!(
        toasts(&h).contains("workspace is still loading"),
        "{}",
        toasts(&h)
    );
}

#[test]
fn digits_never_switch_screens_alt_digits_and_tab_do_everywhere() {
    use crossterm::event::{KeyCode, KeyModifiers};
    let alt = |c| crate::testing::key_event(KeyCode::Char(c), KeyModifiers::ALT);
    let mut h = Harness::new();
    h.resize(160, 45);
    h.send(alt('2'));
    assert_eq!(h.app.screen, Screen::Funnels);
    h.press("3");
    assert_eq!(h.app.screen, Screen::Funnels, "a digit is not a screen key");
    h.press("1");
    assert_eq!(h.app.screen, Screen::Funnels);
    h.send(crate::testing::code(KeyCode::Tab));
    assert_eq!(h.app.screen, Screen::Contacts);
    h.send(alt('1'));
    assert_eq!(h.app.screen, Screen::Tasks);
    h.send(crate::testing::code(KeyCode::BackTab));
    assert_eq!(
        h.app.screen,
        Screen::Projects,
        "the last tab comes before the first"
    );
    h.send(crate::testing::code(KeyCode::BackTab));
    assert_eq!(h.app.screen, Screen::Contacts);
    for screen in Screen::ALL {
        h.app.screen = screen;
        let header = h.render().lines().next().unwrap_or_default().to_string();
        for tab in [
            "Alt-1 Tasks",
            "Alt-2 Funnels",
            "Alt-3 Contacts",
            "Alt-4 Projects",
        ] {
            assert!(header.contains(tab), "{screen:?}: {header}");
        }
        // Every screen opens where Tab is the next screen (the contacts screen on its
        // list, not in a field whose Tab moves between fields).
        assert!(header.contains("Tab ⇥"), "{screen:?}: {header}");
    }
}

#[test]
fn the_palette_lists_commands_not_movement() {
    let mut h = one_task();
    h.send(crate::testing::ctrl('p'));
    let Some(super::Overlay::Palette(p)) = &h.app.overlay else {
        panic!("the palette is open");
    };
    let labels: Vec<&str> = p.commands().iter().map(|i| i.label.as_str()).collect();
    assert!(
        labels.iter().any(|l| l.contains("Filter panel")),
        "{labels:?}"
    );
    assert!(labels.iter().any(|l| l.contains("Copy the task's link")));
    for movement in [
        "Down",
        "Up",
        "Half a page",
        "First row",
        "Last row",
        "Page down",
    ] {
        assert!(
            !labels.iter().any(|l| l
                .split_once(' ')
                .is_some_and(|(_, d)| d.trim().starts_with(movement))),
            "{movement}: {labels:?}"
        );
    }
}

#[test]
fn help_and_messages_stop_scrolling_at_their_end() {
    use crossterm::event::KeyCode;
    let mut h = one_task();
    h.resize(80, 24);
    h.press("?");
    for _ in 0..40 {
        h.send(crate::testing::code(KeyCode::PageDown));
    }
    let Some(super::Overlay::Help { scroll, .. }) = h.app.overlay else {
        panic!("help is open");
    };
    let at_end = h.render();
    assert!(
        at_end.contains("Previous screen"),
        "the last line shows: {at_end}"
    );
    h.send(crate::testing::code(KeyCode::Up));
    let Some(super::Overlay::Help { scroll: after, .. }) = h.app.overlay else {
        panic!("help is open");
    };
    assert_eq!(
        after + 1,
        scroll,
        "one key up moves one line up from the end"
    );
    h.send(crate::testing::code(KeyCode::Esc));
    for i in 0..30 {
        h.app.toasts.log(
            super::ToastKind::Info,
            format!("message {i} {}", "word ".repeat(30)),
        );
    }
    h.press("M");
    for _ in 0..200 {
        h.send(crate::testing::code(KeyCode::Down));
    }
    let screen = h.render();
    assert!(
        screen.contains("message 0 "),
        "the oldest is last: {screen}"
    );
    h.send(crate::testing::code(KeyCode::Up));
    assert!(
        h.render().contains("message 0 "),
        "the end is still in view"
    );
}

#[test]
fn messages_take_lines_of_their_own_on_every_screen_at_the_smallest_size() {
    let mut h = one_task();
    for (w, ht) in [(40, 10), (80, 24)] {
        h.resize(w, ht);
        for n in 0..3 {
            h.app.toasts.push(
                h.clock.now,
                super::ToastKind::Error,
                format!("Could not save message {n}: the service refused it"),
            );
        }
        h.send(Msg::Tick);
        assert!(h.app.viewport.messages > 0);
        for key in ['1', '2', '3', '4', '1'] {
            h.send(crate::testing::key_event(
                crossterm::event::KeyCode::Char(key),
                crossterm::event::KeyModifiers::ALT,
            ));
            let screen = h.render();
            let lines: Vec<&str> = screen.lines().collect();
            // The line above the key hints is the newest message's, whole of its own.
            let above = lines[lines.len() - 2];
            assert!(
                ["Could not", "refused it", "failed"]
                    .iter()
                    .any(|w| above.contains(w)),
                "at {w}x{ht}:\n{screen}"
            );
        }
        h.app.toasts.dismiss_all();
        h.send(Msg::Tick);
        assert_eq!(h.app.viewport.messages, 0, "gone, the lines go back");
    }
}

#[test]
fn a_long_message_at_160_columns_is_never_cut_mid_word() {
    let mut h = one_task();
    h.resize(160, 45);
    let words: Vec<String> = (0..60)
        .map(|i| format!("слово{i}{}конец", "ы".repeat(i % 7)))
        .collect();
    let text = words.join(" ");
    h.app
        .toasts
        .push(h.clock.now, super::ToastKind::Error, text);
    // The next message lays the messages' lines out.
    h.send(Msg::Tick);
    let screen = h.render();
    let shown: Vec<&str> = screen
        .split(|c: char| c.is_whitespace() || c == '…')
        .filter(|w| w.starts_with("слово"))
        .collect();
    assert!(shown.len() > 10, "{screen}");
    for w in shown {
        assert!(words.iter().any(|x| x == w), "{w:?} is cut:\n{screen}");
    }
}

#[test]
fn a_message_shortens_a_long_title_and_the_message_log_shows_it_in_full() {
    let title = format!("{} конец", "Очень длинное название задачи ".repeat(5));
    let mut h = Harness::new();
    let req = list_request(&mut h);
    let tasks = vec![crate::testing::task(42, &title)];
    h.reply(
        &req,
        Answer::TaskPage(Ok(weeek_api::TaskPage {
            tasks: crate::testing::rows(tasks),
            has_more: false,
        })),
    );
    h.resize(160, 45);
    h.press("x");
    let write = h.take(|c| matches!(c, Call::CompleteTask(_))).remove(0);
    h.done(&write);
    let shown = toasts(&h);
    assert!(shown.contains("Completed"), "{shown}");
    let screen = h.render();
    assert!(
        !screen.contains("конец"),
        "the toast shortens the title:\n{screen}"
    );
    h.press("M");
    let log = h.render();
    assert!(log.contains("конец"), "M shows the title in full:\n{log}");
}

#[test]
fn an_effect_that_failed_is_said() {
    let mut h = Harness::new();
    h.send(Msg::EffectFailed(
        "Could not open a browser (no handler)".into(),
    ));
    assert!(toasts(&h).contains("Could not open a browser"));
}

#[test]
fn many_refusals_at_once_say_it_once() {
    let mut h = refused(None);
    h.fail_all(
        |_| true,
        || ApiError::Unauthorized {
            message: "Unauthenticated.".into(),
        },
    );
    let n = h
        .app
        .toasts
        .visible()
        .iter()
        .filter(|t| t.text.contains("(401)"))
        .count();
    assert_eq!(n, 1, "{}", toasts(&h));
}
