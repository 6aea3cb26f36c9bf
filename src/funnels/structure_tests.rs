//! Funnels and statuses made, renamed, deleted and reordered: success, refusal and lost
//! answers of each verb.

use super::*;

fn status_names(h: &Harness) -> Vec<String> {
    detail(h)
        .status_list()
        .iter()
        .map(|s| s.name.clone().unwrap_or_default())
        .collect()
}

fn column_statuses(h: &Harness) -> Vec<String> {
    detail(h)
        .columns
        .iter()
        .map(|c| c.status_id.clone())
        .collect()
}

fn funnel_names(h: &Harness) -> Vec<String> {
    h.app
        .funnels
        .list
        .all()
        .iter()
        .map(|f| f.name.clone().unwrap_or_default())
        .collect()
}

/// Types `name` into the open name prompt and takes it.
fn name(h: &mut Harness, name: &str) {
    assert_eq!(h.app.contexts()[0], Context::Prompt);
    h.send(ctrl('u'));
    h.send(Msg::Term(crossterm::event::Event::Paste(name.into())));
    h.send(code(KeyCode::Enter));
}

fn one(h: &mut Harness, pred: impl Fn(&Call) -> bool) -> Request {
    let mut reqs = h.take(pred);
    assert_eq!(reqs.len(), 1, "one request: {reqs:?}");
    reqs.remove(0)
}

const FRESH: &str = "St9FrEsH0aaaaaaa";

#[test]
fn a_new_status_goes_last_and_its_column_loads() {
    let mut h = opened();
    h.press("C");
    name(&mut h, "Пилот");
    let r = one(
        &mut h,
        |c| matches!(c, Call::CreateFunnelStatus(f, n) if f == B2B && n == "Пилот"),
    );
    assert_eq!(status_names(&h).len(), 3, "shown once the service answers");
    h.reply(
        &r,
        Answer::CreatedFunnelStatus(Ok(status(FRESH, "Пилот", 0, 0.0))),
    );
    assert_eq!(
        status_names(&h),
        ["Новый лид", "Переговоры", "Закрыто", "Пилот"]
    );
    assert_eq!(column_statuses(&h).last().map(String::as_str), Some(FRESH));
    assert_eq!(detail(&h).focus, 3, "the new column is focused");
    deals_request(&mut h, FRESH);
    assert!(toasts(&h).contains("Created the status “Пилот”"));
}

#[test]
fn a_refused_new_status_says_why_and_an_empty_name_is_not_sent() {
    let mut h = opened();
    h.press("C");
    h.send(code(KeyCode::Enter));
    let p = h.app.funnels.layers.name_prompt().expect("still open");
    assert_eq!(p.error.as_deref(), Some("A name is needed."));
    assert!(
        h.take(|c| matches!(c, Call::CreateFunnelStatus(..)))
            .is_empty()
    );
    name(&mut h, "Пилот");
    let r = one(&mut h, |c| matches!(c, Call::CreateFunnelStatus(..)));
    h.fail(&r, refused());
    assert_eq!(status_names(&h).len(), 3);
    assert!(toasts(&h).contains("Could not create the status “Пилот”: Not allowed"));
}

#[test]
fn a_new_status_whose_answer_was_lost_is_looked_for_before_anything_is_sent_again() {
    let mut h = opened();
    h.press("C");
    name(&mut h, "Пилот");
    let r = one(&mut h, |c| matches!(c, Call::CreateFunnelStatus(..)));
    h.fail(&r, ApiError::Timeout);
    let look = one(&mut h, |c| matches!(c, Call::FunnelStatuses(f) if f == B2B));
    let mut after = statuses();
    after.push(FunnelStatus {
        created_at: Some(h.clock.wall),
        ..status(FRESH, "Пилот", 0, 0.0)
    });
    h.reply(&look, Answer::FunnelStatuses(Ok(after.clone())));
    assert!(
        toasts(&h).contains("was created after all"),
        "{}",
        toasts(&h)
    );
    assert!(
        h.take(|c| matches!(c, Call::CreateFunnelStatus(..)))
            .is_empty()
    );
    // The funnel is read again: the new status shows as the service has it.
    let reread = one(&mut h, |c| matches!(c, Call::FunnelStatuses(_)));
    h.reply(&reread, Answer::FunnelStatuses(Ok(after)));
    assert_eq!(status_names(&h).last().map(String::as_str), Some("Пилот"));

    // Looked for and not found: said so, nothing sent.
    h.press("C");
    name(&mut h, "Ещё один");
    let r = one(&mut h, |c| matches!(c, Call::CreateFunnelStatus(..)));
    h.fail(&r, ApiError::Timeout);
    let look = one(&mut h, |c| matches!(c, Call::FunnelStatuses(_)));
    h.reply(&look, Answer::FunnelStatuses(Ok(statuses())));
    assert!(toasts(&h).contains("“Ещё один” was not created"));
    assert!(
        h.take(|c| matches!(c, Call::CreateFunnelStatus(..)))
            .is_empty()
    );
    // The same name again: looked for once more first (the first send may land late), then
    // sent once.
    h.press("C");
    name(&mut h, "Ещё один");
    assert!(
        h.take(|c| matches!(c, Call::CreateFunnelStatus(..)))
            .is_empty()
    );
    let look = one(&mut h, |c| matches!(c, Call::FunnelStatuses(_)));
    h.reply(&look, Answer::FunnelStatuses(Ok(statuses())));
    assert_eq!(
        h.take(|c| matches!(c, Call::CreateFunnelStatus(..))).len(),
        1
    );
}

