//! The body of `POST /crm/contacts`, checked with the service's own rules before sending.

use serde::{Deserialize, Serialize};

/// Names may hold at most this many characters (characters, not bytes).
pub const NAME_MAX_CHARS: usize = 255;

/// A contact to create. Empty strings in the lists are ignored; names are sent trimmed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct NewContact {
    pub first_name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub middle_name: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub emails: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub phones: Vec<String>,
    /// Organization UUIDs.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub organizations: Vec<String>,
    /// Tag ids.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<i64>,
}

/// One broken rule, keyed as the service keys it (`firstName`, `emails.1`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    pub field: String,
    pub message: String,
}

impl FieldError {
    fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            field: field.into(),
            message: message.into(),
        }
    }
}

/// Checks a name: `None` when valid.
pub fn check_name(value: &str, required: bool) -> Option<String> {
    let count = value.trim().chars().count();
    if required && count == 0 {
        Some("required".into())
    } else if count > NAME_MAX_CHARS {
        Some(format!("at most {NAME_MAX_CHARS} characters ({count} now)"))
    } else {
        None
    }
}

/// Checks an e-mail address: `None` when valid.
pub fn check_email(value: &str) -> Option<String> {
    let v = value.trim();
    // The RFC accepts a dotless domain (`anna@localhost`); a contact's address is on the
    // internet, so its domain needs a dot, and not at either end.
    let domain_ok = v
        .rsplit_once('@')
        .is_some_and(|(_, d)| d.contains('.') && !d.starts_with('.') && !d.ends_with('.'));
    if email_address::EmailAddress::is_valid(v) && domain_ok {
        None
    } else {
        Some("not an e-mail address".into())
    }
}

/// Checks a phone leniently: digits with `+`, spaces, dashes, dots and brackets, 3 digits or more.
pub fn check_phone(value: &str) -> Option<String> {
    let v = value.trim();
    let allowed = v
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '+' | ' ' | '-' | '(' | ')' | '.'));
    let digits = v.chars().filter(char::is_ascii_digit).count();
    let plus_ok = v.rfind('+').is_none_or(|i| i == 0);
    if allowed && plus_ok && digits >= 3 {
        None
    } else {
        Some("digits, with + ( ) - and spaces".into())
    }
}

fn check_uuid(value: &str) -> Option<String> {
    uuid::Uuid::parse_str(value.trim())
        .err()
        .map(|_| "not an organization id".into())
}

impl NewContact {
    /// Every broken rule, in form order. Empty when the contact can be sent.
    pub fn validate(&self) -> Vec<FieldError> {
        let mut errors = Vec::new();
        if let Some(m) = check_name(&self.first_name, true) {
            errors.push(FieldError::new("firstName", m));
        }
        for (key, value) in [
            ("lastName", &self.last_name),
            ("middleName", &self.middle_name),
        ] {
            if let Some(m) = value.as_deref().and_then(|v| check_name(v, false)) {
                errors.push(FieldError::new(key, m));
            }
        }
        for (i, e) in self.emails.iter().enumerate() {
            if let Some(m) = check_email(e) {
                errors.push(FieldError::new(format!("emails.{i}"), m));
            }
        }
        for (i, p) in self.phones.iter().enumerate() {
            if let Some(m) = check_phone(p) {
                errors.push(FieldError::new(format!("phones.{i}"), m));
            }
        }
        for (i, o) in self.organizations.iter().enumerate() {
            if let Some(m) = check_uuid(o) {
                errors.push(FieldError::new(format!("organizations.{i}"), m));
            }
        }
        errors
    }

    /// The contact as it will be sent: trimmed names, blank optional names and list rows
    /// dropped.
    pub fn normalized(&self) -> NewContact {
        let opt = |v: &Option<String>| {
            v.as_deref()
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_string)
        };
        let list = |v: &[String]| {
            v.iter()
                .map(|s| s.trim())
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect()
        };
        NewContact {
            first_name: self.first_name.trim().to_string(),
            last_name: opt(&self.last_name),
            middle_name: opt(&self.middle_name),
            emails: list(&self.emails),
            phones: list(&self.phones),
            organizations: list(&self.organizations),
            tags: self.tags.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(first: &str) -> NewContact {
        NewContact {
            first_name: first.into(),
            ..Default::default()
        }
    }

    fn fields(c: &NewContact) -> Vec<String> {
        c.validate().into_iter().map(|e| e.field).collect()
    }

    #[test]
    fn first_name_is_required_and_not_blank() {
        assert_eq!(fields(&named("")), vec!["firstName"]);
        assert_eq!(fields(&named("   ")), vec!["firstName"]);
        assert!(fields(&named("Анна")).is_empty());
    }

    #[test]
    fn names_count_characters_not_bytes() {
        assert!(fields(&named(&"Ж".repeat(255))).is_empty());
        assert_eq!(fields(&named(&"Ж".repeat(256))), vec!["firstName"]);
        assert!(fields(&named(&"🙂".repeat(255))).is_empty());
        let long_last = NewContact {
            last_name: Some("я".repeat(256)),
            ..named("A")
        };
        assert_eq!(fields(&long_last), vec!["lastName"]);
    }

    #[test]
    fn each_bad_list_item_is_named_by_index() {
        let c = NewContact {
            emails: vec!["a@example.com".into(), "nope".into()],
            phones: vec!["+7 (900) 123-45-67".into(), "call me".into()],
            organizations: vec!["not-a-uuid".into()],
            ..named("A")
        };
        assert_eq!(fields(&c), vec!["emails.1", "phones.1", "organizations.0"]);
    }

    #[test]
    fn an_address_needs_a_dot_in_its_domain() {
        assert_eq!(
            check_email("d.elkina@northwind"),
            Some("not an e-mail address".into())
        );
        assert!(check_email("anna@localhost").is_some());
        assert!(check_email("anna@.example").is_some());
        assert!(check_email("anna@example.").is_some());
        assert_eq!(check_email("d.elkina@northwind.example"), None);
        assert_eq!(check_email(" анна@пример.рф "), None);
    }

    #[test]
    fn normalized_drops_blank_rows_and_optional_names() {
        let c = NewContact {
            first_name: "  Анна ".into(),
            last_name: Some(" ".into()),
            emails: vec!["a@example.com".into(), "  ".into()],
            ..Default::default()
        }
        .normalized();
        assert_eq!(c.first_name, "Анна");
        assert_eq!(c.last_name, None);
        assert_eq!(c.emails, vec!["a@example.com"]);
        let body = serde_json::to_value(&c).unwrap();
        assert_eq!(
            body,
            serde_json::json!({"firstName": "Анна", "emails": ["a@example.com"]})
        );
    }
}
