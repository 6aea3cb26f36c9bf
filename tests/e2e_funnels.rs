//! The funnels screen of the real binary against its built-in sandbox: open a seeded funnel,
//! read its totals and a status's deals, move a deal and find it in the next status after a
//! refresh.
// Every scenario runs against the built-in sandbox (`--demo`).
#![cfg(feature = "demo")]

mod support;

use support::{Tmux, tmux_available, wait_exit};

/// The board's header line of status `name` (the chart above the board names it too, but
/// indented inside its box).
fn board_header(screen: &str, name: &str) -> Option<usize> {
    screen.lines().position(|l| l.starts_with(name))
}

/// The text of board column `col` (0-based) on line `line`, without the cursor bar.
fn cell(screen: &str, line: usize, col: usize) -> String {
    let l = screen.lines().nth(line).unwrap_or_default();
    let part = l.split('│').nth(col).unwrap_or_default();
    part.trim_start_matches('▌').trim().to_string()
}

/// A card title as a prefix to look for: without the ellipsis of a cut.
fn title_prefix(title: &str) -> String {
    title.trim_end_matches('…').trim_end().to_string()
}

fn leading_number(s: &str) -> i64 {
    s.split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(-1)
}

#[test]
fn open_a_funnel_see_its_deals_and_move_one_to_the_next_status() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["--demo"], 120, 40);
    t.wait_for("Northwind Studio");
    t.keys(&["Tab"]);
    let list = t.wait_until("the funnels", |s| {
        s.contains("Продажи B2B")
            && s.contains(" funnels")
            && s.contains("Partnerships")
            && s.contains('$')
    });
    // The list row's amount, to find again in the funnel's summary.
    let row = list.lines().find(|l| l.contains("Продажи B2B")).unwrap();
    let after_name = row.split("Продажи B2B").nth(1).unwrap().trim();
    let amount = after_name
        .split_once(' ')
        .map(|(_, rest)| rest)
        .and_then(|rest| rest.split('₽').next())
        .map(|a| format!("{}₽", a.trim_start()))
        .unwrap();

    t.keys(&["Enter"]);
    let board = t.wait_until(
        &format!("the first status's deals and the amount {amount}"),
        |s| {
            s.contains("Funnels › Продажи B2B")
                && s.contains(&amount)
                && board_header(s, "Новый лид").is_some_and(|h| {
                    let first = cell(s, h + 3, 0);
                    !first.is_empty() && !first.contains("loading")
                })
        },
    );
    let h = board_header(&board, "Новый лид").unwrap();
    let count_before = leading_number(&cell(&board, h + 1, 0));
    assert!(count_before > 20, "the seeded status pages: {board}");
    let title = cell(&board, h + 3, 0);
    let prefix = title_prefix(&title);

    t.keys(&["L"]);
    t.wait_for("Moved “");
    t.keys(&["r"]);
    t.wait_until(
        "the deal in the next status, not the first, after a refresh",
        |s| {
            board_header(s, "Новый лид").is_some_and(|h| {
                cell(s, h + 3, 1).starts_with(&prefix)
                    && !cell(s, h + 3, 0).starts_with(&prefix)
                    && leading_number(&cell(s, h + 1, 0)) == count_before - 1
            })
        },
    );

    t.keys(&["Escape"]);
    t.wait_for("CRM funnels");
    t.keys(&["q"]);
    assert!(wait_exit(&t).contains("EXIT=0"));
}

/// Every move fails before the service does it (500): the deal is read back and shown in the
/// status it is in, with a message saying the move was not done.
#[test]
fn a_failed_move_is_read_back_and_put_where_the_service_has_it() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(
        &[
            "--demo",
            "--fail-rate",
            "1",
            "--fail-status",
            "500",
            "--fail-methods",
            "POST",
        ],
        80,
        24,
    );
    let (board, h) = open_b2b(&t);
    let prefix = title_prefix(&cell(&board, h + 3, 0));
    t.keys(&["L"]);
    t.wait_until("the failure said and the deal back in its status", |s| {
        s.contains("Could not move")
            && board_header(s, "Новый лид").is_some_and(|h| cell(s, h + 3, 0).starts_with(&prefix))
    });
    t.keys(&["q"]);
    assert!(wait_exit(&t).contains("EXIT=0"));
}

