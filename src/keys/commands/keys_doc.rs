//! `docs/keys.md`: every default binding, written from the command table, grouped by context.
//! The test fails when the committed page differs from what the table gives now;
//! `UPDATE_KEYS_DOC=1 cargo test -p weeek-tui --lib keys_doc` writes it again. The hand-written
//! pages are checked too: a command id they name in backticks is a command of the table.

use std::path::{Path, PathBuf};

use super::{COMMANDS, Context};

const HEAD: &str = "\
# Keys

Every key of weeek-tui as it is bound by default, from the command table
(`src/keys/commands/table.rs`), grouped by the context (the layer) a key acts in. This page is
written from the table: do not edit it by hand. After a change to the table, write it again with

```sh
UPDATE_KEYS_DOC=1 cargo test -p weeek-tui --lib keys_doc
```

A key goes to the layer that has the keyboard (a picker, a prompt, a form field, a list), then
to the layers under it, then to the keys that work everywhere; help (`?`) shows the keys that
reach something where it is opened. Any command can be given other keys, by its id, in the
config file's `[keys]` section (see [Keys in the config
file](configuration.md#keys-in-the-config-file)); `weeek-tui config keys` prints the keys in
effect. Keys are written here as the config file writes them: `x`, `D` (Shift-d), `ctrl-d`,
`alt-1`, `enter`, `shift-tab`, `space`.
";

/// The page as the table gives it now.
fn page() -> String {
    let mut out = String::from(HEAD);
    out.push('\n');
    let contents: Vec<String> = Context::ALL
        .iter()
        .map(|ctx| format!("[{}](#{})", ctx.title(), anchor(ctx.title())))
        .collect();
    out.push_str(&contents.join(" · "));
    out.push('\n');
    for ctx in Context::ALL {
        out.push_str(&format!("\n## {}\n\n", ctx.title()));
        out.push_str(&format!("Context `{}`.", ctx.id()));
        if ctx.modal() {
            out.push_str(" While it is open, no key reaches the screen under it.");
        }
        if ctx.takes_text() {
            out.push_str(" Letters, digits and symbols type into the text here.");
        }
        out.push_str("\n\n| key | command | what it does |\n|---|---|---|\n");
        for c in COMMANDS.iter().filter(|c| c.context == ctx) {
            let keys: Vec<String> = c.keys.iter().map(|k| format!("`{k}`")).collect();
            let keys = if keys.is_empty() {
                "—".to_string()
            } else {
                keys.join(" ")
            };
            out.push_str(&format!(
                "| {} | `{}` | {} |\n",
                cell(&keys),
                c.id,
                cell(c.description)
            ));
        }
    }
    out
}

/// A table cell: a `|` would end it.
fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

/// The anchor GitHub gives a heading: lower case, spaces to dashes, other punctuation dropped.
fn anchor(title: &str) -> String {
    title
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_keys_page_is_what_the_table_gives() {
    let path = root().join("docs/keys.md");
    let page = page();
    if std::env::var_os("UPDATE_KEYS_DOC").is_some_and(|v| !v.is_empty()) {
        if let Err(e) = std::fs::write(&path, &page) {
            panic!("cannot write {}: {e}", path.display());
        }
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == page,
        "{} differs from the command table; if the change is meant, run\n  \
         UPDATE_KEYS_DOC=1 cargo test -p weeek-tui --lib keys_doc\n\
         and commit docs/keys.md",
        path.display()
    );
}

#[test]
fn the_keys_page_has_every_context_and_command_once() {
    let page = page();
    for ctx in Context::ALL {
        let heading = format!("\n## {}\n", ctx.title());
        assert_eq!(page.matches(&heading).count(), 1, "{ctx:?}");
        assert!(
            page.contains(&format!("(#{})", anchor(ctx.title()))),
            "{ctx:?}"
        );
    }
    for c in COMMANDS {
        let row = format!(" | `{}` | ", c.id);
        assert_eq!(page.matches(&row).count(), 1, "{}", c.id);
    }
    let due = page
        .lines()
        .find(|l| l.contains("`tasks.due`"))
        .unwrap_or_default();
    assert_eq!(due, "| `d` | `tasks.due` | Set or clear the due date |");
    let quit = page
        .lines()
        .find(|l| l.contains("`global.quit`"))
        .unwrap_or_default();
    assert!(quit.starts_with("| `q` `ctrl-c` |"), "{quit}");
}

#[test]
fn anchors_are_the_ones_github_makes() {
    assert_eq!(anchor("Everywhere"), "everywhere");
    assert_eq!(anchor("The task's comments"), "the-tasks-comments");
    assert_eq!(
        anchor("Filter panel, typing dates or text"),
        "filter-panel-typing-dates-or-text"
    );
}

/// The command ids a page names in backticks (`tasks.due`): words of the form `context.verb`
/// whose context is one of the table's. `text.*` names a whole context, and `draft.rs` a file:
/// both are left out.
fn named_ids(text: &str) -> Vec<String> {
    let contexts: Vec<&str> = Context::ALL.iter().map(|c| c.id()).collect();
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    for (i, &c) in chars.iter().enumerate() {
        if c != '`' {
            continue;
        }
        let word: String = chars[i + 1..]
            .iter()
            .take_while(|c| c.is_ascii_lowercase() || **c == '_' || **c == '.')
            .collect();
        if chars.get(i + 1 + word.chars().count()) != Some(&'`') {
            continue;
        }
        if let Some((ctx, verb)) = word.split_once('.')
            && contexts.contains(&ctx)
            && !verb.is_empty()
            && !["rs", "md", "json", "toml"].contains(&verb)
        {
            out.push(word);
        }
    }
    out
}

/// The hand-written pages say what keys do by command id; a renamed or removed command must
/// not leave them naming one that is gone.
#[test]
fn the_written_pages_name_only_commands_that_exist() {
    let mut pages = vec![root().join("README.md")];
    let docs = std::fs::read_dir(root().join("docs")).unwrap();
    for entry in docs {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") && !path.ends_with("keys.md") {
            pages.push(path);
        }
    }
    let mut named = 0;
    for path in &pages {
        let text = std::fs::read_to_string(path).unwrap();
        for id in named_ids(&text) {
            named += 1;
            assert!(
                super::by_id(&id).is_some(),
                "{} names `{id}`, which is no command",
                shown(path)
            );
        }
    }
    assert!(named > 100, "the pages name commands by id: {named} found");
}

#[test]
fn ids_are_found_in_backticks_only() {
    assert_eq!(
        named_ids(
            "`x` | `tasks.complete` | tasks.due `text.*` `config.toml` `draft.rs` `list.down`"
        ),
        ["tasks.complete", "list.down"]
    );
}

fn shown(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}
