//! Update tests of the organizations tab: keys in, requests and state out, fixed clock.

use std::time::Duration;

use crossterm::event::KeyCode;
use weeek_api::models::{AddressEntry, EmailEntry, Organization, PhoneEntry};
use weeek_api::{ApiError, ListQuery};

use super::OrgKey;
use super::list::{PAGE_SIZE, SEARCH_DEBOUNCE};
use crate::contacts::tests::{alt, on_contacts};
use crate::keys::commands::Context;
use crate::screen::ScreenState;
use crate::screen::requests::Request;
use crate::screen::requests::RequestKey;
use crate::testing::{Harness, code, key};
use crate::worker::{Answer, Call};

fn org(i: usize) -> Organization {
    Organization {
        id: format!("0b3c5a1e-0000-4000-8000-{i:012}"),
        name: Some(format!("Организация {i:03}")),
        ..Default::default()
    }
}

/// An organization with something in every section its detail shows.
pub(crate) fn full_org() -> Organization {
    Organization {
        id: "0b3c5a1e-7f0e-4d1a-9c55-5d0a1f0000aa".into(),
        name: Some("ООО «Альфа-Логистик»".into()),
        addresses: vec![AddressEntry {
            id: "a1".into(),
            address: "Москва, Складочная ул., 1с2".into(),
        }],
        emails: vec![EmailEntry {
            id: "e1".into(),
            email: "office@alfa-logistic.example".into(),
        }],
        phones: vec![
            PhoneEntry {
                id: "p1".into(),
                phone: "+7 495 100-20-30".into(),
            },
            PhoneEntry {
                id: "p2".into(),
                phone: "+7 916 555-01-02".into(),
            },
        ],
        contacts: vec!["c1".into(), "c2".into()],
        tags: vec![2],
        ..Default::default()
    }
}

fn is_list(r: &Request) -> bool {
    r.key == RequestKey::from(OrgKey::List)
}

/// The organization list requests in flight, taken out of the harness.
fn list_requests(h: &mut Harness) -> Vec<(Request, ListQuery)> {
    let all = h.take(|c| matches!(c, Call::Organizations(_)));
    let (mine, others): (Vec<Request>, Vec<Request>) = all.into_iter().partition(is_list);
    assert!(others.is_empty(), "only the tab asks here: {others:?}");
    mine.into_iter()
        .map(|r| match &r.call {
            Call::Organizations(q) => {
                let q = q.clone();
                (r, q)
            }
            _ => unreachable!("partitioned on the call above"),
        })
        .collect()
}

/// The contacts screen with the organizations tab shown and its first page in.
pub(super) fn on_tab(rows: Vec<Organization>) -> Harness {
    let mut h = on_contacts();
    h.send(alt('o'));
    let reqs = list_requests(&mut h);
    assert_eq!(reqs.len(), 1);
    h.reply(&reqs[0].0, Answer::Organizations(Ok(rows)));
    h
}

#[test]
fn alt_o_shows_the_tab_and_asks_the_first_page_once() {
    let mut h = on_contacts();
    h.send(alt('o'));
    assert!(h.app.contacts.organizations.shown);
    let reqs = list_requests(&mut h);
    assert_eq!(reqs.len(), 1);
    assert_eq!(
        reqs[0].1,
        ListQuery {
            search: None,
            limit: Some(PAGE_SIZE),
            offset: Some(0),
        }
    );
    h.reply(
        &reqs[0].0,
        Answer::Organizations(Ok(vec![full_org(), org(1)])),
    );
    assert_eq!(h.app.contacts.organizations.list.rows.rows.len(), 2);
    assert_eq!(
        h.app.contacts.contexts(),
        vec![Context::Organizations, Context::List]
    );
    // Back to the contacts and in again: the loaded list is kept, not asked again.
    h.send(alt('o'));
    assert!(!h.app.contacts.organizations.shown);
    h.send(alt('o'));
    assert!(list_requests(&mut h).is_empty());
    let screen = h.render();
    assert!(screen.contains("ООО «Альфа-Логистик»"), "{screen}");
}

