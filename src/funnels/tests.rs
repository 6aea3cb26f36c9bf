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

use crate::app::Msg;
use crate::funnels::FunnelKey;
use crate::keys::commands::Context;
use crate::layout::funnels::InfoPlace;
use crate::screen::Effect;
use crate::screen::Screen;
use crate::screen::ScreenState;
use crate::screen::loadable::Loadable;
use crate::screen::loadable::PageStatus;
use crate::screen::requests::Request;
use crate::screen::requests::RequestKey;
use crate::testing::{BORIS, Harness, ME, code, ctrl, key_event};
use crate::worker::{Answer, Call};

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
    let s = detail(h).status_figures(i).expect("the status is there");
    (s.count, s.amount)
}

/// Answers the reads of the organizations (one, «Альфа-Логистик» `o1`) and of `contacts`.
fn answer_lookups(h: &mut Harness, contacts: Vec<weeek_api::models::Contact>) {
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
        || Answer::Contacts(Ok(contacts.clone())),
    );
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
    assert!(h.app.funnels.layers.list_search().is_none());
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
    // Narrow, the hint wraps and its second line keeps the indent.
    h.resize(40, 20);
    let s = h.render();
    let at = s
        .lines()
        .position(|l| l.contains("Deals live in"))
        .expect("the hint shows");
    let next = s.lines().nth(at + 1).unwrap_or_default();
    assert!(next.starts_with("  first one"), "{s}");
    insta::assert_snapshot!("funnels_empty_40x20", s);
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
    answer_lookups(
        &mut h,
        vec![weeek_api::models::Contact {
            id: "c1".into(),
            first_name: Some("Ольга".into()),
            last_name: Some("Петрова".into()),
            ..Default::default()
        }],
    );
    h.resize(160, 45);
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
    insta::assert_snapshot!("funnels_deal_160x45", s);
    h.resize(100, 30);
    insta::assert_snapshot!("funnels_deal_100x30", h.render());
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
fn deal_read_back(h: &mut Harness, id: &str) -> crate::screen::requests::Request {
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

#[test]
fn end_in_a_deal_column_loads_every_page_then_goes_to_the_last_deal() {
    let mut h = list();
    h.send(code(KeyCode::Enter));
    answer_funnel(&mut h, funnels().remove(0));
    let deals = |from: usize, to: usize| -> Vec<Deal> {
        (from..to)
            .map(|i| deal(&format!("N{i}"), NEW, &format!("Лид {i}"), Some(1000.0)))
            .collect()
    };
    let r = deals_request(&mut h, NEW);
    h.reply(&r, page(deals(0, 20), true));
    h.take(|c| matches!(c, Call::Deals(..)));
    h.press("G");
    assert!(h.render().contains("loading 20 of …"), "{}", h.render());
    let r = deals_request(&mut h, NEW);
    h.reply(&r, page(deals(20, 40), true));
    let r = deals_request(&mut h, NEW);
    match &r.call {
        Call::Deals(_, q) => assert_eq!(q.offset, Some(40)),
        _ => unreachable!(),
    }
    h.reply(&r, page(deals(40, 47), false));
    let col = &detail(&h).columns[0];
    assert_eq!(col.cursor, 46, "on the last deal");
    assert!(h.take(|c| matches!(c, Call::Deals(..))).is_empty());
}

#[test]
fn esc_stops_loading_a_deal_column_to_the_end_and_keeps_the_funnel_open() {
    let mut h = list();
    h.send(code(KeyCode::Enter));
    answer_funnel(&mut h, funnels().remove(0));
    let many: Vec<Deal> = (0..20)
        .map(|i| deal(&format!("N{i}"), NEW, &format!("Лид {i}"), Some(1000.0)))
        .collect();
    let r = deals_request(&mut h, NEW);
    h.reply(&r, page(many, true));
    h.take(|c| matches!(c, Call::Deals(..)));
    h.send(code(KeyCode::End));
    let r = deals_request(&mut h, NEW);
    h.send(code(KeyCode::Esc));
    assert!(
        h.app.funnels.detail.is_some(),
        "Esc stopped the loading only"
    );
    let more: Vec<Deal> = (20..40)
        .map(|i| deal(&format!("N{i}"), NEW, &format!("Лид {i}"), Some(1000.0)))
        .collect();
    h.reply(&r, page(more, true));
    assert!(
        h.take(|c| matches!(c, Call::Deals(s, _) if s == NEW))
            .is_empty()
    );
}
// ----- won / lost / archived and delete -----------------------------------------------------

/// `r`, answered with the first status's deals as they were at the start.
fn reload_first_column(h: &mut Harness) {
    h.press("r");
    answer_funnel(h, funnels().remove(0));
    let r = deals_request(h, NEW);
    h.reply(&r, page(new_deals(), false));
}

fn win_status(h: &Harness, column: usize, id: &str) -> Option<WinStatus> {
    detail(h).columns[column]
        .deals
        .rows
        .iter()
        .find(|d| d.id == id)
        .and_then(|d| d.win_status.clone())
}

fn verb_calls(h: &mut Harness) -> Vec<Request> {
    h.take(|c| matches!(c, Call::UpdateDeal(..) | Call::DeleteDeal(_)))
}

fn outcome_update(id: &str, to: Option<WinStatus>) -> Call {
    Call::UpdateDeal(
        id.into(),
        weeek_api::DealUpdate {
            win_status: Some(to),
            ..Default::default()
        },
    )
}

#[test]
fn w_marks_the_deal_won_at_once_and_keeps_the_service_copy() {
    let mut h = opened();
    h.press("j");
    h.press("w");
    assert_eq!(
        win_status(&h, 0, "D2"),
        Some(WinStatus::Won),
        "shown at once"
    );
    assert_eq!(h.app.funnels.footer_note().as_deref(), Some("saving 1…"));
    let calls = verb_calls(&mut h);
    assert_eq!(calls.len(), 1);
    assert_eq!(calls[0].call, outcome_update("D2", Some(WinStatus::Won)));
    let mut fresh = deal("D2", NEW, "Сайт для сети кофеен (ред.)", Some(2_400_000.0));
    fresh.win_status = Some(WinStatus::Won);
    h.reply(&calls[0], Answer::UpdatedDeal(Ok(Box::new(fresh))));
    let d = &detail(&h).columns[0].deals.rows[1];
    assert_eq!(d.title.as_deref(), Some("Сайт для сети кофеен (ред.)"));
    assert!(
        toasts(&h).contains("Marked won: “Сайт для сети кофеен”"),
        "{}",
        toasts(&h)
    );
    assert_eq!(h.app.funnels.footer_note(), None);
}

#[test]
fn w_on_a_won_deal_opens_it_again_and_lost_and_archived_have_their_keys() {
    let mut h = opened();
    h.press("l");
    assert_eq!(detail(&h).current_deal().unwrap().id, "D4");
    h.press("w");
    assert_eq!(win_status(&h, 1, "D4"), None, "won, again: open");
    let calls = verb_calls(&mut h);
    assert_eq!(calls[0].call, outcome_update("D4", None));
    h.press("h");
    h.press("W");
    h.press("j");
    h.press("Z");
    assert_eq!(win_status(&h, 0, "D1"), Some(WinStatus::Lost));
    assert_eq!(win_status(&h, 0, "D2"), Some(WinStatus::Archived));
    let calls = verb_calls(&mut h);
    assert_eq!(
        calls.iter().map(|r| r.call.clone()).collect::<Vec<_>>(),
        [
            outcome_update("D1", Some(WinStatus::Lost)),
            outcome_update("D2", Some(WinStatus::Archived))
        ]
    );
}

#[test]
fn a_refused_outcome_is_put_back_with_a_message() {
    let mut h = opened();
    h.press("jjw");
    assert_eq!(win_status(&h, 0, "D3"), Some(WinStatus::Won));
    let calls = verb_calls(&mut h);
    h.fail(&calls[0], refused());
    assert_eq!(win_status(&h, 0, "D3"), Some(WinStatus::Lost), "as it was");
    let t = toasts(&h);
    assert!(
        t.contains("Could not mark as won “Inbound lead”") && t.contains("(403)"),
        "{t}"
    );
}

#[test]
fn an_outcome_whose_answer_was_lost_is_read_back_and_shown_as_the_service_has_it() {
    let mut h = opened();
    h.press("w");
    let calls = verb_calls(&mut h);
    h.fail(&calls[0], ApiError::Timeout);
    assert_eq!(
        win_status(&h, 0, "D1"),
        Some(WinStatus::Won),
        "no rollback on a guess"
    );
    let read = deal_read_back(&mut h, "D1");
    // The service does not have it.
    h.reply(
        &read,
        Answer::Deal(Ok(Box::new(deal("D1", NEW, "x", Some(1_200_000.0))))),
    );
    assert_eq!(win_status(&h, 0, "D1"), None, "as the service has it");
    let t = toasts(&h);
    assert!(t.contains("Could not mark as won"), "{t}");
    assert!(t.contains("read back: not done"), "{t}");

    // Lost again, and this time the service has it.
    h.press("w");
    let calls = verb_calls(&mut h);
    h.fail(&calls[0], server_error());
    let read = deal_read_back(&mut h, "D1");
    let mut won = deal("D1", NEW, "x", Some(1_200_000.0));
    won.win_status = Some(WinStatus::Won);
    h.reply(&read, Answer::Deal(Ok(Box::new(won))));
    assert_eq!(win_status(&h, 0, "D1"), Some(WinStatus::Won));
    assert!(toasts(&h).contains("read back: done"), "{}", toasts(&h));
}

#[test]
fn an_outcome_in_flight_survives_a_reload_of_its_column() {
    let mut h = opened();
    h.press("w");
    let calls = verb_calls(&mut h);
    reload_first_column(&mut h);
    assert_eq!(
        win_status(&h, 0, "D1"),
        Some(WinStatus::Won),
        "a page read before the answer does not undo it"
    );
    h.reply(
        &calls[0],
        Answer::UpdatedDeal(Ok(Box::new(Deal {
            win_status: Some(WinStatus::Won),
            ..deal("D1", NEW, "x", None)
        }))),
    );
    assert_eq!(win_status(&h, 0, "D1"), Some(WinStatus::Won));
}

#[test]
fn d_asks_and_n_keeps_the_deal() {
    let mut h = opened();
    h.press("jD");
    assert_eq!(h.app.contexts(), vec![Context::Confirm]);
    assert!(verb_calls(&mut h).is_empty(), "nothing before the answer");
    h.press("n");
    assert!(h.app.funnels.layers.ask().is_none());
    assert_eq!(column_ids(&h, 0), ["D1", "D2", "D3"]);
    assert!(verb_calls(&mut h).is_empty());
    assert!(toasts(&h).contains("Kept"), "{}", toasts(&h));
}

#[test]
fn a_deleted_deal_leaves_the_board_and_its_totals_and_comes_back_if_refused() {
    let mut h = opened();
    h.press("jDy");
    assert_eq!(column_ids(&h, 0), ["D1", "D3"]);
    assert_eq!(status_totals(&h, 0), (Some(2), Some(1_200_000.0)));
    let calls = verb_calls(&mut h);
    assert_eq!(calls.len(), 1);
    assert_eq!(calls[0].call, Call::DeleteDeal("D2".into()));
    h.fail(&calls[0], refused());
    assert_eq!(column_ids(&h, 0), ["D1", "D2", "D3"], "back where it was");
    assert_eq!(status_totals(&h, 0), (Some(3), Some(3_600_000.0)));
    assert!(toasts(&h).contains("Could not delete “Сайт для сети кофеен”"));

    h.press("Dy");
    let calls = verb_calls(&mut h);
    h.done(&calls[0]);
    assert_eq!(column_ids(&h, 0), ["D1", "D3"]);
    assert!(toasts(&h).contains("Deleted “"), "{}", toasts(&h));
}

#[test]
fn a_delete_whose_answer_was_lost_is_done_when_the_deal_is_not_found() {
    let mut h = opened();
    h.press("Dy");
    let calls = verb_calls(&mut h);
    h.fail(&calls[0], ApiError::Timeout);
    assert_eq!(column_ids(&h, 0), ["D2", "D3"], "no rollback on a guess");
    let read = deal_read_back(&mut h, "D1");
    h.reply(
        &read,
        Answer::Deal(Err(ApiError::NotFound {
            message: "Not found.".into(),
        })),
    );
    assert_eq!(column_ids(&h, 0), ["D2", "D3"]);
    let t = toasts(&h);
    assert!(
        t.contains("Deleted “") && t.contains("read back: done"),
        "{t}"
    );

    // A lost delete the service did not carry out: the deal comes back.
    h.press("Dy");
    let calls = verb_calls(&mut h);
    h.fail(&calls[0], server_error());
    let read = deal_read_back(&mut h, "D2");
    h.reply(
        &read,
        Answer::Deal(Ok(Box::new(deal("D2", NEW, "x", Some(2_400_000.0))))),
    );
    assert_eq!(column_ids(&h, 0), ["D2", "D3"], "where the service has it");
    assert!(toasts(&h).contains("read back: not done"));
}

#[test]
fn snapshot_delete_question() {
    let mut h = opened();
    h.press("jD");
    snap_all("funnels_delete_question", &mut h);
}

#[test]
fn snapshot_outcomes_on_the_board() {
    let mut h = opened();
    h.press("wjZ");
    snap_all("funnels_outcomes", &mut h);
}

// ----- search, filters and sort ------------------------------------------------------------

/// The queries of the deal reads sent since the last look, by status.
fn deal_queries(h: &mut Harness) -> Vec<(String, Box<weeek_api::DealQuery>)> {
    h.take(|c| matches!(c, Call::Deals(..)))
        .into_iter()
        .map(|r| match r.call {
            Call::Deals(s, q) => (s, q),
            _ => unreachable!(),
        })
        .collect()
}

#[test]
fn slash_searches_every_column_as_you_type_and_esc_clears_it() {
    let mut h = opened();
    h.press("/");
    assert_eq!(h.app.contexts()[0], Context::FunnelSearch);
    h.press("коф");
    let reads = deal_queries(&mut h);
    assert!(!reads.is_empty());
    let last: Vec<_> = reads
        .iter()
        .filter(|(_, q)| q.search.as_deref() == Some("коф"))
        .collect();
    assert_eq!(
        last.len(),
        3,
        "each column reads the matching deals: {reads:?}"
    );
    assert_eq!(last[0].1.offset, Some(0));
    h.send(code(KeyCode::Enter));
    assert_eq!(
        h.app.contexts()[0],
        Context::Funnel,
        "Enter keeps it and leaves the box"
    );
    assert_eq!(detail(&h).filter_summary().as_deref(), Some("/коф"));
    // `r` keeps the search.
    h.press("r");
    answer_funnel(&mut h, funnels().remove(0));
    let reads = deal_queries(&mut h);
    assert!(
        reads
            .iter()
            .all(|(_, q)| q.search.as_deref() == Some("коф")),
        "{reads:?}"
    );
    h.press("/");
    h.send(code(KeyCode::Esc));
    let reads = deal_queries(&mut h);
    assert_eq!(reads.len(), 3);
    assert!(reads.iter().all(|(_, q)| q.search.is_none()));
    assert_eq!(detail(&h).filter_summary(), None);
}

#[test]
fn f_filters_by_outcome_assignee_tag_and_organization() {
    let mut h = opened();
    h.press("f");
    assert!(
        matches!(
            h.app.funnels.layers.board_picker(),
            Some(super::query::BoardPicker::Filter(None))
        ),
        "waits for the organizations"
    );
    answer_lookups(&mut h, vec![]);
    assert_eq!(h.app.contexts()[0], Context::MultiPicker);
    // Choose "won", Boris, the tag "клиент" and the organization, by typing each.
    for typed in ["won", "Boris", "клиент", "Альфа"] {
        h.press(typed);
        h.send(code(KeyCode::Tab));
        for _ in typed.chars() {
            h.send(code(KeyCode::Backspace));
        }
    }
    h.send(code(KeyCode::Enter));
    assert!(h.app.funnels.layers.board_picker().is_none());
    let reads = deal_queries(&mut h);
    assert_eq!(reads.len(), 3, "every column reads again");
    let q = &reads[0].1;
    assert_eq!(q.win_statuses, [WinStatus::Won]);
    assert_eq!(q.assignee_ids, [BORIS]);
    assert_eq!(q.tags, [2]);
    assert_eq!(q.organizations, ["o1"]);
    assert_eq!(detail(&h).filter_summary().as_deref(), Some("4 filters"));
    // A next page asks with the same filters.
    let r = reads.iter().find(|(s, _)| s == NEW).unwrap().1.clone();
    assert_eq!(r.limit, Some(20));

    // Opened again, the choices are there; taking one off reads again.
    h.press("f");
    h.press("won");
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Enter));
    let reads = deal_queries(&mut h);
    assert!(reads[0].1.win_statuses.is_empty());
    assert_eq!(reads[0].1.tags, [2]);
}

