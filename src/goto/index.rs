//! The store's names made ready to be matched on every key, and what typed text finds among
//! them: the hits of each kind, the best first.
//!
//! A workspace's store can name a hundred thousand tasks, and the palette matches them all as
//! the user types, between two frames. Each name is made ready once (`fuzzy::Hay`), when the
//! worker reads the store; the names are kept kind by kind, so the hits of a kind are one run of
//! them; and what a text found is kept, so that typing on searches only among what the text
//! before found, and erasing goes back to it without a search.

use std::fmt;

use crate::fuzzy::{self, Hay, Matcher, Query, Score};
use crate::store::{NameKind, Named};

/// How the typed text is read: as typed, or as it would read on the other keyboard layout
/// (tried when the text as typed finds nothing).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    AsTyped,
    Other,
}

/// What one text found: each hit with its score, in the index's order.
#[derive(Clone)]
struct Found {
    text: String,
    hits: Vec<(u32, Score)>,
}

/// The names of one kind a text found: how many, the best of them and the best few.
#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    pub kind: NameKind,
    pub total: usize,
    pub best: Score,
    /// Indices into the index, the best first (equal scores in the store's order).
    pub top: Vec<u32>,
}

#[derive(Clone)]
pub struct NameIndex {
    /// Kind by kind, in `NameKind::ALL`'s order; the store's order within a kind.
    names: Vec<Named>,
    hays: Vec<Hay>,
    /// Where each kind's names start and end in `names`.
    runs: Vec<(NameKind, std::ops::Range<usize>)>,
    /// Per layout, what the texts typed found, each a narrowing of the one before it.
    found: [Vec<Found>; 2],
}

impl NameIndex {
    pub fn new(mut names: Vec<Named>) -> Self {
        names.sort_by_key(|n| n.kind);
        let hays = names.iter().map(|n| Hay::new(&n.name)).collect();
        let mut runs = Vec::new();
        let mut start = 0;
        for kind in NameKind::ALL {
            let end = start + names[start..].iter().take_while(|n| n.kind == kind).count();
            if end > start {
                runs.push((kind, start..end));
            }
            start = end;
        }
        Self {
            names,
            hays,
            runs,
            found: [Vec::new(), Vec::new()],
        }
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    pub fn get(&self, at: u32) -> Option<&Named> {
        self.names.get(at as usize)
    }

    /// What `text` (already read for `layout`) finds, kind by kind; each group holds at most
    /// `keep` of its best. Groups come in `NameKind::ALL`'s order.
    pub fn find(&mut self, text: &str, layout: Layout, keep: usize) -> Vec<Group> {
        self.search(text, layout);
        let hits = self.found[layout as usize]
            .last()
            .map(|f| f.hits.as_slice())
            .unwrap_or_default();
        let mut groups = Vec::new();
        // Hits are in the index's order, so each kind's are one run of them.
        let mut rest = hits;
        for (kind, range) in &self.runs {
            let n = rest.partition_point(|(i, _)| (*i as usize) < range.end);
            let (mine, after) = rest.split_at(n);
            rest = after;
            if mine.is_empty() {
                continue;
            }
            groups.push(group(*kind, mine, keep));
        }
        groups
    }

    /// Makes what `text` finds the last of its layout's chain: searched among what a shorter
    /// text found when this one only adds to it, else among every name.
    fn search(&mut self, text: &str, layout: Layout) {
        let chain = &mut self.found[layout as usize];
        while let Some(last) = chain.last() {
            if last.text == text {
                return;
            }
            if fuzzy::narrows(&last.text, text) {
                break;
            }
            chain.pop();
        }
        let query = Query::new(text);
        let mut matcher = fuzzy::matcher();
        let hits: Vec<(u32, Score)> = match chain.last() {
            Some(from) => from
                .hits
                .iter()
                .filter_map(|&(i, _)| score(&query, &self.hays, i, &mut matcher))
                .collect(),
            None => (0..self.hays.len() as u32)
                .filter_map(|i| score(&query, &self.hays, i, &mut matcher))
                .collect(),
        };
        chain.push(Found {
            text: text.to_string(),
            hits,
        });
    }
}

fn score(query: &Query, hays: &[Hay], i: u32, matcher: &mut Matcher) -> Option<(u32, Score)> {
    let hay = hays.get(i as usize)?;
    query.score(hay, matcher).map(|s| (i, s))
}

/// The best first; equal scores keep the index's order, so rows do not shuffle while typing.
fn better(a: &(u32, Score), b: &(u32, Score)) -> std::cmp::Ordering {
    b.1.cmp(&a.1).then(a.0.cmp(&b.0))
}

fn group(kind: NameKind, hits: &[(u32, Score)], keep: usize) -> Group {
    let mut top = hits.to_vec();
    if keep < top.len() {
        // Only the few shown are sorted: a short word finds most of a hundred thousand.
        top.select_nth_unstable_by(keep, better);
        top.truncate(keep);
    }
    top.sort_unstable_by(better);
    Group {
        kind,
        total: hits.len(),
        best: top
            .first()
            .map(|h| h.1)
            .unwrap_or(Score { tier: 0, points: 0 }),
        top: top.into_iter().map(|(i, _)| i).collect(),
    }
}

/// Two indices are equal when they hold the same names: what was searched is no part of it.
impl PartialEq for NameIndex {
    fn eq(&self, other: &Self) -> bool {
        self.names == other.names
    }
}

impl fmt::Debug for NameIndex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "NameIndex({} names)", self.names.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(kind: NameKind, id: &str, name: &str) -> Named {
        Named {
            kind,
            id: id.into(),
            name: name.into(),
            place: None,
        }
    }