/// The service moves the deal and then answers 500: the app reads the deal back, keeps it in
/// the new status and says the move went through; a refresh agrees.
#[test]
fn a_move_whose_answer_was_lost_is_read_back_and_kept() {
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
            "apply-then-status",
        ],
        120,
        40,
    );
    let (board, h) = open_b2b(&t);
    let prefix = title_prefix(&cell(&board, h + 3, 0));
    t.keys(&["L"]);
    t.wait_until("the move said done after reading it back", |s| {
        s.contains("Moved “") && s.contains("answer lost") && !s.contains("Could not move")
    });
    t.keys(&["r"]);
    t.wait_until("the deal in the next status after a refresh", |s| {
        board_header(s, "Новый лид").is_some_and(|h| cell(s, h + 3, 1).starts_with(&prefix))
    });
}

/// Opens the seeded B2B funnel; the board once its first status shows deals, and the line of
/// that status's header.
fn open_b2b(t: &Tmux) -> (String, usize) {
    // The screen's title, not the workspace's name: at 80 columns a running timer in the
    // header leaves the name cut short once the first page of tasks has come.
    t.wait_for("My open tasks");
    t.keys(&["Tab"]);
    t.wait_for("Продажи B2B");
    t.keys(&["Enter"]);
    let board = t.wait_until("the first status's deals", |s| {
        board_header(s, "Новый лид").is_some_and(|h| {
            let first = cell(s, h + 3, 0);
            !first.is_empty() && !first.contains("loading")
        })
    });
    let h = board_header(&board, "Новый лид").unwrap_or_default();
    (board, h)
}

/// `w` marks the first open deal of a status won; after a refresh the service's copy shows it
/// won, in the same place.
#[test]
fn mark_a_deal_won_and_find_it_won_after_a_refresh() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["--demo"], 120, 40);
    let (board, h) = open_b2b(&t);
    // Cards are three lines: title, amount and outcome, assignees. The first open one.
    let card = (0..6)
        .find(|i| cell(&board, h + 4 + 3 * i, 0).contains("open"))
        .unwrap_or_else(|| panic!("an open deal among the first cards: {board}"));
    let title = title_prefix(&cell(&board, h + 3 + 3 * card, 0));
    for _ in 0..card {
        t.keys(&["j"]);
    }
    t.keys(&["w"]);
    t.wait_for("Marked won: “");
    t.keys(&["r"]);
    t.wait_until("the deal won after a refresh", |s| {
        board_header(s, "Новый лид").is_some_and(|h| {
            cell(s, h + 3 + 3 * card, 0).starts_with(&title)
                && cell(s, h + 4 + 3 * card, 0).contains("✓ won")
        }) && !s.contains("Could not")
    });
    t.keys(&["q"]);
    assert!(wait_exit(&t).contains("EXIT=0"));
}

/// `/` narrows every column to the deals whose title has the word typed; `f` then keeps only
/// the won ones.
#[test]
fn search_the_deals_of_a_funnel_then_filter_the_won_ones() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["--demo"], 120, 40);
    let (board, h) = open_b2b(&t);
    // The second card's first word: the search must bring it to the top.
    let title = cell(&board, h + 6, 0);
    let word: String = title
        .split(|c: char| !c.is_alphabetic())
        .find(|w| w.chars().count() >= 4)
        .unwrap_or_else(|| panic!("a word to search for in {title:?}"))
        .to_string();
    t.keys(&["/"]);
    t.type_text(&word);
    t.keys(&["Enter"]);
    let lower = word.to_lowercase();
    t.wait_until(&format!("only deals with {word:?}"), |s| {
        s.contains(&format!("· /{word}"))
            && board_header(s, "Новый лид").is_some_and(|h| {
                let first = cell(s, h + 3, 0).to_lowercase();
                first.contains(&lower) && !s.contains("reloading")
            })
    });
    t.keys(&["f"]);
    t.wait_for("Filter deals");
    t.type_text("won");
    t.keys(&["Tab", "Enter"]);
    t.wait_until("won deals only, or none", |s| {
        s.contains("1 filter")
            && !s.contains("reloading")
            && board_header(s, "Новый лид").is_some_and(|h| {
                let outcome = cell(s, h + 4, 0);
                outcome.contains("✓ won") || cell(s, h + 3, 0).contains("no matching deals")
            })
    });
    t.keys(&["q"]);
    assert!(wait_exit(&t).contains("EXIT=0"));
}

