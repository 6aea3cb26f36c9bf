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
    t.wait_for("First name*");
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
