//! `update` tests of the palette as it finds things by name: the store's names read once by
//! the worker, matched as typed (both layouts, Latin spellings), grouped by kind with the
//! commands first, and `Enter` on each kind going where the thing lives, read first where
//! needed; one gone from the service says so and the palette stays.

use std::path::PathBuf;

use crossterm::event::KeyCode;
use weeek_api::ApiError;
use weeek_api::models::{Contact, Deal, FunnelStatus, Organization, Project};

use super::Overlay;
use crate::goto::{GotoKey, NameIndex, Palette, Row};
use crate::keys::commands::Action;
use crate::projects::Node;
use crate::screen::requests::RequestKey;
use crate::screen::{Effect, Screen};
use crate::store::{NameKind, Named};
use crate::tasks::filters::Assignee;
use crate::testing::{BORIS, Harness, code, ctrl};
use crate::worker::{Answer, Call, LocalError};

const FUNNEL: &str = "Fn7QwB2kLp9sXe4R";
const TALKS: &str = "St3PeRg6Hm2dW8yU";

fn named(kind: NameKind, id: &str, name: &str, place: Option<&str>) -> Named {
    Named {
        kind,
        id: id.into(),
        name: name.into(),
        place: place.map(str::to_string),
    }
}

/// What a synced store names: tasks, a project and a board the directory knows, deals,
/// a contact, an organization, a member.
fn store_names() -> Vec<Named> {
    vec![
        named(NameKind::Task, "42", "Отчёт за квартал", None),
        named(NameKind::Task, "43", "Поставка: сверка счетов", None),
        named(NameKind::Task, "44", "Refresh the landing page", None),
        named(NameKind::Task, "45", "Северо-Запад: сталь для склада", None),
        named(NameKind::Project, "1", "Мобильное приложение", None),
        named(NameKind::Project, "9", "Старый сайт", None),
        named(NameKind::Board, "5", "Разработка", Some("1")),
        named(NameKind::Board, "77", "Архивная доска", Some("1")),
        named(
            NameKind::Deal,
            "Dl1SeVeRsTaL0001",
            "Поставка Северсталь",
            Some(FUNNEL),
        ),
        named(
            NameKind::Deal,
            "Dl2GoNe000000002",
            "Удалённая сделка",
            Some(FUNNEL),
        ),
        named(NameKind::Contact, "ct-1", "Ирина Волкова", None),
        named(NameKind::Organization, "org-1", "ООО Ромашка", None),
        named(NameKind::Member, BORIS, "Boris Ivanov", None),
    ]
}

fn store_file() -> PathBuf {
    PathBuf::from("/data/weeek-tui/stores/abc.sqlite3")
}

/// The app loaded, on the task screen, with a store to read names from.
fn app() -> Harness {
    let mut app = Harness::app();
    app.store_file = Ok(store_file());
    Harness::loaded(app)
}

fn palette(h: &Harness) -> &Palette {
    match &h.app.overlay {
        Some(Overlay::Palette(p)) => p,
        other => panic!("the palette is not open: {other:?}"),
    }
}

/// `Ctrl-p`, the store's names read and answered with `names`.
fn opened_with(names: Vec<Named>) -> Harness {
    let mut h = app();
    h.send(ctrl('p'));
    let reads = h.take(|c| matches!(c, Call::ReadNames { .. }));
    assert_eq!(reads.len(), 1);
    h.reply(&reads[0], Answer::ReadNames(Ok(NameIndex::new(names))));
    h
}

fn opened() -> Harness {
    opened_with(store_names())
}

/// The rows as text: headings as `# Kind`, names and commands as they read.
fn rows(h: &Harness) -> Vec<String> {
    let p = palette(h);
    p.rows
        .iter()
        .map(|r| match *r {
            Row::Heading { kind, .. } => format!("# {kind:?}"),
            Row::Command(i) => p.command(i).unwrap().label.clone(),
            Row::Name(i) => p.name(i).unwrap().name.clone(),
        })
        .collect()
}

fn cursor_row(h: &Harness) -> String {
    let p = palette(h);
    rows(h)[p.cursor].clone()
}

/// Types `text` and presses Enter on the first row it finds.
fn go_to(h: &mut Harness, text: &str) {
    h.press(text);
    h.send(code(KeyCode::Enter));
}

fn notice(h: &Harness) -> String {
    palette(h)
        .notice
        .as_ref()
        .map(|n| n.text.clone())
        .unwrap_or_default()
}

