//! Contact entry in a real terminal, against the built-in sandbox: a full contact saved and
//! found in the list, and a half-typed one that survives `kill -9`.
// Every scenario runs against the built-in sandbox (`--demo`).
#![cfg(feature = "demo")]
// Helpers of the tests below may panic as the tests do: that is how a test fails.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use support::{DEADLINE, Tmux, tmux_available, wait_exit};

/// The demo keeps its drafts in a folder of its own, apart from a real session's.
fn draft_file(home: &Path) -> std::path::PathBuf {
    home.join("data")
        .join("weeek-tui")
        .join("demo")
        .join("contact-draft.json")
}

/// Polls `path` until its text satisfies `cond`.
fn wait_for_file(path: &Path, what: &str, cond: impl Fn(&str) -> bool) -> String {
    let start = Instant::now();
    loop {
        if let Ok(text) = std::fs::read_to_string(path)
            && cond(&text)
        {
            return text;
        }
        if start.elapsed() > DEADLINE {
            panic!("timed out waiting for {what} in {}", path.display());
        }
        std::thread::park_timeout(Duration::from_millis(50));
    }
}

/// The contacts screen as it opens (on its list), then `n`: a new contact, its first name
/// taking what is typed.
fn open_contacts(t: &Tmux) {
    arrive_on_contacts(t);
    t.keys(&["n"]);
    t.wait_until("the form, typing", |s| {
        s.contains("First name*") && s.contains(" typing ")
    });
}

fn arrive_on_contacts(t: &Tmux) {
    t.wait_for("Northwind Studio");
    t.keys(&["M-3"]);
    t.wait_until("the contact list", |s| {
        s.contains("25 contacts") || s.contains("List (25)")
    });
}

/// Keys pressed on arrival are the app's, not text in a field: `?` is help, `q` quits.
#[test]
fn the_contacts_screen_opens_on_its_list_where_q_and_help_act() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["--demo"], 120, 40);
    arrive_on_contacts(&t);
    t.keys(&["?"]);
    t.wait_for("Keys: Contacts");
    t.keys(&["Escape"]);
    t.wait_until("help closed", |s| !s.contains("Keys: Contacts"));
    t.keys(&["q"]);
    t.wait_for("EXIT=0");
    assert!(!draft_file(&t.home).exists(), "nothing was typed");
}

#[test]
fn a_contact_with_two_emails_an_organization_and_a_tag_is_saved_and_listed() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["--demo"], 120, 40);
    open_contacts(&t);
    t.type_text("Зинаида");
    t.keys(&["Tab"]);
    t.type_text("Кузнецова");
    t.keys(&["Tab", "Tab"]);
    t.type_text("zina@example.com");
    t.keys(&["C-n"]);
    t.type_text("z.kuznetsova@alfa-logistic.ru");
    t.keys(&["Tab", "Tab"]);
    // Typing on the organizations field opens its picker with the letters as the search; the
    // best match comes first (fuzzy matching may keep weaker ones under it).
    t.type_text("альф");
    t.wait_until(
        "«Альфа-Логистик» first under the search",
        |s| {
            let lines: Vec<&str> = s.lines().collect();
            lines
                .windows(2)
                .any(|w| w[0].contains("> альф") && w[1].contains("[ ] ООО «Альфа-Логистик»"))
        },
    );
    t.keys(&["Tab", "Enter"]);
    t.wait_until("the organization in the form", |s| {
        s.contains("Organizations ООО «Альфа-Логистик»")
    });
    t.keys(&["Tab", "Enter"]);
    t.wait_for("┌ Tags ");
    t.type_text("клиент");
    t.keys(&["Tab", "Enter"]);
    t.wait_until("the tag in the form", |s| {
        s.contains("Tags          ● клиент")
    });
    t.keys(&["C-s"]);
    // The whole result, not the first frame that says "saved": a capture may catch a redraw
    // half done.
    t.wait_until(
        "the saved contact in full, each e-mail with its generated id, first in the list",
        |s| {
            s.contains("Contact saved")
                && s.contains("zina@example.com")
                && s.contains("z.kuznetsova@alfa-logistic.ru")
                && s.contains("ООО «Альфа-Логистик»")
                && s.matches("│               id ").count() == 2
                && s.contains("✓ Зинаида Кузнецова")
                && s.contains("26 contacts")
        },
    );

    // The service has it too: a search asks it again.
    t.keys(&["C-l", "/"]);
    t.type_text("Кузнецова");
    t.wait_until("the one contact found", |s| {
        s.contains("1 contact")
            && s.contains("Зинаида Кузнецова")
            && s.contains("zina@example.com +1")
    });
    assert!(
        !draft_file(&t.home).exists(),
        "a saved contact leaves no draft"
    );
}

