//! `update` tests of the deal board shown from the local store and read again in place: the
//! store's statuses and columns drawn at once and marked cached, then the service's answers
//! over them, the focused status and the card under the cursor kept; an open deal popup or
//! form never changed by a refresh, its deal read again once it closes.

use std::time::Duration;

use crossterm::event::KeyCode;
use weeek_api::models::Deal;

use super::*;

fn three_minutes_ago(h: &Harness) -> time::OffsetDateTime {
    h.clock.wall - time::Duration::minutes(3)
}

fn one(h: &mut Harness, pred: impl Fn(&Call) -> bool) -> Request {
    let mut found = h.take(pred);
    assert_eq!(found.len(), 1, "{found:?}");
    found.remove(0)
}

fn current(h: &Harness) -> Option<String> {
    detail(h).current_deal().map(|d| d.id.clone())
}

/// The funnel list read, B2B opened, and the store's copy of its statuses and of each column
/// drawn (three minutes old): the requests still waiting for the service, by column.
fn opened_from_the_store(h: &mut Harness) -> (Request, Request, Vec<Request>) {
    h.send(code(KeyCode::Enter));
    let funnel = one(h, |c| matches!(c, Call::Funnel(id) if id == B2B));
    let statuses = one(h, |c| matches!(c, Call::FunnelStatuses(id) if id == B2B));
    assert!(
        statuses.from_store,
        "the statuses are read from the store first"
    );
    let read_at = three_minutes_ago(h);
    h.reply_stored(
        &statuses,
        Answer::FunnelStatuses(Ok(statuses_then())),
        read_at,
    );
    let columns: Vec<Request> = [NEW, TALKS, CLOSED]
        .into_iter()
        .map(|s| deals_request(h, s))
        .collect();
    assert!(
        columns.iter().all(|r| r.from_store),
        "each column is read from the store first"
    );
    h.reply_stored(&columns[0], page(new_deals(), false), read_at);
    h.reply_stored(&columns[1], page(talks_deals(), false), read_at);
    h.reply_stored(&columns[2], page(vec![], false), read_at);
    (funnel, statuses, columns)
}

/// The statuses as the store kept them: one deal fewer in talks than the service has now.
fn statuses_then() -> Vec<weeek_api::models::FunnelStatus> {
    let mut then = statuses();
    then[1].deals_count = Some(0);
    then[1].deals_amount = Some(0.0);
    then
}

#[test]
fn the_stores_board_shows_at_once_marked_cached_and_the_services_replaces_it_in_place() {
    let mut h = list();
    h.resize(160, 45);
    let (funnel, read, columns) = opened_from_the_store(&mut h);
    let screen = h.render();
    assert!(screen.contains("Сайт для сети кофеен"), "{screen}");
    assert!(screen.contains("Тендер «Северсталь»"), "{screen}");
    assert!(screen.contains("cached · read 3 min ago"), "{screen}");
    assert!(!screen.contains("· live"), "{screen}");
    assert_eq!(
        status_totals(&h, 1),
        (Some(0), Some(0.0)),
        "the store's totals"
    );
    // Work on the copy: the cursor on the second deal of the first status.
    h.press("j");
    assert_eq!(current(&h).as_deref(), Some("D2"));

    // The service: the statuses first. The columns' reads are on their way already: none is
    // asked for again.
    h.reply(&read, Answer::FunnelStatuses(Ok(statuses())));
    assert!(
        h.take(|c| matches!(c, Call::Deals(..))).is_empty(),
        "no column read twice"
    );
    assert_eq!(status_totals(&h, 1), (Some(1), Some(9_000_000_000.0)));
    h.reply(&funnel, Answer::Funnel(Ok(Box::new(funnels().remove(0)))));
    assert!(
        h.render().contains("cached"),
        "the columns are still the store's"
    );
    // A deal new at the top, D2 renamed, D3 gone.
    let mut fresh = new_deals();
    fresh.remove(2);
    fresh[1].title = Some("Сайт для сети кофеен, второй этап".into());
    fresh.insert(0, deal("D9", NEW, "Новая сделка", Some(10.0)));
    h.reply(&columns[0], page(fresh, false));
    h.reply(&columns[1], page(talks_deals(), false));
    h.reply(&columns[2], page(vec![], false));
    assert_eq!(column_ids(&h, 0), vec!["D9", "D1", "D2"]);
    assert_eq!(detail(&h).focus, 0, "the focused status stays");
    assert_eq!(
        current(&h).as_deref(),
        Some("D2"),
        "the cursor stays on its deal"
    );
    let screen = h.render();
    assert!(screen.contains("второй этап"), "{screen}");
    assert!(!screen.contains("Inbound lead"), "{screen}");
    assert!(!screen.contains("cached"), "{screen}");
    assert!(screen.contains("· live"), "{screen}");
}

