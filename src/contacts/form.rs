//! The contact form: its values, which field has the keyboard, and the checks run on leaving a
//! field and on submit. The rules are the client's own (`weeek_api::contact`), so the form and
//! the request can never disagree; errors are keyed by form row, not by request index, because
//! blank rows are not sent and the two numberings differ.

use std::collections::{BTreeMap, BTreeSet};

use weeek_api::{FieldErrors, NAME_MAX_CHARS, NewContact, check_email, check_name, check_phone};

use crate::screen::checked_form::CheckedForm;
use crate::widgets::field::TextField;

pub use crate::layout::contacts::Field;

pub use crate::screen::choices::OrgRef;

/// Which form row each sent list item came from (blank rows are skipped when sending).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Sent {
    pub emails: Vec<usize>,
    pub phones: Vec<usize>,
}

/// A name gets a visible counter from this many characters on.
pub const COUNTER_FROM: usize = NAME_MAX_CHARS - 25;

#[derive(Debug, Clone)]
pub struct Form {
    pub first_name: TextField,
    pub last_name: TextField,
    pub middle_name: TextField,
    /// Never empty: there is always a row to type into.
    pub emails: Vec<TextField>,
    pub phones: Vec<TextField>,
    /// The service's id of the entry each e-mail row shows, when editing a saved contact
    /// (`None`: a row added here). Always as long as `emails`.
    pub email_ids: Vec<Option<String>>,
    pub phone_ids: Vec<Option<String>>,
    pub organizations: Vec<OrgRef>,
    pub tags: Vec<i64>,
    pub focus: Field,
    pub errors: BTreeMap<Field, String>,
    /// Fields typed in: only these are checked on leaving (tabbing past an untouched field
    /// says nothing; submit checks everything).
    pub touched: BTreeSet<Field>,
    /// Organizations and tags were carried over from the last contact (`N`), not chosen now:
    /// alone they are not input worth asking about.
    pub carried: bool,
}

impl Default for Form {
    fn default() -> Self {
        Self {
            first_name: TextField::default(),
            last_name: TextField::default(),
            middle_name: TextField::default(),
            emails: vec![TextField::default()],
            phones: vec![TextField::default()],
            email_ids: vec![None],
            phone_ids: vec![None],
            organizations: Vec::new(),
            tags: Vec::new(),
            focus: Field::FirstName,
            errors: BTreeMap::new(),
            touched: BTreeSet::new(),
            carried: false,
        }
    }
}

fn blank(f: &TextField) -> bool {
    f.value().trim().is_empty()
}

impl Form {
    /// A blank form that keeps the organizations and tags of `self`.
    pub fn keeping_companies(&self) -> Form {
        Form {
            organizations: self.organizations.clone(),
            tags: self.tags.clone(),
            carried: !self.organizations.is_empty() || !self.tags.is_empty(),
            ..Form::default()
        }
    }

    pub fn text(&self, f: Field) -> Option<&TextField> {
        match f {
            Field::FirstName => Some(&self.first_name),
            Field::LastName => Some(&self.last_name),
            Field::MiddleName => Some(&self.middle_name),
            Field::Email(i) => self.emails.get(i),
            Field::Phone(i) => self.phones.get(i),
            Field::Organizations | Field::Tags => None,
        }
    }

    pub fn text_mut(&mut self, f: Field) -> Option<&mut TextField> {
        match f {
            Field::FirstName => Some(&mut self.first_name),
            Field::LastName => Some(&mut self.last_name),
            Field::MiddleName => Some(&mut self.middle_name),
            Field::Email(i) => self.emails.get_mut(i),
            Field::Phone(i) => self.phones.get_mut(i),
            Field::Organizations | Field::Tags => None,
        }
    }

    /// Anything typed or chosen that would be lost by clearing the form.
    pub fn has_input(&self) -> bool {
        let typed = [&self.first_name, &self.last_name, &self.middle_name]
            .into_iter()
            .chain(&self.emails)
            .chain(&self.phones)
            .any(|f| !blank(f));
        let chosen = !self.organizations.is_empty() || !self.tags.is_empty();
        typed || (chosen && !self.carried)
    }

    /// Name characters, counted as the service counts them (trimmed, characters not bytes).
    pub fn chars(&self, f: Field) -> usize {
        self.text(f)
            .map(|t| t.value().trim().chars().count())
            .unwrap_or(0)
    }

