//! The deal board offline: a move, an outcome and a delete kept in the outbox and shown at
//! once; against the sandbox, replayed once the service is back (sent, conflict, an answer
//! lost on the way, a deal deleted meanwhile); the deal form's new deal and edit likewise.

use super::*;
use crate::outbox::{Change, DealField, Field, State};
use crate::store::Store;

/// The board offline: the next read fails to connect.
fn offline(h: &mut Harness) {
    h.press("r");
    h.cut_off();
    assert!(h.app.offline.is_offline());
}

fn writes(h: &Harness) -> Vec<Call> {
    h.pending
        .iter()
        .filter(|r| r.call.is_write())
        .map(|r| r.call.clone())
        .collect()
}

#[test]
fn offline_a_move_an_outcome_and_a_delete_are_kept_in_order_shown_and_never_sent() {
    let mut h = opened();
    offline(&mut h);
    let mut store = Store::in_memory();
    // D2 to the next status, D1 won, D3 deleted.
    h.press("jL");
    h.press("hgw");
    h.press("jjD");
    h.press("y");
    assert_eq!(writes(&h), [], "nothing goes to the service");
    h.keep_outbox(&mut store);
    let kept = store.outbox().unwrap();
    let changes: Vec<(Option<&str>, &Change)> = kept
        .iter()
        .map(|e| (e.item.id.as_deref(), &e.change))
        .collect();
    assert_eq!(
        changes,
        [
            (
                Some("D2"),
                &Change::Set(Field::Deal(DealField::Status(TALKS.into())))
            ),
            (
                Some("D1"),
                &Change::Set(Field::Deal(DealField::Outcome(Some(WinStatus::Won))))
            ),
            (Some("D3"), &Change::Delete),
        ]
    );
    assert_eq!(
        kept[0].base.value,
        Some(Field::Deal(DealField::Status(NEW.into())))
    );
    assert_eq!(
        kept[1].base.value,
        Some(Field::Deal(DealField::Outcome(None)))
    );
    // Shown as they will be.
    assert_eq!(column_ids(&h, 0), ["D1"]);
    assert_eq!(column_ids(&h, 1), ["D2", "D4"]);
    assert_eq!(
        detail(&h).columns[0].deals.rows[0].win_status,
        Some(WinStatus::Won)
    );
    assert!(h.render().contains("won · queued"), "{}", h.render());
    assert!(toasts(&h).contains("kept in the outbox"), "{}", toasts(&h));
    // A page read meanwhile (the store's, say) shows them over it.
    h.press("r");
    h.answer_all(
        |c| matches!(c, Call::FunnelStatuses(_)),
        || Answer::FunnelStatuses(Ok(statuses())),
    );
    let r = deals_request(&mut h, NEW);
    h.reply(&r, page(new_deals(), false));
    assert_eq!(column_ids(&h, 0), ["D1"]);
    assert_eq!(
        detail(&h).columns[0].deals.rows[0].win_status,
        Some(WinStatus::Won)
    );
    // The page of the status it goes to, read after (it does not hold the deal yet): the
    // moved card stays where it goes.
    let r = deals_request(&mut h, TALKS);
    h.reply(&r, page(talks_deals(), false));
    assert_eq!(column_ids(&h, 1), ["D2", "D4"]);
    // The totals read from the service do not count them yet: they are laid over.
    let screen = h.render();
    let totals = screen
        .lines()
        .find(|l| l.contains(" · ") && l.contains('│') && l.contains("deal"))
        .unwrap_or_default();
    let columns: Vec<&str> = totals.split('│').map(str::trim).collect();
    assert!(
        columns[0].starts_with("1 deal ·"),
        "D2 out, D3 deleted: {totals}"
    );
    assert!(columns[1].starts_with("2 deals ·"), "D2 in: {totals}");
}

#[test]
fn a_move_that_cannot_reach_the_service_goes_to_the_outbox() {
    let mut h = opened();
    let mut store = Store::in_memory();
    h.press("L");
    let m = h.take(|c| matches!(c, Call::MoveDeal { .. })).remove(0);
    h.fail(&m, crate::testing::unreachable());
    assert!(h.app.offline.is_offline());
    h.keep_outbox(&mut store);
    let kept = store.outbox().unwrap();
    assert_eq!(kept.len(), 1);
    assert_eq!(
        kept[0].change,
        Change::Set(Field::Deal(DealField::Status(TALKS.into())))
    );
    assert_eq!(column_ids(&h, 1), ["D1", "D4"], "still shown where it goes");
}

#[test]
fn dropping_a_kept_move_puts_the_deal_back_and_reads_it_again() {
    let mut h = opened();
    offline(&mut h);
    let mut store = Store::in_memory();
    h.press("L");
    h.keep_outbox(&mut store);
    h.press("O");
    h.press("D");
    h.keep_outbox(&mut store);
    assert!(store.outbox().unwrap().is_empty());
    assert_eq!(column_ids(&h, 0), ["D1", "D2", "D3"]);
    assert_eq!(h.take(|c| *c == Call::Deal("D1".into())).len(), 1);
    let _ = State::Waiting;
}