/// `n` in the first status: a deal with an amount and a contact; after `r` it is at the top of
/// its column with its amount; `w` marks it won, and a refresh shows it won.
#[test]
fn create_a_deal_with_an_amount_and_a_contact_then_mark_it_won() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["--demo"], 120, 40);
    let (_, _) = open_b2b(&t);
    let title = format!("Сделка {}", std::process::id());
    t.keys(&["n"]);
    t.wait_for("New deal in Новый лид");
    t.type_text(&title);
    t.keys(&["Tab"]);
    t.type_text("1234567");
    t.keys(&["Tab", "Tab"]);
    // Typing on the contacts opens their picker; the first is taken.
    t.type_text(" ");
    let picker = t.wait_until("the contacts to choose from", |s| {
        s.contains("Contacts") && s.contains("[ ]")
    });
    // The first contact listed.
    let contact = picker
        .lines()
        .find_map(|l| l.split("[ ] ").nth(1))
        .map(|rest| {
            rest.split('│')
                .next()
                .unwrap_or_default()
                .trim()
                .to_string()
        })
        .unwrap_or_else(|| panic!("a contact in the picker: {picker}"));
    t.keys(&["Tab", "Enter"]);
    let form = t.wait_until(&format!("{contact} chosen"), |s| {
        !s.contains("[ ]")
            && s.lines()
                .any(|l| l.contains("Contacts") && l.contains(&contact))
    });
    assert!(form.contains("Amount, ₽"), "the funnel's currency: {form}");
    t.keys(&["C-s"]);
    t.wait_for(&format!("Created “{title}”"));
    t.keys(&["r"]);
    let board = t.wait_until(
        "the new deal at the top of its status after a refresh",
        |s| {
            board_header(s, "Новый лид").is_some_and(|h| {
                cell(s, h + 3, 0).starts_with(&title) && cell(s, h + 4, 0).contains("1 234 567 ₽")
            }) && !s.contains("reloading")
        },
    );
    let h = board_header(&board, "Новый лид").unwrap_or_default();
    assert!(
        cell(&board, h + 5, 0).contains("1c"),
        "its contact: {board}"
    );
    t.keys(&["g", "w"]);
    t.wait_for(&format!("Marked won: “{title}”"));
    t.keys(&["r"]);
    t.wait_until("the deal won after a refresh", |s| {
        board_header(s, "Новый лид").is_some_and(|h| {
            cell(s, h + 3, 0).starts_with(&title) && cell(s, h + 4, 0).contains("✓ won")
        })
    });
    t.keys(&["q"]);
    assert!(wait_exit(&t).contains("EXIT=0"));
}

/// A half-typed deal survives `kill -9`: the next run says so, and `n` in its funnel opens it
/// again as it was.
#[test]
fn a_half_typed_deal_survives_kill_9_and_opens_again_with_n() {
    if !tmux_available() {
        return;
    }
    let first = Tmux::start(&["--demo"], 120, 40);
    open_b2b(&first);
    first.keys(&["n"]);
    first.wait_for("New deal in Новый лид");
    first.type_text("Полдела");
    first.keys(&["Tab"]);
    first.type_text("4200");
    first.wait_until("the amount typed", |s| {
        s.lines()
            .any(|l| l.contains("Amount, ₽") && l.contains("4200"))
    });
    first.kill("-9");
    first.wait_for("EXIT=137");
    let draft = first
        .home
        .join("data")
        .join("weeek-tui")
        .join("demo")
        .join("deal-draft.json");
    let text = std::fs::read_to_string(&draft).expect("the draft is on disk");
    assert!(text.contains("Полдела") && text.contains("4200"), "{text}");

    let second = Tmux::start_with_home(&["--demo"], 120, 40, Some(first.home.clone()));
    second.wait_for("Northwind Studio");
    second.keys(&["Tab"]);
    second.wait_for("A deal draft was found (“Полдела”)");
    second.wait_for("Продажи B2B");
    second.keys(&["Enter"]);
    second.wait_until("the board", |s| {
        s.contains("Funnels › Продажи B2B") && !s.contains("loading")
    });
    second.keys(&["n"]);
    second.wait_until("the draft open again", |s| {
        s.contains("Draft restored")
            && s.lines()
                .any(|l| l.contains("Title") && l.contains("Полдела"))
            && s.lines()
                .any(|l| l.contains("Amount, ₽") && l.contains("4200"))
    });
}

