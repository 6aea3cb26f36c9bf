//! `update` tests of an organization's deals shown from the local store: each step (the
//! funnels, their statuses, each status's deals) answered by the store first and marked
//! cached, then replaced by the service's answers without asking anything twice; read again
//! in place, a status the service no longer lists losing its deals.

use std::time::Duration;

use crossterm::event::KeyCode;
use weeek_api::DealPage;
use weeek_api::models::{Deal, Funnel, FunnelStatus};

use super::tests::{full_org, on_tab};
use crate::screen::ScreenState;
use crate::screen::requests::Request;
use crate::testing::{Harness, code};
use crate::worker::{Answer, Call};

fn funnels() -> Answer {
    Answer::Funnels(Ok(vec![Funnel {
        id: "F1".into(),
        name: Some("Продажи B2B".into()),
        ..Default::default()
    }]))
}

fn status(id: &str, name: &str) -> FunnelStatus {
    FunnelStatus {
        id: id.into(),
        name: Some(name.into()),
        ..Default::default()
    }
}

fn deals(titles: &[&str]) -> Answer {
    let deals = titles
        .iter()
        .map(|t| Deal {
            id: (*t).into(),
            title: Some((*t).into()),
            ..Default::default()
        })
        .collect();
    Answer::DealPage(Ok(DealPage {
        deals,
        has_more: false,
    }))
}

fn one(h: &mut Harness, pred: impl Fn(&Call) -> bool) -> Request {
    let mut found = h.take(pred);
    assert_eq!(found.len(), 1, "{found:?}");
    found.remove(0)
}

fn deals_of(h: &mut Harness, status: &str) -> Request {
    one(h, |c| matches!(c, Call::Deals(s, _) if s == status))
}

fn shown(h: &Harness) -> Vec<String> {
    let deals = &h.app.contacts.organizations.deals;
    deals.rows.iter().map(|r| r.title.clone()).collect()
}

#[test]
fn the_stores_deals_show_at_once_marked_cached_and_the_services_replace_them() {
    let mut h = on_tab(vec![full_org()]);
    h.resize(120, 35);
    h.send(code(KeyCode::Enter));
    let read_at = h.clock.wall - time::Duration::minutes(3);
    let list = one(&mut h, |c| matches!(c, Call::Funnels));
    assert!(list.from_store, "the funnels are read from the store first");
    h.reply_stored(&list, funnels(), read_at);
    let statuses = one(
        &mut h,
        |c| matches!(c, Call::FunnelStatuses(f) if f == "F1"),
    );
    assert!(statuses.from_store);
    let then = vec![status("S1", "Новый лид"), status("S2", "Счёт")];
    h.reply_stored(&statuses, Answer::FunnelStatuses(Ok(then)), read_at);
    let s1 = deals_of(&mut h, "S1");
    let s2 = deals_of(&mut h, "S2");
    assert!(s1.from_store && s2.from_store);
    h.reply_stored(&s1, deals(&["Пилот"]), read_at);
    h.reply_stored(&s2, deals(&["Внедрение CRM"]), read_at);
    assert_eq!(shown(&h), ["Пилот", "Внедрение CRM"]);
    let screen = h.render();
    assert!(screen.contains("Внедрение CRM"), "{screen}");
    assert!(screen.contains("cached · read 3 min ago"), "{screen}");

    // The service: the same funnel, the same statuses: nothing is asked again.
    h.reply(&list, funnels());
    let now = vec![status("S1", "Новый лид"), status("S2", "Счёт")];
    h.reply(&statuses, Answer::FunnelStatuses(Ok(now)));
    assert!(
        h.take(|c| matches!(c, Call::FunnelStatuses(_) | Call::Deals(..)))
            .is_empty(),
        "no step read twice"
    );
    h.reply(&s2, deals(&["Внедрение CRM", "Поддержка"]));
    assert!(
        h.render().contains("cached"),
        "S1's deals are still the store's"
    );
    h.reply(&s1, deals(&[]));
    assert_eq!(shown(&h), ["Внедрение CRM", "Поддержка"]);
    let screen = h.render();
    assert!(!screen.contains("cached"), "{screen}");
    assert!(!screen.contains("reading…"), "{screen}");
    assert!(screen.contains("· live"), "{screen}");
}