#[test]
fn renaming_a_status_shows_at_once_and_a_refusal_puts_the_name_back() {
    let mut h = opened();
    h.press("R");
    name(&mut h, "Первый контакт");
    assert_eq!(status_names(&h)[0], "Первый контакт");
    let r = one(
        &mut h,
        |c| matches!(c, Call::RenameFunnelStatus(id, n) if id == NEW && n == "Первый контакт"),
    );
    h.fail(&r, refused());
    assert_eq!(status_names(&h)[0], "Новый лид");
    assert!(toasts(&h).contains("Could not rename the status “Новый лид”"));
    // The prompt came back with the name; closed, the name is sent again from a new one.
    h.send(code(KeyCode::Esc));
    h.press("R");
    name(&mut h, "Первый контакт");
    let r = one(&mut h, |c| matches!(c, Call::RenameFunnelStatus(..)));
    h.reply(
        &r,
        Answer::RenamedFunnelStatus(Ok(status(NEW, "Первый контакт", 3, 0.0))),
    );
    assert_eq!(status_names(&h)[0], "Первый контакт");
    assert!(toasts(&h).contains("Renamed the status “Новый лид” to “Первый контакт”"));
}

#[test]
fn the_rename_prompt_names_the_status() {
    let mut h = opened();
    h.press("R");
    let title = h.app.funnels.layers.name_prompt().map(|p| p.title());
    assert_eq!(title.as_deref(), Some("Rename “Новый лид”"));
}

#[test]
fn a_lost_rename_is_read_back_and_the_statuses_shown_as_the_service_has_them() {
    let mut h = opened();
    h.take(|c| matches!(c, Call::FunnelStatuses(_)));
    h.press("R");
    name(&mut h, "Первый контакт");
    let r = one(&mut h, |c| matches!(c, Call::RenameFunnelStatus(..)));
    h.fail(&r, server_error());
    assert_eq!(
        status_names(&h)[0],
        "Первый контакт",
        "no rollback on a guess"
    );
    let read = one(&mut h, |c| matches!(c, Call::FunnelStatuses(_)));
    h.reply(&read, Answer::FunnelStatuses(Ok(statuses())));
    assert_eq!(
        status_names(&h)[0],
        "Новый лид",
        "the service does not have it"
    );
    assert!(toasts(&h).contains("read back: not done"), "{}", toasts(&h));
}

#[test]
fn deleting_a_status_asks_what_becomes_of_its_deals_then_takes_it_off() {
    let mut h = opened();
    h.press("X");
    let q = h.app.funnels.layers.ask().expect("asks").question();
    assert!(
        q.contains("Delete the status “Новый лид”? It holds 3 deals"),
        "{q}"
    );
    h.press("n");
    assert_eq!(status_names(&h).len(), 3);
    h.press("X");
    h.press("y");
    assert_eq!(status_names(&h), ["Переговоры", "Закрыто"]);
    assert_eq!(column_statuses(&h), [TALKS, CLOSED]);
    let r = one(
        &mut h,
        |c| matches!(c, Call::DeleteFunnelStatus(id) if id == NEW),
    );
    // The service refuses while the status holds deals: it comes back, and the statuses are
    // read again.
    h.fail(
        &r,
        ApiError::Validation {
            message: "The status has deals.".into(),
            fields: Default::default(),
        },
    );
    assert_eq!(status_names(&h), ["Новый лид", "Переговоры", "Закрыто"]);
    assert_eq!(column_statuses(&h), [NEW, TALKS, CLOSED]);
    assert!(toasts(&h).contains("Could not delete the status “Новый лид”"));
    assert_eq!(h.take(|c| matches!(c, Call::FunnelStatuses(_))).len(), 1);
}

