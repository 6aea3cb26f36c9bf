//! Links between records made here: a contact made offline may name an organization made
//! offline too, and an organization's link picker may choose a contact made offline. Such a
//! change waits until the record it names is on the service; the store then writes the
//! service's id over the local key everywhere the outbox holds it ([`Writer::created`]), and
//! the change goes with the real id.
//!
//! A record whose create was dropped never gets an id: the link to it cannot be made and is
//! left out of what is sent ([`made_only`]).
//!
//! [`Writer::created`]: crate::store::Writer::created

use super::{Change, ContactField, Entry, Field, ItemKind, New, OrgField, local_of};

/// The records made here (kind, local id) that `change` names besides its own item.
pub fn named(change: &Change) -> Vec<(ItemKind, i64)> {
    let ids: (ItemKind, &[String]) = match change {
        Change::Create(New::Contact(c)) => (ItemKind::Organization, &c.organizations),
        Change::Set(Field::Contact(ContactField::Organizations(o))) => (ItemKind::Organization, o),
        Change::Set(Field::Organization(OrgField::Contacts(c))) => (ItemKind::Contact, c),
        _ => return Vec::new(),
    };
    let (kind, ids) = ids;
    ids.iter()
        .filter_map(|id| local_of(id))
        .map(|local| (kind, local))
        .collect()
}

/// Whether `e` names a record made here whose create is still in the outbox: it waits for its
/// answer (or for the user to drop it, when the service refused it).
pub fn waits_for_another(e: &Entry, entries: &[&Entry]) -> bool {
    let names = named(&e.change);
    !names.is_empty()
        && entries.iter().any(|other| {
            matches!(other.change, Change::Create(_))
                && other.item.id.is_none()
                && other
                    .item
                    .local
                    .is_some_and(|l| names.contains(&(other.item.kind, l)))
        })
}

/// Whether `ids` name a record made here that the service has no id for yet: a change that
/// names one goes through the outbox, online too, to wait for it.
pub fn names_one_made_here(ids: &[String]) -> bool {
    ids.iter().any(|id| local_of(id).is_some())
}

/// The name of the record made here under local `key`, as its create in the outbox has it.
pub fn made_name(entries: &[Entry], key: &str) -> Option<String> {
    let local = local_of(key)?;
    entries.iter().find_map(|e| match &e.change {
        Change::Create(new) if e.item.local == Some(local) => Some(new.name()),
        _ => None,
    })
}

/// The records of `kind` made here whose create waits in the outbox: their local keys and
/// names, for a picker to offer.
pub fn made_here(entries: &[Entry], kind: ItemKind) -> Vec<(String, String)> {
    entries
        .iter()
        .filter(|e| e.item.kind == kind && e.item.id.is_none())
        .filter_map(|e| match (&e.change, e.item.local) {
            (Change::Create(new), Some(local)) => Some((super::local_key(local), new.name())),
            _ => None,
        })
        .collect()
}

/// Shows on organization `o` a change of a contact that puts it in `o` or takes it out (the
/// service keeps the link on both sides): a new contact, its organizations set, its delete.
pub fn show_contact_in(o: &mut weeek_api::models::Organization, e: &Entry) {
    if e.item.kind != ItemKind::Contact {
        return;
    }
    let member = match &e.change {
        Change::Create(New::Contact(c)) => c.organizations.contains(&o.id),
        Change::Set(Field::Contact(ContactField::Organizations(orgs))) => orgs.contains(&o.id),
        Change::Delete => false,
        _ => return,
    };
    let key = e.item.key();
    if !member {
        o.contacts.retain(|c| *c != key);
    } else if !o.contacts.contains(&key) {
        o.contacts.push(key);
    }
}

/// `ids` without the local keys of records that never reached the service (their create was
/// dropped): what the service can link.
pub fn made_only(ids: &[String]) -> Vec<String> {
    ids.iter()
        .filter(|id| local_of(id).is_none())
        .cloned()
        .collect()
}

/// `ids` name record `local` by the service's `id` from now, as the store does.
pub fn rename(ids: &mut [String], local: i64, id: &str) {
    let key = super::local_key(local);
    for named in ids.iter_mut().filter(|n| **n == key) {
        *named = id.to_string();
    }
}

/// The local key and the service's id as the outbox's text holds them (JSON strings), for
/// writing one over the other.
pub fn rewrite_pair(local: i64, id: &str) -> (String, String) {
    let quoted = |s: &str| serde_json::Value::String(s.to_string()).to_string();
    (quoted(&super::local_key(local)), quoted(id))
}
