//! The organization form (`n` new, `e` the one under the cursor): a name, then addresses,
//! e-mails and phones as rows. Rows are numbered as on screen; blank rows are not sent, so the
//! service's list indices are mapped back through [`Sent`].

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use weeek_api::{
    FieldErrors, NAME_MAX_CHARS, OrganizationInput, check_email, check_name, check_phone,
};

use crate::screen::checked_form::CheckedForm;
use crate::screen::entry_rows::{self, Entry};
use crate::widgets::field::TextField;

/// The kinds of rows, in form order.
pub use crate::worker::OrgRowKind as Kind;

impl Kind {
    pub const ALL: [Kind; 3] = [Kind::Address, Kind::Email, Kind::Phone];

    /// The service's key of the list (`emails.1`).
    pub fn key(self) -> &'static str {
        match self {
            Kind::Address => "addresses",
            Kind::Email => "emails",
            Kind::Phone => "phones",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Kind::Address => "Address",
            Kind::Email => "E-mail",
            Kind::Phone => "Phone",
        }
    }
}

/// A place in the form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum OrgField {
    Name,
    Row(Kind, usize),
}

/// The rows of one kind, each with the service's id of the entry it shows (`None`: a row
/// added here). Never empty: there is always a row to type into.
#[derive(Debug, Clone)]
pub struct Rows {
    pub fields: Vec<TextField>,
    pub ids: Vec<Option<String>>,
}

impl Default for Rows {
    fn default() -> Self {
        Self {
            fields: vec![TextField::default()],
            ids: vec![None],
        }
    }
}

impl Rows {
    pub fn of(entries: &[Entry]) -> Self {
        let (fields, ids) = entry_rows::rows_of(entries);
        Self { fields, ids }
    }

    fn values(&self) -> Vec<String> {
        self.fields.iter().map(|f| f.value().to_string()).collect()
    }

    fn from_values(values: &[String], ids: &[Option<String>]) -> Self {
        let mut rows = Rows {
            fields: values.iter().map(TextField::typed).collect(),
            ids: ids.to_vec(),
        };
        if rows.fields.is_empty() {
            rows = Rows::default();
        }
        rows.ids.resize(rows.fields.len(), None);
        rows
    }
}

/// Which form row each sent list item came from, by kind.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Sent(pub BTreeMap<Kind, Vec<usize>>);

/// The form as plain values: what the draft keeps.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Values {
    pub name: String,
    pub addresses: Vec<String>,
    pub emails: Vec<String>,
    pub phones: Vec<String>,
    pub address_ids: Vec<Option<String>>,
    pub email_ids: Vec<Option<String>>,
    pub phone_ids: Vec<Option<String>>,
}

#[derive(Debug, Clone)]
pub struct OrgForm {
    pub name: TextField,
    pub addresses: Rows,
    pub emails: Rows,
    pub phones: Rows,
    pub focus: OrgField,
    pub errors: BTreeMap<OrgField, String>,
    pub touched: BTreeSet<OrgField>,
}

impl Default for OrgForm {
    fn default() -> Self {
        Self {
            name: TextField::default(),
            addresses: Rows::default(),
            emails: Rows::default(),
            phones: Rows::default(),
            focus: OrgField::Name,
            errors: BTreeMap::new(),
            touched: BTreeSet::new(),
        }
    }
}

fn blank(f: &TextField) -> bool {
    f.value().trim().is_empty()
}

impl OrgForm {
    pub fn rows(&self, kind: Kind) -> &Rows {
        match kind {
            Kind::Address => &self.addresses,
            Kind::Email => &self.emails,
            Kind::Phone => &self.phones,
        }
    }

    pub fn rows_mut(&mut self, kind: Kind) -> &mut Rows {
        match kind {
            Kind::Address => &mut self.addresses,
            Kind::Email => &mut self.emails,
            Kind::Phone => &mut self.phones,
        }
    }