#[test]
fn the_names_are_read_once_when_the_palette_opens_and_found_as_typed() {
    let mut h = app();
    h.send(ctrl('p'));
    let reads = h.take(|c| matches!(c, Call::ReadNames { .. }));
    assert_eq!(
        reads.iter().map(|r| r.call.clone()).collect::<Vec<_>>(),
        vec![Call::ReadNames {
            store: store_file()
        }]
    );
    h.resize(120, 40);
    assert!(h.render().contains("Reading names from the local store"));
    // Typed before the names came: commands only, then the names once they are read.
    h.press("отч");
    assert!(!rows(&h).iter().any(|r| r == "Отчёт за квартал"));
    h.reply(
        &reads[0],
        Answer::ReadNames(Ok(NameIndex::new(store_names()))),
    );
    assert_eq!(rows(&h)[..2], ["# Some(Task)", "Отчёт за квартал"]);
    assert_eq!(cursor_row(&h), "Отчёт за квартал");
    h.press("ёт з");
    assert_eq!(rows(&h), ["# Some(Task)", "Отчёт за квартал"]);
    h.send(code(KeyCode::Backspace));
    h.send(code(KeyCode::Backspace));
    h.send(code(KeyCode::Backspace));
    h.send(code(KeyCode::Backspace));
    h.press("ст");
    assert!(rows(&h).is_empty(), "{:?}", rows(&h));
    assert!(h.render().contains("No match for “отчст”"));
    assert!(
        h.take(|c| matches!(c, Call::ReadNames { .. })).is_empty(),
        "each key matches in memory"
    );
    let screen = h.render();
    assert!(screen.contains("13 names from the local store"), "{screen}");
}

#[test]
fn kinds_come_under_headings_the_best_kind_first_and_commands_before_them() {
    let mut h = opened();
    h.press("северсталь");
    // The deal holds the text whole, the task only scattered: the deals lead.
    assert_eq!(
        rows(&h),
        [
            "# Some(Deal)",
            "Поставка Северсталь",
            "# Some(Task)",
            "Северо-Запад: сталь для склада"
        ]
    );
    h.send(code(KeyCode::Esc));
    assert!(h.app.overlay.is_none());
    h.send(ctrl('p'));
    let reads = h.take(|c| matches!(c, Call::ReadNames { .. }));
    h.reply(
        &reads[0],
        Answer::ReadNames(Ok(NameIndex::new(store_names()))),
    );
    h.press("refresh");
    let found = rows(&h);
    assert_eq!(found[0], "# None", "{found:?}");
    assert!(found[1].ends_with("Refresh"), "{found:?}");
    let task = found.iter().position(|r| r == "Refresh the landing page");
    let tasks = found.iter().position(|r| r == "# Some(Task)");
    assert!(tasks.is_some_and(|t| task == Some(t + 1)), "{found:?}");
    assert!(
        cursor_row(&h).ends_with("Refresh"),
        "the cursor on the command"
    );
    h.resize(120, 40);
    let screen = h.render();
    assert!(screen.contains("Commands · 4"), "{screen}");
    assert!(screen.contains("Tasks · 1"), "{screen}");
    // Enter runs the command, as before.
    h.send(code(KeyCode::Enter));
    assert!(h.app.overlay.is_none());
    assert!(
        h.pending.iter().any(|r| matches!(r.call, Call::Tasks(_))),
        "the list is read again"
    );
}

#[test]
fn a_kind_among_others_shows_its_best_few_and_says_how_many_more() {
    let mut names: Vec<Named> = (0..40)
        .map(|i| named(NameKind::Task, &i.to_string(), &format!("Сверка {i}"), None))
        .collect();
    names.push(named(NameKind::Deal, "d", "Сверка с банком", Some(FUNNEL)));
    let mut h = opened_with(names);
    h.press("сверка");
    let found = rows(&h);
    assert_eq!(found.len(), 1 + 5 + 1 + 1, "{found:?}");
    h.resize(120, 40);
    assert!(h.render().contains("Tasks · 5 of 40, type more to narrow"));
    // Alone, a kind shows more.
    h.press(" 3");
    let found = rows(&h);
    assert!(found.contains(&"Сверка 3".to_string()) && found.contains(&"Сверка 39".to_string()));
}