#[test]
fn a_half_typed_contact_survives_kill_9_and_is_restored() {
    if !tmux_available() {
        return;
    }
    let first = Tmux::start(&["--demo"], 100, 30);
    open_contacts(&first);
    first.type_text("Полина");
    first.keys(&["Tab"]);
    first.type_text("Серге");
    let draft = draft_file(&first.home);
    wait_for_file(&draft, "the draft", |s| {
        s.contains("\"lastName\": \"Серге\"")
    });
    let pid = first.app_pid().expect("the app's pid");
    let killed = Command::new("kill")
        .args(["-9", &pid.to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    first.wait_for("EXIT=137");

    let second = Tmux::start_with_home(&["--demo"], 100, 30, Some(first.home.clone()));
    second.wait_for("A contact draft was found (Полина Серге)");
    second.keys(&["M-3"]);
    second.wait_until("the draft offered", |s| {
        s.contains("Enter restores it") && s.contains("Полина Серге")
    });
    second.keys(&["Enter"]);
    second.wait_until("the draft restored in the form", |s| {
        s.contains("Draft restored")
            && s.contains("First name*   Полина")
            && s.contains("Last name     Серге")
    });
    // Typing goes on where it stopped: the focus is back in the form.
    second.keys(&["Tab"]);
    second.type_text("ева");
    second.wait_for("Last name     Сергеева");
    wait_for_file(&draft, "the updated draft", |s| s.contains("Сергеева"));
}

/// The service saves the contact but the connection breaks before its answer: the app looks
/// for it, finds it and shows it saved; the service holds it once.
#[test]
fn a_contact_whose_answer_was_lost_is_found_not_saved_twice() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(
        &[
            "--demo",
            "--fail-rate",
            "1",
            "--fail-methods",
            "POST",
            "--fail-mode",
            "apply-then-cut",
        ],
        120,
        40,
    );
    open_contacts(&t);
    t.type_text("Зоя");
    t.keys(&["Tab", "Tab", "Tab"]);
    t.type_text("zoya@example.com");
    t.keys(&["C-s"]);
    t.wait_until("the contact found and shown", |s| {
        s.contains("was saved after all")
            && s.contains("26 contacts")
            && s.contains("✓ Зоя")
            && s.contains("zoya@example.com")
    });
    // Ctrl-s again sends nothing: the form shows the saved contact.
    t.keys(&["C-s"]);
    t.keys(&["C-l", "/"]);
    t.type_text("zoya@");
    t.wait_until("one contact found", |s| {
        s.contains("1 contact") && !s.contains("26 contacts") && s.contains("Зоя")
    });
}

/// A signal from outside (`kill -INT`, `kill -QUIT`) ends the app as a quit would: the
/// terminal is back to normal (no raw mode, no alternate screen, no mouse capture) and the
/// newest text of the form is on disk.
fn a_signal_restores_the_terminal_and_keeps_the_draft(signal: &str, code: u8) {
    let t = Tmux::start(&["--demo"], 100, 30);
    open_contacts(&t);
    assert_eq!(t.pane_format("#{alternate_on}"), "1");
    t.type_text("Полина");
    t.wait_for("First name*   Полина");
    t.kill(signal);
    let after = wait_exit(&t);
    assert!(after.contains(&format!("EXIT={code}")), "{after}");
    assert!(
        after.contains(" icanon") && !after.contains("-icanon"),
        "{after}"
    );
    assert!(
        after.contains(" echo") && !after.contains("-echo "),
        "{after}"
    );
    assert_eq!(
        t.pane_format("#{alternate_on}"),
        "0",
        "left the alternate screen"
    );
    assert_eq!(
        t.pane_format("#{mouse_any_flag}"),
        "0",
        "mouse capture is off"
    );
    let draft = std::fs::read_to_string(draft_file(&t.home)).expect("the draft is on disk");
    assert!(draft.contains("\"firstName\": \"Полина\""), "{draft}");
}

#[test]
fn sigint_from_outside_restores_the_terminal_and_keeps_the_draft() {
    if !tmux_available() {
        return;
    }
    a_signal_restores_the_terminal_and_keeps_the_draft("-INT", 130);
}

#[test]
fn sigquit_from_outside_restores_the_terminal_and_keeps_the_draft() {
    if !tmux_available() {
        return;
    }
    a_signal_restores_the_terminal_and_keeps_the_draft("-QUIT", 131);
}

/// The draft write is on its way before the keystroke is drawn: a `kill -9` as soon as the
/// text shows loses nothing.
#[test]
fn kill_9_as_soon_as_the_text_shows_loses_nothing() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["--demo"], 100, 30);
    open_contacts(&t);
    t.type_text("Полина");
    t.keys(&["Tab"]);
    t.type_text("Сергеева");
    t.wait_for("Last name     Сергеева");
    t.kill("-9");
    t.wait_for("EXIT=137");
    let draft = std::fs::read_to_string(draft_file(&t.home)).expect("the draft is on disk");
    assert!(draft.contains("\"lastName\": \"Сергеева\""), "{draft}");
}