    pub fn text(&self, f: OrgField) -> Option<&TextField> {
        match f {
            OrgField::Name => Some(&self.name),
            OrgField::Row(k, i) => self.rows(k).fields.get(i),
        }
    }

    pub fn text_mut(&mut self, f: OrgField) -> Option<&mut TextField> {
        match f {
            OrgField::Name => Some(&mut self.name),
            OrgField::Row(k, i) => self.rows_mut(k).fields.get_mut(i),
        }
    }

    /// Anything typed that would be lost by closing the form.
    pub fn has_input(&self) -> bool {
        !blank(&self.name)
            || Kind::ALL
                .iter()
                .any(|k| self.rows(*k).fields.iter().any(|f| !blank(f)))
    }

    pub fn values(&self) -> Values {
        Values {
            name: self.name.value().to_string(),
            addresses: self.addresses.values(),
            emails: self.emails.values(),
            phones: self.phones.values(),
            address_ids: self.addresses.ids.clone(),
            email_ids: self.emails.ids.clone(),
            phone_ids: self.phones.ids.clone(),
        }
    }

    /// A form holding `v`; its filled fields count as typed (checked on leaving).
    pub fn from_values(v: &Values) -> Self {
        let mut form = OrgForm {
            name: TextField::typed(&v.name),
            addresses: Rows::from_values(&v.addresses, &v.address_ids),
            emails: Rows::from_values(&v.emails, &v.email_ids),
            phones: Rows::from_values(&v.phones, &v.phone_ids),
            ..OrgForm::default()
        };
        form.touched = form
            .fields()
            .into_iter()
            .filter(|f| form.text(*f).is_some_and(|t| !blank(t)))
            .collect();
        form
    }

    /// The body of `POST /crm/organizations`, and which rows its list items came from.
    pub fn to_input(&self) -> (OrganizationInput, Sent) {
        let mut sent = Sent::default();
        let mut lists: BTreeMap<Kind, Vec<String>> = BTreeMap::new();
        for kind in Kind::ALL {
            let filled = self.rows(kind).fields.iter().enumerate();
            for (i, f) in filled.filter(|(_, f)| !blank(f)) {
                sent.0.entry(kind).or_default().push(i);
                lists
                    .entry(kind)
                    .or_default()
                    .push(f.value().trim().to_string());
            }
        }
        let mut take = |k| lists.remove(&k).filter(|l: &Vec<String>| !l.is_empty());
        let input = OrganizationInput {
            name: Some(self.name.value().trim().to_string()),
            addresses: take(Kind::Address),
            emails: take(Kind::Email),
            phones: take(Kind::Phone),
            responsibles: None,
        };
        (input, sent)
    }

    /// Checks everything at once (save). True when the form can be sent; otherwise the focus
    /// is on the first field with a message.
    pub fn validate_all(&mut self) -> bool {
        self.errors.clear();
        for f in self.fields() {
            self.validate_field(f);
        }
        self.focus_first_error();
        self.errors.is_empty()
    }

    /// Puts the service's field errors at their fields. Returns the messages that belong to
    /// no field of the form.
    pub fn apply_service_errors(&mut self, fields: &FieldErrors, sent: &Sent) -> Vec<String> {
        let left =
            crate::screen::form_errors::place(&mut self.errors, fields, |k| field_for_key(k, sent));
        self.focus_first_error();
        left
    }

    /// `Ctrl-n`: a row below the focused one, of its kind; from the name, a phone at the end
    /// (or the blank last one). On a blank row the focus stays: a second blank row would
    /// leave the first one empty above what is typed, a layout no saved organization has.
    pub fn add_row(&mut self) {
        let (kind, at) = match self.focus {
            OrgField::Row(k, i) if self.rows(k).fields.get(i).is_some_and(blank) => return,
            OrgField::Row(k, i) => (k, i + 1),
            OrgField::Name => {
                let last = self.phones.fields.len() - 1;
                if blank(&self.phones.fields[last]) {
                    self.focus = OrgField::Row(Kind::Phone, last);
                    return;
                }
                (Kind::Phone, last + 1)
            }
        };
        let rows = self.rows_mut(kind);
        entry_rows::insert_blank(&mut rows.fields, &mut rows.ids, at);
        self.shift_rows(kind, at, 1);
        self.focus = OrgField::Row(kind, at);
    }

