//! `update` and snapshot tests of the funnels screen: the list and its search, the funnel's
//! loading, columns that load and fail on their own, paging, moves and their rollback, the
//! deal popup, and how it all looks at four sizes.

use crossterm::event::{KeyCode, KeyModifiers};
use time::macros::datetime;
use weeek_api::models::{
    Currency, CustomField, CustomFieldConfig, CustomFieldOption, CustomFieldValue, Deal, Funnel,
    FunnelStatus, WinStatus,
};
use weeek_api::{ApiError, DealPage};

use crate::app::Effect;
use crate::app::commands::Context;
use crate::app::loadable::Loadable;
use crate::app::loadable::PageStatus;
use crate::app::requests::RequestKey;
use crate::app::screen::ScreenState;
use crate::app::{Msg, Screen};
use crate::funnels::FunnelKey;
use crate::layout::funnels::InfoPlace;
use crate::testing::{BORIS, Harness, ME, code, key_event};
use crate::worker::{Answer, Call, Request};

const B2B: &str = "Fn7QwB2kLp9sXe4R";
const PARTNERS: &str = "Fn8PaRt4Ns6uYb1C";
const EMPTY: &str = "Fn0ArCh1Vq3wKd7E";
const NEW: &str = "St1NwLdA8qZ3xK5m";
const TALKS: &str = "St3PeRg6Hm2dW8yU";
const CLOSED: &str = "St5ClOs3Lp9fA2xW";

fn option(id: &str, name: &str, color: &str) -> CustomFieldOption {
    CustomFieldOption {
        id: id.into(),
        name: Some(name.into()),
        color: Some(color.into()),
    }
}

fn custom_fields() -> Vec<CustomField> {
    vec![
        CustomField {
            id: "cf-text".into(),
            name: Some("Источник лида".into()),
            r#type: Some("text".into()),
            ..Default::default()
        },
        CustomField {
            id: "cf-budget".into(),
            name: Some("Бюджет клиента".into()),
            r#type: Some("number".into()),
            config: Some(CustomFieldConfig {
                r#type: Some("currency".into()),
                precision: Some(2),
                currency: Some(1),
            }),
            ..Default::default()
        },
        CustomField {
            id: "cf-segment".into(),
            name: Some("Сегмент".into()),
            r#type: Some("select".into()),
            options: vec![
                option("o-small", "Малый бизнес", "#2FB67C"),
                option("o-mid", "Средний бизнес", "blue"),
                option("o-ent", "Enterprise", "#6C78F4"),
            ],
            ..Default::default()
        },
        CustomField {
            id: "cf-nda".into(),
            name: Some("NDA подписано".into()),
            r#type: Some("boolean".into()),
            ..Default::default()
        },
    ]
}

fn funnel(id: &str, name: &str, currency: i64) -> Funnel {
    Funnel {
        id: id.into(),
        name: Some(name.into()),
        currency_id: Some(currency),
        creator_id: Some(ME.into()),
        created_at: Some(datetime!(2025-11-21 09:00 UTC)),
        updated_at: Some(datetime!(2026-11-20 16:45 UTC)),
        ..Default::default()
    }
}

fn funnels() -> Vec<Funnel> {
    vec![
        Funnel {
            deals_count: Some(101),
            deals_amount: Some(12_500_000_000.5),
            is_bookmarked: true,
            team: vec![ME.into(), BORIS.into()],
            logo: Some("https://storage.weeek.net/demo/funnels/b2b.png".into()),
            custom_fields: custom_fields(),
            ..funnel(B2B, "Продажи B2B", 1)
        },
        Funnel {
            deals_count: Some(16),
            deals_amount: Some(480_000.0),
            is_private: true,
            team: vec![BORIS.into()],
            ..funnel(PARTNERS, "Partnerships", 9)
        },
        Funnel {
            deals_count: Some(0),
            deals_amount: None,
            ..funnel(EMPTY, "Архив 2025", 1)
        },
    ]
}

fn status(id: &str, name: &str, count: i64, amount: f64) -> FunnelStatus {
    FunnelStatus {
        id: id.into(),
        name: Some(name.into()),
        deals_count: Some(count),
        deals_amount: Some(amount),
        ..Default::default()
    }
}

fn statuses() -> Vec<FunnelStatus> {
    vec![
        status(NEW, "Новый лид", 3, 3_600_000.0),
        status(TALKS, "Переговоры", 1, 9_000_000_000.0),
        status(CLOSED, "Закрыто", 0, 0.0),
    ]
}

fn deal(id: &str, status: &str, title: &str, amount: Option<f64>) -> Deal {
    Deal {
        id: id.into(),
        funnel_id: Some(B2B.into()),
        status_id: Some(status.into()),
        title: Some(title.into()),
        amount,
        assignees: vec![ME.into()],
        ..Default::default()
    }
}

fn new_deals() -> Vec<Deal> {
    vec![
        Deal {
            contacts: vec!["c1".into(), "c2".into()],
            organizations: vec!["o1".into()],
            assignees: vec![ME.into(), BORIS.into()],
            ..deal(
                "D1",
                NEW,
                "Внедрение CRM для «Альфа-Логистик»",
                Some(1_200_000.0),
            )
        },
        deal("D2", NEW, "Сайт для сети кофеен", Some(2_400_000.0)),
        Deal {
            win_status: Some(WinStatus::Lost),
            assignees: vec![],
            ..deal("D3", NEW, "Inbound lead", None)
        },
    ]
}

