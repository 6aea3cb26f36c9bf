//! The store's names made ready to be matched on every key, and what typed text finds among
//! them: the hits of each kind, the best first.
//!
//! A workspace's store can name a hundred thousand tasks, and the palette matches them all as
//! the user types, between two frames. Each name is made ready once (`fuzzy::Hay`), when the
//! worker reads the store; the names are kept kind by kind, so the hits of a kind are one run
//! of them; what a text found is kept, so that typing on looks only among what the text before
//! found, and erasing goes back to it. Whether a name matches is a quick check; only the names
//! that may be shown are scored by the matcher (see [`NameIndex::find`]).

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

/// The names of one tier a group scores at most, to find its best: past that, the first ones
/// in the store's order stand for them all. A short text finds tens of thousands of names,
/// and the matcher scores some five thousand between two frames; the heading says how many
/// were found, and each letter more narrows them.
const SCORED: usize = 1_000;

/// What one text found: each hit with the tier it matched by, in the index's order.
#[derive(Clone)]
struct Found {
    text: String,
    hits: Vec<(u32, u8)>,
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
        let hays: Vec<Hay> = names.iter().map(|n| Hay::new(&n.name)).collect();
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
    ///
    /// A group's best are found tier by tier, the whole matches first: the names of a tier
    /// are scored in the store's order, and no further once `keep` of them have the most
    /// points any name can have (nothing after them can rank before them), nor past
    /// [`SCORED`] of them.
    pub fn find(&mut self, text: &str, layout: Layout, keep: usize) -> Vec<Group> {
        self.search(text, layout);
        let query = Query::new(text);
        let hits = self.found[layout as usize]
            .last()
            .map(|f| f.hits.as_slice())
            .unwrap_or_default();
        let (names, hays, runs) = (&self.names, &self.hays, &self.runs);
        fuzzy::with_matcher(|matcher| {
            let mut buf = Vec::new();
            let most = query.most_points(matcher, &mut buf);
            let mut scorer = Scorer {
                query: &query,
                names,
                hays,
                most,
                matcher,
                buf: &mut buf,
            };
            let mut groups = Vec::new();
            // Hits are in the index's order, so each kind's are one run of them.
            let mut rest = hits;
            for (kind, range) in runs {
                let n = rest.partition_point(|(i, _)| (*i as usize) < range.end);
                let (mine, after) = rest.split_at(n);
                rest = after;
                if let Some(group) = scorer.group(*kind, mine, keep) {
                    groups.push(group);
                }
            }
            groups
        })
    }

    /// Makes what `text` finds the last of its layout's chain: looked for among what a shorter
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
        let (names, hays) = (&self.names, &self.hays);
        let hits: Vec<(u32, u8)> = fuzzy::with_matcher(|matcher| {
            let mut buf = Vec::new();
            match chain.last() {
                Some(from) => from
                    .hits
                    .iter()
                    .filter_map(|&(i, _)| {
                        let at = i as usize;
                        let tier = query.tier(&names[at].name, &hays[at], matcher, &mut buf)?;
                        Some((i, tier))
                    })
                    .collect(),
                None => (0..names.len())
                    .filter_map(|at| {
                        let tier = query.tier(&names[at].name, &hays[at], matcher, &mut buf)?;
                        Some((at as u32, tier))
                    })
                    .collect(),
            }
        });
        chain.push(Found {
            text: text.to_string(),
            hits,
        });
    }
}

/// Scores the names a text found, as few as it takes to find each group's best.
struct Scorer<'a> {
    query: &'a Query,
    names: &'a [Named],
    hays: &'a [Hay],
    /// The most points a name can have; `None`: not known, so every name is scored.
    most: Option<u32>,
    matcher: &'a mut Matcher,
    buf: &'a mut Vec<char>,
}

impl Scorer<'_> {
    fn group(&mut self, kind: NameKind, hits: &[(u32, u8)], keep: usize) -> Option<Group> {
        // The names of each tier that may be scored, in the index's order.
        let mut tiers: [Vec<u32>; 3] = Default::default();
        for &(i, tier) in hits {
            if let Some(names) = tiers.get_mut(usize::from(tier))
                && names.len() < SCORED
            {
                names.push(i);
            }
        }
        let mut top: Vec<(u32, Score)> = Vec::new();
        for tier in [2u8, 1, 0] {
            let need = keep.saturating_sub(top.len());
            if need == 0 {
                break;
            }
            let mut scored = Vec::new();
            let mut at_most = 0;
            for &i in &tiers[usize::from(tier)] {
                let at = i as usize;
                let Some(points) = self.query.points(
                    &self.names[at].name,
                    &self.hays[at],
                    tier,
                    self.matcher,
                    self.buf,
                ) else {
                    continue;
                };
                scored.push((i, Score { tier, points }));
                if self.most.is_some_and(|most| points >= most) {
                    at_most += 1;
                    if at_most == need {
                        break;
                    }
                }
            }
            scored.sort_unstable_by(better);
            scored.truncate(need);
            top.extend(scored);
        }
        let best = top.first()?.1;
        Some(Group {
            kind,
            total: hits.len(),
            best,
            top: top.into_iter().map(|(i, _)| i).collect(),
        })
    }
}

/// The best first; equal scores keep the index's order, so rows do not shuffle while typing.
fn better(a: &(u32, Score), b: &(u32, Score)) -> std::cmp::Ordering {
    b.1.cmp(&a.1).then(a.0.cmp(&b.0))
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
    }

    /// Within a kind, names come in the order the pickers rank them.
    #[test]
    fn a_kind_is_ranked_as_the_pickers_rank() {
        let titles = [
            "Сверка счетов",
            "Поставка: сверка",
            "Свёрстать макет",
            "Сервер: обновить",
            "Svetlana: созвон",
            "сверка",
        ];
        let names = titles
            .iter()
            .enumerate()
            .map(|(i, t)| named(NameKind::Task, &i.to_string(), t))
            .collect();
        let mut index = NameIndex::new(names);
        for text in ["св", "сверка", "sv", "с", "ср"] {
            let groups = index.find(text, Layout::AsTyped, 100);
            let mine: Vec<usize> = groups
                .first()
                .map(|g| g.top.iter().map(|&i| i as usize).collect())
                .unwrap_or_default();
            assert_eq!(mine, crate::fuzzy::rank(text, &titles), "{text}");
        }
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
