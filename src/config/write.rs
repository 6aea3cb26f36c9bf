//! Changes to the config file made by the app (a token stored, a view saved): only the part
//! changed, the rest kept as written, the file private to its owner.

use std::fs;
use std::io::Write;
use std::path::Path;

use super::View;
use super::{check_private, check_profile_name, parse};

/// Stores the token in the config file, creating it with mode 0600 and keeping everything
/// else in it as written, comments included.
pub fn store_token(path: &Path, token: &str) -> Result<(), String> {
    edit_file(path, |doc| {
        doc["token"] = toml_edit::value(token.trim());
        Ok(())
    })
}

/// Stores the token of profile `name` in its `[profiles.NAME]` section (made when there is
/// none), as [`store_token`] stores the top level's: the rest of the file as written, the file
/// private.
pub fn store_profile_token(path: &Path, name: &str, token: &str) -> Result<(), String> {
    check_profile_name(name)?;
    edit_file(path, |doc| {
        let root = doc.as_table_mut();
        if !root.contains_key("profiles") {
            let mut table = toml_edit::Table::new();
            // No bare `[profiles]` line: each profile is its own `[profiles.NAME]` section.
            table.set_implicit(true);
            root.insert("profiles", toml_edit::Item::Table(table));
        }
        let not_a_table =
            || "`profiles` is not a table: it must hold one [profiles.NAME] section per profile";
        let profiles = root
            .get_mut("profiles")
            .and_then(toml_edit::Item::as_table_like_mut)
            .ok_or_else(not_a_table)?;
        if !profiles.contains_key(name) {
            profiles.insert(name, toml_edit::Item::Table(toml_edit::Table::new()));
        }
        let section = profiles
            .get_mut(name)
            .and_then(toml_edit::Item::as_table_like_mut)
            .ok_or_else(|| format!("`profiles.{name}` is not a table"))?;
        section.insert("token", toml_edit::value(token.trim()));
        Ok(())
    })
}

/// Saves the view `name` in the config file's `[views]` table (`None` deletes it), keeping
/// everything else in the file as written: other views, settings, comments and their order.
pub fn store_view(path: &Path, name: &str, view: Option<&View>) -> Result<(), String> {
    edit_file(path, |doc| {
        let root = doc.as_table_mut();
        if !root.contains_key("views") {
            let mut table = toml_edit::Table::new();
            // No bare `[views]` line: each view is its own `[views."name"]` section.
            table.set_implicit(true);
            root.insert("views", toml_edit::Item::Table(table));
        }
        let Some(views) = root
            .get_mut("views")
            .and_then(toml_edit::Item::as_table_mut)
        else {
            return Err(
                "`views` is not a table: it must hold one [views.\"name\"] section per view".into(),
            );
        };
        match view {
            Some(view) => {
                // The view's own fields as TOML, read back as an editable table.
                let text = toml::to_string(view).map_err(|e| e.to_string())?;
                let table = text
                    .parse::<toml_edit::DocumentMut>()
                    .map_err(|e| e.to_string())?
                    .as_table()
                    .clone();
                views.insert(name, toml_edit::Item::Table(table));
            }
            None => {
                views.remove(name);
            }
        }
        Ok(())
    })
}

/// Reads the config file (a missing one is empty), changes it with `edit` and writes it back
/// in one piece, private to its owner. The file is first read as settings: one that is not
/// valid is left alone, with the same message as at start (which never quotes a value).
fn edit_file(
    path: &Path,
    edit: impl FnOnce(&mut toml_edit::DocumentMut) -> Result<(), String>,
) -> Result<(), String> {
    let text = match fs::read_to_string(path) {
        Ok(text) => {
            parse(&text, path)?;
            text
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    // Valid settings are valid TOML: this parse succeeds. Its message is not shown, in case it
    // quotes the token.
    let mut doc = text
        .parse::<toml_edit::DocumentMut>()
        .map_err(|_| format!("{} is not valid TOML", path.display()))?;
    edit(&mut doc)?;
    write_private(path, &doc.to_string())
}

/// Replaces the file through a temporary and a rename, mode 0600 from the first byte: the file
/// may hold the token.
fn write_private(path: &Path, text: &str) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        crate::private_files::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let tmp = path.with_extension("toml.tmp");
    // A stale temporary (a crash, an older version) would pass its mode on: it goes first, and
    // the new one is created afresh, private from its first byte, or not at all.
    match fs::remove_file(&tmp) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            return Err(format!("cannot remove the stale {}: {e}", tmp.display()));
        }
        _ => {}
    }
    {
        let mut f = crate::private_files::create_new(&tmp)
            .map_err(|e| format!("cannot write {}: {e}", tmp.display()))?;
        f.write_all(text.as_bytes()).map_err(|e| e.to_string())?;
        f.sync_all().map_err(|e| e.to_string())?;
    }
    fs::rename(&tmp, path).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    check_private(path)
}