#[test]
fn dropping_a_kept_edit_of_the_deal_form_shows_the_amount_before_it() {
    let mut h = opened();
    offline(&mut h);
    let mut store = Store::in_memory();
    h.press("e");
    h.send(code(KeyCode::Tab));
    h.send(crate::testing::ctrl('u'));
    h.press("1300000");
    h.send(crate::testing::ctrl('s'));
    h.keep_outbox(&mut store);
    assert_eq!(
        detail(&h).columns[0].deals.rows[0].amount,
        Some(1_300_000.0)
    );
    h.press("O");
    h.press("D");
    h.keep_outbox(&mut store);
    assert!(store.outbox().unwrap().is_empty());
    assert_eq!(
        detail(&h).columns[0].deals.rows[0].amount,
        Some(1_200_000.0),
        "the card as before, offline too"
    );
}

#[test]
fn offline_the_deal_form_keeps_a_new_deal_and_an_edit_shown_at_once_never_sent() {
    let mut h = opened();
    offline(&mut h);
    let mut store = Store::in_memory();
    h.press("n");
    h.press("Офлайн сделка");
    h.send(code(KeyCode::Tab));
    h.press("500");
    h.send(crate::testing::ctrl('s'));
    assert!(h.app.funnels.layers.editor().is_none(), "the form closes");
    // The second card (D1, under the new one) gets a new amount.
    h.press("j");
    h.press("e");
    h.send(code(KeyCode::Tab));
    h.send(crate::testing::ctrl('u'));
    h.press("1300000");
    h.send(crate::testing::ctrl('s'));
    assert_eq!(writes(&h), [], "nothing goes to the service");
    h.keep_outbox(&mut store);
    let kept = store.outbox().unwrap();
    assert_eq!(kept.len(), 2, "{kept:#?}");
    let Change::Create(crate::outbox::New::Deal { status, input }) = &kept[0].change else {
        panic!("a new deal: {:?}", kept[0].change);
    };
    assert_eq!(status, NEW);
    assert_eq!(input.title.as_deref(), Some("Офлайн сделка"));
    assert_eq!(
        (kept[1].item.id.as_deref(), &kept[1].change),
        (
            Some("D1"),
            &Change::Set(Field::Deal(DealField::Amount(Some(1_300_000.0))))
        )
    );
    assert_eq!(
        kept[1].base.value,
        Some(Field::Deal(DealField::Amount(Some(1_200_000.0))))
    );
    // Shown as they will be: the new deal on top of its status, under its local key.
    let ids = column_ids(&h, 0);
    assert!(crate::outbox::local_of(&ids[0]).is_some(), "{ids:?}");
    assert_eq!(&ids[1..], ["D1", "D2", "D3"]);
    assert_eq!(
        detail(&h).columns[0].deals.rows[1].amount,
        Some(1_300_000.0)
    );
    assert!(toasts(&h).contains("kept in the outbox"), "{}", toasts(&h));
    // A page read meanwhile shows them over it.
    h.press("r");
    h.answer_all(
        |c| matches!(c, Call::FunnelStatuses(_)),
        || Answer::FunnelStatuses(Ok(statuses())),
    );
    let r = deals_request(&mut h, NEW);
    h.reply(&r, page(new_deals(), false));
    let ids = column_ids(&h, 0);
    assert_eq!(ids.len(), 4, "{ids:?}");
    assert!(crate::outbox::local_of(&ids[0]).is_some(), "{ids:?}");
    assert_eq!(
        detail(&h).columns[0].deals.rows[1].amount,
        Some(1_300_000.0)
    );
}

#[test]
fn a_new_deal_that_cannot_reach_the_service_is_kept_and_deleted_unsent_leaves_nothing() {
    let mut h = opened();
    let mut store = Store::in_memory();
    h.press("n");
    h.press("Лишняя сделка");
    h.send(crate::testing::ctrl('s'));
    let create = h.take(|c| matches!(c, Call::CreateDeal(..))).remove(0);
    h.fail(&create, crate::testing::unreachable());
    assert!(h.app.offline.is_offline());
    h.keep_outbox(&mut store);
    assert_eq!(store.outbox().unwrap().len(), 1);
    assert!(crate::outbox::local_of(&column_ids(&h, 0)[0]).is_some());
    // Deleted before it was ever sent: it goes with nothing to send.
    h.press("gD");
    h.press("y");
    h.keep_outbox(&mut store);
    assert!(store.outbox().unwrap().is_empty());
    assert_eq!(column_ids(&h, 0), ["D1", "D2", "D3"]);
}

