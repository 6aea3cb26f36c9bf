//! The outbox overlay and the offline header at 160x45 and 80x24: a change waiting, one in
//! conflict (mine, theirs, the base), one refused (the service's words).

use insta::assert_snapshot;
use weeek_api::models::Task;

use crate::outbox::{Field, State, TaskField};
use crate::store::Store;
use crate::testing::{Harness, ctrl, task};

fn outbox_shown(w: u16, hgt: u16) -> Harness {
    let mut h = Harness::new();
    h.resize(w, hgt);
    let tasks: Vec<Task> = (1..=3).map(|i| task(i, &format!("Задача {i}"))).collect();
    h.list_tasks(tasks);
    h.press("r");
    h.cut_off();
    let mut store = Store::in_memory();
    h.press("x");
    h.press("je");
    h.send(ctrl('u'));
    h.press("Моё имя");
    h.send(crate::testing::code(crossterm::event::KeyCode::Enter));
    h.press("j2");
    h.keep_outbox(&mut store);
    // The rename met a colleague's; the priority was refused.
    let theirs = Field::Task(TaskField::Title("Их имя".into()));
    store
        .write(|w| {
            w.set_state(2, State::Conflict, None, Some(&theirs))?;
            w.set_state(
                3,
                State::Refused,
                Some("Not allowed for this user (403)."),
                None,
            )
        })
        .unwrap();
    h.send(crate::app::Msg::Outbox(store.outbox().unwrap()));
    h.press("O");
    h
}

#[test]
fn the_outbox_with_a_waiting_change_a_conflict_and_a_refusal() {
    for (w, hgt) in [(160, 45), (80, 24)] {
        let mut h = outbox_shown(w, hgt);
        assert_snapshot!(format!("outbox_waiting_{w}x{hgt}"), h.render());
        h.press("j");
        assert_snapshot!(format!("outbox_conflict_{w}x{hgt}"), h.render());
        h.press("j");
        assert_snapshot!(format!("outbox_refused_{w}x{hgt}"), h.render());
    }
}