    /// `Ctrl-x`: removes the focused row (the last of its kind is cleared instead). False when
    /// the focus is on no row.
    pub fn remove_row(&mut self) -> bool {
        let OrgField::Row(kind, i) = self.focus else {
            return false;
        };
        self.errors.remove(&self.focus);
        let rows = self.rows_mut(kind);
        if !entry_rows::remove(&mut rows.fields, &mut rows.ids, i) {
            return true;
        }
        let len = rows.fields.len();
        self.touched.remove(&OrgField::Row(kind, i));
        self.shift_rows(kind, i + 1, -1);
        self.focus = OrgField::Row(kind, i.min(len - 1));
        true
    }

    /// Renumbers the messages of `kind`'s rows from `from` on after an insert or a removal.
    fn shift_rows(&mut self, kind: Kind, from: usize, delta: isize) {
        let moved = |f: OrgField| match f {
            OrgField::Row(k, n) if k == kind && n >= from => {
                OrgField::Row(k, (n as isize + delta) as usize)
            }
            other => other,
        };
        crate::screen::checked_form::renumber(&mut self.errors, &mut self.touched, moved);
    }
}

impl CheckedForm for OrgForm {
    type Field = OrgField;

    fn fields(&self) -> Vec<OrgField> {
        let mut out = vec![OrgField::Name];
        for kind in Kind::ALL {
            out.extend((0..self.rows(kind).fields.len()).map(|i| OrgField::Row(kind, i)));
        }
        out
    }

    /// Blank rows are fine: they are not sent.
    fn check(&self, f: OrgField) -> Option<String> {
        let value = self.text(f)?.value();
        match f {
            OrgField::Name => check_name(value, true),
            OrgField::Row(_, _) if value.trim().is_empty() => None,
            OrgField::Row(Kind::Address, _) => {
                let count = value.trim().chars().count();
                (count > NAME_MAX_CHARS)
                    .then(|| format!("at most {NAME_MAX_CHARS} characters ({count} now)"))
            }
            OrgField::Row(Kind::Email, _) => check_email(value),
            OrgField::Row(Kind::Phone, _) => check_phone(value),
        }
    }

    fn errors_mut(&mut self) -> &mut BTreeMap<OrgField, String> {
        &mut self.errors
    }

    fn touched_set(&self) -> &BTreeSet<OrgField> {
        &self.touched
    }

    fn focus_mut(&mut self) -> &mut OrgField {
        &mut self.focus
    }
}