#[test]
fn s_sorts_by_the_service_keys_and_the_same_key_again_reverses() {
    let mut h = opened();
    h.press("s");
    assert_eq!(h.app.contexts()[0], Context::Picker);
    h.press("amount");
    h.send(code(KeyCode::Enter));
    let reads = deal_queries(&mut h);
    assert_eq!(reads.len(), 3);
    let sort = reads[0].1.sort.unwrap();
    assert_eq!(
        (sort.key, sort.descending),
        (weeek_api::DealSortKey::Amount, false)
    );
    assert_eq!(
        reads[0]
            .1
            .to_pairs()
            .iter()
            .find(|(k, _)| k == "sort")
            .unwrap()
            .1,
        "amount"
    );
    h.press("s");
    h.send(code(KeyCode::Enter));
    let reads = deal_queries(&mut h);
    let sort = reads[0].1.sort.unwrap();
    assert!(sort.descending, "the same key again reverses");
    assert_eq!(detail(&h).filter_summary().as_deref(), Some("amount ↓"));
    h.press("s");
    h.press("board");
    h.send(code(KeyCode::Enter));
    assert!(deal_queries(&mut h)[0].1.sort.is_none());
    // Picking what is already there reads nothing again.
    h.press("s");
    h.send(code(KeyCode::Esc));
    assert!(deal_queries(&mut h).is_empty());
}

