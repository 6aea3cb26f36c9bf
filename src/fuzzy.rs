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
    // The query as typed first; read as typed on the other layout only when that finds nothing,
    // since a swapped query matches loosely and would add noise to a search that worked.
    let found = rank_pattern(query, haystacks);
    if !found.is_empty() {
        return found;
    }
    match other_layout_query(query) {
        Some(swapped) => rank_pattern(&swapped, haystacks),
        None => found,
    }
}

/// The characters of `hay` (by index) that `query` matched, for drawing them highlighted; empty
/// when it matched only through the Latin spelling, which has no letters to point at.
pub fn positions(query: &str, hay: &str) -> Vec<usize> {
    let query = query.trim();
    if query.is_empty() {
        return Vec::new();
    }
    let direct = positions_of(query, hay);
    if !direct.is_empty() {
        return direct;
    }
    other_layout_query(query).map_or_else(Vec::new, |q| positions_of(&q, hay))
}

fn positions_of(query: &str, hay: &str) -> Vec<usize> {
    let pattern = Pattern::parse(query, CaseMatching::Ignore, Normalization::Smart);
    let mut matcher = Matcher::new(Config::DEFAULT);
    let mut buf = Vec::new();
    let mut at = Vec::new();
    pattern.indices(Utf32Str::new(hay, &mut buf), &mut matcher, &mut at);
    at.sort_unstable();
    at.dedup();
    at.into_iter().map(|i| i as usize).collect()
}

fn rank_pattern<S: AsRef<str>>(query: &str, haystacks: &[S]) -> Vec<usize> {
    let pattern = Pattern::parse(query, CaseMatching::Ignore, Normalization::Smart);
    let mut matcher = Matcher::new(Config::DEFAULT);
    let mut buf = Vec::new();
    let folded = query.to_lowercase();
    // What a name matched by, best first: the text as typed, whole (case aside); the text
    // as typed, fuzzily; only the name's Latin spelling. A tier outranks any score of a lower
    // one, so `tele` puts "Telegram" above "Телефон" (whose spelling "Telefon" scores higher).
    let mut scored: Vec<(usize, u8, u32)> = haystacks
        .iter()
        .enumerate()
        .filter_map(|(i, hay)| {
            let hay = hay.as_ref();
            if let Some(s) = pattern.score(Utf32Str::new(hay, &mut buf), &mut matcher) {
                let tier = if hay.to_lowercase().contains(&folded) {
                    2
                } else {
                    1
                };
                return Some((i, tier, s));
            }
            // A Latin query also meets the name spelled in Latin letters.
            let latin = deunicode::deunicode(hay);
            if latin == hay {
                return None;
            }
            pattern
                .score(Utf32Str::new(&latin, &mut buf), &mut matcher)
                .map(|s| (i, 0, s))
        })
        .collect();
    scored.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.cmp(&a.2)).then(a.0.cmp(&b.0)));
    scored.into_iter().map(|(i, _, _)| i).collect()
}

/// The query as it would read had it been typed on the other layout (ЙЦУКЕН and QWERTY share
/// the keys), when that differs.
fn other_layout_query(query: &str) -> Option<String> {
    let swapped: String = query.chars().map(other_layout).collect();
    (swapped != query).then_some(swapped)
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
    fn the_other_layout_is_tried_only_when_nothing_matches() {
        // "марк" read on the other layout would be "vfhr": no noise added to a search that works.
        assert_eq!(found("мар"), vec!["Маркетинг"]);
    }

    #[test]
    fn positions_point_at_the_matched_letters_on_either_layout() {
        assert_eq!(positions("баги", "Баги"), [0, 1, 2, 3]);
        assert_eq!(positions(",fub", "Баги"), [0, 1, 2, 3]);
        assert_eq!(positions("рз", "Разработка"), [0, 2]);
        assert!(positions("баги", "Разработка").is_empty());
    }

    #[test]
    fn a_whole_match_as_typed_ranks_above_a_transliterated_one() {
        let names = ["Телефон", "Telegram", "Телеграм-бот"];
        let hits: Vec<&str> = rank("tele", &names).into_iter().map(|i| names[i]).collect();
        assert_eq!(hits.first(), Some(&"Telegram"), "{hits:?}");
        assert_eq!(
            hits.len(),
            3,
            "the transliterated ones still match: {hits:?}"
        );
        // Case aside, a whole match beats a scattered one as typed.
        let names = ["Pinned people", "Pipe"];
        assert_eq!(rank("PIPE", &names), [1, 0]);
    }

    #[test]
    fn plain_matching_and_order_are_kept() {
        assert_eq!(found("марк"), vec!["Маркетинг"]);
        assert_eq!(found("  "), NAMES.to_vec());
        assert!(found("zzzz").is_empty());
    }
}