#[test]
fn a_status_the_service_no_longer_finds_counts_as_deleted() {
    let mut h = opened();
    h.press("lllX");
    h.press("y");
    let r = one(
        &mut h,
        |c| matches!(c, Call::DeleteFunnelStatus(id) if id == CLOSED),
    );
    h.fail(
        &r,
        ApiError::NotFound {
            message: "Record not found".into(),
        },
    );
    assert_eq!(status_names(&h), ["Новый лид", "Переговоры"]);
    assert!(toasts(&h).contains("Deleted the status “Закрыто”"));
}

#[test]
fn moving_a_status_reorders_at_once_and_a_service_without_it_says_so() {
    let mut h = opened();
    h.press(">");
    assert_eq!(status_names(&h), ["Переговоры", "Новый лид", "Закрыто"]);
    assert_eq!(column_statuses(&h), [TALKS, NEW, CLOSED]);
    assert_eq!(detail(&h).focus, 1, "the focus moves with the status");
    let r = one(
        &mut h,
        |c| matches!(c, Call::MoveFunnelStatus(id, Some(after)) if id == NEW && after == TALKS),
    );
    h.fail(
        &r,
        ApiError::NotFound {
            message: "route could not be found".into(),
        },
    );
    assert_eq!(status_names(&h), ["Новый лид", "Переговоры", "Закрыто"]);
    assert_eq!(detail(&h).focus, 0);
    assert!(
        toasts(&h).contains("this service does not offer reordering statuses"),
        "{}",
        toasts(&h)
    );

    h.press("<");
    assert!(toasts(&h).contains("already the first"));
    h.press("l<");
    let r = one(
        &mut h,
        |c| matches!(c, Call::MoveFunnelStatus(id, None) if id == TALKS),
    );
    h.done(&r);
    assert_eq!(status_names(&h), ["Переговоры", "Новый лид", "Закрыто"]);
    assert!(toasts(&h).contains("Moved the status “Переговоры”"));
}

#[test]
fn a_new_funnel_shows_in_the_list_under_the_cursor() {
    let mut h = list();
    h.press("n");
    name(&mut h, "Экспорт");
    // The currency comes next, the service's default under the cursor.
    assert_eq!(h.app.contexts()[0], Context::Picker);
    assert!(h.render().contains("Currency of “Экспорт”"));
    assert!(h.take(|c| matches!(c, Call::CreateFunnel(_))).is_empty());
    h.send(code(KeyCode::Down));
    h.send(code(KeyCode::Enter));
    let r = one(&mut h, |c| {
        matches!(c, Call::CreateFunnel(f)
            if f.name.as_deref() == Some("Экспорт") && f.currency_id == Some(2))
    });
    h.reply(
        &r,
        Answer::CreatedFunnel(Ok(Box::new(funnel("FnNeW0000000000x", "Экспорт", 1)))),
    );
    assert_eq!(funnel_names(&h).last().map(String::as_str), Some("Экспорт"));
    assert_eq!(
        h.app.funnels.list.current().map(|f| f.id.as_str()),
        Some("FnNeW0000000000x")
    );
}

#[test]
fn renaming_a_funnel_shows_at_once_and_a_refusal_puts_it_back() {
    let mut h = list();
    h.press("e");
    name(&mut h, "B2B продажи");
    assert_eq!(funnel_names(&h)[0], "B2B продажи");
    let r = one(
        &mut h,
        |c| matches!(c, Call::UpdateFunnel(id, f) if id == B2B && f.name.as_deref() == Some("B2B продажи") && f.currency_id.is_none()),
    );
    h.fail(&r, refused());
    assert_eq!(funnel_names(&h)[0], "Продажи B2B");
    assert!(toasts(&h).contains("Could not rename the funnel “Продажи B2B”"));
}

