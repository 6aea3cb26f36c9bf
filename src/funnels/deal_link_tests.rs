//! `c` in the deal popup: the deal's contacts and organizations, one opened on the contacts
//! screen; one not among the names read is read by its id first.

use super::*;

/// The B2B board with deal D1 open (contacts c1 and c2, organization o1); the names read for
/// the popup hold the organization but no contact.
fn deal_open() -> Harness {
    let mut h = opened();
    h.send(code(KeyCode::Enter));
    let deal = new_deals().remove(0);
    h.answer_all(
        |c| matches!(c, Call::Deal(id) if id == "D1"),
        || Answer::Deal(Ok(Box::new(deal.clone()))),
    );
    answer_lookups(&mut h, vec![]);
    h
}

fn contact(id: &str, first: &str, last: &str) -> weeek_api::models::Contact {
    weeek_api::models::Contact {
        id: id.into(),
        first_name: Some(first.into()),
        last_name: Some(last.into()),
        ..Default::default()
    }
}

#[test]
fn c_lists_the_deals_contacts_and_organizations() {
    let mut h = deal_open();
    h.press("c");
    assert_eq!(h.app.contexts()[0], Context::Picker);
    let screen = h.render();
    assert!(
        screen.contains("Open a contact or organization"),
        "{screen}"
    );
    assert!(screen.contains("ООО «Альфа-Логистик»"), "{screen}");
    assert!(screen.contains("organization"), "{screen}");
    h.send(code(KeyCode::Esc));
    assert!(h.app.funnels.layers.links().is_none());
    assert_eq!(h.app.screen, Screen::Funnels);
}

#[test]
fn an_organization_picked_opens_on_the_contacts_screen_read_in_full() {
    let mut h = deal_open();
    h.press("c");
    h.press("Альфа");
    h.send(code(KeyCode::Enter));
    assert_eq!(h.app.screen, Screen::Contacts);
    assert!(h.app.contacts.organizations.shown);
    let viewing = h
        .app
        .contacts
        .organizations
        .layers
        .viewing()
        .map(|o| o.id.clone());
    assert_eq!(viewing.as_deref(), Some("o1"));
    assert!(h.render().contains("ООО «Альфа-Логистик»"));
    // Closing it leaves the organizations tab; the deal is still open on the funnels screen.
    assert!(
        h.app
            .funnels
            .detail
            .as_ref()
            .is_some_and(|d| d.deal.is_some())
    );
}

#[test]
fn a_contact_not_among_the_names_read_is_read_then_opened() {
    let mut h = deal_open();
    h.press("c");
    // The contacts come first, by id while their names are unknown.
    h.send(code(KeyCode::Enter));
    let read = h.take(|c| matches!(c, Call::Contact(_))).remove(0);
    assert_eq!(read.call, Call::Contact("c1".into()));
    assert_eq!(
        h.app.screen,
        Screen::Funnels,
        "nothing moves before it is in"
    );
    h.reply(
        &read,
        Answer::Contact(Ok(Box::new(contact("c1", "Ирина", "Котова")))),
    );
    assert_eq!(h.app.screen, Screen::Contacts);
    assert!(!h.app.contacts.organizations.shown);
    let viewing = h.app.contacts.layers.viewing().map(|c| c.id.clone());
    assert_eq!(viewing.as_deref(), Some("c1"));
    assert!(h.render().contains("Котова"));
}

#[test]
fn a_failed_read_says_so_and_stays() {
    let mut h = deal_open();
    h.press("c");
    h.send(code(KeyCode::Enter));
    let read = h.take(|c| matches!(c, Call::Contact(_))).remove(0);
    h.fail(&read, ApiError::Timeout);
    assert_eq!(h.app.screen, Screen::Funnels);
    assert!(
        toasts(&h).contains("Could not read the contact: The service did not answer in time."),
        "{}",
        toasts(&h)
    );
}

#[test]
fn a_read_that_arrives_after_the_user_left_does_not_pull_them_back() {
    let mut h = deal_open();
    h.press("c");
    h.send(code(KeyCode::Enter));
    let read = h.take(|c| matches!(c, Call::Contact(_))).remove(0);
    h.send(key_event(KeyCode::Char('1'), KeyModifiers::ALT));
    assert_eq!(h.app.screen, Screen::Tasks);
    h.reply(
        &read,
        Answer::Contact(Ok(Box::new(contact("c1", "Ирина", "Котова")))),
    );
    assert_eq!(h.app.screen, Screen::Tasks);
    assert!(h.app.contacts.layers.viewing().is_none());
}

#[test]
fn an_organization_opened_over_the_open_form_has_the_keys_and_esc_goes_back_to_the_form() {
    let mut h = deal_open();
    h.send(alt('3'));
    h.send(alt('o'));
    h.press("n");
    h.press("Новая");
    h.send(alt('2'));
    h.press("c");
    h.press("Альфа");
    h.send(code(KeyCode::Enter));
    assert_eq!(h.app.screen, Screen::Contacts);
    assert_eq!(
        h.app.contexts()[0],
        Context::OrgView,
        "the view is over the form"
    );
    assert!(h.render().contains("ООО «Альфа-Логистик»"));
    h.send(code(KeyCode::Esc));
    assert_eq!(h.app.contexts()[0], Context::OrgForm);
    let form = h
        .app
        .contacts
        .organizations
        .layers
        .form()
        .map(|f| f.form.name.value());
    assert_eq!(form, Some("Новая"), "the form keeps what was typed");
}