#[test]
fn the_cursor_follows_its_deal_to_the_status_the_service_has_it_in() {
    let mut h = list();
    let (_, read, columns) = opened_from_the_store(&mut h);
    h.press("j");
    assert_eq!(current(&h).as_deref(), Some("D2"));
    h.reply(&read, Answer::FunnelStatuses(Ok(statuses())));
    // A colleague moved D2 on to talks: the first status's page no longer has it.
    let mut new = new_deals();
    let moved = Deal {
        status_id: Some(TALKS.into()),
        ..new.remove(1)
    };
    h.reply(&columns[0], page(new, false));
    let mut talks = talks_deals();
    talks.push(moved);
    h.reply(&columns[1], page(talks, false));
    assert_eq!(detail(&h).focus, 1, "the focus went with it");
    assert_eq!(current(&h).as_deref(), Some("D2"));
    // A move of the user's own comes first: once they moved, nothing pulls the cursor.
    h.press("k");
    assert_eq!(current(&h).as_deref(), Some("D4"));
    h.reply(&columns[2], page(vec![], false));
    assert_eq!(current(&h).as_deref(), Some("D4"));
}

#[test]
fn a_board_shown_again_reads_in_place_and_asks_the_service_only() {
    let mut h = opened();
    h.take(|_| true);
    h.send(alt('1'));
    h.take(|_| true);
    h.send(alt('2'));
    let read = one(&mut h, |c| matches!(c, Call::FunnelStatuses(_)));
    assert!(
        !read.from_store,
        "what is shown stays until the service answers"
    );
    h.reply(&read, Answer::FunnelStatuses(Ok(statuses())));
    let reads = h.take(|c| matches!(c, Call::Deals(..)));
    assert_eq!(reads.len(), 3, "each column read again");
    assert!(reads.iter().all(|r| !r.from_store));
    assert_eq!(column_ids(&h, 0), vec!["D1", "D2", "D3"], "shown meanwhile");
    assert_eq!(h.app.data_source(), Some(crate::app::DataSource::Live));
}

#[test]
fn a_refresh_leaves_the_open_deal_as_it_is_and_reads_it_again_once_it_closes() {
    let mut h = opened();
    h.send(code(KeyCode::Enter));
    let read = one(&mut h, |c| matches!(c, Call::Deal(id) if id == "D1"));
    h.reply(&read, Answer::Deal(Ok(Box::new(new_deals().remove(0)))));
    h.take(|_| true);
    h.advance(Duration::from_secs(60));
    assert!(
        h.take(|c| matches!(c, Call::Deal(_))).is_empty(),
        "the popup's deal is not read under it"
    );
    let read = one(&mut h, |c| matches!(c, Call::FunnelStatuses(_)));
    h.reply(&read, Answer::FunnelStatuses(Ok(statuses())));
    let renamed = Deal {
        title: Some("Внедрение CRM, этап 2".into()),
        ..new_deals().remove(0)
    };
    let r = deals_request(&mut h, NEW);
    let mut fresh = new_deals();
    fresh[0] = renamed.clone();
    h.reply(&r, page(fresh, false));
    let popup = detail(&h).deal.as_ref().expect("the popup is open");
    let shown = popup.deal.value().and_then(|d| d.title.clone());
    assert_eq!(
        shown.as_deref(),
        Some("Внедрение CRM для «Альфа-Логистик»"),
        "the popup as it was"
    );
    h.send(code(KeyCode::Esc));
    assert!(detail(&h).deal.is_none());
    let again = one(&mut h, |c| matches!(c, Call::Deal(id) if id == "D1"));
    let amended = Deal {
        amount: Some(1_500_000.0),
        ..renamed
    };
    h.reply(&again, Answer::Deal(Ok(Box::new(amended))));
    let card = detail(&h).columns[0].deals.rows.first().cloned();
    assert_eq!(
        card.and_then(|d| d.amount),
        Some(1_500_000.0),
        "its card takes it"
    );
    // Closed with nothing passed by: nothing read.
    h.send(code(KeyCode::Enter));
    h.take(|_| true);
    h.send(code(KeyCode::Esc));
    assert!(h.take(|c| matches!(c, Call::Deal(_))).is_empty());
}

#[test]
fn a_refresh_never_touches_the_deal_form_and_its_deal_is_read_again_when_it_closes() {
    let mut h = opened();
    h.press("e");
    h.send(ctrl('u'));
    h.press("Новое имя");
    h.take(|_| true);
    h.advance(Duration::from_secs(60));
    let read = one(&mut h, |c| matches!(c, Call::FunnelStatuses(_)));
    h.reply(&read, Answer::FunnelStatuses(Ok(statuses())));
    let mut fresh = new_deals();
    fresh[0].title = Some("Переименована коллегой".into());
    let r = deals_request(&mut h, NEW);
    h.reply(&r, page(fresh, false));
    let e = h.app.funnels.layers.editor().expect("the form is open");
    assert_eq!(e.form.title.value(), "Новое имя", "what was typed stays");
    assert!(h.take(|c| matches!(c, Call::Deal(_))).is_empty());
    // Given up: its deal is read again.
    h.send(code(KeyCode::Esc));
    h.press("y");
    assert!(h.app.funnels.layers.editor().is_none());
    let again = one(&mut h, |c| matches!(c, Call::Deal(id) if id == "D1"));
    assert!(!again.from_store);
}