#[test]
fn either_keyboard_layout_and_latin_spellings_find_names() {
    let mut h = opened();
    // "северсталь" typed with the Latin layout on: the names are read on the other layout,
    // though a command's long description takes the letters as typed.
    h.press("ctdthcnfkm");
    let found = rows(&h);
    let deals = found.iter().position(|r| r == "# Some(Deal)");
    let tasks = found.iter().position(|r| r == "# Some(Task)");
    assert!(
        deals.is_some_and(|d| found[d + 1] == "Поставка Северсталь"),
        "{found:?}"
    );
    assert!(deals < tasks, "{found:?}");
    h.send(code(KeyCode::Esc));
    let mut h = opened();
    h.press("romashka");
    assert_eq!(rows(&h), ["# Some(Organization)", "ООО Ромашка"]);
    let mut h = opened();
    // "boris" typed with the Russian layout on: the member holds it whole, commands only
    // scattered, so the member leads.
    h.press("ищкшы");
    assert_eq!(rows(&h)[..2], ["# Some(Member)", "Boris Ivanov"]);
    assert_eq!(cursor_row(&h), "Boris Ivanov");
}

#[test]
fn a_store_that_cannot_be_read_says_so_and_commands_still_work() {
    let mut h = app();
    h.send(ctrl('p'));
    let reads = h.take(|c| matches!(c, Call::ReadNames { .. }));
    h.reply(
        &reads[0],
        Answer::ReadNames(Err(LocalError::Other("disk I/O error".into()))),
    );
    h.resize(120, 40);
    let screen = h.render();
    assert!(
        screen.contains("The local store could not be read (disk I/O error); commands still work"),
        "{screen}"
    );
    h.press("refresh");
    h.send(code(KeyCode::Enter));
    assert!(h.app.overlay.is_none());
    assert!(h.pending.iter().any(|r| matches!(r.call, Call::Tasks(_))));

    // No store yet, and a workspace that keeps none.
    let mut h = app();
    h.send(ctrl('p'));
    let reads = h.take(|c| matches!(c, Call::ReadNames { .. }));
    h.reply(&reads[0], Answer::ReadNames(Err(LocalError::NotFound)));
    h.resize(120, 40);
    assert!(
        h.render()
            .contains("No local store yet: `weeek-tui sync` reads")
    );
    let mut h = Harness::new();
    h.send(ctrl('p'));
    assert!(h.take(|c| matches!(c, Call::ReadNames { .. })).is_empty());
    assert!(palette(&h).status().contains("keeps no local store"));
}

#[test]
fn closing_the_palette_drops_the_read_of_the_names() {
    let mut h = app();
    h.send(ctrl('p'));
    h.send(code(KeyCode::Esc));
    assert!(
        h.effects
            .contains(&Effect::Cancel(RequestKey::from(GotoKey::Names)))
    );
    assert!(h.take(|c| matches!(c, Call::ReadNames { .. })).is_empty());
}

#[test]
fn a_task_is_read_and_shown_with_its_detail_pane() {
    let mut h = opened();
    go_to(&mut h, "квартал");
    assert_eq!(notice(&h), "Opening “Отчёт за квартал”…");
    let read = h.take(|c| *c == Call::Task(42)).remove(0);
    h.reply(
        &read,
        Answer::Task(Ok(Box::new(crate::testing::task(42, "Отчёт за квартал")))),
    );
    assert!(h.app.overlay.is_none());
    assert_eq!(h.app.screen, Screen::Tasks);
    assert!(h.app.tasks.detail);
    assert_eq!(h.app.tasks.filters.search, "Отчёт за квартал");
    assert_eq!(h.app.tasks.filters.assignee, Assignee::Anyone);
}

#[test]
fn a_deals_popup_shows_on_its_funnels_board_at_its_status() {
    let mut h = opened();
    go_to(&mut h, "северсталь");
    let read = h
        .take(|c| *c == Call::Deal("Dl1SeVeRsTaL0001".into()))
        .remove(0);
    // A deal read without its funnel goes to the funnel the store had it in.
    let deal = Deal {
        id: "Dl1SeVeRsTaL0001".into(),
        title: Some("Поставка Северсталь".into()),
        status_id: Some(TALKS.into()),
        ..Default::default()
    };
    h.reply(&read, Answer::Deal(Ok(Box::new(deal))));
    assert!(h.app.overlay.is_none());
    assert_eq!(h.app.screen, Screen::Funnels);
    let detail = h.app.funnels.detail.as_ref().expect("the funnel is open");
    assert_eq!(detail.id, FUNNEL);
    let view = detail.deal.as_ref().expect("the deal's popup");
    assert_eq!(view.id, "Dl1SeVeRsTaL0001");
    let statuses = h
        .take(|c| *c == Call::FunnelStatuses(FUNNEL.into()))
        .remove(0);
    let status = |id: &str, name: &str| FunnelStatus {
        id: id.into(),
        name: Some(name.into()),
        ..Default::default()
    };
    h.reply(
        &statuses,
        Answer::FunnelStatuses(Ok(vec![
            status("St1NwLdA8qZ3xK5m", "Новый лид"),
            status(TALKS, "Переговоры"),
        ])),
    );
    let detail = h.app.funnels.detail.as_ref().unwrap();
    assert_eq!(detail.focus, 1, "the deal's status has the focus");
    assert!(detail.deal.is_some(), "the popup stays over the board");
    h.resize(160, 45);
    assert!(h.render().contains("Поставка Северсталь"));
}