#[test]
fn deals_read_again_stay_until_replaced_and_a_status_gone_takes_its_deals() {
    let mut h = on_tab(vec![full_org()]);
    h.send(code(KeyCode::Enter));
    h.answer_all(|c| matches!(c, Call::Funnels), funnels);
    let both = || Answer::FunnelStatuses(Ok(vec![status("S1", "Новый лид"), status("S2", "Счёт")]));
    h.answer_all(|c| matches!(c, Call::FunnelStatuses(_)), both);
    let s1 = deals_of(&mut h, "S1");
    h.reply(&s1, deals(&["Пилот"]));
    let s2 = deals_of(&mut h, "S2");
    h.reply(&s2, deals(&["Внедрение CRM"]));
    assert_eq!(shown(&h), ["Пилот", "Внедрение CRM"]);
    h.take(|_| true);

    // A refresh by itself reads them again; the deals shown stay meanwhile.
    h.advance(Duration::from_secs(60));
    let list = one(&mut h, |c| matches!(c, Call::Funnels));
    assert!(!list.from_store, "read again from the service only");
    assert_eq!(shown(&h), ["Пилот", "Внедрение CRM"]);
    h.reply(&list, funnels());
    // S1 is gone from the funnel.
    let statuses = one(&mut h, |c| matches!(c, Call::FunnelStatuses(_)));
    h.reply(
        &statuses,
        Answer::FunnelStatuses(Ok(vec![status("S2", "Счёт")])),
    );
    assert_eq!(shown(&h), ["Внедрение CRM"], "S1's deals went with it");
    let s2 = deals_of(&mut h, "S2");
    h.reply(&s2, deals(&["Внедрение CRM, этап 2"]));
    assert_eq!(shown(&h), ["Внедрение CRM, этап 2"]);
    assert_eq!(h.app.contacts.cached_since(), None);
}

/// The organization in view with deals "Пилот" in S1 and "Внедрение CRM" in S2, from the
/// service.
fn viewing_deals() -> Harness {
    let mut h = on_tab(vec![full_org()]);
    h.resize(120, 35);
    h.send(code(KeyCode::Enter));
    let list = one(&mut h, |c| matches!(c, Call::Funnels));
    h.reply(&list, funnels());
    let statuses = one(&mut h, |c| matches!(c, Call::FunnelStatuses(_)));
    let both = vec![status("S1", "Новый лид"), status("S2", "Счёт")];
    h.reply(&statuses, Answer::FunnelStatuses(Ok(both)));
    let s1 = deals_of(&mut h, "S1");
    let s2 = deals_of(&mut h, "S2");
    h.reply(&s1, deals(&["Пилот"]));
    h.reply(&s2, deals(&["Внедрение CRM"]));
    h
}

