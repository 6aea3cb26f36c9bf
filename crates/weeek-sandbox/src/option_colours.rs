//! The one palette of custom-field option colours, for task and funnel fields alike: requests
//! name a colour (`blue`, `light_green`), answers carry hex (`#6C78F4`), as the reference
//! records.
//!
//! The names are the union of the docs' request and answer enums (the answer enum adds
//! `dark_green`). UNCERTAIN: the service publishes no name-to-hex table. `blue` (`#6C78F4`)
//! and `pink` (`#FF6AA9`) are the colours real answers gave; the others are the sandbox's own,
//! chosen to be distinct and readable on light and dark screens.

use serde_json::Value;

use crate::validate::is_hex_colour;

/// The names a request may use, with the hex an answer carries.
pub const OPTION_COLOURS: [(&str, &str); 14] = [
    ("blue", "#6C78F4"),
    ("light_blue", "#4FC3F7"),
    ("dark_purple", "#7B4FD6"),
    ("purple", "#A77CF5"),
    ("dark_pink", "#E0479E"),
    ("pink", "#FF6AA9"),
    ("light_pink", "#FFA3C9"),
    ("red", "#F2545B"),
    ("turquoise", "#2EC4B6"),
    ("dark_green", "#2F9E5A"),
    ("green", "#4CC26D"),
    ("light_green", "#A3DE83"),
    ("dark_yellow", "#E0A526"),
    ("yellow", "#FFD84D"),
];

fn hex_of(name: &str) -> Option<&'static str> {
    OPTION_COLOURS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, hex)| *hex)
}

/// The hex stored for a requested colour: a known name, or a `#rrggbb` value taken as it is
/// (the tolerant reading: answers carry hex, so a client may send back what it read).
/// `None` for anything else.
pub fn requested_colour(requested: &str) -> Option<String> {
    let requested = requested.trim();
    match hex_of(requested) {
        Some(hex) => Some(hex.to_owned()),
        None => is_hex_colour(requested).then(|| requested.to_ascii_uppercase()),
    }
}

/// A stored colour as answers carry it: a name (demo data, files written by older sandboxes)
/// becomes its hex; anything else is answered as stored.
pub fn answer_colour(stored: &str) -> String {
    hex_of(stored).unwrap_or(stored).to_owned()
}

/// An option object (`{id, name, color}`) with its colour as answers carry it.
pub fn answer_option(mut option: Value) -> Value {
    if let Some(hex) = option.get("color").and_then(Value::as_str).and_then(hex_of) {
        option["color"] = Value::from(hex);
    }
    option
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn names_become_hex_and_hex_passes() {
        assert_eq!(requested_colour("blue").as_deref(), Some("#6C78F4"));
        assert_eq!(requested_colour(" dark_green ").as_deref(), Some("#2F9E5A"));
        assert_eq!(requested_colour("#ff6aa9").as_deref(), Some("#FF6AA9"));
        assert_eq!(requested_colour("mauve"), None);
        assert_eq!(requested_colour("#12345"), None);
    }

    #[test]
    fn stored_names_answer_as_hex() {
        assert_eq!(answer_colour("pink"), "#FF6AA9");
        assert_eq!(answer_colour("#123456"), "#123456");
        assert_eq!(
            answer_option(json!({"id": "o", "name": "n", "color": "red"})),
            json!({"id": "o", "name": "n", "color": "#F2545B"})
        );
    }
}