#[test]
fn the_search_goes_to_the_service_after_a_pause_and_esc_drops_it() {
    let mut h = on_tab(vec![org(1), org(2)]);
    h.send(key('/'));
    assert!(h.app.contacts.keyboard_taken(), "letters type into the box");
    h.press("Альфа");
    assert!(
        list_requests(&mut h).is_empty(),
        "nothing is sent while typing"
    );
    h.advance(SEARCH_DEBOUNCE);
    let reqs = list_requests(&mut h);
    assert_eq!(reqs.len(), 1);
    assert_eq!(reqs[0].1.search.as_deref(), Some("Альфа"));
    assert_eq!(reqs[0].1.offset, Some(0));
    h.reply(&reqs[0].0, Answer::Organizations(Ok(vec![])));
    let screen = h.render();
    assert!(
        screen.contains("No organization matches “Альфа”"),
        "{screen}"
    );
    h.send(code(KeyCode::Esc));
    assert!(!matches!(
        h.app.contacts.organizations.layers.top(),
        Some(crate::contacts::organizations::layer::Layer::Search)
    ));
    let reqs = list_requests(&mut h);
    assert_eq!(reqs.len(), 1, "clearing the search reloads at once");
    assert_eq!(reqs[0].1.search, None);
}

#[test]
fn pages_follow_the_cursor_and_a_short_page_is_the_last() {
    let first: Vec<Organization> = (0..PAGE_SIZE as usize).map(org).collect();
    let mut h = on_tab(first);
    assert!(h.app.contacts.organizations.list.rows.has_more);
    h.send(key('G'));
    let reqs = list_requests(&mut h);
    assert_eq!(reqs.len(), 1, "the end of the list asks the next page");
    assert_eq!(reqs[0].1.offset, Some(PAGE_SIZE));
    h.reply(
        &reqs[0].0,
        Answer::Organizations(Ok((50..53).map(org).collect())),
    );
    let l = &h.app.contacts.organizations.list;
    assert_eq!(l.rows.rows.len(), 53);
    assert!(!l.rows.has_more);
    h.send(key('G'));
    assert!(
        list_requests(&mut h).is_empty(),
        "no page after a short one"
    );
}

#[test]
fn a_failed_load_is_said_and_r_retries() {
    let mut h = on_contacts();
    h.send(alt('o'));
    let reqs = list_requests(&mut h);
    h.fail(&reqs[0].0, ApiError::Timeout);
    h.resize(100, 30);
    let screen = h.render();
    assert!(
        screen.contains("Could not load the organizations."),
        "{screen}"
    );
    h.send(key('r'));
    assert_eq!(list_requests(&mut h).len(), 1);
}

#[test]
fn enter_opens_the_organization_and_esc_closes_it() {
    let mut h = on_tab(vec![org(1), full_org()]);
    h.send(key('j'));
    h.send(code(KeyCode::Enter));
    let o = h
        .app
        .contacts
        .organizations
        .layers
        .viewing()
        .cloned()
        .unwrap_or_else(|| panic!("Enter opens the organization"));
    assert_eq!(o.id, full_org().id);
    assert_eq!(
        h.app.contacts.contexts(),
        vec![Context::OrgView, Context::List]
    );
    h.resize(100, 30);
    let screen = h.render();
    assert!(screen.contains("+7 916 555-01-02"), "{screen}");
    assert!(
        screen.contains("Алексей Громов"),
        "contacts by name: {screen}"
    );
    h.send(code(KeyCode::Esc));
    assert!(h.app.contacts.organizations.layers.viewing().is_none());
    assert!(
        h.app.contacts.organizations.shown,
        "Esc closes only the view"
    );
}

#[test]
fn the_contact_form_keeps_its_draft_while_the_tab_is_shown() {
    let mut h = on_contacts();
    h.press("Иван");
    h.send(alt('o'));
    assert!(h.app.contacts.organizations.shown);
    h.press("x");
    assert_eq!(
        h.app.contacts.form.first_name.value(),
        "Иван",
        "keys on the tab do not reach the form"
    );
    h.send(alt('o'));
    assert!(
        h.app.contacts.unsaved().is_some(),
        "the form still has input"
    );
}