#[test]
fn snapshot_deal_search_and_filters() {
    let mut h = opened();
    h.press("/коф");
    // Each column's latest read answers the deals that match.
    let answer = |h: &mut Harness, new: Vec<Deal>| {
        for (status, deals) in [(NEW, new), (TALKS, vec![]), (CLOSED, vec![])] {
            let mut reads = h.take(|c| matches!(c, Call::Deals(s, _) if s == status));
            let last = reads.pop().expect("a read of each column");
            h.reply(&last, page(deals, false));
        }
    };
    answer(&mut h, vec![new_deals().remove(1)]);
    snap_all("funnels_deal_search", &mut h);
    h.send(code(KeyCode::Enter));
    h.press("f");
    answer_lookups(&mut h, vec![]);
    h.press("won");
    h.send(code(KeyCode::Tab));
    snap_all("funnels_filter_picker", &mut h);
    h.send(code(KeyCode::Enter));
    answer(&mut h, vec![]);
    snap_all("funnels_filtered_board", &mut h);
}

#[test]
fn a_reload_during_a_delete_reads_the_totals_again_once_it_is_answered() {
    let mut h = opened();
    h.press("Dy");
    let calls = verb_calls(&mut h);
    reload_first_column(&mut h);
    assert_eq!(
        column_ids(&h, 0),
        ["D2", "D3"],
        "the page predates the delete"
    );
    h.take(|c| matches!(c, Call::Deals(..)));
    h.done(&calls[0]);
    let again = h.take(|c| matches!(c, Call::FunnelStatuses(_)));
    assert_eq!(
        again.len(),
        1,
        "totals read before the answer are read again"
    );
}