    /// The request body, and which rows its list items came from.
    pub fn to_contact(&self) -> (NewContact, Sent) {
        let mut sent = Sent::default();
        let mut emails = Vec::new();
        for (i, e) in self.emails.iter().enumerate().filter(|(_, e)| !blank(e)) {
            sent.emails.push(i);
            emails.push(e.value().trim().to_string());
        }
        let mut phones = Vec::new();
        for (i, p) in self.phones.iter().enumerate().filter(|(_, p)| !blank(p)) {
            sent.phones.push(i);
            phones.push(p.value().trim().to_string());
        }
        let opt = |f: &TextField| (!blank(f)).then(|| f.value().to_string());
        let contact = NewContact {
            first_name: self.first_name.value().to_string(),
            last_name: opt(&self.last_name),
            middle_name: opt(&self.middle_name),
            emails,
            phones,
            organizations: self.organizations.iter().map(|o| o.id.clone()).collect(),
            tags: self.tags.clone(),
        };
        (contact, sent)
    }

    /// Checks everything at once (submit). True when the form can be sent; otherwise the
    /// focus is on the first invalid field.
    pub fn validate_all(&mut self) -> bool {
        let (contact, sent) = self.to_contact();
        self.errors.clear();
        let mut leftovers = Vec::new();
        for e in contact.validate() {
            // An organization made here is named by its local key until the service gives it
            // an id; the outbox sends the id (`outbox::links`).
            let at = e.field.strip_prefix("organizations.");
            let made_here = at.and_then(|i| i.parse::<usize>().ok()).is_some_and(|i| {
                contact
                    .organizations
                    .get(i)
                    .is_some_and(|o| crate::outbox::local_of(o).is_some())
            });
            if made_here {
                continue;
            }
            match field_for_key(&e.field, &sent) {
                Some(f) => {
                    self.errors.entry(f).or_insert(e.message);
                }
                None => leftovers.push(e.message),
            }
        }
        self.focus_first_error();
        self.errors.is_empty() && leftovers.is_empty()
    }

    /// Puts the service's field errors at their fields. Returns the messages that belong to
    /// no field of the form.
    pub fn apply_service_errors(&mut self, fields: &FieldErrors, sent: &Sent) -> Vec<String> {
        let leftovers =
            crate::screen::form_errors::place(&mut self.errors, fields, |k| field_for_key(k, sent));
        self.focus_first_error();
        leftovers
    }

    /// Adds an e-mail or phone row below the focused one (or at the end of e-mails when the
    /// focus is elsewhere) and focuses it.
    pub fn add_row(&mut self) {
        self.sync_ids();
        match self.focus {
            Field::Phone(i) => {
                self.phones.insert(i + 1, TextField::default());
                self.phone_ids.insert(i + 1, None);
                self.shift_rows(true, i + 1, 1);
                self.focus = Field::Phone(i + 1);
            }
            Field::Email(i) => {
                self.emails.insert(i + 1, TextField::default());
                self.email_ids.insert(i + 1, None);
                self.shift_rows(false, i + 1, 1);
                self.focus = Field::Email(i + 1);
            }
            _ => {
                let last = self.emails.len() - 1;
                if blank(&self.emails[last]) {
                    self.focus = Field::Email(last);
                } else {
                    self.emails.push(TextField::default());
                    self.email_ids.push(None);
                    self.focus = Field::Email(last + 1);
                }
            }
        }
    }

    /// Removes the focused e-mail or phone row; the last row of a kind is cleared instead.
    /// False when the focus is on no such row.
    pub fn remove_row(&mut self) -> bool {
        self.sync_ids();
        let (phones, i) = match self.focus {
            Field::Email(i) => (false, i),
            Field::Phone(i) => (true, i),
            _ => return false,
        };
        let (rows, ids) = if phones {
            (&mut self.phones, &mut self.phone_ids)
        } else {
            (&mut self.emails, &mut self.email_ids)
        };
        if rows.len() == 1 {
            rows[0] = TextField::default();
            // Cleared, the row keeps its entry: saving an edit deletes that entry.
            self.errors.remove(&self.focus);
            return true;
        }
        rows.remove(i);
        ids.remove(i);
        let len = rows.len();
        let field = |n| {
            if phones {
                Field::Phone(n)
            } else {
                Field::Email(n)
            }
        };
        self.errors.remove(&field(i));
        self.touched.remove(&field(i));
        self.shift_rows(phones, i + 1, -1);
        self.focus = field(i.min(len - 1));
        true
    }