#[test]
fn a_stale_search_page_does_not_replace_the_newer_one() {
    let mut h = on_tab(vec![org(1)]);
    h.send(key('/'));
    h.press("a");
    h.advance(SEARCH_DEBOUNCE);
    let old = list_requests(&mut h);
    h.press("b");
    h.advance(SEARCH_DEBOUNCE + Duration::from_millis(1));
    let new = list_requests(&mut h);
    h.reply(&new[0].0, Answer::Organizations(Ok(vec![org(7)])));
    h.reply(&old[0].0, Answer::Organizations(Ok(vec![org(8), org(9)])));
    let rows = &h.app.contacts.organizations.list.rows.rows;
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].id, org(7).id);
}

/// `D` on the list, then `y`: the delete request, taken out of the harness.
fn delete_first(h: &mut Harness) -> Request {
    h.send(key('D'));
    assert_eq!(h.app.contacts.contexts(), vec![Context::Confirm]);
    let screen = h.render();
    assert!(
        screen.contains("Delete the organization “Организация 001”?"),
        "{screen}"
    );
    h.send(key('y'));
    let mut reqs = h.take(|c| matches!(c, Call::DeleteOrganization(_)));
    assert_eq!(reqs.len(), 1);
    let r = reqs.remove(0);
    assert_eq!(r.call, Call::DeleteOrganization(org(1).id));
    r
}

fn ids(h: &Harness) -> Vec<String> {
    let rows = &h.app.contacts.organizations.list.rows.rows;
    rows.iter().map(|o| o.id.clone()).collect()
}

#[test]
fn d_asks_and_n_sends_nothing() {
    let mut h = on_tab(vec![org(1), org(2)]);
    h.send(key('D'));
    h.send(key('n'));
    assert!(
        h.take(|c| matches!(c, Call::DeleteOrganization(_)))
            .is_empty()
    );
    assert_eq!(ids(&h).len(), 2);
}

#[test]
fn a_delete_done_or_read_back_gone_takes_the_row_out() {
    let mut h = on_tab(vec![org(1), org(2)]);
    let r = delete_first(&mut h);
    h.done(&r);
    assert_eq!(ids(&h), vec![org(2).id]);
    let mut h = on_tab(vec![org(1), org(2)]);
    let r = delete_first(&mut h);
    let not_found = || ApiError::NotFound {
        message: "gone".into(),
    };
    h.fail(&r, not_found());
    assert_eq!(ids(&h).len(), 2, "nothing is said before the read-back");
    let back = h.take(|c| matches!(c, Call::Organization(_)));
    assert_eq!(back.len(), 1, "a “not found” is read back");
    h.fail(&back[0], not_found());
    assert_eq!(ids(&h), vec![org(2).id], "someone deleted it first: done");

    // Still there after all: not deleted, and said so.
    let mut h = on_tab(vec![org(1), org(2)]);
    let r = delete_first(&mut h);
    h.fail(&r, not_found());
    let back = h.take(|c| matches!(c, Call::Organization(_))).remove(0);
    h.reply(&back, Answer::Organization(Ok(Box::new(org(1)))));
    assert_eq!(ids(&h).len(), 2);
    let screen = h.render();
    assert!(screen.contains("not deleted"), "{screen}");
    assert!(screen.contains("still there"), "{screen}");
}

#[test]
fn a_refused_delete_keeps_the_row_and_says_why() {
    let mut h = on_tab(vec![org(1), org(2)]);
    let r = delete_first(&mut h);
    h.fail(
        &r,
        ApiError::Forbidden {
            message: "not yours".into(),
        },
    );
    assert_eq!(ids(&h).len(), 2);
    assert!(h.take(|c| matches!(c, Call::Organization(_))).is_empty());
    let screen = h.render();
    assert!(screen.contains("not deleted"), "{screen}");
}