// ----- the deal form ---------------------------------------------------------------------

fn ctrl_key(c: char) -> Msg {
    crate::testing::ctrl(c)
}

fn editor(h: &Harness) -> &super::editor::DealEditor {
    h.app
        .funnels
        .layers
        .editor()
        .expect("the deal form is open")
}

fn deal_saves(h: &mut Harness) -> Vec<Request> {
    h.take(|c| matches!(c, Call::CreateDeal(..) | Call::PatchDeal(..)))
}

fn draft_writes(h: &Harness) -> Vec<String> {
    h.effects
        .iter()
        .filter_map(|e| match e {
            Effect::WriteFile { path, contents } if path.ends_with("deal-draft.json") => {
                Some(contents.clone())
            }
            _ => None,
        })
        .collect()
}

fn olga() -> weeek_api::models::Contact {
    weeek_api::models::Contact {
        id: "c1".into(),
        first_name: Some("Ольга".into()),
        last_name: Some("Петрова".into()),
        ..Default::default()
    }
}

fn created(id: &str, title: &str, amount: Option<f64>, h: &Harness) -> Deal {
    Deal {
        created_at: Some(h.clock.wall),
        ..deal(id, NEW, title, amount)
    }
}

#[test]
fn n_creates_a_deal_with_an_amount_and_a_contact_in_the_focused_status() {
    let mut h = opened();
    h.press("n");
    assert_eq!(h.app.contexts()[0], Context::DealField);
    h.press("Аудит склада");
    assert!(
        draft_writes(&h)
            .last()
            .is_some_and(|d| d.contains("Аудит склада")),
        "the draft is written as it is typed"
    );
    h.send(code(KeyCode::Tab));
    h.press("1 500 000,50");
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Tab));
    assert_eq!(editor(&h).form.focus, super::deal_form::DealField::Contacts);
    assert_eq!(h.app.contexts()[0], Context::DealChoice);
    // Typing on a choice opens its picker; it waits for the contacts.
    h.press("Оль");
    answer_lookups(&mut h, vec![olga()]);
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Enter));
    assert_eq!(editor(&h).form.contacts[0].name, "Ольга Петрова");
    h.send(ctrl_key('s'));
    let saves = deal_saves(&mut h);
    assert_eq!(saves.len(), 1);
    let Call::CreateDeal(status, input) = &saves[0].call else {
        panic!("a create: {:?}", saves[0].call);
    };
    assert_eq!(status, NEW);
    assert_eq!(input.title.as_deref(), Some("Аудит склада"));
    assert_eq!(input.amount, Some(Some(1_500_000.5)));
    assert_eq!(input.contacts.as_deref(), Some(&["c1".to_string()][..]));
    assert_eq!(
        (&input.assignees, &input.tags, &input.custom_fields),
        (&None, &None, &None)
    );
    assert_eq!(
        h.app.contexts(),
        vec![Context::Global],
        "locked until the answer"
    );
    h.press("x");
    assert_eq!(
        editor(&h).form.title.value(),
        "Аудит склада",
        "typing does nothing now"
    );

    let new = created("D9", "Аудит склада", Some(1_500_000.5), &h);
    h.reply(&saves[0], Answer::CreatedDeal(Ok(Box::new(new))));
    assert!(h.app.funnels.layers.editor().is_none());
    assert_eq!(column_ids(&h, 0), ["D9", "D1", "D2", "D3"]);
    assert_eq!(status_totals(&h, 0), (Some(4), Some(5_100_000.5)));
    assert_eq!(detail(&h).current_deal().unwrap().id, "D9");
    assert!(
        toasts(&h).contains("Created “Аудит склада”"),
        "{}",
        toasts(&h)
    );
    assert_eq!(
        h.effects.last(),
        Some(&Effect::RemoveFile(
            h.app.funnels.draft_path().to_path_buf()
        ))
    );
}

