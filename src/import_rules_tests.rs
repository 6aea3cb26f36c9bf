//! The module tree stays a tree: the app (`app`, with the drawing in `ui`, the runtime and
//! the workspaces it opens) sits above the screens; the screens (`tasks`, `funnels`,
//! `contacts` with its organizations tab, `projects`) import no other screen; everything
//! else is the floor they stand on (`screen`, `keys`, `worker`, `config`, `widgets`,
//! `layout` and the small modules beside them), which imports no screen and nothing of the
//! app. What two screens share moves down into the floor.
//!
//! Every `crate::` and `super::` path of every source file is read (test code left out) and
//! checked against where the file is.

use std::path::{Path, PathBuf};

/// Modules above the screens: they may import anything.
const ROOT: &[&str] = &[
    "app",
    "ui",
    "runtime",
    "runtime_outbox",
    "workspaces",
    "active_workspace",
    "first_frame",
    "main",
    "lib",
    "testing",
];

/// The screens: each imports the floor and itself, never another screen nor the root.
const SCREENS: &[&str] = &["tasks", "funnels", "contacts", "projects"];

/// A part of a screen held by it that must not import the rest of it (no circle inside).
const PARTS: &[(&str, &str)] = &[("contacts", "organizations")];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Zone<'a> {
    Root,
    Screen(&'a str),
    /// A part of a screen: (screen, part).
    Part(&'a str, &'a str),
    Floor,
}

fn zone<'a>(path: &[&'a str]) -> Zone<'a> {
    let Some(&top) = path.first() else {
        return Zone::Root;
    };
    if ROOT.contains(&top) {
        return Zone::Root;
    }
    if SCREENS.contains(&top) {
        return match path.get(1) {
            Some(&part) if PARTS.contains(&(top, part)) => Zone::Part(top, part),
            _ => Zone::Screen(top),
        };
    }
    Zone::Floor
}

/// Whether code in zone `from` may name what is in zone `to`.
fn allowed(from: Zone, to: Zone) -> bool {
    match (from, to) {
        (Zone::Root, _) | (_, Zone::Floor) => true,
        (Zone::Floor, _) => false,
        (_, Zone::Root) => false,
        (Zone::Screen(a), Zone::Screen(b) | Zone::Part(b, _)) => a == b,
        (Zone::Part(a, p), Zone::Part(b, q)) => a == b && p == q,
        (Zone::Part(..), Zone::Screen(_)) => false,
    }
}

/// The module path of a source file under `src/` (`contacts/organizations/mod.rs` →
/// `contacts::organizations`).
fn module_of(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .with_extension("")
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// The source without comments and without `#[cfg(test)]` modules written inline.
fn code_only(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    for line in source.lines() {
        let code = match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        };
        out.push_str(code);
        out.push('\n');
    }
    // The item after each `#[cfg(test)]` (a module, a function, an import) is left out: to
    // its `;`, or to the brace that closes its body.
    const TEST: &str = "#[cfg(test)]";
    while let Some(at) = out.find(TEST) {
        let after = at + TEST.len();
        let end = match out[after..].find(['{', ';']) {
            Some(i) if out.as_bytes()[after + i] == b'{' => {
                let open = after + i;
                let mut depth = 0usize;
                let mut end = out.len();
                for (j, c) in out[open..].char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                end = open + j + 1;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                end
            }
            Some(i) => after + i + 1,
            None => out.len(),
        };
        out.replace_range(at..end, "");
    }
    out
}

/// Every path of `code` that starts with `crate::` or `super::`, `use` groups expanded.
fn paths(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    let bytes = code.as_bytes();
    let mut i = 0;
    while i < code.len() {
        let rest = &code[i..];
        let boundary = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        let starts = rest.starts_with("crate::") || rest.starts_with("super::");
        if boundary && starts {
            let (tree, len) = use_tree(rest);
            found.extend(tree);
            i += len.max(1);
        } else {
            i += rest.chars().next().map_or(1, char::len_utf8);
        }
    }
    found
}

/// The paths of one path or `use` tree at the start of `text` (`a::{b, c::d}`), and how
/// much of `text` it took.
fn use_tree(text: &str) -> (Vec<String>, usize) {
    let mut prefix = String::new();
    let mut i = 0;
    let bytes = text.as_bytes();
    loop {
        let start = i;
        while i < text.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
            i += 1;
        }
        prefix.push_str(&text[start..i]);
        if text[i..].starts_with("::{") {
            i += 3;
            let mut out = Vec::new();
            loop {
                while i < text.len() && (bytes[i] == b' ' || bytes[i] == b'\n' || bytes[i] == b',')
                {
                    i += 1;
                }
                if i >= text.len() || bytes[i] == b'}' {
                    i += 1;
                    break;
                }
                let (inner, len) = use_tree(&text[i..]);
                out.extend(inner.into_iter().map(|p| format!("{prefix}::{p}")));
                i += len.max(1);
            }
            return (out, i);
        }
        if text[i..].starts_with("::") {
            prefix.push_str("::");
            i += 2;
            continue;
        }
        return (vec![prefix], i);
    }
}