#[test]
fn deleting_a_funnel_asks_with_its_deals_and_a_lost_answer_is_read_back() {
    let mut h = list();
    h.press("D");
    let q = h.app.funnels.layers.ask().expect("asks").question();
    assert!(
        q.contains("Delete the funnel “Продажи B2B” with its statuses and its 101 deals?"),
        "{q}"
    );
    h.press("y");
    assert_eq!(funnel_names(&h), ["Partnerships", "Архив 2025"]);
    let r = one(&mut h, |c| matches!(c, Call::DeleteFunnel(id) if id == B2B));
    h.fail(&r, ApiError::Timeout);
    let read = one(&mut h, |c| matches!(c, Call::Funnel(id) if id == B2B));
    h.fail(
        &read,
        ApiError::NotFound {
            message: "Record not found".into(),
        },
    );
    assert_eq!(funnel_names(&h), ["Partnerships", "Архив 2025"]);
    let t = toasts(&h);
    assert!(t.contains("Deleted the funnel “Продажи B2B”"), "{t}");
    assert!(t.contains("read back: done"), "{t}");

    // Refused: back where it was.
    h.press("D");
    h.press("y");
    let r = one(&mut h, |c| matches!(c, Call::DeleteFunnel(_)));
    h.fail(&r, refused());
    assert_eq!(funnel_names(&h), ["Partnerships", "Архив 2025"]);
}

#[test]
fn a_refresh_keeps_a_rename_on_its_way() {
    let mut h = list();
    h.press("e");
    name(&mut h, "B2B продажи");
    h.press("r");
    let n = h.answer_all(
        |c| matches!(c, Call::Funnels),
        || Answer::Funnels(Ok(funnels())),
    );
    assert_eq!(n, 1);
    assert_eq!(funnel_names(&h)[0], "B2B продажи");
}

#[test]
fn snapshot_structure_prompts_and_questions() {
    let mut h = opened();
    h.press("R");
    for (w, hh) in [(160, 45), (100, 30), (80, 24), (40, 12)] {
        h.resize(w, hh);
        insta::assert_snapshot!(format!("funnels_status_rename_{w}x{hh}"), h.render());
    }
    h.send(code(KeyCode::Esc));
    h.press("X");
    for (w, hh) in [(160, 45), (100, 30), (80, 24), (40, 12)] {
        h.resize(w, hh);
        insta::assert_snapshot!(format!("funnels_status_delete_{w}x{hh}"), h.render());
    }
    let mut h = list();
    h.press("D");
    h.resize(100, 30);
    insta::assert_snapshot!("funnels_funnel_delete_100x30", h.render());
    h.send(code(KeyCode::Esc));
    h.press("n");
    name(&mut h, "Экспорт");
    for (w, hh) in [(100, 30), (40, 12)] {
        h.resize(w, hh);
        insta::assert_snapshot!(format!("funnels_funnel_currency_{w}x{hh}"), h.render());
    }
}

#[test]
fn without_the_currencies_a_new_funnel_takes_the_default_and_says_so() {
    let mut h = list();
    h.app.names.currencies = Loadable::NotAsked;
    h.press("n");
    name(&mut h, "Экспорт");
    let r = one(
        &mut h,
        |c| matches!(c, Call::CreateFunnel(f) if f.currency_id.is_none()),
    );
    assert!(toasts(&h).contains("the service's default currency"));
    h.fail(&r, refused());
    // Esc in the currency picker sends nothing.
    h.app.names.currencies = Loadable::Loaded(vec![Currency {
        id: 1,
        name: Some("Российский рубль".into()),
        code: Some("RUB".into()),
        symbol: Some("₽".into()),
    }]);
    h.press("n");
    name(&mut h, "Экспорт");
    h.send(code(KeyCode::Esc));
    assert!(h.app.funnels.layers.currency().is_none());
    assert!(h.take(|c| matches!(c, Call::CreateFunnel(_))).is_empty());
}