#[test]
fn the_form_checks_as_you_go_and_puts_the_service_errors_at_their_fields() {
    use super::deal_form::DealField as F;
    let mut h = opened();
    h.press("n");
    h.send(ctrl_key('s'));
    assert!(deal_saves(&mut h).is_empty(), "nothing is sent");
    assert_eq!(editor(&h).form.errors[&F::Title], "required");
    h.press("Сделка");
    assert!(
        !editor(&h).form.errors.contains_key(&F::Title),
        "the message follows the value"
    );
    h.send(code(KeyCode::Tab));
    h.press("много");
    assert!(
        editor(&h).form.errors.is_empty(),
        "no message before leaving"
    );
    h.send(code(KeyCode::Tab));
    assert!(editor(&h).form.errors[&F::Amount].contains("a number"));
    h.send(key_event(KeyCode::BackTab, KeyModifiers::SHIFT));
    h.send(ctrl_key('u'));
    assert!(
        editor(&h).form.errors.is_empty(),
        "an emptied amount is fine"
    );
    h.press("-5");
    h.send(code(KeyCode::Tab));
    assert!(editor(&h).form.errors[&F::Amount].contains("negative"));
    h.send(key_event(KeyCode::BackTab, KeyModifiers::SHIFT));
    h.send(key_event(KeyCode::Home, KeyModifiers::NONE));
    h.send(key_event(KeyCode::Delete, KeyModifiers::NONE));
    assert!(
        editor(&h).form.errors.is_empty(),
        "fixed: the message goes as it is typed"
    );
    assert_eq!(editor(&h).form.amount.value(), "5");

    h.send(ctrl_key('s'));
    let saves = deal_saves(&mut h);
    let mut fields = weeek_api::FieldErrors::new();
    fields.insert(
        "title".into(),
        vec!["The title has already been taken.".into()],
    );
    fields.insert("customFields.cf-budget".into(), vec!["Too big.".into()]);
    fields.insert("captcha".into(), vec!["Solve it.".into()]);
    h.fail(
        &saves[0],
        ApiError::Validation {
            message: "The given data was invalid.".into(),
            fields,
        },
    );
    let e = editor(&h);
    assert_eq!(
        e.form.errors[&F::Title],
        "The title has already been taken."
    );
    assert_eq!(e.form.errors[&F::Custom(1)], "Too big.");
    assert!(e.failure.as_deref().is_some_and(|f| f.contains("captcha")));
    assert_eq!(e.form.focus, F::Title);
    assert_eq!(h.app.contexts()[0], Context::DealField, "editable again");
}

#[test]
fn a_create_whose_answer_was_lost_is_looked_for_and_never_sent_twice() {
    let mut h = opened();
    h.press("n");
    h.press("Новая");
    h.send(ctrl_key('s'));
    let saves = deal_saves(&mut h);
    h.fail(&saves[0], ApiError::Timeout);
    let looks = h.take(|c| matches!(c, Call::Deals(_, q) if q.search.as_deref() == Some("Новая")));
    assert_eq!(looks.len(), 1, "looked for before anything else");
    h.send(ctrl_key('s'));
    assert!(
        deal_saves(&mut h).is_empty(),
        "not sent again while looking"
    );
    // Not there: it may be sent again, once.
    h.reply(
        &looks[0],
        page(vec![deal("D1", NEW, "Другая", None)], false),
    );
    let e = editor(&h);
    assert!(
        e.failure
            .as_deref()
            .is_some_and(|f| f.contains("was not created"))
    );
    // Ctrl-s looks once more first (the first send may land late), then sends.
    h.send(ctrl_key('s'));
    assert!(deal_saves(&mut h).is_empty(), "not before the look");
    let before = h.take(|c| matches!(c, Call::Deals(..))).remove(0);
    h.reply(&before, page(vec![deal("D1", NEW, "Другая", None)], false));
    let again = deal_saves(&mut h);
    assert_eq!(again.len(), 1);
    // Lost again, and this time it is there.
    h.fail(&again[0], server_error());
    let looks = h.take(|c| matches!(c, Call::Deals(..)));
    let found = created("D9", "Новая", None, &h);
    h.reply(&looks[0], page(vec![found], false));
    assert!(h.app.funnels.layers.editor().is_none());
    assert_eq!(column_ids(&h, 0)[0], "D9");
    assert!(
        toasts(&h).contains("was created after all"),
        "{}",
        toasts(&h)
    );
    assert!(deal_saves(&mut h).is_empty());
}