#[test]
fn a_lost_delete_answer_is_read_back_before_anything_is_said() {
    // Read back and gone: deleted.
    let mut h = on_tab(vec![org(1), org(2)]);
    let r = delete_first(&mut h);
    h.fail(&r, ApiError::Timeout);
    assert_eq!(ids(&h).len(), 2, "nothing is said before the read-back");
    let back = h.take(|c| matches!(c, Call::Organization(_)));
    assert_eq!(back.len(), 1);
    h.fail(
        &back[0],
        ApiError::NotFound {
            message: "gone".into(),
        },
    );
    assert_eq!(ids(&h), vec![org(2).id]);
    // Read back and still there: not deleted, the row stays.
    let mut h = on_tab(vec![org(1), org(2)]);
    let r = delete_first(&mut h);
    h.fail(&r, ApiError::Timeout);
    let back = h.take(|c| matches!(c, Call::Organization(_)));
    h.reply(&back[0], Answer::Organization(Ok(Box::new(org(1)))));
    assert_eq!(ids(&h).len(), 2);
    let screen = h.render();
    assert!(screen.contains("still there"), "{screen}");
}

/// Its deals: the funnels, their statuses, each status asked for this organization's deals;
/// the section says it is reading until the last answer, then lists them by place.
#[test]
fn the_detail_lists_the_organizations_deals_from_every_funnel() {
    use weeek_api::models::{Deal, Funnel, FunnelStatus};
    let mut h = on_tab(vec![full_org()]);
    h.send(code(KeyCode::Enter));
    let funnels = h.take(|c| matches!(c, Call::Funnels)).remove(0);
    h.reply(
        &funnels,
        Answer::Funnels(Ok(vec![Funnel {
            id: "F1".into(),
            name: Some("Продажи B2B".into()),
            currency_id: Some(1),
            ..Default::default()
        }])),
    );
    let statuses = h
        .take(|c| matches!(c, Call::FunnelStatuses(f) if f == "F1"))
        .remove(0);
    let status = |id: &str, name: &str| FunnelStatus {
        id: id.into(),
        name: Some(name.into()),
        ..Default::default()
    };
    h.reply(
        &statuses,
        Answer::FunnelStatuses(Ok(vec![status("S1", "Новый лид"), status("S2", "Счёт")])),
    );
    let asks = h.take(|c| matches!(c, Call::Deals(..)));
    assert_eq!(asks.len(), 2, "one per status");
    for a in &asks {
        let Call::Deals(_, q) = &a.call else {
            unreachable!()
        };
        assert_eq!(q.organizations, vec![full_org().id]);
    }
    let deal = |title: &str| Deal {
        id: title.into(),
        title: Some(title.into()),
        amount: Some(1_200_000.0),
        ..Default::default()
    };
    h.reply(
        &asks[1],
        Answer::DealPage(Ok(weeek_api::DealPage {
            deals: vec![deal("Внедрение CRM")],
            has_more: false,
        })),
    );
    h.resize(120, 35);
    let screen = h.render();
    assert!(screen.contains("reading… 1 so far"), "{screen}");
    h.reply(
        &asks[0],
        Answer::DealPage(Ok(weeek_api::DealPage {
            deals: vec![],
            has_more: false,
        })),
    );
    let screen = h.render();
    assert!(!screen.contains("reading…"), "{screen}");
    let line = screen
        .lines()
        .find(|l| l.contains("Deals"))
        .unwrap_or_else(|| panic!("a deals section: {screen}"));
    assert!(line.contains("Внедрение CRM"), "{line}");
    assert!(line.contains("Продажи B2B › Счёт"), "{line}");
}

#[test]
fn deals_that_cannot_be_read_are_said_in_the_detail() {
    let mut h = on_tab(vec![full_org()]);
    h.send(code(KeyCode::Enter));
    let funnels = h.take(|c| matches!(c, Call::Funnels)).remove(0);
    h.fail(&funnels, ApiError::Timeout);
    h.resize(120, 35);
    let screen = h.render();
    assert!(
        screen.contains("could not be read: The service did not answer in time."),
        "{screen}"
    );
}