#[test]
fn a_lost_move_is_read_back_and_judged_by_where_the_status_stands() {
    let mut h = opened();
    h.take(|c| matches!(c, Call::FunnelStatuses(_)));
    h.press(">");
    let r = one(&mut h, |c| matches!(c, Call::MoveFunnelStatus(..)));
    h.fail(&r, ApiError::Timeout);
    let read = one(&mut h, |c| matches!(c, Call::FunnelStatuses(_)));
    let moved = vec![
        status(TALKS, "Переговоры", 1, 9_000_000_000.0),
        status(NEW, "Новый лид", 3, 3_600_000.0),
        status(CLOSED, "Закрыто", 0, 0.0),
    ];
    h.reply(&read, Answer::FunnelStatuses(Ok(moved)));
    assert_eq!(status_names(&h), ["Переговоры", "Новый лид", "Закрыто"]);
    let t = toasts(&h);
    assert!(t.contains("Moved the status “Новый лид”"), "{t}");
    assert!(t.contains("read back: done"), "{t}");

    // Lost again, and the service has the old order: said so, and shown as it is.
    h.take(|c| matches!(c, Call::FunnelStatuses(_)));
    h.press(">");
    let r = one(&mut h, |c| matches!(c, Call::MoveFunnelStatus(..)));
    h.fail(&r, ApiError::Timeout);
    let read = one(&mut h, |c| matches!(c, Call::FunnelStatuses(_)));
    let unmoved = vec![
        status(TALKS, "Переговоры", 1, 9_000_000_000.0),
        status(NEW, "Новый лид", 3, 3_600_000.0),
        status(CLOSED, "Закрыто", 0, 0.0),
    ];
    h.reply(&read, Answer::FunnelStatuses(Ok(unmoved)));
    assert_eq!(status_names(&h), ["Переговоры", "Новый лид", "Закрыто"]);
    assert!(toasts(&h).contains("read back: not done"), "{}", toasts(&h));
}

use crate::funnels::structure_prompts::Naming;

fn too_long() -> ApiError {
    let mut fields = weeek_api::FieldErrors::new();
    fields.insert(
        "name".into(),
        vec!["The name may not be greater than 60 characters.".into()],
    );
    ApiError::Validation {
        message: "The given data was invalid.".into(),
        fields,
    }
}

/// The name prompt is open again with `typed` and the service's words at it.
fn prompt_back(h: &mut Harness, naming: Naming, typed: &str) {
    let p = h
        .app
        .funnels
        .layers
        .name_prompt()
        .expect("the prompt comes back");
    assert_eq!(p.naming, naming);
    assert_eq!(p.field.value(), typed, "what was typed is kept");
    assert_eq!(
        p.error.as_deref(),
        Some("Rejected: The name may not be greater than 60 characters.")
    );
    let screen = h.render();
    assert!(screen.contains("may not be greater than 60"), "{screen}");
}

#[test]
fn a_422_brings_each_name_prompt_back_with_what_was_typed_and_why() {
    // Renaming a funnel.
    let mut h = list();
    h.press("e");
    name(&mut h, "Очень длинное имя воронки");
    assert!(h.app.funnels.layers.name_prompt().is_none(), "sent: closed");
    let r = one(&mut h, |c| matches!(c, Call::UpdateFunnel(..)));
    h.fail(&r, too_long());
    assert_eq!(funnel_names(&h)[0], "Продажи B2B", "put back");
    let rename = Naming::RenameFunnel { id: B2B.into() };
    prompt_back(&mut h, rename, "Очень длинное имя воронки");
    // Put right, sent again from there.
    name(&mut h, "Короче");
    one(
        &mut h,
        |c| matches!(c, Call::UpdateFunnel(id, f) if id == B2B && f.name.as_deref() == Some("Короче")),
    );

    // A new funnel: its name comes back, and the currency is picked again after it.
    let mut h = list();
    h.press("n");
    name(&mut h, "Воронка с длинным именем");
    h.send(code(KeyCode::Enter));
    let r = one(&mut h, |c| matches!(c, Call::CreateFunnel(_)));
    h.fail(&r, too_long());
    prompt_back(&mut h, Naming::NewFunnel, "Воронка с длинным именем");

    // Renaming and making a status.
    let mut h = opened();
    h.press("R");
    name(&mut h, "Статус с длинным именем");
    let r = one(&mut h, |c| matches!(c, Call::RenameFunnelStatus(..)));
    h.fail(&r, too_long());
    let rename = Naming::RenameStatus {
        funnel: B2B.into(),
        id: NEW.into(),
        was: "Новый лид".into(),
    };
    prompt_back(&mut h, rename, "Статус с длинным именем");
    h.send(code(KeyCode::Esc));
    h.press("C");
    name(&mut h, "Новый статус с длинным именем");
    let r = one(&mut h, |c| matches!(c, Call::CreateFunnelStatus(..)));
    h.fail(&r, too_long());
    let new = Naming::NewStatus { funnel: B2B.into() };
    prompt_back(&mut h, new, "Новый статус с длинным именем");
}