#[test]
fn a_deleted_contact_is_gone_after_a_reload() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["--demo"], 120, 40);
    open_contacts(&t);
    t.keys(&["C-l", "/"]);
    t.type_text("Зайцев");
    t.wait_until("the one contact found", |s| {
        s.contains("1 contact") && s.contains("Игорь Зайцев")
    });
    t.keys(&["Enter", "D"]);
    t.wait_for("Delete the contact “Игорь Зайцев”? y/n");
    t.keys(&["y"]);
    t.wait_for("Deleted “Игорь Зайцев”");
    // Cleared, the search asks the service for the whole list again; `r` asks once more.
    // (Esc and a letter sent together would read as Alt and the letter.)
    t.keys(&["Escape"]);
    t.wait_until("the search cleared", |s| !s.contains("/ Зайцев"));
    t.keys(&["r"]);
    t.wait_until("the list without the contact", |s| {
        s.contains("of 24 contacts")
            && s.contains("Громов")
            && !s
                .lines()
                .any(|l| l.contains("Зайцев") && !l.contains("Deleted"))
    });
}

#[test]
fn an_edited_phone_and_an_added_tag_are_there_after_a_reload() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["--demo"], 120, 40);
    open_contacts(&t);
    t.keys(&["C-l", "/"]);
    t.type_text("Белова");
    t.wait_until("the one contact found", |s| {
        s.contains("1 contact") && s.contains("Екатерина Белова")
    });
    t.keys(&["Enter", "e"]);
    t.wait_until("the contact in the form", |s| {
        s.contains("Edit Екатерина Белова") && s.contains("+7 903 555-66-77")
    });
    t.keys(&["Tab", "Tab", "Tab", "Tab", "C-u"]);
    t.type_text("+7 903 000-11-22");
    t.keys(&["Tab", "Tab", "Enter"]);
    t.wait_for("┌ Tags ");
    t.type_text("клиент");
    t.keys(&["Tab", "Enter"]);
    t.wait_until("the tag in the form", |s| {
        s.contains("Tags          ● клиент")
    });
    t.keys(&["C-s"]);
    t.wait_for("Saved changes to Екатерина Белова");
    assert!(
        !draft_file(&t.home).exists(),
        "a saved edit leaves no draft"
    );
    // The list read again from the service, and the contact opened from it.
    t.keys(&["C-l", "r"]);
    t.wait_until("the list read again", |s| {
        s.contains("1 contact") && s.contains("Екатерина Белова")
    });
    t.keys(&["Enter"]);
    t.wait_until("the new phone and the tag in the contact", |s| {
        s.contains("+7 903 000-11-22") && !s.contains("+7 903 555-66-77") && s.contains("клиент")
    });
}
