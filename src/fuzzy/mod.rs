//! How typed text finds names in pickers and lists: fuzzy (as in fzf), ignoring case, and across
//! the two scripts a WEEEK workspace mixes. `mob` finds "Мобильное приложение" (the name is also
//! tried transliterated), and text typed with the wrong keyboard layout still matches: `vj,`
//! (meant as "моб" on a Russian layout) and `ьщи` (meant as "mob") both find it.

mod prepared;

pub use nucleo_matcher::Matcher;
use nucleo_matcher::pattern::{CaseMatching, Normalization, Pattern};
use nucleo_matcher::{Config, Utf32Str};
pub use prepared::{Hay, Query, Score};

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
    let mut buf = Vec::new();
    let mut at = Vec::new();
    with_matcher(|m| pattern.indices(Utf32Str::new(hay, &mut buf), m, &mut at));
    at.sort_unstable();
    at.dedup();
    at.into_iter().map(|i| i as usize).collect()
}

fn rank_pattern<S: AsRef<str>>(query: &str, haystacks: &[S]) -> Vec<usize> {
    let query = Query::new(query);
    let mut buf = Vec::new();
    let mut scored: Vec<(usize, Score)> = with_matcher(|m| {
        haystacks
            .iter()
            .enumerate()
            .filter_map(|(i, name)| {
                let name = name.as_ref();
                query
                    .score(name, &Hay::new(name), m, &mut buf)
                    .map(|s| (i, s))
            })
            .collect()
    });
    scored.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    scored.into_iter().map(|(i, _)| i).collect()
}

thread_local! {
    /// A matcher holds a large scratch space: made once per thread, not once per name drawn.
    static MATCHER: std::cell::RefCell<Matcher> = std::cell::RefCell::new(Matcher::new(Config::DEFAULT));
}

#[cfg(test)]
pub fn matcher() -> Matcher {
    Matcher::new(Config::DEFAULT)
}

/// Runs `f` with this thread's matcher, made with the settings every search here uses.
pub fn with_matcher<T>(f: impl FnOnce(&mut Matcher) -> T) -> T {
    MATCHER.with(|m| match m.try_borrow_mut() {
        Ok(mut m) => f(&mut m),
        // Only a search inside a search would find it taken: it gets a matcher of its own.
        Err(_) => f(&mut Matcher::new(Config::DEFAULT)),
    })
}

/// Whether every name `longer` finds is among those `shorter` finds, so that a search can go
/// on from the names the shorter text found: `longer` is `shorter` with more typed after it,
/// and neither holds a character that changes how the matcher reads a word (`!` excludes,
/// `^` and `$` anchor, `'` and `\\` quote).
pub fn narrows(shorter: &str, longer: &str) -> bool {
    let plain = |s: &str| !s.contains(['!', '^', '$', '\'', '\\']);
    longer.starts_with(shorter) && plain(longer)
}

/// The query as it would read had it been typed on the other layout (ЙЦУКЕН and QWERTY share
/// the keys), when that differs.
pub fn other_layout_query(query: &str) -> Option<String> {
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