/// The form field a service key (`name`, `phones.1`) names, list indices counted over the
/// sent items. A bare list key lands on the first row.
pub fn field_for_key(key: &str, sent: &Sent) -> Option<OrgField> {
    let (base, index) = match key.split_once('.') {
        Some((b, rest)) => (b, Some(rest.split('.').next()?.parse::<usize>().ok()?)),
        None => (key, None),
    };
    if base == "name" {
        return Some(OrgField::Name);
    }
    let kind = Kind::ALL.into_iter().find(|k| k.key() == base)?;
    let rows = sent.0.get(&kind).map(Vec::as_slice).unwrap_or_default();
    let row = match index {
        Some(n) => *rows.get(n)?,
        None => rows.first().copied().unwrap_or(0),
    };
    Some(OrgField::Row(kind, row))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(name: &str) -> OrgForm {
        let mut f = OrgForm::default();
        f.name.set(name);
        f
    }

    #[test]
    fn a_name_is_required_and_focused() {
        let mut f = named("  ");
        f.focus = OrgField::Row(Kind::Phone, 0);
        assert!(!f.validate_all());
        assert_eq!(f.errors[&OrgField::Name], "required");
        assert_eq!(f.focus, OrgField::Name);
        f.name.set("Ж".repeat(255));
        assert!(f.validate_all(), "{:?}", f.errors);
        f.name.set("Ж".repeat(256));
        assert!(!f.validate_all());
    }

    #[test]
    fn blank_rows_are_not_sent_and_service_keys_map_past_them() {
        let mut f = named("ООО «Вектор»");
        f.phones.fields = vec![
            TextField::default(),
            TextField::with_value("+7 900 000-00-01"),
            TextField::with_value("+7 900 000-00-02"),
        ];
        f.phones.ids = vec![None; 3];
        assert!(f.validate_all());
        let (input, sent) = f.to_input();
        assert_eq!(input.name.as_deref(), Some("ООО «Вектор»"));
        assert_eq!(
            input.phones,
            Some(vec!["+7 900 000-00-01".into(), "+7 900 000-00-02".into()])
        );
        assert_eq!(input.emails, None, "a blank e-mail row sends no list");
        let mut errors = FieldErrors::new();
        errors.insert("phones.1".into(), vec!["Taken.".into()]);
        errors.insert("captcha".into(), vec!["Solve it.".into()]);
        let left = f.apply_service_errors(&errors, &sent);
        assert_eq!(f.errors[&OrgField::Row(Kind::Phone, 2)], "Taken.");
        assert_eq!(left, vec!["captcha: Solve it."]);
        assert_eq!(f.focus, OrgField::Row(Kind::Phone, 2));
    }

    #[test]
    fn rows_are_added_below_and_removed_with_their_messages() {
        let mut f = named("A");
        f.add_row();
        assert_eq!(
            f.focus,
            OrgField::Row(Kind::Phone, 0),
            "the blank phone first"
        );
        f.phones.fields[0].set("123");
        f.add_row();
        assert_eq!(f.phones.fields.len(), 2);
        f.phones.fields[1].set("x");
        f.validate_field(OrgField::Row(Kind::Phone, 1));
        f.focus = OrgField::Row(Kind::Phone, 0);
        assert!(f.remove_row());
        assert!(f.errors.contains_key(&OrgField::Row(Kind::Phone, 0)));
        assert_eq!(f.phones.fields[0].value(), "x");
        f.focus = OrgField::Name;
        assert!(!f.remove_row());
    }

    #[test]
    fn a_blank_row_takes_what_is_typed_before_another_is_added() {
        let mut f = named("A");
        f.focus = OrgField::Row(Kind::Phone, 0);
        f.add_row();
        assert_eq!(
            f.phones.fields.len(),
            1,
            "no second blank row below the first"
        );
        assert_eq!(f.focus, OrgField::Row(Kind::Phone, 0));
        f.phones.fields[0].set("+7 900 000-00-01");
        f.add_row();
        f.add_row();
        assert_eq!(f.phones.fields.len(), 2);
        assert_eq!(f.focus, OrgField::Row(Kind::Phone, 1));
    }

    #[test]
    fn bad_emails_and_phones_are_shown_at_their_rows() {
        let mut f = named("A");
        f.emails.fields[0].set("anna at example");
        f.phones.fields[0].set("call me");
        assert!(!f.validate_all());
        assert!(f.errors.contains_key(&OrgField::Row(Kind::Email, 0)));
        assert!(f.errors.contains_key(&OrgField::Row(Kind::Phone, 0)));
        assert_eq!(f.focus, OrgField::Row(Kind::Email, 0));
    }

    #[test]
    fn values_round_trip_through_the_draft_shape() {
        let mut f = named("Альфа");
        f.addresses.fields[0].set("Москва, Тверская 1");
        f.add_row();
        let back = OrgForm::from_values(&f.values());
        assert_eq!(back.values(), f.values());
        assert!(back.touched.contains(&OrgField::Name));
    }
}