#[test]
fn e_edits_the_deal_and_sends_only_what_changed() {
    let mut h = opened();
    h.press("e");
    let e = editor(&h);
    assert_eq!(e.form.title.value(), "Внедрение CRM для «Альфа-Логистик»");
    assert_eq!(e.form.amount.value(), "1 200 000", "as the board shows it");
    assert_eq!(e.form.contacts.len(), 2);
    h.send(code(KeyCode::Tab));
    h.send(ctrl_key('u'));
    h.press("1300000");
    h.send(ctrl_key('s'));
    let saves = deal_saves(&mut h);
    let Call::PatchDeal(id, input) = &saves[0].call else {
        panic!("an edit: {:?}", saves[0].call);
    };
    assert_eq!(id, "D1");
    assert_eq!(
        **input,
        weeek_api::DealInput {
            amount: Some(Some(1_300_000.0)),
            ..Default::default()
        }
    );
    // The answer carries no deal: it is read, and the board shows the service's copy.
    h.reply(&saves[0], Answer::PatchedDeal(Ok(None)));
    let read = deal_read_back(&mut h, "D1");
    let mut fresh = new_deals().remove(0);
    fresh.amount = Some(1_300_000.0);
    h.reply(&read, Answer::Deal(Ok(Box::new(fresh))));
    assert!(h.app.funnels.layers.editor().is_none());
    assert_eq!(
        detail(&h).columns[0].deals.rows[0].amount,
        Some(1_300_000.0)
    );
    assert!(toasts(&h).contains("Saved “"), "{}", toasts(&h));

    // Opened and saved unchanged: nothing is sent.
    h.press("e");
    h.send(ctrl_key('s'));
    assert!(deal_saves(&mut h).is_empty());
    assert!(toasts(&h).contains("Nothing changed"));
}

#[test]
fn an_edit_whose_answer_was_lost_is_read_back_before_anything_is_said() {
    let mut h = opened();
    h.press("e");
    h.send(ctrl_key('u'));
    h.press("Новое имя");
    h.send(ctrl_key('s'));
    let saves = deal_saves(&mut h);
    h.fail(&saves[0], ApiError::Timeout);
    let read = deal_read_back(&mut h, "D1");
    // The service does not have it: the form stays, with the reason, and may be sent again.
    h.reply(&read, Answer::Deal(Ok(Box::new(new_deals().remove(0)))));
    let e = editor(&h);
    assert!(
        e.failure
            .as_deref()
            .is_some_and(|f| f.contains("not saved") && f.contains("not done")),
        "{:?}",
        e.failure
    );
    assert_eq!(e.form.title.value(), "Новое имя", "nothing typed is lost");
    h.send(ctrl_key('s'));
    let again = deal_saves(&mut h);
    assert_eq!(again.len(), 1);
    // Lost again, and the read shows it done.
    h.fail(&again[0], server_error());
    let read = deal_read_back(&mut h, "D1");
    let mut fresh = new_deals().remove(0);
    fresh.title = Some("Новое имя".into());
    h.reply(&read, Answer::Deal(Ok(Box::new(fresh))));
    assert!(h.app.funnels.layers.editor().is_none());
    assert!(toasts(&h).contains("read back: done"), "{}", toasts(&h));
    assert_eq!(
        detail(&h).columns[0].deals.rows[0].title.as_deref(),
        Some("Новое имя")
    );
}

#[test]
fn custom_fields_take_inputs_that_fit_their_types() {
    let mut h = opened();
    h.press("n");
    h.press("Выставка");
    for _ in 0..6 {
        h.send(code(KeyCode::Tab));
    }
    // Text, number, select (picked by typing), yes/no.
    h.press("Сайт");
    h.send(code(KeyCode::Tab));
    h.press("12,5");
    h.send(code(KeyCode::Tab));
    assert_eq!(h.app.contexts()[0], Context::DealChoice);
    h.send(code(KeyCode::Enter));
    assert_eq!(h.app.contexts()[0], Context::Picker, "one option only");
    h.press("Enterp");
    h.send(code(KeyCode::Enter));
    h.send(code(KeyCode::Tab));
    h.press("y");
    h.send(ctrl_key('s'));
    let saves = deal_saves(&mut h);
    let Call::CreateDeal(_, input) = &saves[0].call else {
        panic!("a create");
    };
    let custom = input.custom_fields.clone().expect("custom fields sent");
    assert_eq!(
        serde_json::Value::Object(custom),
        serde_json::json!({
            "cf-text": "Сайт",
            "cf-budget": 12.5,
            "cf-segment": "o-ent",
            "cf-nda": true
        })
    );
}

