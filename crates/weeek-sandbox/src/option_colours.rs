//! Custom-field option colours: requests name them (`blue`, `light_green`), answers carry hex
//! (`#6C78F4`), as the reference records. UNCERTAIN: which hex each name maps to is not
//! published; these values are chosen to be distinct and readable on light and dark screens.

/// The names a request may use, with the hex an answer carries.
pub const OPTION_COLOURS: [(&str, &str); 13] = [
    ("blue", "#6C78F4"),
    ("light_blue", "#5AC8FA"),
    ("dark_purple", "#7B4FD9"),
    ("purple", "#A56EFF"),
    ("dark_pink", "#D6478F"),
    ("pink", "#FF6AA9"),
    ("light_pink", "#FFA3C8"),
    ("red", "#F25B5B"),
    ("turquoise", "#2EC4B6"),
    ("green", "#2FB67C"),
    ("light_green", "#8ED16F"),
    ("dark_yellow", "#E0A526"),
    ("yellow", "#FFD043"),
];

/// The hex stored and answered for a requested colour: a known name, or a `#rrggbb` value
/// taken as it is (the tolerant reading: answers carry hex, so clients may send it back).
pub fn stored_colour(requested: &str) -> Option<String> {
    let requested = requested.trim();
    if let Some((_, hex)) = OPTION_COLOURS.iter().find(|(name, _)| *name == requested) {
        return Some((*hex).to_owned());
    }
    let is_hex = requested.len() == 7
        && requested.starts_with('#')
        && requested[1..].chars().all(|c| c.is_ascii_hexdigit());
    is_hex.then(|| requested.to_ascii_uppercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_become_hex_and_hex_passes() {
        assert_eq!(stored_colour("blue").as_deref(), Some("#6C78F4"));
        assert_eq!(stored_colour("#ff6aa9").as_deref(), Some("#FF6AA9"));
        assert_eq!(stored_colour("mauve"), None);
        assert_eq!(stored_colour("#12345"), None);
    }
}