#[cfg(feature = "demo")]
mod against_the_sandbox {
    use weeek_api::{Client, DealQuery};

    use super::*;
    use crate::store::SharedStore;

    /// The app on the sandbox's first funnel, its board loaded; the deals of its first two
    /// statuses.
    async fn board(client: &Client) -> (Harness, String, String) {
        let mut h = Harness::new();
        h.take(|_| true);
        h.send(alt('2'));
        h.serve(client).await;
        h.send(code(KeyCode::Enter));
        h.serve(client).await;
        let d = detail(&h);
        assert!(d.columns.len() > 1, "a funnel with statuses");
        let (s0, s1) = (
            d.columns[0].status_id.clone(),
            d.columns[1].status_id.clone(),
        );
        assert!(
            !d.columns[0].deals.rows.is_empty(),
            "deals in the first status"
        );
        (h, s0, s1)
    }

    async fn back(h: &mut Harness, client: &Client) {
        h.press("r");
        h.serve(client).await;
        assert!(!h.app.offline.is_offline());
    }

    fn said(h: &Harness, text: &str) -> bool {
        h.app.toasts.history().any(|(_, t)| t.contains(text))
    }

    fn log(h: &Harness) -> Vec<String> {
        h.app.toasts.history().map(|(_, t)| t.clone()).collect()
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_move_and_an_outcome_made_offline_reach_the_service_once_it_is_back() {
        let (sandbox, client) = crate::testing::sandbox(Default::default()).await;
        let (mut h, _, s1) = board(&client).await;
        let store = SharedStore::new(Store::in_memory());
        let first = detail(&h).columns[0].deals.rows[0].clone();
        offline(&mut h);
        h.press("L");
        h.press("w");
        h.keep_outbox(&mut store.lock());
        assert_eq!(h.app.offline.waiting(), 2);
        back(&mut h, &client).await;
        h.replay(&client, &store).await;
        assert!(
            said(&h, "Sent the 2 changes made offline"),
            "{:#?}",
            log(&h)
        );
        let on_service = client.deal(&first.id).await.expect("deal");
        assert_eq!(on_service.status_id.as_deref(), Some(s1.as_str()));
        let won = first.win_status != Some(WinStatus::Won);
        assert_eq!(on_service.win_status == Some(WinStatus::Won), won);
        assert!(store.lock().outbox().unwrap().is_empty());
        sandbox.shutdown().await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_deal_moved_offline_and_by_a_colleague_is_a_conflict_until_decided() {
        let (sandbox, client) = crate::testing::sandbox(Default::default()).await;
        let (mut h, s0, s1) = board(&client).await;
        let store = SharedStore::new(Store::in_memory());
        let first = detail(&h).columns[0].deals.rows[0].clone();
        let third = detail(&h).columns.get(2).map(|c| c.status_id.clone());
        let Some(third) = third else {
            sandbox.shutdown().await;
            return;
        };
        offline(&mut h);
        h.press("L");
        h.keep_outbox(&mut store.lock());
        // A colleague moved it to the third status meanwhile.
        client
            .move_deal(&first.id, &third, None)
            .await
            .expect("moved");
        back(&mut h, &client).await;
        h.replay(&client, &store).await;
        assert!(said(&h, "Conflict: the status of"), "{:#?}", log(&h));
        let on_service = client.deal(&first.id).await.expect("deal");
        assert_eq!(
            on_service.status_id.as_deref(),
            Some(third.as_str()),
            "theirs holds"
        );
        let left = store.lock().outbox().unwrap();
        assert_eq!((left.len(), left[0].state), (1, State::Conflict));
        // Mine, decided: it goes over theirs.
        h.press("O");
        h.press("m");
        h.keep_outbox(&mut store.lock());
        h.replay(&client, &store).await;
        let on_service = client.deal(&first.id).await.expect("deal");
        assert_eq!(on_service.status_id.as_deref(), Some(s1.as_str()));
        let _ = s0;
        sandbox.shutdown().await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_deal_deleted_offline_is_deleted_once_and_one_deleted_meanwhile_drops_its_changes() {
        let (sandbox, client) = crate::testing::sandbox(weeek_sandbox::Faults {
            failure_rate: 0.0,
            ..Default::default()
        })
        .await;
        let (mut h, s0, _) = board(&client).await;
        let store = SharedStore::new(Store::in_memory());
        let rows = detail(&h).columns[0].deals.rows.clone();
        if rows.len() < 2 {
            sandbox.shutdown().await;
            return;
        }
        offline(&mut h);
        // The first deleted here; the second won here but deleted by a colleague.
        h.press("D");
        h.press("y");
        h.press("gw");
        h.keep_outbox(&mut store.lock());
        client.delete_deal(&rows[1].id).await.expect("deleted");
        back(&mut h, &client).await;
        // The answer to the delete is lost on the way: it is read back, not sent twice.
        sandbox.set_faults(weeek_sandbox::Faults {
            failure_rate: 1.0,
            failure_status: 502,
            failure_methods: vec!["DELETE".into()],
            failure_mode: weeek_sandbox::FailureMode::ApplyThenCut,
            ..Default::default()
        });
        h.replay(&client, &store).await;
        sandbox.set_faults(Default::default());
        assert!(
            said(&h, "was deleted on the service meanwhile"),
            "{:#?}",
            log(&h)
        );
        assert!(store.lock().outbox().unwrap().is_empty());
        let q = DealQuery::default();
        let left = client.find_deals(&s0, &q).await.expect("deals").value.deals;
        assert!(
            left.iter()
                .all(|d| d.id != rows[0].id && d.id != rows[1].id)
        );
        sandbox.shutdown().await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_deal_made_and_edited_offline_reaches_the_service_once_and_a_conflict_waits() {
        let (sandbox, client) = crate::testing::sandbox(Default::default()).await;
        let (mut h, s0, _) = board(&client).await;
        let store = SharedStore::new(Store::in_memory());
        let first = detail(&h).columns[0].deals.rows[0].clone();
        offline(&mut h);
        h.press("n");
        h.press("Сделка из офлайна");
        h.send(crate::testing::ctrl('s'));
        // Edited offline too, then sent with its id once made.
        h.press("e");
        h.send(code(KeyCode::Tab));
        h.send(crate::testing::ctrl('u'));
        h.press("777");
        h.send(crate::testing::ctrl('s'));
        // The deal under it renamed here, and by a colleague meanwhile.
        h.press("j");
        h.press("e");
        h.send(crate::testing::ctrl('u'));
        h.press("Моё название");
        h.send(crate::testing::ctrl('s'));
        h.keep_outbox(&mut store.lock());
        assert_eq!(h.app.offline.waiting(), 3, "{:#?}", log(&h));
        let theirs = weeek_api::DealInput {
            title: Some("Их название".into()),
            ..Default::default()
        };
        client
            .update_deal_fields(&first.id, &theirs)
            .await
            .expect("renamed");
        back(&mut h, &client).await;
        // The create's answer is lost on the way: it is looked for, not made twice.
        sandbox.set_faults(weeek_sandbox::Faults {
            failure_rate: 1.0,
            failure_status: 502,
            failure_methods: vec!["POST".into()],
            failure_mode: weeek_sandbox::FailureMode::ApplyThenCut,
            ..Default::default()
        });
        h.replay(&client, &store).await;
        sandbox.set_faults(Default::default());
        assert!(said(&h, "Sent the 2 changes"), "{:#?}", log(&h));
        assert!(said(&h, "Conflict: the title of"), "{:#?}", log(&h));
        let q = DealQuery {
            search: Some("Сделка из офлайна".into()),
            ..Default::default()
        };
        let made = client.find_deals(&s0, &q).await.expect("deals").value.deals;
        assert_eq!(made.len(), 1, "made once");
        assert_eq!(made[0].amount, Some(777.0));
        assert_eq!(detail(&h).columns[0].deals.rows[0].id, made[0].id);
        let service = client.deal(&first.id).await.expect("deal");
        assert_eq!(
            service.title.as_deref(),
            Some("Их название"),
            "theirs holds"
        );
        let left = store.lock().outbox().unwrap();
        assert_eq!((left.len(), left[0].state), (1, State::Conflict));
        sandbox.shutdown().await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_deal_edit_the_service_refuses_stays_refused_and_the_card_shows_its_copy() {
        let (sandbox, client) = crate::testing::sandbox(Default::default()).await;
        let (mut h, _, _) = board(&client).await;
        let store = SharedStore::new(Store::in_memory());
        let first = detail(&h).columns[0].deals.rows[0].clone();
        offline(&mut h);
        h.press("e");
        h.send(crate::testing::ctrl('u'));
        h.press("Отказ");
        h.send(crate::testing::ctrl('s'));
        h.keep_outbox(&mut store.lock());
        back(&mut h, &client).await;
        sandbox.set_faults(weeek_sandbox::Faults {
            failure_rate: 1.0,
            failure_status: 422,
            failure_methods: vec!["PATCH".into()],
            ..Default::default()
        });
        h.replay(&client, &store).await;
        sandbox.set_faults(Default::default());
        assert!(
            said(&h, "The service refused a change made offline"),
            "{:#?}",
            log(&h)
        );
        assert_eq!(client.deal(&first.id).await.unwrap().title, first.title);
        assert_eq!(detail(&h).columns[0].deals.rows[0].title, first.title);
        let left = store.lock().outbox().unwrap();
        assert_eq!((left.len(), left[0].state), (1, State::Refused));
        sandbox.shutdown().await;
    }
}
