//! The small amount of HTML handling descriptions need.

/// Escapes text for inclusion in HTML.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

/// The service stores task descriptions as HTML: plain text comes back with
/// each line wrapped in `<p>…</p>`. Text that already starts with a tag is
/// taken as HTML.
pub fn description_to_html(text: &str) -> String {
    if text.trim_start().starts_with('<') {
        return text.to_owned();
    }
    text.lines()
        .map(|line| format!("<p>{}</p>", escape(line)))
        .collect()
}

/// Visible text of an HTML fragment, for searching: tags dropped, common
/// entities decoded.
pub fn to_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match (in_tag, c) {
            (false, '<') => {
                in_tag = true;
                out.push(' ');
            }
            (true, '>') => in_tag = false,
            (false, c) => out.push(c),
            (true, _) => {}
        }
    }
    out.replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_lines_become_paragraphs() {
        assert_eq!(description_to_html("a < b\nc"), "<p>a &lt; b</p><p>c</p>");
        assert_eq!(
            description_to_html("<ul><li>x</li></ul>"),
            "<ul><li>x</li></ul>"
        );
    }

    #[test]
    fn text_of_html() {
        assert_eq!(to_text("<p>Tom &amp; Jerry</p>").trim(), "Tom & Jerry");
    }
}