#[test]
fn the_deals_show_the_changes_the_outbox_holds_of_them() {
    use crate::outbox::{Base, Change, DealField, Field, ItemKind, ItemRef, New};
    let mut h = viewing_deals();
    let mut store = crate::store::Store::in_memory();
    // Kept on the funnels screen: "Пилот" moved to S2 and renamed, "Внедрение CRM" deleted,
    // a new deal of this organization in S1.
    let org = full_org().id;
    let mut kept = |item: ItemRef, change: Change| {
        let e = h
            .app
            .offline
            .queue(&h.clock, item, "x".into(), change, Base::default(), None);
        let order = crate::outbox::Order::Queue(Box::new(e));
        let entries = order.run(&mut store).unwrap();
        h.send(crate::app::Msg::Outbox(entries));
    };
    let set = |f| Change::Set(Field::Deal(f));
    kept(ItemRef::deal("Пилот"), set(DealField::Status("S2".into())));
    kept(
        ItemRef::deal("Пилот"),
        set(DealField::Title("Пилот 2".into())),
    );
    kept(ItemRef::deal("Внедрение CRM"), Change::Delete);
    let input = weeek_api::DealInput {
        title: Some("Новая из офлайна".into()),
        organizations: Some(vec![org]),
        ..Default::default()
    };
    let new = Change::Create(New::Deal {
        status: "S1".into(),
        input: Box::new(input),
    });
    kept(ItemRef::new_item(ItemKind::Deal, 7), new);
    let rows = &h.app.contacts.organizations.deals.rows;
    let laid: Vec<(&str, &str, Option<&str>)> = rows
        .iter()
        .map(|r| (r.title.as_str(), r.place.as_str(), r.mark))
        .collect();
    assert_eq!(
        laid,
        [
            (
                "Новая из офлайна",
                "Продажи B2B › Новый лид",
                Some("queued")
            ),
            ("Пилот 2", "Продажи B2B › Счёт", Some("queued")),
        ]
    );
    let screen = h.render();
    assert!(screen.contains("Пилот 2 (queued)"), "{screen}");
    // Read again meanwhile (the store's copies, say): they show over it too.
    h.take(|_| true);
    h.advance(Duration::from_secs(60));
    let list = one(&mut h, |c| matches!(c, Call::Funnels));
    h.reply(&list, funnels());
    let statuses = one(&mut h, |c| matches!(c, Call::FunnelStatuses(_)));
    let both = vec![status("S1", "Новый лид"), status("S2", "Счёт")];
    h.reply(&statuses, Answer::FunnelStatuses(Ok(both)));
    let s1 = deals_of(&mut h, "S1");
    let s2 = deals_of(&mut h, "S2");
    h.reply(&s1, deals(&["Пилот"]));
    h.reply(&s2, deals(&["Внедрение CRM"]));
    assert_eq!(shown(&h), ["Новая из офлайна", "Пилот 2"]);
}

#[test]
fn a_deal_change_sent_shows_the_services_copy_and_one_deleted_stays_gone() {
    use crate::outbox::{Base, Change, DealField, Entry, Field, Fresh, ItemRef, Replayed, Step};
    let mut h = viewing_deals();
    let at = h.clock.wall;
    let moved = Deal {
        id: "Пилот".into(),
        title: Some("Пилот".into()),
        status_id: Some("S2".into()),
        organizations: vec![full_org().id],
        ..Default::default()
    };
    let entry = |item, change| Entry::new(1, item, "x".into(), change, Base::default(), at);
    let sent = Step::Sent {
        entry: entry(
            ItemRef::deal("Пилот"),
            Change::Set(Field::Deal(DealField::Status("S2".into()))),
        ),
        fresh: Some(Fresh::Deal(Box::new(moved))),
    };
    h.send(crate::app::Msg::Replayed(Box::new(Replayed {
        outbox: Vec::new(),
        step: sent,
    })));
    let places: Vec<String> = h
        .app
        .contacts
        .organizations
        .deals
        .rows
        .iter()
        .map(|r| format!("{} {}", r.title, r.place))
        .collect();
    assert_eq!(
        places,
        [
            "Внедрение CRM Продажи B2B › Счёт",
            "Пилот Продажи B2B › Счёт"
        ],
        "moved to S2 as the service has it"
    );
    let deleted = Step::Sent {
        entry: entry(ItemRef::deal("Внедрение CRM"), Change::Delete),
        fresh: None,
    };
    h.send(crate::app::Msg::Replayed(Box::new(Replayed {
        outbox: Vec::new(),
        step: deleted,
    })));
    assert_eq!(shown(&h), ["Пилот"]);
}
