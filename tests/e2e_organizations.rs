//! The organizations tab of the contacts screen in a real terminal, against the built-in
//! sandbox: the list, a search the service answers, and one organization opened.
// Every scenario runs against the built-in sandbox (`--demo`).
#![cfg(feature = "demo")]
// Helpers of the tests below may panic as the tests do: that is how a test fails.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use support::{Tmux, tmux_available};

#[test]
fn the_tab_lists_searches_and_opens_an_organization() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["--demo"], 120, 40);
    t.wait_for("Northwind Studio");
    t.keys(&["M-3"]);
    t.wait_until("the contact list", |s| {
        s.contains("25 contacts") || s.contains("List (25)")
    });
    t.keys(&["M-o"]);
    t.wait_until("the first page of organizations", |s| {
        s.contains("1 of 15") && s.contains("ООО «Альфа-Логистик»")
    });
    t.keys(&["/"]);
    t.type_text("Зерно");
    t.wait_until("only the match, as the service answered", |s| {
        s.contains("1 of 1") && s.contains("Сеть кофеен «Зерно»") && !s.contains("Mango Office")
    });
    t.keys(&["Enter", "Enter"]);
    t.wait_until("the organization opened", |s| {
        s.contains("Phones") && s.contains("Contacts") && s.contains("Esc/Enter/q close")
    });
    t.keys(&["Escape"]);
    t.wait_until("the organization closed", |s| {
        !s.contains("Esc/Enter/q close")
    });
    t.keys(&["M-o"]);
    t.wait_for("First name*");
}

/// The contacts screen's organizations tab, its first page in.
fn open_tab(t: &Tmux) {
    t.wait_for("Northwind Studio");
    t.keys(&["M-3"]);
    t.wait_until("the contact list", |s| {
        s.contains("25 contacts") || s.contains("List (25)")
    });
    t.keys(&["M-o"]);
    t.wait_for("1 of 15");
}

#[test]
fn an_organization_created_with_two_phones_and_a_contact_is_there_after_a_reload() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["--demo"], 120, 40);
    open_tab(&t);
    t.keys(&["n"]);
    t.wait_for("New organization");
    t.type_text("ООО «Прибой»");
    t.keys(&["C-n"]);
    t.type_text("+7 900 111-22-33");
    t.keys(&["C-n"]);
    t.type_text("+7 900 444-55-66");
    t.wait_for("+7 900 444-55-66");
    t.keys(&["C-s"]);
    t.wait_for("Saved “ООО «Прибой»”");
    // The new one is under the cursor: a contact attached to it.
    t.keys(&["c"]);
    t.wait_for("[ ] Игорь Зайцев");
    t.type_text("Зайц");
    t.wait_until("only the match", |s| !s.contains("Громов"));
    t.keys(&["Tab"]);
    t.wait_for("[x] Игорь Зайцев");
    t.keys(&["Enter"]);
    t.wait_for("Links of “ООО «Прибой»” saved");
    t.keys(&["r"]);
    t.wait_until("the list from the service with the new one", |s| {
        s.contains("1 of 16") && s.contains("ООО «Прибой»")
    });
    t.keys(&["/"]);
    t.type_text("Прибой");
    t.wait_for("1 of 1│");
    t.keys(&["Enter", "Enter"]);
    t.wait_until(
        "both phones and the contact as the service keeps them",
        |s| {
            s.contains("+7 900 111-22-33")
                && s.contains("+7 900 444-55-66")
                && s.contains("Contacts   Игорь Зайцев")
        },
    );
}

#[test]
fn an_edited_organization_keeps_what_was_not_changed() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["--demo"], 120, 40);
    open_tab(&t);
    t.keys(&["/"]);
    t.type_text("Зерно");
    t.wait_for("1 of 1│");
    t.keys(&["Enter", "e"]);
    t.wait_for("Edit “Сеть кофеен «Зерно»”");
    t.keys(&["Tab"]);
    t.type_text("Казань, Баумана 10");
    t.keys(&["C-s"]);
    t.wait_for("Saved changes to “Сеть кофеен «Зерно»”");
    t.keys(&["r"]);
    t.wait_for("1 of 1│");
    t.keys(&["Enter"]);
    t.wait_until("the new address beside the old e-mails", |s| {
        s.contains("Баумана 10") && s.contains("hello@zerno.coffee")
    });
}

#[test]
fn kill_9_right_after_typing_keeps_the_organization_draft() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["--demo"], 100, 30);
    open_tab(&t);
    t.keys(&["n"]);
    t.type_text("ООО «Черновик»");
    t.wait_for("ООО «Черновик»");
    t.kill("-9");
    t.wait_for("EXIT=137");
    let path = t.home.join("data/weeek-tui/demo/organization-draft.json");
    let draft = std::fs::read_to_string(&path).expect("the draft is on disk");
    assert!(draft.contains("\"name\": \"ООО «Черновик»\""), "{draft}");

    let again = Tmux::start_with_home(&["--demo"], 100, 30, Some(t.home.clone()));
    again.wait_for("An organization draft was restored (ООО «Черновик»)");
    again.keys(&["M-3"]);
    again.wait_until("the contact list", |s| {
        s.contains("25 contacts") || s.contains("List (25)")
    });
    again.keys(&["M-o"]);
    again.wait_until("the form as it was left", |s| {
        s.contains("New organization") && s.contains("Name*      ООО «Черновик»")
    });
    again.type_text(" Плюс");
    again.keys(&["C-s"]);
    again.wait_for("Saved “ООО «Черновик» Плюс”");
}
