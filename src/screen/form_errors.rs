//! The service's field errors (a 422's `errors`, keyed `title`, `emails.1`, …) put at the
//! fields of a form, for every form of the app.

use std::collections::BTreeMap;

use weeek_api::FieldErrors;

/// Replaces `errors` with the service's, at the fields `field_for` names. Messages of keys no
/// field takes come back as "key: message", to be shown over the form.
pub fn place<F: Ord + Copy>(
    errors: &mut BTreeMap<F, String>,
    fields: &FieldErrors,
    field_for: impl Fn(&str) -> Option<F>,
) -> Vec<String> {
    errors.clear();
    let mut leftovers = Vec::new();
    for (key, messages) in fields {
        let text = messages.join(" ");
        match field_for(key) {
            Some(f) => {
                errors
                    .entry(f)
                    .and_modify(|m| {
                        m.push(' ');
                        m.push_str(&text);
                    })
                    .or_insert(text);
            }
            None => leftovers.push(format!("{key}: {text}")),
        }
    }
    leftovers
}