#[test]
fn a_thing_gone_from_the_service_says_so_and_the_palette_stays() {
    let mut h = opened();
    go_to(&mut h, "удалённая");
    let read = h
        .take(|c| *c == Call::Deal("Dl2GoNe000000002".into()))
        .remove(0);
    h.fail(
        &read,
        ApiError::NotFound {
            message: "Not found".into(),
        },
    );
    assert_eq!(h.app.screen, Screen::Tasks);
    assert_eq!(
        notice(&h),
        "“Удалённая сделка” no longer exists on the service."
    );
    h.resize(120, 40);
    assert!(h.render().contains("no longer exists on the service"));
    // Another failure says what it was; the palette stays for another try.
    h.send(code(KeyCode::Enter));
    let read = h.take(|c| matches!(c, Call::Deal(_))).remove(0);
    h.fail(&read, ApiError::Timeout);
    assert!(
        notice(&h).starts_with("Could not open “Удалённая сделка”: "),
        "{}",
        notice(&h)
    );
    // A board the directory does not hold is looked for among its project's boards.
    h.send(code(KeyCode::Esc));
    h.send(ctrl('p'));
    let reads = h.take(|c| matches!(c, Call::ReadNames { .. }));
    h.reply(
        &reads[0],
        Answer::ReadNames(Ok(NameIndex::new(store_names()))),
    );
    go_to(&mut h, "архивная");
    let read = h.take(|c| *c == Call::Boards(1)).remove(0);
    h.reply(&read, Answer::Boards(Ok(vec![])));
    assert_eq!(
        notice(&h),
        "“Архивная доска” no longer exists on the service."
    );
}

#[test]
fn typing_or_moving_on_drops_the_read_of_what_was_being_opened() {
    let mut h = opened();
    go_to(&mut h, "квартал");
    assert_eq!(h.take(|c| *c == Call::Task(42)).len(), 1);
    h.press("x");
    assert!(
        h.effects
            .contains(&Effect::Cancel(RequestKey::from(GotoKey::Open)))
    );
    assert!(palette(&h).opening.is_none());
    assert_eq!(notice(&h), "");
}

#[test]
fn a_contact_and_an_organization_open_on_the_contacts_screen() {
    let mut h = opened();
    go_to(&mut h, "волкова");
    let read = h.take(|c| *c == Call::Contact("ct-1".into())).remove(0);
    let contact = Contact {
        id: "ct-1".into(),
        first_name: Some("Ирина".into()),
        last_name: Some("Волкова".into()),
        ..Default::default()
    };
    h.reply(&read, Answer::Contact(Ok(Box::new(contact))));
    assert_eq!(h.app.screen, Screen::Contacts);
    assert_eq!(
        h.app.contacts.layers.viewing().map(|c| c.id.as_str()),
        Some("ct-1")
    );

    // The contact is read over the list: Esc closes it, and the palette opens again.
    h.send(code(KeyCode::Esc));
    h.send(ctrl('p'));
    let reads = h.take(|c| matches!(c, Call::ReadNames { .. }));
    h.reply(
        &reads[0],
        Answer::ReadNames(Ok(NameIndex::new(store_names()))),
    );
    go_to(&mut h, "ромашка");
    let read = h
        .take(|c| *c == Call::Organization("org-1".into()))
        .remove(0);
    let org = Organization {
        id: "org-1".into(),
        name: Some("ООО Ромашка".into()),
        ..Default::default()
    };
    h.reply(&read, Answer::Organization(Ok(Box::new(org))));
    assert!(h.app.contacts.organizations.shown);
    assert_eq!(
        h.app
            .contacts
            .organizations
            .layers
            .viewing()
            .map(|o| o.id.as_str()),
        Some("org-1")
    );
}

