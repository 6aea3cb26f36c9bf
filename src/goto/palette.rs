//! The command palette: the commands of the layer it was opened over, and everything the local
//! store names, found as the user types. Commands come first when the text names one; the
//! names follow grouped by kind under headings, the kind with the best match first. Text
//! typed on the wrong keyboard layout is read on the other one where it finds nothing as
//! typed: among the names on their own (a command's long description matches loosely and
//! must not keep a name from being found), among the commands when nothing at all was found. The
//! store's names are read once, when the palette opens (by the worker); each key then only
//! matches them in memory.

use super::index::{Group, Layout, NameIndex};
use crate::fuzzy::{self, Hay, Query, Score};
use crate::keys::commands::Action;
use crate::store::{NameKind, Named};
use crate::widgets::field::TextField;
use crate::widgets::picker::PickItem;
use crate::worker::LocalError;

/// Rows a group shows when others are shown beside it: the text narrows it further.
pub const PER_GROUP: usize = 5;
/// Rows a group shows when it is the only one.
pub const ALONE: usize = 100;

/// The store's names, as far as they are known.
#[derive(Debug, Clone)]
pub enum StoreNames {
    Reading,
    Read(NameIndex),
    /// There is no store yet.
    Missing,
    /// The store could not be read: why.
    Unreadable(String),
    /// This workspace keeps no store: why.
    Unavailable(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Row {
    /// The heading of a kind's names (`None`: of the commands): how many it shows of how many
    /// the text found.
    Heading {
        kind: Option<NameKind>,
        shown: usize,
        total: usize,
    },
    /// A command, by its place among the palette's commands.
    Command(usize),
    /// A name, by its place in the index.
    Name(u32),
}

impl Row {
    fn chosen(self) -> bool {
        !matches!(self, Row::Heading { .. })
    }
}

/// What the palette says in place of the matches' status: progress, or why nothing opened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub text: String,
    pub error: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub enum PaletteOutcome {
    Pending,
    Cancelled,
    Command(Action),
    Open(Named),
}

/// The row the cursor is on, kept across a new search when it is still found.
#[derive(PartialEq)]
enum Kept {
    Command(Action),
    Name(NameKind, String),
}

#[derive(Debug, Clone)]
pub struct Palette {
    pub query: TextField,
    commands: Vec<PickItem<Action>>,
    command_hays: Vec<Hay>,
    pub names: StoreNames,
    /// What the text finds, as drawn.
    pub rows: Vec<Row>,
    /// Into `rows`, always on a command or a name when there is one.
    pub cursor: usize,
    pub notice: Option<Notice>,
    /// The name being read to be opened.
    pub opening: Option<Named>,
}

impl Palette {
    pub fn new(commands: Vec<PickItem<Action>>, names: StoreNames) -> Self {
        let command_hays = commands.iter().map(|c| Hay::new(&c.label)).collect();
        let mut p = Self {
            query: TextField::default(),
            commands,
            command_hays,
            names,
            rows: Vec::new(),
            cursor: 0,
            notice: None,
            opening: None,
        };
        p.refilter(false);
        p
    }

    pub fn command(&self, at: usize) -> Option<&PickItem<Action>> {
        self.commands.get(at)
    }

    pub fn name(&self, at: u32) -> Option<&Named> {
        match &self.names {
            StoreNames::Read(index) => index.get(at),
            _ => None,
        }
    }

    pub fn commands(&self) -> &[PickItem<Action>] {
        &self.commands
    }

    /// The worker's read of the store: what was typed meanwhile finds names now.
    pub fn names_read(&mut self, result: Result<NameIndex, LocalError>) {
        self.names = match result {
            Ok(index) => StoreNames::Read(index),
            Err(LocalError::NotFound) => StoreNames::Missing,
            Err(LocalError::PermissionDenied) => StoreNames::Unreadable("permission denied".into()),
            Err(LocalError::Other(why)) => StoreNames::Unreadable(why),
        };
        self.refilter(true);
    }

    /// What the store gave, in a line under the matches.
    pub fn status(&self) -> String {
        match &self.names {
            StoreNames::Reading => "Reading names from the local store…".into(),
            StoreNames::Read(index) if index.is_empty() => {
                "The local store names nothing yet: `weeek-tui sync` reads every name into it"
                    .into()
            }
            StoreNames::Read(index) => format!(
                "{} names from the local store (tasks, projects, boards, deals, contacts, \
                 organizations, members)",
                crate::amounts::number(index.len() as f64)
            ),
            StoreNames::Missing => {
                "No local store yet: `weeek-tui sync` reads every name into it".into()
            }
            StoreNames::Unreadable(why) => {
                format!("The local store could not be read ({why}); commands still work")
            }
            StoreNames::Unavailable(why) => format!("No names to find: {why}"),
        }
    }

    /// A command of the `picker` context, or an edit of the text.
    pub fn act(&mut self, action: Action) -> PaletteOutcome {
        match action {
            Action::Cancel => return PaletteOutcome::Cancelled,
            Action::Accept => match self.rows.get(self.cursor).copied() {
                Some(Row::Command(i)) => {
                    if let Some(c) = self.commands.get(i) {
                        return PaletteOutcome::Command(c.key);
                    }
                }
                Some(Row::Name(i)) => {
                    if let Some(named) = self.name(i) {
                        return PaletteOutcome::Open(named.clone());
                    }
                }
                _ => self.say(self.no_match_text(), true),
            },
            Action::Down => self.move_by(1),
            Action::Up => self.move_by(-1),
            Action::PageDown => self.move_by(10),
            Action::PageUp => self.move_by(-10),
            Action::Text(edit) if self.query.edit(edit) => self.query_changed(),
            _ => {}
        }
        PaletteOutcome::Pending
    }

    /// A character typed into the text; true when it changed.
    pub fn type_char(&mut self, c: char) -> bool {
        let changed = self.query.insert(c);
        if changed {
            self.query_changed();
        }
        changed
    }

    pub fn paste(&mut self, text: &str) {
        self.query.paste(text);
        self.query_changed();
    }

    /// `named` is being read to be opened.
    pub fn reading(&mut self, named: Named, text: String) {
        self.opening = Some(named);
        self.say(text, false);
    }

    /// Opening failed, for this reason: the palette stays, for another choice.
    pub fn refused(&mut self, text: String) {
        self.opening = None;
        self.say(text, true);
    }

    fn say(&mut self, text: String, error: bool) {
        self.notice = Some(Notice { text, error });
    }

    pub fn no_match_text(&self) -> String {
        match self.query.value().trim() {
            "" => "Nothing to choose".into(),
            q => format!("No match for {}", crate::text::quoted(q, 40)),
        }
    }

    /// A new text: whatever was being opened is no longer wanted, and the cursor goes to the
    /// best match.
    fn query_changed(&mut self) {
        self.notice = None;
        self.opening = None;
        self.refilter(false);
    }

    fn move_by(&mut self, delta: isize) {
        self.notice = None;
        self.opening = None;
        let chosen: Vec<usize> = (0..self.rows.len())
            .filter(|&i| self.rows[i].chosen())
            .collect();
        let Some(at) = chosen.iter().position(|&i| i >= self.cursor) else {
            return;
        };
        let to = (at as isize + delta).clamp(0, chosen.len() as isize - 1) as usize;
        self.cursor = chosen[to];
    }

    fn kept(&self) -> Option<Kept> {
        match self.rows.get(self.cursor)? {
            Row::Command(i) => self.commands.get(*i).map(|c| Kept::Command(c.key)),
            Row::Name(i) => self.name(*i).map(|n| Kept::Name(n.kind, n.id.clone())),
            Row::Heading { .. } => None,
        }
    }

    fn is_kept(&self, row: Row, kept: &Kept) -> bool {
        match (row, kept) {
            (Row::Command(i), Kept::Command(a)) => {
                self.commands.get(i).is_some_and(|c| c.key == *a)
            }
            (Row::Name(i), Kept::Name(kind, id)) => {
                self.name(i).is_some_and(|n| n.kind == *kind && n.id == *id)
            }
            _ => false,
        }
    }

    /// The rows for the text: with none, every command; else what it finds among the
    /// commands and among the names, each read as typed or (when that finds nothing of it) as
    /// typed on the other keyboard layout.
    fn refilter(&mut self, keep: bool) {
        let kept = if keep { self.kept() } else { None };
        let text = self.query.value().trim().to_string();
        self.rows.clear();
        if text.is_empty() {
            self.rows.extend((0..self.commands.len()).map(Row::Command));
        } else {
            let other = fuzzy::other_layout_query(&text);
            let mut commands = self.ranked_commands(&text);
            let (mut layout, mut read) = (Layout::AsTyped, text.clone());
            let mut groups = match &mut self.names {
                StoreNames::Read(index) => index.find(&text, Layout::AsTyped, PER_GROUP),
                _ => Vec::new(),
            };
            if let Some(other) = &other {
                // Names found as typed say the layout was right: the commands are not read
                // on the other one then.
                if commands.is_empty() && groups.is_empty() {
                    commands = self.ranked_commands(other);
                }
                if groups.is_empty()
                    && let StoreNames::Read(index) = &mut self.names
                {
                    groups = index.find(other, Layout::Other, PER_GROUP);
                    layout = Layout::Other;
                    read = other.clone();
                }
            }
            // A kind alone shows more of its best: found again, from what was just found.
            if commands.is_empty()
                && groups.len() == 1
                && let StoreNames::Read(index) = &mut self.names
            {
                groups = index.find(&read, layout, ALONE);
            }
            self.lay_out(commands, groups);
        }
        let first = self.rows.iter().position(|r| r.chosen()).unwrap_or(0);
        self.cursor = match kept {
            Some(kept) => self
                .rows
                .iter()
                .position(|&r| self.is_kept(r, &kept))
                .unwrap_or(first),
            None => first,
        };
    }

    /// The commands `text` finds, the best first, with their scores.
    fn ranked_commands(&self, text: &str) -> Vec<(usize, Score)> {
        let query = Query::new(text);
        let mut buf = Vec::new();
        let mut scored: Vec<(usize, Score)> = fuzzy::with_matcher(|matcher| {
            self.commands
                .iter()
                .zip(&self.command_hays)
                .enumerate()
                .filter_map(|(i, (command, hay))| {
                    query
                        .score(&command.label, hay, matcher, &mut buf)
                        .map(|s| (i, s))
                })
                .collect()
        });
        scored.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        scored
    }

    /// The commands first when the text names one (holds whole what one says); then, and
    /// else, every group by its best match, the commands before the names on a tie and the
    /// kinds in their order. A group shows its best few when others are shown.
    fn lay_out(&mut self, commands: Vec<(usize, Score)>, groups: Vec<Group>) {
        let named = commands.first().is_some_and(|(_, s)| s.tier == 2);
        let commands = (!commands.is_empty()).then(|| Block {
            kind: None,
            total: commands.len(),
            best: commands[0].1,
            top: commands.iter().map(|&(i, _)| i as u32).collect(),
        });
        let mut blocks: Vec<Block> = commands
            .into_iter()
            .chain(groups.into_iter().map(|g| Block {
                kind: Some(g.kind),
                total: g.total,
                best: g.best,
                top: g.top,
            }))
            .collect();
        let keep = if blocks.len() > 1 { PER_GROUP } else { ALONE };
        // Stable: ties keep the commands first and the kinds in their order.
        let first = |b: &Block| named && b.kind.is_none();
        blocks.sort_by(|a, b| first(b).cmp(&first(a)).then(b.best.cmp(&a.best)));
        for b in blocks {
            self.rows.push(Row::Heading {
                kind: b.kind,
                shown: b.top.len().min(keep),
                total: b.total,
            });
            let rows = b.top.into_iter().take(keep);
            match b.kind {
                None => self.rows.extend(rows.map(|i| Row::Command(i as usize))),
                Some(_) => self.rows.extend(rows.map(Row::Name)),
            }
        }
    }
}

/// The rows under one heading: the commands (`kind` is `None`) or one kind's names, by their
/// places, the best first.
struct Block {
    kind: Option<NameKind>,
    total: usize,
    best: Score,
    top: Vec<u32>,
}