    /// Rows set without ids (a draft, a test) are rows added here.
    fn sync_ids(&mut self) {
        self.email_ids.resize(self.emails.len(), None);
        self.phone_ids.resize(self.phones.len(), None);
    }

    /// The entry of the service that e-mail row `i` shows, if any.
    pub fn email_id(&self, i: usize) -> Option<&str> {
        self.email_ids.get(i).and_then(|id| id.as_deref())
    }

    pub fn phone_id(&self, i: usize) -> Option<&str> {
        self.phone_ids.get(i).and_then(|id| id.as_deref())
    }

    /// Renumbers the messages of rows from `from` on after an insert or a removal.
    fn shift_rows(&mut self, phones: bool, from: usize, delta: isize) {
        let moved = |f: Field| match f {
            Field::Email(n) if !phones && n >= from => Field::Email((n as isize + delta) as usize),
            Field::Phone(n) if phones && n >= from => Field::Phone((n as isize + delta) as usize),
            other => other,
        };
        crate::screen::checked_form::renumber(&mut self.errors, &mut self.touched, moved);
    }
}

impl CheckedForm for Form {
    type Field = Field;

    /// Every field in form order.
    fn fields(&self) -> Vec<Field> {
        let mut out = vec![Field::FirstName, Field::LastName, Field::MiddleName];
        out.extend((0..self.emails.len()).map(Field::Email));
        out.extend((0..self.phones.len()).map(Field::Phone));
        out.extend([Field::Organizations, Field::Tags]);
        out
    }

    /// The problem with one field as it stands, if any. Blank e-mail and phone rows are fine:
    /// they are not sent.
    fn check(&self, f: Field) -> Option<String> {
        let value = self.text(f)?.value();
        match f {
            Field::FirstName => check_name(value, true),
            Field::LastName | Field::MiddleName => check_name(value, false),
            Field::Email(_) if value.trim().is_empty() => None,
            Field::Email(_) => check_email(value),
            Field::Phone(_) if value.trim().is_empty() => None,
            Field::Phone(_) => check_phone(value),
            Field::Organizations | Field::Tags => None,
        }
    }

    fn errors_mut(&mut self) -> &mut BTreeMap<Field, String> {
        &mut self.errors
    }

    fn touched_set(&self) -> &BTreeSet<Field> {
        &self.touched
    }

    fn focus_mut(&mut self) -> &mut Field {
        &mut self.focus
    }
}