#[test]
fn a_project_a_board_and_a_member_the_directory_holds_open_at_once() {
    let mut h = opened();
    go_to(&mut h, "мобильное");
    assert!(
        h.pending.iter().all(|r| r.call != Call::Project(1)),
        "no read"
    );
    assert_eq!(h.app.screen, Screen::Projects);
    assert_eq!(h.app.projects.cursor, Some(Node::Project(1)));
    assert!(h.app.projects.expanded.contains(&Node::Project(1)));

    h.send(ctrl('p'));
    let reads = h.take(|c| matches!(c, Call::ReadNames { .. }));
    h.reply(
        &reads[0],
        Answer::ReadNames(Ok(NameIndex::new(store_names()))),
    );
    // The projects screen had the directory read the project's boards: once it has, the
    // board opens at once.
    let board = || {
        Answer::Boards(Ok(vec![weeek_api::models::Board {
            id: 5,
            name: "Разработка".into(),
            project_id: 1,
            is_private: false,
        }]))
    };
    h.answer_all(|c| *c == Call::Boards(1), board);
    go_to(&mut h, "разработка");
    assert!(h.take(|c| *c == Call::Boards(1)).is_empty(), "no read");
    assert_eq!(h.app.screen, Screen::Tasks);
    assert_eq!(h.app.tasks.layers.board().map(|b| b.board), Some(5));

    h.send(ctrl('p'));
    let reads = h.take(|c| matches!(c, Call::ReadNames { .. }));
    h.reply(
        &reads[0],
        Answer::ReadNames(Ok(NameIndex::new(store_names()))),
    );
    go_to(&mut h, "boris");
    assert_eq!(h.app.screen, Screen::Tasks);
    assert!(h.app.tasks.layers.board().is_none());
    assert_eq!(h.app.tasks.filters.assignee, Assignee::Member(BORIS.into()));
    let list = h.take(|c| matches!(c, Call::Tasks(_)));
    assert!(
        list.iter()
            .any(|r| matches!(&r.call, Call::Tasks(q) if q.user_id.as_deref() == Some(BORIS))),
        "{list:?}"
    );
}

#[test]
fn a_project_the_directory_does_not_list_is_read_first() {
    let mut h = opened();
    go_to(&mut h, "старый");
    let read = h.take(|c| *c == Call::Project(9)).remove(0);
    let project = Project {
        id: 9,
        name: Some("Старый сайт".into()),
        ..Default::default()
    };
    h.reply(&read, Answer::Project(Ok(Box::new(project))));
    assert_eq!(h.app.screen, Screen::Projects);
    assert_eq!(h.app.projects.cursor, Some(Node::Project(9)));
}

#[test]
fn a_deal_waits_while_a_deal_form_is_open_on_the_funnels_screen() {
    let mut h = opened();
    // A form left open on the funnels screen, as `n` leaves it.
    use crate::funnels::deal_form::{DealForm, Values};
    use crate::funnels::editor::{DealEditor, Phase, Target};
    let values = Values::default();
    let form = DealEditor {
        funnel_id: FUNNEL.into(),
        target: Target::New {
            status_id: TALKS.into(),
        },
        name: String::new(),
        before: values.clone(),
        form: DealForm::new(vec![], &values),
        phase: Phase::Editing,
        failure: None,
    };
    h.app
        .funnels
        .layers
        .push(crate::funnels::layer::Layer::Form(Box::new(form)));
    h.send(code(KeyCode::Esc));
    h.send(ctrl('p'));
    let reads = h.take(|c| matches!(c, Call::ReadNames { .. }));
    h.reply(
        &reads[0],
        Answer::ReadNames(Ok(NameIndex::new(store_names()))),
    );
    go_to(&mut h, "северсталь");
    assert!(notice(&h).starts_with("A deal form is open on the funnels screen"));
    assert!(h.take(|c| matches!(c, Call::Deal(_))).is_empty());
    assert_eq!(h.app.screen, Screen::Tasks);
}

#[test]
fn the_palette_says_what_it_finds_in_the_command_table() {
    let row = crate::keys::commands::COMMANDS
        .iter()
        .find(|c| c.action == Action::Palette)
        .expect("the palette's command");
    for kind in [
        "task",
        "project",
        "board",
        "deal",
        "contact",
        "organization",
        "member",
    ] {
        assert!(row.description.contains(kind), "{}", row.description);
    }
}

#[test]
fn the_palette_as_drawn_at_both_sizes() {
    let mut h = opened();
    h.press("по");
    for (w, hgt) in [(80, 24), (160, 45)] {
        h.resize(w, hgt);
        insta::assert_snapshot!(format!("palette_{w}x{hgt}"), h.render());
    }
}