#[test]
fn esc_on_a_changed_form_asks_and_a_draft_of_the_funnel_comes_back_with_n() {
    let mut h = opened();
    h.press("n");
    h.press("Черновик");
    h.send(code(KeyCode::Esc));
    assert_eq!(h.app.contexts(), vec![Context::Confirm]);
    h.press("n");
    assert_eq!(
        editor(&h).form.title.value(),
        "Черновик",
        "back to the form"
    );
    h.send(code(KeyCode::Esc));
    h.press("y");
    assert!(h.app.funnels.layers.editor().is_none());
    assert_eq!(
        h.effects.last(),
        Some(&Effect::RemoveFile(
            h.app.funnels.draft_path().to_path_buf()
        ))
    );

    // A draft left by an earlier run opens with `n` in its funnel.
    h.app.funnels.found = Some(super::editor::Draft {
        funnel_id: B2B.into(),
        target: super::editor::Target::New {
            status_id: TALKS.into(),
        },
        before: Default::default(),
        values: super::deal_form::Values {
            title: "С прошлого раза".into(),
            amount: "700".into(),
            ..Default::default()
        },
    });
    h.press("n");
    let e = editor(&h);
    assert_eq!(e.form.title.value(), "С прошлого раза");
    assert_eq!(
        e.target,
        super::editor::Target::New {
            status_id: TALKS.into()
        },
        "in the status it was started in"
    );
    assert!(toasts(&h).contains("Draft restored"));
}

