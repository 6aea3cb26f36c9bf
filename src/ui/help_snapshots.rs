//! Help, generated from the command table: what it lists for each screen, how it looks at
//! four sizes, and that it follows remapped keys.

use crossterm::event::{KeyCode, KeyModifiers};
use insta::assert_snapshot;

use crate::keys::keymap::Keymap;
use crate::testing::{Harness, key_event};

const SIZES: [(u16, u16); 4] = [(160, 45), (100, 30), (80, 24), (40, 12)];

/// Help as plain text, as wide as the help box's inside at 76 columns.
fn help_text(h: &Harness) -> String {
    super::help::help_lines(&h.app, &h.theme, 74)
        .iter()
        .map(|l| {
            let text: String = l.spans.iter().map(|s| s.content.as_ref()).collect();
            text.trim_end().to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn on_screen(alt_digit: char) -> Harness {
    let mut h = Harness::new();
    h.send(key_event(KeyCode::Char(alt_digit), KeyModifiers::ALT));
    h
}

#[test]
fn help_of_each_screen_comes_from_the_table() {
    assert_snapshot!("help_tasks", help_text(&on_screen('1')));
    assert_snapshot!("help_funnels", help_text(&on_screen('2')));
    assert_snapshot!("help_contacts", help_text(&on_screen('3')));
}

#[test]
fn help_overlay_at_four_sizes() {
    for (w, hgt) in SIZES {
        let mut h = on_screen('1');
        h.resize(w, hgt);
        h.press("?");
        assert_snapshot!(format!("help_overlay_{w}x{hgt}"), h.render());
    }
}

#[test]
fn help_and_footer_follow_remapped_keys() {
    let mut h = on_screen('1');
    let overrides = vec![
        ("tasks.complete".to_string(), vec!["c".to_string()]),
        ("tasks.filter".to_string(), vec!["ctrl-f".to_string()]),
    ];
    h.app.keymap = Keymap::with_overrides(&overrides, std::path::Path::new("config.toml")).unwrap();
    let text = help_text(&h);
    let line = |start: &str| text.lines().any(|l| l.starts_with(start));
    assert!(line("  c                Complete or reopen"), "{text}");
    assert!(!line("  x                Complete"), "{text}");
    assert!(line("  C-f              Filter panel"), "{text}");
    // Ctrl-f is the task list's now: the list's page-down keeps only PgDn there.
    assert!(line("  PgDn             Page down"), "{text}");
    h.resize(160, 45);
    let screen = h.render();
    let footer = screen.lines().nth(44).unwrap_or_default();
    assert!(footer.contains(" c done "), "{footer}");
    assert!(footer.contains(" C-f filter "), "{footer}");
}

#[test]
fn slash_in_help_filters_the_keys_by_key_id_or_words() {
    let mut h = on_screen('1');
    h.resize(100, 30);
    h.press("?/");
    assert!(h.app.focus().typing, "the filter takes what is typed");
    h.press("due date");
    let screen = h.render();
    assert!(screen.contains("/ due date"), "{screen}");
    assert!(screen.contains("Set or clear the due date"), "{screen}");
    assert!(!screen.contains("Complete or reopen"), "{screen}");
    assert!(screen.contains("Enter keep"), "{screen}");
    // Enter keeps the filter; j scrolls and / types on.
    h.send(crate::testing::code(KeyCode::Enter));
    assert!(!h.app.focus().typing);
    assert!(h.render().contains("Set or clear the due date"));
    h.press("/");
    h.send(crate::testing::ctrl('u'));
    h.press("D");
    let screen = h.render();
    assert!(screen.contains("Delete (asks first)"), "a key: {screen}");
    assert!(!screen.contains("Set or clear the due date"), "{screen}");
    h.send(crate::testing::ctrl('u'));
    h.press("tasks.undo");
    assert!(h.render().contains("Undo the last change"), "an id");
    h.press("zz");
    assert!(h.render().contains("No key matches"), "{}", h.render());
    // Esc clears it: every key again; Esc then closes help.
    h.send(crate::testing::code(KeyCode::Esc));
    assert!(h.render().contains("Complete or reopen"));
    h.send(crate::testing::code(KeyCode::Esc));
    assert!(h.app.overlay.is_none());
}
