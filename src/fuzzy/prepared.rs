//! Names and typed text made ready to be matched many times: the palette matches every name
//! the local store holds, a hundred thousand of them, on each key.
//!
//! Whether a name matches is decided without the matcher's scoring, which costs far more: the
//! words typed are looked for, letter after letter, in the name folded as the matcher folds it
//! (simple case folding; `ё` as `е` and `ä` as `a` unless the word holds such a letter itself).
//! That is exactly when the matcher finds a match. Only the names that may be shown are scored.

use memchr::memmem::Finder;
use nucleo_matcher::chars::{graphemes, normalize, to_lower_case};
use nucleo_matcher::pattern::{CaseMatching, Normalization, Pattern};
use nucleo_matcher::{Matcher, Utf32Str};

/// How well a name matched, the best greatest. First what it matched by (`tier`): 2, the text
/// as typed, whole (case aside); 1, the text as typed, fuzzily; 0, only the name's Latin
/// spelling. A tier outranks any score of a lower one, so `tele` puts "Telegram" above
/// "Телефон" (whose spelling "Telefon" scores higher).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Score {
    pub tier: u8,
    pub points: u32,
}

/// A name made ready: folded as the matcher folds it, and its Latin spelling.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hay {
    /// Folded, each letter also normalized: where words without such letters are looked for.
    norm: Box<str>,
    /// Folded only, when that differs from `norm`.
    plain: Option<Box<str>>,
    /// The Latin spelling in lower case, when it differs from the name.
    latin: Option<Box<str>>,
    /// Which plain Latin and Cyrillic letters the name holds ([`letters`]), folded either way,
    /// and its Latin spelling: a word with a letter the name lacks is not looked for in it.
    letters: u64,
    latin_letters: u64,
}

impl Hay {
    pub fn new(name: &str) -> Self {
        let mut norm = String::with_capacity(name.len());
        let mut plain = String::with_capacity(name.len());
        // The matcher reads the first character of each grapheme, normalized, then folded.
        for c in graphemes(name) {
            norm.push(to_lower_case(normalize(c)));
            plain.push(to_lower_case(c));
        }
        let spelled = deunicode::deunicode(name);
        let latin = (spelled != name).then(|| spelled.to_ascii_lowercase().into_boxed_str());
        Self {
            letters: letters(&norm) | letters(&plain),
            latin_letters: latin.as_deref().map_or(0, letters),
            plain: (plain != norm).then(|| plain.into_boxed_str()),
            norm: norm.into_boxed_str(),
            latin,
        }
    }

    fn folded(&self, normalized: bool) -> &str {
        match (&self.plain, normalized) {
            (Some(plain), false) => plain,
            _ => &self.norm,
        }
    }
}

/// A word of the text, as the matcher reads it.
struct Word {
    folded: Box<str>,
    /// Its plain letters ([`letters`]).
    letters: u64,
    /// Names are normalized for it: it holds no letter normalizing would change.
    normalized: bool,
    /// It holds a letter no Latin spelling has.
    ascii: bool,
}

/// Typed text, made ready to be matched against many names.
pub struct Query {
    text: String,
    pattern: Pattern,
    /// The words, unless the text holds a character that changes how the matcher reads a word
    /// (`!` excludes, `^` and `$` anchor, `'` and `\` quote): the matcher then decides alone.
    words: Option<Vec<Word>>,
    /// The whole text folded, for the whole-match tier, and set up to be looked for.
    whole: Finder<'static>,
    /// The text is one letter.
    one_letter: bool,
}

impl Query {
    pub fn new(text: &str) -> Self {
        let plain = !text.contains(['!', '^', '$', '\'', '\\']);
        // The matcher's words are split at spaces only.
        let words = plain.then(|| {
            text.split(' ')
                .filter(|w| !w.is_empty())
                .map(|w| {
                    let folded: String = graphemes(w).map(to_lower_case).collect();
                    Word {
                        normalized: folded.chars().all(|c| normalize(c) == c),
                        ascii: folded.is_ascii(),
                        letters: letters(&folded),
                        folded: folded.into_boxed_str(),
                    }
                })
                .collect()
        });
        Self {
            text: text.to_string(),
            pattern: Pattern::parse(text, CaseMatching::Ignore, Normalization::Smart),
            words,
            whole: Finder::new(&graphemes(text).map(to_lower_case).collect::<String>())
                .into_owned(),
            one_letter: graphemes(text).count() == 1,
        }
    }