#[test]
fn a_draft_file_reads_back_and_a_broken_one_is_kept_aside() {
    let dir = std::env::temp_dir().join(format!("weeek-deal-draft-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut state = super::FunnelsState::new(&dir);
    let draft = super::editor::Draft {
        funnel_id: B2B.into(),
        target: super::editor::Target::Edit {
            deal_id: "D1".into(),
        },
        before: Default::default(),
        values: super::deal_form::Values {
            title: "Сделка".into(),
            ..Default::default()
        },
    };
    std::fs::write(state.draft_path(), serde_json::to_string(&draft).unwrap()).unwrap();
    state.load_draft();
    assert_eq!(state.found, Some(draft));
    std::fs::write(state.draft_path(), "{\"funnelId\": \"Fn").unwrap();
    let mut again = super::FunnelsState::new(&dir);
    again.load_draft();
    assert!(again.found.is_none());
    assert!(!again.draft_path().exists(), "moved aside");
    assert_eq!(
        std::fs::read_to_string(dir.join("deal-draft.json.unreadable")).unwrap(),
        "{\"funnelId\": \"Fn"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn snapshot_deal_form() {
    let mut h = opened();
    h.press("n");
    h.press("Аудит склада");
    h.send(code(KeyCode::Tab));
    h.press("много");
    h.send(code(KeyCode::Tab));
    snap_all("funnels_deal_form", &mut h);
}

#[path = "deal_task_tests.rs"]
mod deal_task_tests;

#[path = "deal_link_tests.rs"]
mod deal_link_tests;

#[path = "structure_tests.rs"]
mod structure_tests;

#[path = "offline_tests.rs"]
mod offline_tests;

#[path = "stored_board_tests.rs"]
mod stored_board_tests;

/// The board's footer says what is possible where the cursor is, as the task board's does.
#[test]
fn the_board_footer_follows_the_cursor() {
    let mut h = opened();
    h.resize(160, 45);
    let footer = |h: &Harness| h.render().lines().last().unwrap_or_default().to_string();
    // The first status, on a deal.
    let f = footer(&h);
    assert!(f.contains(" l/→ status "), "{f}");
    assert!(!f.contains("h/"), "nothing before the first status: {f}");
    assert!(f.contains(" L move ") && !f.contains("H/L"), "{f}");
    for hint in [
        " n new ",
        " e edit ",
        " w/W won/lost ",
        " D delete ",
        " Enter deal ",
    ] {
        assert!(f.contains(hint), "{hint}: {f}");
    }
    // A status in the middle: both ways.
    h.press("l");
    let f = footer(&h);
    assert!(
        f.contains(" h/l status ") && f.contains(" H/L move "),
        "{f}"
    );
    // The last status, with no deal: back only, and nothing to do to a deal.
    h.press("l");
    let f = footer(&h);
    assert!(f.contains(" h/← status "), "{f}");
    for gone in ["move", " e edit", " D delete", "Enter deal", "won/lost"] {
        assert!(!f.contains(gone), "{gone}: {f}");
    }
    assert!(f.contains(" n new "), "a deal can be made here: {f}");
}

#[test]
fn every_figure_follows_a_deal_created_edited_and_moved() {
    let mut h = opened();
    h.resize(160, 45);
    h.press("n");
    h.press("Аудит склада");
    h.send(code(KeyCode::Tab));
    h.press("1 250 000,50");
    h.send(ctrl_key('s'));
    let saves = deal_saves(&mut h);
    let new = created("D9", "Аудит склада", Some(1_250_000.5), &h);
    h.reply(&saves[0], Answer::CreatedDeal(Ok(Box::new(new.clone()))));
    assert_eq!(status_totals(&h, 0), (Some(4), Some(4_850_000.5)));
    let f = detail(&h).funnel_figures().unwrap();
    assert_eq!((f.count, f.amount), (Some(102), Some(12_501_250_001.0)));

    h.press("e");
    h.send(code(KeyCode::Tab));
    h.send(ctrl_key('u'));
    h.press("2000000");
    h.send(ctrl_key('s'));
    let saves = deal_saves(&mut h);
    let edited = Deal {
        amount: Some(2_000_000.0),
        ..new
    };
    h.reply(&saves[0], Answer::PatchedDeal(Ok(Some(Box::new(edited)))));
    assert_eq!(status_totals(&h, 0), (Some(4), Some(5_600_000.0)));

    h.press("L");
    assert_eq!(column_ids(&h, 1), ["D9", "D4"]);
    assert_eq!(
        status_totals(&h, 0),
        (Some(3), Some(3_600_000.0)),
        "the old status gives back what the deal weighs now"
    );
    assert_eq!(status_totals(&h, 1), (Some(2), Some(9_002_000_000.0)));
    let f = detail(&h).funnel_figures().unwrap();
    assert_eq!((f.count, f.amount), (Some(102), Some(12_502_000_000.5)));
    let moves = h.take(|c| matches!(c, Call::MoveDeal { .. }));
    h.done(&moves[0]);
    assert_eq!(status_totals(&h, 0), (Some(3), Some(3_600_000.0)));
    let screen = h.render();
    assert!(
        screen.contains("102 deals · 12 502 000 000,50 ₽"),
        "the header counts the new deal:\n{screen}"
    );

    // The service's read once nothing is on its way counts it all: nothing is laid over twice.
    h.press("r");
    let mut after = statuses();
    after[1] = status(TALKS, "Переговоры", 2, 9_002_000_000.0);
    h.answer_all(
        |c| matches!(c, Call::FunnelStatuses(_)),
        || Answer::FunnelStatuses(Ok(after.clone())),
    );
    assert_eq!(status_totals(&h, 1), (Some(2), Some(9_002_000_000.0)));
}

#[test]
fn the_deal_form_fits_its_longest_label_and_wraps_past_a_third_of_its_width() {
    let mut h = list();
    h.resize(160, 45);
    h.send(code(KeyCode::Enter));
    let mut f = funnels().remove(0);
    f.custom_fields.push(CustomField {
        id: "cf-next".into(),
        name: Some("Следующий контакт".into()),
        r#type: Some("datetime".into()),
        ..Default::default()
    });
    f.custom_fields.push(CustomField {
        id: "cf-long".into(),
        name: Some("Ответственный за согласование договора".into()),
        r#type: Some("text".into()),
        ..Default::default()
    });
    answer_funnel(&mut h, f);
    h.press("n");
    let screen = h.render();
    assert!(screen.contains("Следующий контакт "), "{screen}");
    assert!(
        screen.contains("Ответственный за") && screen.contains("согласование"),
        "a label past a third of the form wraps, whole:\n{screen}"
    );
    assert!(!screen.contains("кон…"), "{screen}");
}

#[test]
fn f_offers_open_deals_narrowed_here_as_the_service_has_no_such_filter() {
    let mut h = opened();
    h.press("f");
    answer_lookups(&mut h, vec![]);
    h.press("open");
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Enter));
    let reads = h.take(|c| matches!(c, Call::Deals(..)));
    assert_eq!(reads.len(), 3, "every column reads again");
    let Call::Deals(_, q) = &reads[0].call else {
        unreachable!()
    };
    assert!(q.win_statuses.is_empty(), "no outcome is sent for open");
    assert_eq!(detail(&h).filter_summary().as_deref(), Some("1 filter"));
    let new = reads
        .iter()
        .find(|r| matches!(&r.call, Call::Deals(s, _) if s == NEW))
        .unwrap();
    h.reply(new, page(new_deals(), true));
    assert_eq!(column_ids(&h, 0), ["D1", "D2"], "the lost one is left out");
    // The next page starts after every deal the service sent, the left-out one too.
    h.press("G");
    let more = deal_queries(&mut h);
    let (_, q) = more.iter().find(|(s, _)| s == NEW).expect("the next page");
    assert_eq!(q.offset, Some(3));
}

/// A deal of the same title made before (on the board when the form was sent) is not the one
/// a refused create made: the form stays with its draft, and a send again makes the second.
#[test]
fn a_twin_deal_from_before_is_not_taken_for_a_refused_create() {
    let mut h = opened();
    h.press("n");
    h.press("Inbound lead");
    h.send(ctrl_key('s'));
    let saves = deal_saves(&mut h);
    h.effects.clear();
    h.fail(
        &saves[0],
        ApiError::Server {
            status: 503,
            message: None,
        },
    );
    let look = h.take(|c| matches!(c, Call::Deals(..))).remove(0);
    // Stamped at the very moment of the send: only the deals known before tell it apart.
    let twin = Deal {
        created_at: Some(h.clock.wall),
        ..deal("D3", NEW, "Inbound lead", None)
    };
    h.reply(&look, page(vec![twin.clone()], false));
    assert!(!toasts(&h).contains("after all"), "{}", toasts(&h));
    let e = editor(&h);
    assert!(
        e.failure
            .as_deref()
            .is_some_and(|f| f.contains("was not created")),
        "{:?}",
        e.failure
    );
    assert_eq!(e.form.title.value(), "Inbound lead", "the form stays");
    assert!(
        !h.effects
            .iter()
            .any(|e| matches!(e, Effect::RemoveFile(p) if p.ends_with("deal-draft.json"))),
        "the draft stays"
    );
    // Sent again: looked for once more first, then sent once.
    h.send(ctrl_key('s'));
    assert!(deal_saves(&mut h).is_empty(), "not before the look");
    let look = h.take(|c| matches!(c, Call::Deals(..))).remove(0);
    h.reply(&look, page(vec![twin], false));
    assert_eq!(deal_saves(&mut h).len(), 1, "sent again, once");
}

/// A deal form sent and not answered: quitting asks, and its draft is still on disk.
#[test]
fn quitting_while_a_deal_is_being_created_asks_and_keeps_the_draft() {
    let mut h = opened();
    h.press("n");
    h.press("Новая");
    h.send(ctrl_key('s'));
    assert_eq!(deal_saves(&mut h).len(), 1);
    h.send(code(KeyCode::Esc));
    h.press("q");
    assert!(!h.quits(), "asks first");
    assert!(
        matches!(h.app.overlay, Some(crate::app::Overlay::Confirm { .. })),
        "{:?}",
        h.app.overlay.is_some()
    );
    assert!(
        !h.effects
            .iter()
            .any(|e| matches!(e, Effect::RemoveFile(p) if p.ends_with("deal-draft.json"))),
        "the draft is still there"
    );
}
