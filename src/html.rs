//! Task descriptions arrive as HTML; people read them as text.

/// Readable text of an HTML fragment, wrapped to `width` columns (lists, links and
/// emphasis are kept in a plain-text form).
pub fn to_text(html: &str, width: usize) -> String {
    let width = width.max(10);
    let text = html2text::from_read(html.as_bytes(), width).unwrap_or_else(|_| html.to_string());
    let cleaned: Vec<String> = text
        .lines()
        .map(|l| crate::text::one_line(l.trim_end()))
        .collect();
    cleaned.join("\n").trim_matches('\n').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paragraphs_and_lists_become_lines() {
        let t = to_text(
            "<p>Проверить <b>счёт</b></p><ul><li>один</li><li>два</li></ul>",
            60,
        );
        assert!(t.contains("Проверить"));
        assert!(t.contains("счёт"));
        assert!(t.lines().any(|l| l.contains("один")));
        assert!(!t.contains("<p>"));
    }

    #[test]
    fn broken_html_still_gives_text() {
        let t = to_text("<p>unclosed <i>tag", 40);
        assert!(t.contains("unclosed"));
    }
}