    fn sample() -> NameIndex {
        NameIndex::new(vec![
            named(NameKind::Deal, "d1", "Поставка Северсталь"),
            named(NameKind::Task, "1", "Экран оплаты"),
            named(NameKind::Contact, "c1", "Анна Смирнова"),
            named(NameKind::Task, "2", "Отчёт за квартал"),
            named(NameKind::Task, "3", "Поставщики: сверка"),
            named(NameKind::Member, "m1", "Boris Ivanov"),
        ])
    }

    fn found(index: &mut NameIndex, text: &str) -> Vec<(NameKind, Vec<String>)> {
        index
            .find(text, Layout::AsTyped, 10)
            .into_iter()
            .map(|g| {
                let names = g
                    .top
                    .iter()
                    .map(|&i| index.get(i).unwrap().name.clone())
                    .collect();
                (g.kind, names)
            })
            .collect()
    }

    #[test]
    fn names_are_found_by_kind_in_the_kinds_order_the_best_first() {
        let mut index = sample();
        assert_eq!(
            found(&mut index, "постав"),
            vec![
                (NameKind::Task, vec!["Поставщики: сверка".to_string()]),
                (NameKind::Deal, vec!["Поставка Северсталь".to_string()]),
            ]
        );
        // Latin letters find Cyrillic names by their spelling.
        let hits = found(&mut index, "kvartal");
        assert_eq!(
            hits,
            vec![(NameKind::Task, vec!["Отчёт за квартал".into()])]
        );
    }

    #[test]
    fn a_group_keeps_its_best_few_and_counts_them_all() {
        let names = (0..50)
            .map(|i| named(NameKind::Task, &i.to_string(), &format!("отчёт {i}")))
            .chain([named(NameKind::Task, "x", "Отчёт")])
            .collect();
        let mut index = NameIndex::new(names);
        let groups = index.find("отчёт", Layout::AsTyped, 3);
        assert_eq!(groups.len(), 1);
        assert_eq!(groups[0].total, 51);
        assert_eq!(groups[0].top.len(), 3);
        // Every name holds the word whole: the store's order decides, so nothing shuffles.
        let top: Vec<&str> = groups[0]
            .top
            .iter()
            .map(|&i| index.get(i).unwrap().id.as_str())
            .collect();
        assert_eq!(top, ["0", "1", "2"]);
    }

    /// Typing on searches among what the text before found, erasing goes back to it, and a
    /// text that is no narrowing is searched afresh: each gives what a search from scratch
    /// gives, and what the pickers' ranking gives.
    #[test]
    fn narrowing_and_erasing_find_what_a_fresh_search_finds() {
        let mut index = sample();
        let fresh = |text: &str| found(&mut sample(), text);
        for text in [
            "п",
            "по",
            "пос",
            "пост",
            "по",
            "о",
            "о !экран",
            "о",
            "о ква",
            "з",
        ] {
            assert_eq!(found(&mut index, text), fresh(text), "{text}");
        }
        // The same ranking as the pickers'.
        let names: Vec<String> = index.names.iter().map(|n| n.name.clone()).collect();
        let ranked = crate::fuzzy::rank("ос", &names);
        index.search("ос", Layout::AsTyped);
        let mut mine = index.found[0].last().unwrap().hits.clone();
        mine.sort_by(better);
        let mine: Vec<usize> = mine.into_iter().map(|(i, _)| i as usize).collect();
        assert_eq!(mine, ranked);
    }

    #[test]
    fn a_search_that_narrows_keeps_the_texts_before_it_and_no_other() {
        let mut index = sample();
        for text in ["п", "по", "пос"] {
            index.find(text, Layout::AsTyped, 5);
        }
        let kept = |index: &NameIndex| -> Vec<String> {
            index.found[0].iter().map(|f| f.text.clone()).collect()
        };
        assert_eq!(kept(&index), ["п", "по", "пос"]);
        index.find("по", Layout::AsTyped, 5);
        assert_eq!(kept(&index), ["п", "по"]);
        // `!` excludes: "по !х" finds nothing "по" did not, but is searched afresh anyway.
        index.find("по !х", Layout::AsTyped, 5);
        assert_eq!(kept(&index), ["по !х"]);
        // The other layout keeps its own texts.
        index.find("gj", Layout::Other, 5);
        assert_eq!(kept(&index), ["по !х"]);
    }
}