/// Opens the first deal of the B2B board and waits for its full read.
fn open_first_deal(t: &Tmux) {
    open_b2b(t);
    t.keys(&["Enter"]);
    t.wait_until("the deal popup with its tasks", |s| {
        s.contains("Deal: ") && s.contains("Tasks (")
    });
}

/// `n` in the deal popup links a new task; after `r` the service's copy of the deal lists it,
/// and `Enter` opens it on the task screen in its detail pane.
#[test]
fn attach_a_task_to_a_deal_see_it_after_a_refresh_and_open_it() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["--demo"], 120, 40);
    open_first_deal(&t);
    let title = "Созвонить с юристом клиента";
    t.keys(&["n"]);
    t.wait_for("New task linked to the deal");
    t.type_text(title);
    t.keys(&["Enter"]);
    t.wait_for("Linked a new task “");
    t.keys(&["r"]);
    t.wait_until("the new task in the deal read again", |s| {
        s.contains(&format!("[ ] {title}")) && !s.contains("sending…")
    });
    t.keys(&["Enter"]);
    t.wait_until("the task on the task screen, in its detail", |s| {
        s.contains("Task #") && s.contains("1 of 1 task") && s.contains(title)
    });
    t.keys(&["q"]);
    assert!(wait_exit(&t).contains("EXIT=0"));
}

/// The service links the task and then answers 500: the app looks at the deal before anything
/// is sent again, finds the task and shows it once.
#[test]
fn a_new_linked_task_whose_answer_was_lost_is_found_not_sent_twice() {
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
            "apply-then-status",
        ],
        120,
        40,
    );
    open_first_deal(&t);
    let title = "Отправить договор";
    t.keys(&["n"]);
    t.wait_for("New task linked to the deal");
    t.type_text(title);
    t.keys(&["Enter"]);
    t.wait_for("was created after all");
    t.keys(&["r"]);
    let s = t.wait_until("the deal read again", |s| {
        s.contains(&format!("[ ] {title}")) && !s.contains("sending…")
    });
    let rows = s.matches(&format!("[ ] {title}")).count();
    assert_eq!(rows, 1, "one task, not two: {s}");
}

/// `C` makes a status, `R` renames it; after `r` the board, read again, has the new name.
#[test]
fn create_a_status_rename_it_and_see_the_new_name_after_a_refresh() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["--demo"], 120, 40);
    open_b2b(&t);
    t.keys(&["C"]);
    t.wait_for("New status, last on the board");
    t.type_text("Пилотный проект");
    t.keys(&["Enter"]);
    t.wait_for("Created the status “Пилотный проект”");
    t.keys(&["R"]);
    t.wait_for("Rename “Пилотный проект”");
    t.keys(&["C-u"]);
    t.type_text("Пилот завершён");
    t.keys(&["Enter"]);
    t.wait_for("Renamed the status “Пилотный проект” to “Пилот завершён”");
    t.keys(&["r"]);
    // The column's header line (not a message) names the status as the service has it.
    t.wait_until("the renamed status's column after a refresh", |s| {
        s.lines()
            .any(|l| l.contains("Пилот завершён") && !l.contains("Renamed") && l.contains('│'))
            && !s.contains("loading")
    });
    t.keys(&["q"]);
    assert!(wait_exit(&t).contains("EXIT=0"));
}