/// The form field a service key (`firstName`, `emails.1`, `tags.0`) names, with list indices
/// counted over the sent items. A bare list key (`emails`) lands on the first row.
pub fn field_for_key(key: &str, sent: &Sent) -> Option<Field> {
    let (base, index) = match key.split_once('.') {
        Some((b, rest)) => {
            let n = rest.split('.').next()?.parse::<usize>().ok()?;
            (b, Some(n))
        }
        None => (key, None),
    };
    let row = |rows: &[usize]| match index {
        Some(n) => rows.get(n).copied(),
        None => Some(rows.first().copied().unwrap_or(0)),
    };
    Some(match base {
        "firstName" => Field::FirstName,
        "lastName" => Field::LastName,
        "middleName" => Field::MiddleName,
        "emails" => Field::Email(row(&sent.emails)?),
        "phones" => Field::Phone(row(&sent.phones)?),
        "organizations" => Field::Organizations,
        "tags" => Field::Tags,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form_with(first: &str) -> Form {
        let mut f = Form::default();
        f.first_name.set(first);
        f
    }

    #[test]
    fn blank_first_name_is_required_and_focused() {
        let mut f = form_with("   ");
        f.focus = Field::Tags;
        assert!(!f.validate_all());
        assert_eq!(
            f.errors.get(&Field::FirstName).map(String::as_str),
            Some("required")
        );
        assert_eq!(f.focus, Field::FirstName);
    }

    #[test]
    fn names_allow_255_cyrillic_characters_and_refuse_256() {
        let mut f = form_with(&"Ж".repeat(255));
        assert!(f.validate_all(), "{:?}", f.errors);
        f.last_name.set("я".repeat(256));
        assert!(!f.validate_all());
        assert!(f.errors[&Field::LastName].contains("255"));
        assert_eq!(f.focus, Field::LastName);
    }

    #[test]
    fn emoji_count_one_character_each() {
        let mut f = form_with(&"🙂".repeat(255));
        assert_eq!(f.chars(Field::FirstName), 255);
        assert!(f.validate_all());
        f.first_name.set("🙂".repeat(256));
        assert!(!f.validate_all());
    }

    #[test]
    fn a_bad_email_is_shown_at_its_row() {
        let mut f = form_with("Анна");
        f.emails[0].set("anna@example.com");
        f.emails.push(TextField::with_value("anna at example"));
        assert!(!f.validate_all());
        assert!(f.errors.contains_key(&Field::Email(1)));
        assert!(!f.errors.contains_key(&Field::Email(0)));
        assert_eq!(f.focus, Field::Email(1));
    }

    #[test]
    fn an_empty_extra_email_row_is_not_an_error_and_not_sent() {
        let mut f = form_with("Анна");
        f.emails = vec![
            TextField::with_value("a@example.com"),
            TextField::default(),
            TextField::with_value("b@example.com"),
        ];
        assert!(f.validate_all(), "{:?}", f.errors);
        let (c, sent) = f.to_contact();
        assert_eq!(c.emails, vec!["a@example.com", "b@example.com"]);
        assert_eq!(sent.emails, vec![0, 2]);
    }

    #[test]
    fn service_keys_map_to_rows_past_blank_ones() {
        let mut f = form_with("Анна");
        f.emails = vec![
            TextField::default(),
            TextField::with_value("a@example.com"),
            TextField::with_value("b@example.com"),
        ];
        let (_, sent) = f.to_contact();
        let mut errors = FieldErrors::new();
        errors.insert(
            "emails.1".into(),
            vec!["The email has already been taken.".into()],
        );
        errors.insert("firstName".into(), vec!["Too long.".into()]);
        errors.insert("captcha".into(), vec!["Solve it.".into()]);
        let left = f.apply_service_errors(&errors, &sent);
        assert_eq!(
            f.errors[&Field::Email(2)],
            "The email has already been taken."
        );
        assert_eq!(f.errors[&Field::FirstName], "Too long.");
        assert_eq!(left, vec!["captcha: Solve it."]);
        assert_eq!(f.focus, Field::FirstName);
    }

    #[test]
    fn phones_are_checked_leniently() {
        let mut f = form_with("A");
        f.phones[0].set("+7 (900) 123-45-67");
        f.validate_field(Field::Phone(0));
        assert!(f.errors.is_empty());
        f.phones[0].set("call me");
        f.validate_field(Field::Phone(0));
        assert!(f.errors.contains_key(&Field::Phone(0)));
    }

    #[test]
    fn rows_are_added_and_removed_with_their_messages() {
        let mut f = form_with("A");
        f.focus = Field::Email(0);
        f.add_row();
        f.add_row();
        assert_eq!(f.emails.len(), 3);
        assert_eq!(f.focus, Field::Email(2));
        f.emails[2].set("bad");
        f.validate_field(Field::Email(2));
        f.focus = Field::Email(1);
        assert!(f.remove_row());
        assert_eq!(f.emails.len(), 2);
        assert!(
            f.errors.contains_key(&Field::Email(1)),
            "message moved up with its row"
        );
        f.focus = Field::Email(0);
        f.remove_row();
        f.remove_row();
        assert_eq!(f.emails.len(), 1, "the last row stays, cleared");
        assert_eq!(f.emails[0].value(), "");
        f.focus = Field::FirstName;
        assert!(!f.remove_row());
    }

    #[test]
    fn focus_moves_through_every_row_in_order() {
        let mut f = form_with("A");
        f.emails.push(TextField::default());
        let mut seen = vec![f.focus];
        for _ in 0..10 {
            f.step(1);
            seen.push(f.focus);
        }
        assert_eq!(
            &seen[..8],
            &[
                Field::FirstName,
                Field::LastName,
                Field::MiddleName,
                Field::Email(0),
                Field::Email(1),
                Field::Phone(0),
                Field::Organizations,
                Field::Tags
            ]
        );
        assert_eq!(seen[10], Field::Tags, "stops at the end");
    }

    #[test]
    fn carried_companies_alone_are_not_input() {
        let mut f = form_with("A");
        f.organizations.push(OrgRef {
            id: "x".into(),
            name: "X".into(),
        });
        let next = f.keeping_companies();
        assert!(!next.has_input());
        assert_eq!(next.organizations.len(), 1);
        assert!(Form::default().fields().contains(&Field::Phone(0)));
    }
}