    /// What `name` (made ready as `hay`) matches by, if it matches: see [`Score::tier`].
    pub fn tier(
        &self,
        name: &str,
        hay: &Hay,
        matcher: &mut Matcher,
        buf: &mut Vec<char>,
    ) -> Option<u8> {
        let Some(words) = &self.words else {
            return self.tier_by_matcher(name, hay, matcher, buf);
        };
        // A word with a letter the name lacks is not in it, whole or in order.
        if words.iter().all(|w| w.letters & !hay.letters == 0) {
            if self.whole.find(hay.folded(false).as_bytes()).is_some() {
                return Some(2);
            }
            // One letter is in order exactly where it is whole, when the name reads the same
            // normalized.
            let known = self.one_letter && hay.plain.is_none();
            if !known
                && words
                    .iter()
                    .all(|w| in_order(hay.folded(w.normalized), &w.folded))
            {
                return Some(1);
            }
        }
        // A Latin text also meets the name spelled in Latin letters.
        let latin = hay.latin.as_deref()?;
        words
            .iter()
            .all(|w| w.ascii && w.letters & !hay.latin_letters == 0 && in_order(latin, &w.folded))
            .then_some(0)
    }

    /// [`Query::tier`] for a text only the matcher reads.
    fn tier_by_matcher(
        &self,
        name: &str,
        hay: &Hay,
        matcher: &mut Matcher,
        buf: &mut Vec<char>,
    ) -> Option<u8> {
        if self
            .pattern
            .score(Utf32Str::new(name, buf), matcher)
            .is_some()
        {
            let whole = self.whole.find(hay.folded(false).as_bytes()).is_some();
            return Some(if whole { 2 } else { 1 });
        }
        let latin = hay.latin.as_deref()?;
        self.pattern
            .score(Utf32Str::new(latin, buf), matcher)
            .map(|_| 0)
    }

    /// The matcher's points for `name`, which matched by `tier`.
    pub fn points(
        &self,
        name: &str,
        hay: &Hay,
        tier: u8,
        matcher: &mut Matcher,
        buf: &mut Vec<char>,
    ) -> Option<u32> {
        let scored = if tier > 0 {
            name
        } else {
            hay.latin.as_deref()?
        };
        self.pattern.score(Utf32Str::new(scored, buf), matcher)
    }

    /// How well `name` matches, if it does.
    pub fn score(
        &self,
        name: &str,
        hay: &Hay,
        matcher: &mut Matcher,
        buf: &mut Vec<char>,
    ) -> Option<Score> {
        let tier = self.tier(name, hay, matcher, buf)?;
        let points = self.points(name, hay, tier, matcher, buf)?;
        Some(Score { tier, points })
    }

    /// The most points a name can score: those of the text itself, every word whole at the
    /// start. `None` when the text is read by the matcher alone (it can exclude and anchor).
    pub fn most_points(&self, matcher: &mut Matcher, buf: &mut Vec<char>) -> Option<u32> {
        self.words.as_ref()?;
        self.pattern.score(Utf32Str::new(&self.text, buf), matcher)
    }
}

/// A bit for each of the plain lower-case Latin and Cyrillic letters `folded` holds: the
/// letters most names are made of, to tell at once that a word is not in a name.
fn letters(folded: &str) -> u64 {
    folded
        .chars()
        .map(|c| match c {
            'a'..='z' => 1 << (c as u32 - 'a' as u32),
            'а'..='я' => 1 << (26 + c as u32 - 'а' as u32),
            _ => 0,
        })
        .fold(0, |all, bit| all | bit)
}