fn talks_deals() -> Vec<Deal> {
    vec![Deal {
        win_status: Some(WinStatus::Won),
        ..deal("D4", TALKS, "Тендер «Северсталь»", Some(9_000_000_000.0))
    }]
}

/// A refusal the service certainly did not act on.
fn refused() -> ApiError {
    ApiError::Forbidden {
        message: "Forbidden.".into(),
    }
}

fn server_error() -> ApiError {
    ApiError::Server {
        status: 500,
        message: Some("Server Error".into()),
    }
}

fn alt(c: char) -> Msg {
    key_event(KeyCode::Char(c), KeyModifiers::ALT)
}

/// The funnels screen with the list loaded.
fn list() -> Harness {
    let mut h = Harness::new();
    h.take(|_| true);
    h.app.names.currencies = Loadable::Loaded(vec![
        Currency {
            id: 1,
            name: Some("Российский рубль".into()),
            code: Some("RUB".into()),
            symbol: Some("₽".into()),
        },
        Currency {
            id: 2,
            name: Some("US Dollar".into()),
            code: Some("USD".into()),
            symbol: Some("$".into()),
        },
    ]);
    h.send(alt('2'));
    assert_eq!(h.app.screen, Screen::Funnels);
    let n = h.answer_all(
        |c| matches!(c, Call::Funnels),
        || Answer::Funnels(Ok(funnels())),
    );
    assert_eq!(n, 1, "entering the screen loads the funnels");
    h
}

fn deals_request(h: &mut Harness, status: &str) -> Request {
    let mut reqs = h.take(|c| matches!(c, Call::Deals(s, _) if s == status));
    assert_eq!(reqs.len(), 1, "one deals request for {status}");
    reqs.remove(0)
}

fn page(deals: Vec<Deal>, has_more: bool) -> Answer {
    Answer::DealPage(Ok(DealPage { deals, has_more }))
}

/// The list, then the B2B funnel opened with its statuses and all three columns loaded.
fn opened() -> Harness {
    let mut h = list();
    h.send(code(KeyCode::Enter));
    answer_funnel(&mut h, funnels().remove(0));
    let r = deals_request(&mut h, NEW);
    h.reply(&r, page(new_deals(), false));
    let r = deals_request(&mut h, TALKS);
    h.reply(&r, page(talks_deals(), false));
    let r = deals_request(&mut h, CLOSED);
    h.reply(&r, page(vec![], false));
    h
}

fn answer_funnel(h: &mut Harness, f: Funnel) {
    let id = f.id.clone();
    let n = h.answer_all(
        |c| matches!(c, Call::Funnel(x) if *x == id),
        || Answer::Funnel(Ok(Box::new(f.clone()))),
    );
    assert_eq!(n, 1);
    let st = if id == EMPTY { vec![] } else { statuses() };
    let n = h.answer_all(
        |c| matches!(c, Call::FunnelStatuses(x) if *x == id),
        || Answer::FunnelStatuses(Ok(st.clone())),
    );
    assert_eq!(n, 1);
}

fn detail(h: &Harness) -> &super::detail::FunnelDetail {
    h.app.funnels.detail.as_ref().expect("a funnel is open")
}

fn column_ids(h: &Harness, i: usize) -> Vec<String> {
    detail(h).columns[i]
        .deals
        .rows
        .iter()
        .map(|d| d.id.clone())
        .collect()
}

fn status_totals(h: &Harness, i: usize) -> (Option<i64>, Option<f64>) {
    let s = &detail(h).status_list()[i];
    (s.deals_count, s.deals_amount)
}