/// `path` as seen from `module`, from the crate's root: `super::` climbs from the module.
fn absolute(module: &[String], path: &str) -> Vec<String> {
    let mut parts: Vec<&str> = path.split("::").filter(|p| !p.is_empty()).collect();
    let mut base: Vec<String> = Vec::new();
    if parts.first() == Some(&"crate") {
        parts.remove(0);
    } else {
        base = module.to_vec();
        while parts.first() == Some(&"super") {
            parts.remove(0);
            base.pop();
        }
    }
    base.extend(parts.into_iter().map(str::to_string));
    base
}

/// What the file at `relative` (under `src/`) names that its place forbids.
fn violations(relative: &Path, source: &str) -> Vec<String> {
    let module = module_of(relative);
    let module_refs: Vec<&str> = module.iter().map(String::as_str).collect();
    let from = zone(&module_refs);
    let mut bad = Vec::new();
    for path in paths(&code_only(source)) {
        let target = absolute(&module, &path);
        let target_refs: Vec<&str> = target.iter().map(String::as_str).collect();
        if !allowed(from, zone(&target_refs)) {
            bad.push(format!("{}: {path}", relative.display()));
        }
    }
    bad
}

/// Test code, which may reach anything to set a screen up.
fn is_test_file(relative: &Path) -> bool {
    let name = relative
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    name == "tests.rs"
        || name == "testing.rs"
        || name.ends_with("_tests.rs")
        || name.ends_with("_snapshots.rs")
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn the_floor_imports_no_screen_and_no_screen_another() {
    let root = src();
    let mut files = Vec::new();
    sources(&root, &mut files);
    files.sort();
    assert!(files.len() > 100, "the sources are found: {}", files.len());
    let mut bad = Vec::new();
    for file in files {
        let relative = file.strip_prefix(&root).unwrap_or(&file).to_path_buf();
        if is_test_file(&relative) {
            continue;
        }
        let source = std::fs::read_to_string(&file).expect("a source file");
        bad.extend(violations(&relative, &source));
    }
    assert!(
        bad.is_empty(),
        "imports across the tree (what two screens share belongs in the floor):\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_modules_the_rules_name_exist() {
    let root = src();
    for name in ROOT.iter().chain(SCREENS) {
        let dir = root.join(name);
        let file = root.join(format!("{name}.rs"));
        assert!(dir.is_dir() || file.is_file(), "no module {name}");
    }
    for (screen, part) in PARTS {
        assert!(root.join(screen).join(part).is_dir(), "no {screen}::{part}");
    }
}

#[test]
fn each_forbidden_import_is_caught() {
    let bad = |file: &str, source: &str| violations(Path::new(file), source);
    assert_eq!(
        bad("screen/ledger.rs", "use crate::tasks::TaskKey;\n"),
        ["screen/ledger.rs: crate::tasks::TaskKey"]
    );
    assert_eq!(
        bad(
            "keys/commands/action.rs",
            "use crate::{text, ui::theme::Theme};\n"
        ),
        ["keys/commands/action.rs: crate::ui::theme::Theme"]
    );
    assert_eq!(
        bad(
            "tasks/form/tags.rs",
            "fn f() { crate::contacts::pickers::x(); }\n"
        ),
        ["tasks/form/tags.rs: crate::contacts::pickers::x"]
    );
    assert_eq!(
        bad("funnels/mod.rs", "use crate::app::App;\n").len(),
        1,
        "a screen names nothing of the app"
    );
    assert_eq!(
        bad(
            "contacts/organizations/links.rs",
            "use super::super::{ContactKey, organizations::OrgKey};\n"
        ),
        ["contacts/organizations/links.rs: super::super::ContactKey"],
        "the organizations tab does not reach back into the contacts screen"
    );
    assert!(
        bad(
            "contacts/mod.rs",
            "use crate::contacts::organizations::OrgKey;\nuse crate::screen::ScreenCtx;\n"
        )
        .is_empty(),
        "a screen holds its parts and stands on the floor"
    );
    assert!(
        bad(
            "app/mod.rs",
            "use crate::tasks::TasksState;\nuse crate::ui;\n"
        )
        .is_empty(),
        "the app holds every screen"
    );
    assert!(
        bad(
            "screen/names.rs",
            "// crate::tasks::TaskKey in a comment\n#[cfg(test)]\nmod tests {\n    use crate::tasks::TaskKey;\n}\n"
        )
        .is_empty(),
        "comments and test modules are left out"
    );
    assert_eq!(
        bad(
            "worker/mod.rs",
            "#[cfg(test)]\nmod worker_tests;\nuse crate::projects::ProjectsKey;\n"
        ),
        ["worker/mod.rs: crate::projects::ProjectsKey"],
        "a test module declared elsewhere leaves the rest of the file checked"
    );
}
