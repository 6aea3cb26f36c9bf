//! Laravel-style validation errors: `{"success":false,"message":…,"errors":{…}}`
//! with messages worded like Laravel's defaults.

use serde_json::{Map, Value, json};

/// Validation failures collected in request order.
#[derive(Debug, Default)]
pub struct Invalid {
    fields: Vec<(String, Vec<String>)>,
    /// The real service omits the top-level `message` on some answers (task
    /// create with an unknown project); it is kept everywhere for consistency,
    /// as clients read `errors` first.
    message: Option<String>,
}

impl Invalid {
    pub fn new() -> Self {
        Self::default()
    }

    /// A single failure.
    pub fn one(field: &str, message: String) -> Self {
        let mut invalid = Self::new();
        invalid.add(field, message);
        invalid
    }

    pub fn add(&mut self, field: &str, message: String) {
        if self.message.is_none() {
            self.message = Some(message.clone());
        }
        match self.fields.iter_mut().find(|(f, _)| f == field) {
            Some((_, messages)) => messages.push(message),
            None => self.fields.push((field.to_owned(), vec![message])),
        }
    }

    pub fn merge(&mut self, other: Invalid) {
        for (field, messages) in other.fields {
            for message in messages {
                self.add(&field, message);
            }
        }
    }

    pub fn has(&self, field: &str) -> bool {
        self.fields.iter().any(|(f, _)| f == field)
    }

    pub fn is_empty(&self) -> bool {
        self.fields.is_empty()
    }

    /// `Ok(())` when nothing failed.
    pub fn check(self) -> Result<(), Invalid> {
        if self.is_empty() { Ok(()) } else { Err(self) }
    }

    pub fn to_body(&self) -> Value {
        let errors: Map<String, Value> = self
            .fields
            .iter()
            .map(|(field, messages)| (field.clone(), json!(messages)))
            .collect();
        json!({
            "success": false,
            "message": self.message.clone().unwrap_or_else(|| "The given data was invalid.".to_owned()),
            "errors": errors,
        })
    }
}

/// Laravel's attribute name: `boardId` → `board id`, `emails.0` unchanged.
pub fn attr(field: &str) -> String {
    let mut out = String::with_capacity(field.len() + 4);
    for c in field.chars() {
        if c.is_uppercase() {
            out.push(' ');
            out.extend(c.to_lowercase());
        } else if c == '_' {
            out.push(' ');
        } else {
            out.push(c);
        }
    }
    out
}

pub fn required(field: &str) -> String {
    format!("The {} field is required.", attr(field))
}

/// The attribute-less wording the service uses for some required parameters
/// (`projectId` of boards, `boardId` of columns, empty `assignees`).
pub fn field_required() -> String {
    "The field is required.".to_owned()
}

pub fn required_with(field: &str, other: &str) -> String {
    format!(
        "The {} field is required when {} is present.",
        attr(field),
        attr(other)
    )
}

pub fn selected_invalid(field: &str) -> String {
    format!("The selected {} is invalid.", attr(field))
}

/// Worded like the live answer "The board id must be an integer.".
pub fn integer(field: &str) -> String {
    format!("The {} must be an integer.", attr(field))
}

pub fn boolean(field: &str) -> String {
    format!("The {} field must be true or false.", attr(field))
}

pub fn string(field: &str) -> String {
    format!("The {} field must be a string.", attr(field))
}

pub fn array(field: &str) -> String {
    format!("The {} field must be an array.", attr(field))
}

pub fn max_chars(field: &str, max: usize) -> String {
    format!(
        "The {} field must not be greater than {max} characters.",
        attr(field)
    )
}

pub fn min_value(field: &str, min: i64) -> String {
    format!("The {} field must be at least {min}.", attr(field))
}

pub fn between(field: &str, min: i64, max: i64) -> String {
    format!("The {} field must be between {min} and {max}.", attr(field))
}

pub fn email(field: &str) -> String {
    format!("The {} field must be a valid email address.", attr(field))
}

pub fn date_format(field: &str, format: &str) -> String {
    format!("The {} field must match the format {format}.", attr(field))
}

pub fn after_or_equal(field: &str, other: &str) -> String {
    format!(
        "The {} field must be a date after or equal to {}.",
        attr(field),
        attr(other)
    )
}

pub fn numeric(field: &str) -> String {
    format!("The {} field must be a number.", attr(field))
}

/// Laravel's `prohibits`: two fields that may not be sent together.
pub fn prohibits(field: &str, other: &str) -> String {
    format!(
        "The {} field prohibits {} from being present.",
        attr(field),
        attr(other)
    )
}

pub fn required_without(field: &str, other: &str) -> String {
    format!(
        "The {} field is required when {} is not present.",
        attr(field),
        attr(other)
    )
}

pub fn max_kilobytes(field: &str, max: usize) -> String {
    format!(
        "The {} field must not be greater than {max} kilobytes.",
        attr(field)
    )
}

/// Close to Laravel's RFC check: one `@`, a non-empty local part, a domain of
/// non-empty dot-separated labels, no whitespace.
/// `#rrggbb`, the colour format of tags, projects and option colours sent as hex.
pub fn is_hex_colour(text: &str) -> bool {
    text.len() == 7 && text.starts_with('#') && text[1..].chars().all(|c| c.is_ascii_hexdigit())
}

pub fn is_email(text: &str) -> bool {
    let Some((local, domain)) = text.rsplit_once('@') else {
        return false;
    };
    !local.is_empty()
        && !local.contains('@')
        && !text.chars().any(char::is_whitespace)
        && !domain.is_empty()
        && domain.split('.').all(|label| {
            !label.is_empty()
                && label
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attribute_names() {
        assert_eq!(attr("boardId"), "board id");
        assert_eq!(attr("completedAtFrom"), "completed at from");
        assert_eq!(attr("emails.0"), "emails.0");
    }

    #[test]
    fn emails() {
        assert!(is_email("anna@example.com"));
        assert!(is_email("ivan@почта.рф"));
        assert!(!is_email("not-an-email"));
        assert!(!is_email("a b@example.com"));
        assert!(!is_email("a@example..com"));
    }

    #[test]
    fn first_message_leads() {
        let mut invalid = Invalid::new();
        invalid.add("firstName", required("firstName"));
        invalid.add("emails.1", email("emails.1"));
        let body = invalid.to_body();
        assert_eq!(body["message"], "The first name field is required.");
        assert_eq!(
            body["errors"]["emails.1"][0],
            "The emails.1 field must be a valid email address."
        );
    }
}
