//! Completing a file path as it is typed (Tab), the way a shell does: the name as far as every
//! match agrees, a `/` after a directory, and the matches listed when they go different ways.

use std::path::{Path, PathBuf};

/// What Tab made of the typed path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Completion {
    /// The path to put in the field (unchanged when nothing matched).
    pub value: String,
    /// The names that still match when they go different ways (at most [`SHOWN`]).
    pub choices: Vec<String>,
    /// How many names matched in all.
    pub matches: usize,
}

/// Matches listed at most: a dialog shows one line of them.
const SHOWN: usize = 12;

/// Completes `typed` against the directory it names; `home` stands for a leading `~`.
/// Hidden entries only match a name that starts with a dot, as in a shell.
pub fn complete(typed: &str, home: Option<&Path>) -> Completion {
    let (dir_text, prefix) = match typed.rfind('/') {
        Some(i) => (&typed[..=i], &typed[i + 1..]),
        None => ("", typed),
    };
    let dir = expand(if dir_text.is_empty() { "." } else { dir_text }, home);
    let mut names: Vec<(String, bool)> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter_map(|e| {
                    let name = e.file_name().into_string().ok()?;
                    let is_dir = e.path().is_dir();
                    Some((name, is_dir))
                })
                .filter(|(name, _)| {
                    name.starts_with(prefix) && (prefix.starts_with('.') || !name.starts_with('.'))
                })
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let unchanged = |matches| Completion {
        value: typed.to_owned(),
        choices: Vec::new(),
        matches,
    };
    match names.as_slice() {
        [] => unchanged(0),
        [(name, is_dir)] => Completion {
            value: format!("{dir_text}{name}{}", if *is_dir { "/" } else { "" }),
            choices: Vec::new(),
            matches: 1,
        },
        many => {
            let common = common_prefix(many.iter().map(|(n, _)| n.as_str()));
            Completion {
                value: format!("{dir_text}{common}"),
                choices: many
                    .iter()
                    .take(SHOWN)
                    .map(|(n, d)| format!("{n}{}", if *d { "/" } else { "" }))
                    .collect(),
                matches: many.len(),
            }
        }
    }
}

/// `typed` as a path to open: a leading `~/` (or `~` alone) is the home directory.
pub fn expand(typed: &str, home: Option<&Path>) -> PathBuf {
    match (typed.strip_prefix('~'), home) {
        (Some(rest), Some(home)) if rest.is_empty() || rest.starts_with('/') => {
            home.join(rest.trim_start_matches('/'))
        }
        _ => PathBuf::from(typed),
    }
}

/// The longest start every name shares, cut at a character boundary.
fn common_prefix<'a>(mut names: impl Iterator<Item = &'a str>) -> &'a str {
    let Some(first) = names.next() else {
        return "";
    };
    let mut len = first.len();
    for name in names {
        len = first
            .char_indices()
            .zip(name.chars())
            .take_while(|((_, a), b)| a == b)
            .last()
            .map_or(0, |((i, a), _)| i + a.len_utf8())
            .min(len);
    }
    &first[..len]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for f in ["отчёт-2026.pdf", "отчёт-2025.pdf", "notes.txt", ".hidden"] {
            std::fs::write(dir.path().join(f), b"x").unwrap();
        }
        std::fs::create_dir(dir.path().join("макеты")).unwrap();
        dir
    }

    #[test]
    fn one_match_completes_and_a_directory_gets_its_slash() {
        let dir = tree();
        let base = format!("{}/", dir.path().display());
        let c = complete(&format!("{base}no"), None);
        assert_eq!(c.value, format!("{base}notes.txt"));
        assert_eq!(c.matches, 1);
        let c = complete(&format!("{base}мак"), None);
        assert_eq!(c.value, format!("{base}макеты/"));
    }

    #[test]
    fn several_matches_complete_as_far_as_they_agree_and_are_listed() {
        let dir = tree();
        let base = format!("{}/", dir.path().display());
        let c = complete(&format!("{base}от"), None);
        assert_eq!(c.value, format!("{base}отчёт-202"));
        assert_eq!(c.choices, ["отчёт-2025.pdf", "отчёт-2026.pdf"]);
        assert_eq!(c.matches, 2);
    }

    #[test]
    fn hidden_files_need_a_dot_and_nothing_matching_changes_nothing() {
        let dir = tree();
        let base = format!("{}/", dir.path().display());
        let all = complete(&base, None);
        assert_eq!(all.matches, 4, "{:?}", all.choices);
        assert!(!all.choices.iter().any(|c| c.starts_with('.')));
        assert_eq!(
            complete(&format!("{base}.h"), None).value,
            format!("{base}.hidden")
        );
        let none = complete(&format!("{base}zzz"), None);
        assert_eq!((none.value, none.matches), (format!("{base}zzz"), 0));
        let missing = complete("/no/such/dir/x", None);
        assert_eq!(missing.matches, 0);
    }

    #[test]
    fn a_leading_tilde_is_home() {
        let dir = tree();
        let c = complete("~/no", Some(dir.path()));
        assert_eq!(c.value, "~/notes.txt", "the typed form is kept");
        assert_eq!(expand("~/a/b", Some(Path::new("/h"))), Path::new("/h/a/b"));
        assert_eq!(expand("~", Some(Path::new("/h"))), Path::new("/h"));
        assert_eq!(expand("~x", Some(Path::new("/h"))), Path::new("~x"));
    }
}