/// Whether the letters of `word` are in `hay`, in order.
fn in_order(hay: &str, word: &str) -> bool {
    let mut rest = hay;
    for c in word.chars() {
        match rest.find(c) {
            Some(at) => rest = &rest[at + c.len_utf8()..],
            None => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    const NAMES: [&str; 14] = [
        "Мобильное приложение",
        "Ёлка для офиса",
        "Елка для офиса",
        "Café Müller",
        "CRM для фитнес-клуба «Пульс»",
        "WhatsApp рассылка",
        "Отчёт за квартал",
        "отчет по НДС",
        "Release notes",
        "Сверка: Поставщики",
        "ИП Иванов И. И.",
        "straße 12",
        "",
        "ℌello ﬁle",
    ];

    const TEXTS: [&str; 27] = [
        "о",
        "ё",
        "e",
        "ä",
        "U",
        "моб",
        "ёлка",
        "елка",
        "ЁЛ",
        "cafe",
        "café",
        "MÜLLER",
        "muller",
        "crm пульс",
        "пульс crm",
        "wa",
        "отчёт",
        "отчет",
        "otchet",
        "kvartal",
        "re no",
        "сверка по",
        "strasse",
        "ß",
        "и и",
        "file",
        "zzz",
    ];

    /// The quick check finds exactly what the matcher finds, as typed and by the Latin spelling.
    #[test]
    fn the_quick_check_finds_what_the_matcher_finds() {
        let mut m = crate::fuzzy::matcher();
        let mut buf = Vec::new();
        for text in TEXTS {
            let query = Query::new(text);
            for name in NAMES {
                let hay = Hay::new(name);
                let by_matcher = query.pattern.score(Utf32Str::new(name, &mut buf), &mut m);
                let latin = hay
                    .latin
                    .as_deref()
                    .and_then(|l| query.pattern.score(Utf32Str::new(l, &mut buf), &mut m));
                let quick = query.tier(name, &hay, &mut m, &mut buf);
                let expected = match (by_matcher, latin) {
                    (Some(_), _) => quick.filter(|t| *t > 0),
                    (None, Some(_)) => Some(0),
                    (None, None) => None,
                };
                assert_eq!(quick, expected, "{text:?} in {name:?}");
                assert_eq!(quick.is_some(), by_matcher.is_some() || latin.is_some());
            }
        }
    }

    #[test]
    fn no_name_scores_more_than_the_text_itself() {
        let mut m = crate::fuzzy::matcher();
        let mut buf = Vec::new();
        for text in TEXTS {
            let query = Query::new(text);
            let most = query.most_points(&mut m, &mut buf).unwrap();
            for name in NAMES {
                if let Some(s) = query.score(name, &Hay::new(name), &mut m, &mut buf) {
                    assert!(
                        s.points <= most,
                        "{text:?} in {name:?}: {} > {most}",
                        s.points
                    );
                }
            }
        }
        assert_eq!(Query::new("отчёт !нд").most_points(&mut m, &mut buf), None);
        // A word whole at the start scores the most, so a search can stop at the first such.
        for (text, name) in [
            ("о", "отчёт за квартал"),
            ("постав", "Договор поставки"),
            ("re no", "Release notes"),
        ] {
            let query = Query::new(text);
            let most = query.most_points(&mut m, &mut buf);
            let s = query
                .score(name, &Hay::new(name), &mut m, &mut buf)
                .map(|s| s.points);
            assert_eq!(s, most, "{text:?} in {name:?}");
        }
    }

    #[test]
    fn the_whole_text_as_typed_ranks_first() {
        let mut m = crate::fuzzy::matcher();
        let mut buf = Vec::new();
        let query = Query::new("отчёт");
        let mut tier = |name: &str| query.tier(name, &Hay::new(name), &mut m, &mut buf);
        assert_eq!(tier("Отчёт за квартал"), Some(2));
        // Found by the letters in order, `ё` as written.
        assert_eq!(tier("Отметить чётные"), Some(1));
        // The matcher tells `ё` from `е`, both ways.
        assert_eq!(tier("отчет по НДС"), None);
        let query = Query::new("отчет");
        assert_eq!(
            query.tier("Отчёт", &Hay::new("Отчёт"), &mut m, &mut buf),
            None
        );
    }
}