fn toasts(h: &Harness) -> String {
    h.app
        .toasts
        .visible()
        .iter()
        .map(|t| t.text.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

// ----- update ----------------------------------------------------------------------------

#[test]
fn the_list_loads_once_and_enter_opens_the_funnel_under_the_cursor() {
    let mut h = list();
    assert_eq!(h.app.funnels.list.visible.len(), 3);
    assert_eq!(h.app.contexts()[0], Context::Funnels);
    h.press("j");
    h.send(code(KeyCode::Enter));
    let funnel = h.take(|c| matches!(c, Call::Funnel(id) if id == PARTNERS));
    let statuses = h.take(|c| matches!(c, Call::FunnelStatuses(id) if id == PARTNERS));
    assert_eq!((funnel.len(), statuses.len()), (1, 1));
    assert_eq!(h.app.contexts()[0], Context::Funnel);
    // Going away and back does not load the list again.
    h.send(alt('1'));
    h.send(alt('2'));
    assert!(h.take(|c| matches!(c, Call::Funnels)).is_empty());
}

#[test]
fn search_narrows_by_name_fuzzily_and_esc_clears_it() {
    let mut h = list();
    h.press("/прод");
    let l = &h.app.funnels.list;
    assert_eq!(l.visible.len(), 1);
    assert_eq!(l.current().unwrap().id, B2B);
    // `q` in the box is typed, not quitting.
    h.press("q");
    assert!(!h.quits());
    assert!(h.app.funnels.list.visible.is_empty());
    h.send(code(KeyCode::Backspace));
    h.send(code(KeyCode::Enter));
    assert!(h.app.funnels.list.search.is_none());
    assert_eq!(h.app.funnels.list.query, "прод");
    h.send(code(KeyCode::Esc));
    assert_eq!(h.app.funnels.list.visible.len(), 3);
}

#[test]
fn opening_shows_the_list_copy_at_once_and_loads_each_column_on_its_own() {
    let mut h = list();
    h.send(code(KeyCode::Enter));
    assert_eq!(detail(&h).name(), "Продажи B2B");
    assert!(detail(&h).funnel.is_loading());
    answer_funnel(&mut h, funnels().remove(0));
    let keys: Vec<RequestKey> = h
        .pending
        .iter()
        .filter(|r| matches!(r.call, Call::Deals(..)))
        .map(|r| r.key.clone())
        .collect();
    assert_eq!(
        keys,
        [NEW, TALKS, CLOSED].map(|s| FunnelKey::Deals(s.into()).into()),
        "one key per column, so columns never supersede each other"
    );
    let talks = deals_request(&mut h, TALKS);
    h.fail(&talks, server_error());
    let new = deals_request(&mut h, NEW);
    h.reply(&new, page(new_deals(), false));
    let d = detail(&h);
    assert!(matches!(
        d.columns[1].deals.status,
        PageStatus::Failed { .. }
    ));
    assert_eq!(d.columns[0].deals.rows.len(), 3);
    assert!(d.columns[2].is_loading());
    // A column's failure is shown in the column, not as a toast over the board.
    assert_eq!(toasts(&h), "");
}

#[test]
fn a_column_fetches_its_next_page_before_the_cursor_reaches_the_end() {
    let mut h = list();
    h.send(code(KeyCode::Enter));
    answer_funnel(&mut h, funnels().remove(0));
    let many: Vec<Deal> = (0..20)
        .map(|i| deal(&format!("N{i}"), NEW, &format!("Лид {i}"), Some(1000.0)))
        .collect();
    let r = deals_request(&mut h, NEW);
    match &r.call {
        Call::Deals(_, q) => assert_eq!((q.limit, q.offset), (Some(20), Some(0))),
        _ => unreachable!(),
    }
    h.reply(&r, page(many, true));
    h.take(|c| matches!(c, Call::Deals(..)));
    let cards = h.app.viewport.funnels.cards(None);
    // Far from the end: nothing more is asked.
    h.press("j");
    assert!(h.take(|c| matches!(c, Call::Deals(..))).is_empty());
    for _ in 0..(20 - cards - 2) {
        h.press("j");
    }
    let next = deals_request(&mut h, NEW);
    match &next.call {
        Call::Deals(_, q) => assert_eq!((q.limit, q.offset), (Some(20), Some(20))),
        _ => unreachable!(),
    }
    assert!(
        detail(&h).columns[0].cursor < 19,
        "asked before the last card"
    );
    // While it loads, moving further does not ask twice.
    h.press("j");
    assert!(h.take(|c| matches!(c, Call::Deals(..))).is_empty());
    let more: Vec<Deal> = (18..25)
        .map(|i| deal(&format!("N{i}"), NEW, &format!("Лид {i}"), Some(1000.0)))
        .collect();
    h.reply(&next, page(more, false));
    assert_eq!(
        detail(&h).columns[0].deals.rows.len(),
        25,
        "overlap is shown once"
    );
    assert!(!detail(&h).columns[0].deals.has_more);
    h.press("G");
    assert!(
        h.take(|c| matches!(c, Call::Deals(..))).is_empty(),
        "no more pages"
    );
}

#[test]
fn moving_a_deal_is_optimistic_and_the_totals_follow() {
    let mut h = opened();
    h.press("j");
    assert_eq!(detail(&h).current_deal().unwrap().id, "D2");
    h.press("L");
    assert_eq!(column_ids(&h, 0), ["D1", "D3"]);
    assert_eq!(column_ids(&h, 1), ["D2", "D4"]);
    assert_eq!(status_totals(&h, 0), (Some(2), Some(1_200_000.0)));
    assert_eq!(status_totals(&h, 1), (Some(2), Some(9_002_400_000.0)));
    let d = detail(&h);
    assert_eq!(
        (d.focus, d.current_deal().unwrap().id.as_str()),
        (1, "D2"),
        "the cursor follows"
    );
    assert_eq!(h.app.funnels.footer_note(), Some("moving 1…".into()));
    let moves = h.take(|c| matches!(c, Call::MoveDeal { .. }));
    assert_eq!(moves.len(), 1);
    assert_eq!(
        moves[0].call,
        Call::MoveDeal {
            deal: "D2".into(),
            status: TALKS.into(),
            after: None
        }
    );
    h.done(&moves[0]);
    assert!(
        toasts(&h).contains("Moved “Сайт для сети кофеен” to Переговоры"),
        "{}",
        toasts(&h)
    );
    assert_eq!(column_ids(&h, 1), ["D2", "D4"]);
    assert_eq!(h.app.funnels.footer_note(), None);
}

#[test]
fn a_refused_move_is_put_back_with_a_message() {
    let mut h = opened();
    h.press("jL");
    let moves = h.take(|c| matches!(c, Call::MoveDeal { .. }));
    h.fail(&moves[0], refused());
    assert_eq!(column_ids(&h, 0), ["D1", "D2", "D3"], "back where it was");
    assert_eq!(column_ids(&h, 1), ["D4"]);
    assert_eq!(status_totals(&h, 0), (Some(3), Some(3_600_000.0)));
    assert_eq!(status_totals(&h, 1), (Some(1), Some(9_000_000_000.0)));
    let t = toasts(&h);
    assert!(t.contains("Could not move") && t.contains("(403)"), "{t}");
    let d = detail(&h);
    assert_eq!(
        (d.focus, d.current_deal().unwrap().id.as_str()),
        (0, "D2"),
        "the cursor came back with it"
    );
}

#[test]
fn a_move_in_flight_survives_a_reload_of_either_column() {
    let mut h = opened();
    h.press("L");
    let moves = h.take(|c| matches!(c, Call::MoveDeal { .. }));
    h.press("r");
    h.answer_all(
        |c| matches!(c, Call::Funnel(_)),
        || Answer::Funnel(Ok(Box::new(funnels().remove(0)))),
    );
    h.answer_all(
        |c| matches!(c, Call::FunnelStatuses(_)),
        || Answer::FunnelStatuses(Ok(statuses())),
    );
    // Both pages were read before the move landed.
    let r = deals_request(&mut h, NEW);
    h.reply(&r, page(new_deals(), false));
    let r = deals_request(&mut h, TALKS);
    h.reply(&r, page(talks_deals(), false));
    assert_eq!(column_ids(&h, 0), ["D2", "D3"]);
    assert_eq!(column_ids(&h, 1), ["D1", "D4"]);
    h.done(&moves[0]);
    assert_eq!(column_ids(&h, 1), ["D1", "D4"]);
    // The reload's totals may predate the move: the statuses are read once more.
    assert_eq!(
        h.take(|c| matches!(c, Call::FunnelStatuses(_))).len(),
        1,
        "statuses asked again after the last move"
    );
}

#[test]
fn moving_past_the_first_or_last_status_says_so_and_sends_nothing() {
    let mut h = opened();
    h.press("H");
    assert!(h.take(|c| matches!(c, Call::MoveDeal { .. })).is_empty());
    assert!(toasts(&h).contains("already in the first status"));
    assert_eq!(column_ids(&h, 0).len(), 3);
}

#[test]
fn h_and_l_walk_the_columns_and_the_narrow_board_switches_with_brackets() {
    let mut h = opened();
    h.press("l");
    assert_eq!(detail(&h).focus, 1);
    h.press("ll");
    assert_eq!(detail(&h).focus, 2, "stops at the last column");
    h.resize(50, 24);
    h.press("[");
    assert_eq!(detail(&h).focus, 1);
    assert_eq!(
        detail(&h).first,
        1,
        "the only visible column is the focused one"
    );
    let screen = h.render();
    assert!(screen.contains("Переговоры ‹ 2/3 ›"), "{screen}");
    assert!(!screen.contains("Новый лид"), "{screen}");
    h.press("]");
    assert_eq!(detail(&h).focus, 2);
}

#[test]
fn esc_goes_back_to_the_list_and_refreshes_its_totals() {
    let mut h = opened();
    h.send(code(KeyCode::Esc));
    assert!(h.app.funnels.detail.is_none());
    assert_eq!(h.take(|c| matches!(c, Call::Funnels)).len(), 1);
    assert_eq!(h.app.funnels.list.current().unwrap().id, B2B);
}

#[test]
fn a_stale_page_from_a_funnel_left_behind_is_ignored() {
    let mut h = list();
    h.send(code(KeyCode::Enter));
    answer_funnel(&mut h, funnels().remove(0));
    let old = deals_request(&mut h, NEW);
    h.send(code(KeyCode::Esc));
    h.answer_all(
        |c| matches!(c, Call::Funnels),
        || Answer::Funnels(Ok(funnels())),
    );
    h.press("j");
    h.send(code(KeyCode::Enter));
    // The new funnel has a column of the same status, so a stale page would have a home.
    let mut partners = funnels().remove(1);
    partners.id = PARTNERS.into();
    answer_funnel(&mut h, partners);
    assert_eq!(detail(&h).id, PARTNERS);
    assert!(!detail(&h).columns.is_empty());
    h.reply(&old, page(new_deals(), false));
    assert!(
        column_ids(&h, 0).is_empty(),
        "the page asked for by the funnel left behind changed nothing"
    );
    assert_eq!(
        h.take(|c| matches!(c, Call::Deals(s, _) if s == NEW)).len(),
        1,
        "the new funnel's own request is still pending"
    );
}

#[test]
fn closing_the_deal_and_the_funnel_stops_their_reads_but_not_a_move() {
    let mut h = list();
    h.send(code(KeyCode::Enter));
    answer_funnel(&mut h, funnels().remove(0));
    let r = deals_request(&mut h, NEW);
    h.reply(&r, page(new_deals(), false));
    h.press("L");
    h.send(code(KeyCode::Enter));
    assert_eq!(h.take(|c| matches!(c, Call::Organizations(_))).len(), 1);
    assert_eq!(h.take(|c| matches!(c, Call::Contacts(_))).len(), 1);
    let cancelled = |h: &Harness| -> Vec<RequestKey> {
        h.effects
            .iter()
            .filter_map(|e| match e {
                Effect::Cancel(k) => Some(k.clone()),
                _ => None,
            })
            .collect()
    };
    h.send(code(KeyCode::Esc));
    assert_eq!(cancelled(&h), vec![FunnelKey::Deal.into()]);
    assert!(h.take(|c| matches!(c, Call::Deal(_))).is_empty());
    h.send(code(KeyCode::Esc));
    let stopped = cancelled(&h);
    for status in [TALKS, CLOSED] {
        let key: RequestKey = FunnelKey::Deals(status.into()).into();
        assert!(stopped.contains(&key), "{stopped:?}");
        assert!(!h.app.requests.is_pending(&key));
    }
    assert!(h.take(|c| matches!(c, Call::Deals(..))).is_empty());
    assert_eq!(
        h.take(|c| matches!(c, Call::MoveDeal { .. })).len(),
        1,
        "a move runs to its end"
    );
}

#[test]
fn enter_opens_the_deal_and_asks_for_its_links() {
    let mut h = opened();
    h.send(code(KeyCode::Enter));
    assert_eq!(h.app.contexts()[0], Context::Deal);
    assert_eq!(
        h.take(|c| matches!(c, Call::Deal(id) if id == "D1")).len(),
        1
    );
    assert_eq!(h.take(|c| matches!(c, Call::Organizations(_))).len(), 1);
    assert_eq!(h.take(|c| matches!(c, Call::Contacts(_))).len(), 1);
    // `L` means nothing over the deal: it must not move the deal underneath.
    h.press("L");
    assert!(h.take(|c| matches!(c, Call::MoveDeal { .. })).is_empty());
    h.send(code(KeyCode::Esc));
    assert_eq!(h.app.contexts()[0], Context::Funnel);
    assert!(h.app.funnels.detail.is_some(), "Esc closed the deal only");
}

#[test]
fn a_page_of_the_deal_or_the_overview_is_the_lines_it_shows() {
    let mut h = opened();
    h.resize(80, 24);
    h.send(code(KeyCode::Enter));
    h.send(code(KeyCode::PageDown));
    let deal = detail(&h).deal.as_ref().map(|v| v.scroll);
    // The deal popup fills the body (22 lines) less its border.
    assert_eq!(deal, Some(20));
    h.send(code(KeyCode::Esc));
    h.press("i");
    h.send(code(KeyCode::PageDown));
    // The overview: the body less the summary line and its border.
    assert_eq!(detail(&h).info_scroll, 19);
    assert_eq!(h.app.viewport.funnels.overview_lines, 19);
}

#[test]
fn i_cycles_the_overview_and_esc_leaves_the_full_overview_first() {
    let mut h = opened();
    h.resize(80, 24);
    assert_eq!(h.app.funnels.info_place(&h.app.viewport), InfoPlace::Hidden);
    h.press("i");
    assert_eq!(h.app.funnels.info_place(&h.app.viewport), InfoPlace::Full);
    h.send(code(KeyCode::Esc));
    assert_eq!(h.app.funnels.info_place(&h.app.viewport), InfoPlace::Hidden);
    assert!(h.app.funnels.detail.is_some());
}

#[test]
fn board_keys_do_nothing_to_a_board_hidden_behind_the_overview() {
    let mut h = opened();
    h.resize(160, 45);
    for _ in 0..3 {
        if h.app.funnels.info_place(&h.app.viewport) != InfoPlace::Full {
            h.press("i");
        }
    }
    assert_eq!(h.app.funnels.info_place(&h.app.viewport), InfoPlace::Full);
    let before = (detail(&h).focus, detail(&h).columns[0].cursor);
    h.press("LHlhj");
    h.send(code(KeyCode::Enter));
    assert!(h.take(|c| matches!(c, Call::MoveDeal { .. })).is_empty());
    assert_eq!((detail(&h).focus, detail(&h).columns[0].cursor), before);
    assert!(detail(&h).deal.is_none(), "no deal opened");
    let said: Vec<String> = h
        .app
        .toasts
        .visible()
        .iter()
        .map(|t| t.text.clone())
        .collect();
    assert!(
        said.iter()
            .any(|t| t.contains("board is hidden") && t.contains("i shows it")),
        "{said:?}"
    );
    // Once the board is back, they act again.
    h.press("i");
    assert_ne!(h.app.funnels.info_place(&h.app.viewport), InfoPlace::Full);
    h.press("L");
    assert_eq!(h.take(|c| matches!(c, Call::MoveDeal { .. })).len(), 1);
}

// ----- snapshots -------------------------------------------------------------------------

const SIZES: [(u16, u16); 4] = [(160, 45), (100, 30), (80, 24), (40, 12)];

fn snap_all(name: &str, h: &mut Harness) {
    for (w, hh) in SIZES {
        h.resize(w, hh);
        insta::assert_snapshot!(format!("{name}_{w}x{hh}"), h.render());
    }
}

#[test]
fn snapshot_list() {
    let mut h = list();
    snap_all("funnels_list", &mut h);
}

#[test]
fn snapshot_list_loading_and_error() {
    let mut h = Harness::new();
    h.take(|_| true);
    h.send(alt('2'));
    h.resize(80, 24);
    insta::assert_snapshot!("funnels_list_loading", h.render());
    h.fail_all(|c| matches!(c, Call::Funnels), server_error);
    insta::assert_snapshot!("funnels_list_error", h.render());
}

#[test]
fn snapshot_board() {
    let mut h = opened();
    snap_all("funnels_board", &mut h);
}

#[test]
fn snapshot_empty_funnel() {
    let mut h = list();
    h.press("G");
    h.send(code(KeyCode::Enter));
    answer_funnel(&mut h, funnels().remove(2));
    assert!(h.take(|c| matches!(c, Call::Deals(..))).is_empty());
    h.resize(160, 45);
    let s = h.render();
    assert!(
        s.contains("no custom fields") && s.contains("no statuses yet"),
        "{s}"
    );
    insta::assert_snapshot!("funnels_empty_160x45", s);
    h.resize(80, 24);
    insta::assert_snapshot!("funnels_empty_80x24", h.render());
}

#[test]
fn snapshot_unknown_currency() {
    let mut h = list();
    h.resize(100, 30);
    let s = h.render();
    assert!(s.contains("480 000 (currency #9)"), "{s}");
    h.press("j");
    h.send(code(KeyCode::Enter));
    answer_funnel(&mut h, funnels().remove(1));
    h.answer_all(|c| matches!(c, Call::Deals(..)), || page(vec![], false));
    h.resize(160, 45);
    let s = h.render();
    assert!(s.contains("currency #9"), "{s}");
    insta::assert_snapshot!("funnels_unknown_currency_160x45", s);
}

#[test]
fn snapshot_failing_column() {
    let mut h = list();
    h.send(code(KeyCode::Enter));
    answer_funnel(&mut h, funnels().remove(0));
    let r = deals_request(&mut h, NEW);
    h.reply(&r, page(new_deals(), true));
    let r = deals_request(&mut h, TALKS);
    h.fail(&r, server_error());
    // The third column is still loading: three looks side by side.
    h.resize(160, 45);
    let s = h.render();
    assert!(s.contains("Could not load the deals"), "{s}");
    assert!(s.contains("loading deals…"), "{s}");
    assert!(s.contains("Внедрение CRM"), "{s}");
    insta::assert_snapshot!("funnels_failing_column_160x45", s);
    h.resize(80, 24);
    insta::assert_snapshot!("funnels_failing_column_80x24", h.render());
}

#[test]
fn snapshot_deal() {
    let mut h = opened();
    h.send(code(KeyCode::Enter));
    let full = Deal {
        description: Some(
            "<p>Внедрение CRM в <b>три</b> этапа.</p><ul><li>аудит</li><li>настройка</li></ul>"
                .into(),
        ),
        tags: vec![2],
        creator_id: Some(BORIS.into()),
        created_at: Some(datetime!(2026-10-01 08:15 UTC)),
        updated_at: Some(datetime!(2026-11-20 12:00 UTC)),
        custom_fields: vec![
            CustomFieldValue {
                id: "cf-segment".into(),
                name: Some("Сегмент".into()),
                r#type: Some("select".into()),
                value: serde_json::json!("o-ent"),
                ..Default::default()
            },
            CustomFieldValue {
                id: "cf-budget".into(),
                name: Some("Бюджет клиента".into()),
                r#type: Some("number".into()),
                value: serde_json::json!(1500000.5),
                ..Default::default()
            },
            CustomFieldValue {
                id: "cf-nda".into(),
                name: Some("NDA подписано".into()),
                r#type: Some("boolean".into()),
                value: serde_json::json!(true),
                ..Default::default()
            },
        ],
        ..new_deals().remove(0)
    };
    h.answer_all(
        |c| matches!(c, Call::Deal(_)),
        || Answer::Deal(Ok(Box::new(full.clone()))),
    );
    h.answer_all(
        |c| matches!(c, Call::Organizations(_)),
        || {
            Answer::Organizations(Ok(vec![weeek_api::models::Organization {
                id: "o1".into(),
                name: Some("ООО «Альфа-Логистик»".into()),
                ..Default::default()
            }]))
        },
    );
    h.answer_all(
        |c| matches!(c, Call::Contacts(_)),
        || {
            Answer::Contacts(Ok(vec![weeek_api::models::Contact {
                id: "c1".into(),
                first_name: Some("Ольга".into()),
                last_name: Some("Петрова".into()),
                ..Default::default()
            }]))
        },
    );
    h.resize(100, 30);
    let s = h.render();
    for want in [
        "Ольга Петрова",
        "ООО «Альфа-Логистик»",
        "1 500 000,50 ₽",
        "Enterprise",
        "аудит",
    ] {
        assert!(s.contains(want), "{want} missing:\n{s}");
    }
    insta::assert_snapshot!("funnels_deal_100x30", s);
    h.resize(160, 45);
    insta::assert_snapshot!("funnels_deal_160x45", h.render());
    h.resize(80, 24);
    insta::assert_snapshot!("funnels_deal_80x24", h.render());
}

#[test]
fn snapshot_full_overview_on_a_small_terminal() {
    let mut h = opened();
    h.resize(80, 24);
    h.press("i");
    let s = h.render();
    assert!(
        s.contains("Custom fields (4)") && s.contains("Малый бизнес"),
        "{s}"
    );
    insta::assert_snapshot!("funnels_overview_80x24", s);
}

#[test]
fn the_open_funnel_draws_at_extreme_sizes() {
    let mut h = opened();
    // What each size must show: every status side by side when wide; the note that the
    // terminal is too small, cut to one column; at the minimum, the focused status and its
    // first deal with the pager saying which status of how many.
    let first_deal = "Внедрение CRM для «Альфа-Логистик»";
    let cases: [((u16, u16), &[&str]); 4] = [
        (
            (2000, 60),
            &[
                "Funnels › Продажи B2B",
                "Новый лид",
                "Переговоры",
                "Закрыто",
                first_deal,
            ],
        ),
        ((1, 1), &["…"]),
        ((40, 10), &["Новый лид ‹ 1/3 ›", first_deal, "L move"]),
        (
            (41, 11),
            &["Funnels › Продажи B2B", "Новый лид ‹ 1/3 ›", first_deal],
        ),
    ];
    for ((w, ht), wanted) in cases {
        h.resize(w, ht);
        let screen = h.render();
        assert_eq!(screen.lines().count(), usize::from(ht));
        for text in wanted {
            assert!(screen.contains(text), "{w}x{ht} lacks {text:?}:\n{screen}");
        }
    }
}

#[test]
fn two_moves_of_one_deal_go_out_in_order_and_a_page_does_not_duplicate_it() {
    let mut h = opened();
    h.press("LL");
    assert_eq!(column_ids(&h, 2), ["D1"]);
    let first = h.take(|c| matches!(c, Call::MoveDeal { .. }));
    assert_eq!(first.len(), 1, "the second move waits for the first");
    // A page of the middle column, read before either move landed.
    h.press("r");
    h.answer_all(
        |c| matches!(c, Call::Funnel(_)),
        || Answer::Funnel(Ok(Box::new(funnels().remove(0)))),
    );
    h.answer_all(
        |c| matches!(c, Call::FunnelStatuses(_)),
        || Answer::FunnelStatuses(Ok(statuses())),
    );
    for (status, deals) in [(NEW, new_deals()), (TALKS, talks_deals()), (CLOSED, vec![])] {
        let r = deals_request(&mut h, status);
        h.reply(&r, page(deals, false));
    }
    let everywhere: usize = (0..3)
        .map(|i| column_ids(&h, i).iter().filter(|id| *id == "D1").count())
        .sum();
    assert_eq!(everywhere, 1, "the deal shows once");
    assert_eq!(column_ids(&h, 2), ["D1"]);
    // The first move is refused: the deal stays where the second one puts it.
    h.fail(&first[0], refused());
    assert_eq!(column_ids(&h, 2), ["D1"]);
    let second = h.take(|c| matches!(c, Call::MoveDeal { .. }));
    assert_eq!(second.len(), 1, "then the second is sent");
    assert!(matches!(&second[0].call, Call::MoveDeal { status, .. } if status == CLOSED));
    // It is refused too: back to where the first started.
    h.fail(&second[0], refused());
    assert_eq!(column_ids(&h, 0), ["D1", "D2", "D3"]);
}

/// The read-back of deal `id` after a move lost its answer.
fn deal_read_back(h: &mut Harness, id: &str) -> crate::worker::Request {
    let mut reads = h.take(|c| matches!(c, Call::Deal(d) if d == id));
    assert_eq!(reads.len(), 1, "deal {id} is read back once");
    reads.remove(0)
}

#[test]
fn a_move_whose_answer_was_lost_is_read_back_and_kept_when_done() {
    let mut h = opened();
    h.press("jL");
    let moves = h.take(|c| matches!(c, Call::MoveDeal { .. }));
    h.fail(&moves[0], ApiError::Timeout);
    assert_eq!(column_ids(&h, 1), ["D2", "D4"], "no rollback on a guess");
    assert_eq!(h.app.funnels.footer_note().as_deref(), Some("moving 1…"));
    let read = deal_read_back(&mut h, "D2");
    h.reply(
        &read,
        Answer::Deal(Ok(Box::new(deal(
            "D2",
            TALKS,
            "Сайт для сети кофеен",
            Some(1_200_000.0),
        )))),
    );
    assert_eq!(column_ids(&h, 1), ["D2", "D4"]);
    let t = toasts(&h);
    assert!(
        t.contains("Moved “Сайт для сети кофеен” to Переговоры"),
        "{t}"
    );
    assert!(t.contains("read back: done"), "{t}");
    assert_eq!(h.app.funnels.footer_note(), None);
}

#[test]
fn a_lost_move_the_service_does_not_have_puts_the_deal_where_it_is() {
    let mut h = opened();
    h.press("jL");
    let moves = h.take(|c| matches!(c, Call::MoveDeal { .. }));
    h.fail(&moves[0], server_error());
    let read = deal_read_back(&mut h, "D2");
    h.reply(
        &read,
        Answer::Deal(Ok(Box::new(deal(
            "D2",
            NEW,
            "Сайт для сети кофеен",
            Some(1_200_000.0),
        )))),
    );
    assert_eq!(
        column_ids(&h, 0),
        ["D1", "D2", "D3"],
        "where the service has it"
    );
    assert_eq!(column_ids(&h, 1), ["D4"]);
    let t = toasts(&h);
    assert!(t.contains("Could not move"), "{t}");
    assert!(t.contains("the service failed with 500"), "{t}");
    assert!(t.contains("read back: not done"), "{t}");
}

#[test]
fn a_later_move_of_the_deal_waits_for_the_read_back() {
    let mut h = opened();
    h.press("LL");
    let first = h.take(|c| matches!(c, Call::MoveDeal { .. }));
    h.fail(&first[0], ApiError::Timeout);
    assert!(
        h.take(|c| matches!(c, Call::MoveDeal { .. })).is_empty(),
        "the second move waits"
    );
    let read = deal_read_back(&mut h, "D1");
    h.reply(
        &read,
        Answer::Deal(Ok(Box::new(deal("D1", TALKS, "x", None)))),
    );
    let second = h.take(|c| matches!(c, Call::MoveDeal { .. }));
    assert_eq!(second.len(), 1, "then it goes");
    assert_eq!(column_ids(&h, 2), ["D1"], "where the later move puts it");
}

#[test]
fn a_failed_next_page_of_deals_stays_in_view_and_is_retried_at_the_end() {
    let mut h = list();
    h.send(code(KeyCode::Enter));
    answer_funnel(&mut h, funnels().remove(0));
    let many: Vec<Deal> = (0..20)
        .map(|i| deal(&format!("N{i}"), NEW, &format!("Лид {i}"), Some(1000.0)))
        .collect();
    let r = deals_request(&mut h, NEW);
    h.reply(&r, page(many, true));
    h.take(|c| matches!(c, Call::Deals(..)));
    h.press("G");
    let next = deals_request(&mut h, NEW);
    h.fail(&next, server_error());
    h.advance(std::time::Duration::from_secs(60));
    let screen = h.render();
    assert!(screen.contains("✗ more"), "{screen}");
    assert!(screen.contains("Лид 19"), "{screen}");
    h.press("k");
    assert!(h.take(|c| matches!(c, Call::Deals(..))).is_empty());
    h.press("j");
    let retry = deals_request(&mut h, NEW);
    match &retry.call {
        Call::Deals(_, q) => assert_eq!(q.offset, Some(20)),
        _ => unreachable!(),
    }
}

#[test]
fn an_unknown_win_status_shows_as_sent_not_as_open() {
    let mut h = list();
    h.send(code(KeyCode::Enter));
    answer_funnel(&mut h, funnels().remove(0));
    // Read as the client reads it, so the value is exactly what the service sent.
    let frozen: Deal = serde_json::from_value(serde_json::json!({
        "id": "D9", "funnelId": B2B, "statusId": NEW, "title": "Заморожено", "winStatus": "frozen"
    }))
    .expect("a deal");
    let r = deals_request(&mut h, NEW);
    h.reply(&r, page(vec![frozen.clone()], false));
    for status in [TALKS, CLOSED] {
        let r = deals_request(&mut h, status);
        h.reply(&r, page(vec![], false));
    }
    h.resize(160, 45);
    let board = h.render();
    assert!(board.contains("frozen"), "{board}");
    assert!(!board.contains("open"), "{board}");

    h.send(code(KeyCode::Enter));
    h.answer_all(
        |c| matches!(c, Call::Deal(_)),
        || Answer::Deal(Ok(Box::new(frozen.clone()))),
    );
    h.resize(100, 30);
    let popup = h.render();
    assert!(popup.contains("frozen"), "{popup}");
}

// ----- clicks ----------------------------------------------------------------------------

#[test]
fn a_click_on_a_funnel_row_selects_it_and_the_table_header_is_no_row() {
    let mut h = list();
    // 120x40: the app's header, the search line and the table header above the first row.
    h.click(5, 4);
    assert_eq!(h.app.funnels.list.cursor, 1);
    h.click(5, 2);
    assert_eq!(h.app.funnels.list.cursor, 1);
    h.click(5, 7);
    assert_eq!(
        h.app.funnels.list.cursor, 1,
        "under the last of three funnels"
    );
}

#[test]
fn a_click_on_the_board_focuses_the_column_and_a_card_takes_the_cursor() {
    let mut h = opened();
    // 120x40: the summary line and the overview strip leave the board from line 15; three
    // columns of 40; each column's head is 3 lines, then cards of 3 lines.
    h.click(10, 22);
    assert_eq!((detail(&h).focus, detail(&h).columns[0].cursor), (0, 1));
    h.click(50, 22);
    assert_eq!(detail(&h).focus, 1, "under its only card: the column");
    assert_eq!(detail(&h).columns[1].cursor, 0);
    h.click(90, 16);
    assert_eq!(detail(&h).focus, 2, "the head is the column's too");
    // The gap right of a column belongs to it.
    h.click(39, 19);
    assert_eq!((detail(&h).focus, detail(&h).columns[0].cursor), (0, 0));
}

#[test]
fn a_click_on_a_scrolled_column_takes_the_card_drawn_there() {
    let mut h = list();
    h.send(code(KeyCode::Enter));
    answer_funnel(&mut h, funnels().remove(0));
    let many: Vec<Deal> = (0..20)
        .map(|i| deal(&format!("M{i}"), NEW, &format!("Сделка {i}"), None))
        .collect();
    let r = deals_request(&mut h, NEW);
    h.reply(&r, page(many, false));
    h.press("G");
    let first = detail(&h).columns[0].scroll;
    assert!(first > 0, "the column scrolled to its last card");
    h.click(10, 18);
    assert_eq!(detail(&h).columns[0].cursor, first);
}

#[test]
fn the_deal_popup_takes_clicks_from_the_board_under_it() {
    let mut h = opened();
    h.send(code(KeyCode::Enter));
    h.click(90, 16);
    h.click(5, 38);
    assert_eq!(detail(&h).focus, 0);
    assert!(detail(&h).deal.is_some());
}
