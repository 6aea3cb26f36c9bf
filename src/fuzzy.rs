//! How typed text finds names in pickers and lists: fuzzy (as in fzf), ignoring case, and across
//! the two scripts a WEEEK workspace mixes. `mob` finds "Мобильное приложение" (the name is also
//! tried transliterated), and text typed with the wrong keyboard layout still matches: `vj,`
//! (meant as "моб" on a Russian layout) and `ьщи` (meant as "mob") both find it.

use nucleo_matcher::pattern::{CaseMatching, Normalization, Pattern};
use nucleo_matcher::{Config, Matcher, Utf32Str};

/// Indices of the haystacks that match `query`, best first; equal scores keep the given order,
/// so rows do not shuffle while typing. An empty query matches everything in order.
pub fn rank<S: AsRef<str>>(query: &str, haystacks: &[S]) -> Vec<usize> {
    let query = query.trim();
    if query.is_empty() {
        return (0..haystacks.len()).collect();
    }
    let patterns: Vec<Pattern> = query_variants(query)
        .iter()
        .map(|q| Pattern::parse(q, CaseMatching::Ignore, Normalization::Smart))
        .collect();
    let mut matcher = Matcher::new(Config::DEFAULT);
    let mut buf = Vec::new();
    let mut scored: Vec<(usize, u32)> = haystacks
        .iter()
        .enumerate()
        .filter_map(|(i, hay)| {
            let hay = hay.as_ref();
            let latin = deunicode::deunicode(hay);
            let texts: &[&str] = if latin == hay { &[hay] } else { &[hay, &latin] };
            let mut best = None;
            for text in texts {
                for p in &patterns {
                    let s = p.score(Utf32Str::new(text, &mut buf), &mut matcher);
                    best = best.max(s);
                }
            }
            best.map(|s| (i, s))
        })
        .collect();
    scored.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    scored.into_iter().map(|(i, _)| i).collect()
}

/// The query as typed, and as it would read had it been typed on the other layout (ЙЦУКЕН and
/// QWERTY share the keys), when that differs.
fn query_variants(query: &str) -> Vec<String> {
    let swapped: String = query.chars().map(other_layout).collect();
    if swapped == query {
        vec![query.to_string()]
    } else {
        vec![query.to_string(), swapped]
    }
}

/// Pairs of characters on the same key: QWERTY first, ЙЦУКЕН second.
const SAME_KEY: [(char, char); 33] = [
    ('q', 'й'),
    ('w', 'ц'),
    ('e', 'у'),
    ('r', 'к'),
    ('t', 'е'),
    ('y', 'н'),
    ('u', 'г'),
    ('i', 'ш'),
    ('o', 'щ'),
    ('p', 'з'),
    ('[', 'х'),
    (']', 'ъ'),
    ('a', 'ф'),
    ('s', 'ы'),
    ('d', 'в'),
    ('f', 'а'),
    ('g', 'п'),
    ('h', 'р'),
    ('j', 'о'),
    ('k', 'л'),
    ('l', 'д'),
    (';', 'ж'),
    ('\'', 'э'),
    ('z', 'я'),
    ('x', 'ч'),
    ('c', 'с'),
    ('v', 'м'),
    ('b', 'и'),
    ('n', 'т'),
    ('m', 'ь'),
    (',', 'б'),
    ('.', 'ю'),
    ('`', 'ё'),
];

fn other_layout(c: char) -> char {
    let lower = c.to_lowercase().next().unwrap_or(c);
    SAME_KEY
        .iter()
        .find_map(|&(latin, cyrillic)| {
            if lower == latin {
                Some(cyrillic)
            } else if lower == cyrillic {
                Some(latin)
            } else {
                None
            }
        })
        .unwrap_or(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    const NAMES: [&str; 4] = [
        "Мобильное приложение",
        "Website redesign",
        "Маркетинг",
        "Mobile QA",
    ];

    fn found(query: &str) -> Vec<&'static str> {
        rank(query, &NAMES).into_iter().map(|i| NAMES[i]).collect()
    }

    #[test]
    fn latin_finds_cyrillic_names() {
        let hits = found("mob");
        assert!(hits.contains(&"Мобильное приложение"), "{hits:?}");
        assert!(hits.contains(&"Mobile QA"), "{hits:?}");
        assert!(!hits.contains(&"Маркетинг"), "{hits:?}");
    }

    #[test]
    fn the_wrong_keyboard_layout_still_finds() {
        // "моб" typed with the Latin layout on.
        assert_eq!(found("vj,").first(), Some(&"Мобильное приложение"));
        // "web" typed with the Russian layout on.
        assert_eq!(found("цуи"), vec!["Website redesign"]);
    }

    #[test]
    fn plain_matching_and_order_are_kept() {
        assert_eq!(found("марк"), vec!["Маркетинг"]);
        assert_eq!(found("  "), NAMES.to_vec());
        assert!(found("zzzz").is_empty());
    }
}
