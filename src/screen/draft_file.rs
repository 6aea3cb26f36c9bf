//! A form's draft on disk: written through `Effect::WriteFile` (atomic) whenever it differs
//! from what was last written, removed once the form is saved or given up. The runtime lets a
//! write land before it draws the key, so a `kill -9` right after typing loses nothing.

use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

use super::{Effect, ScreenCtx};

#[derive(Debug, Clone)]
pub struct DraftFile {
    path: PathBuf,
    /// The file as last written; `None` when there is none.
    written: Option<String>,
}

impl DraftFile {
    pub fn new(path: PathBuf) -> Self {
        Self {
            path,
            written: None,
        }
    }

    pub fn path(&self) -> &PathBuf {
        &self.path
    }

    /// The file holds `text` already (read at start).
    pub fn adopt(&mut self, text: String) {
        self.written = Some(text);
    }

    /// Writes `text` unless the file holds it already.
    pub fn save(&mut self, text: String, cx: &mut ScreenCtx) {
        if self.written.as_deref() != Some(text.as_str()) {
            cx.effects.push(Effect::WriteFile {
                path: self.path.clone(),
                contents: text.clone(),
            });
            self.written = Some(text);
        }
    }

    /// Removes the file, if one was written or found.
    pub fn clear(&mut self, cx: &mut ScreenCtx) {
        if self.written.take().is_some() {
            cx.effects.push(Effect::RemoveFile(self.path.clone()));
        }
    }

    pub fn is_saved(&self) -> bool {
        self.written.is_some()
    }

    /// Whether the file holds `text`.
    pub fn holds(&self, text: &str) -> bool {
        self.written.as_deref() == Some(text)
    }

    /// Whether the file holds one of `texts`.
    pub fn holds_any(&self, texts: &[String]) -> bool {
        texts.iter().any(|t| self.holds(t))
    }

    /// Reads the draft left by an earlier run, once, before the event loop, and adopts it. A
    /// file that is not a draft is moved aside, never deleted: it may hold something a person
    /// typed.
    pub fn load<T: serde::de::DeserializeOwned>(&mut self) -> Result<Option<T>, String> {
        let text = match std::fs::read_to_string(&self.path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e.to_string()),
        };
        match serde_json::from_str::<T>(&text) {
            Ok(d) => {
                self.written = Some(text);
                Ok(Some(d))
            }
            Err(e) => {
                let kept = self.path.with_extension("json.unreadable");
                let _ = std::fs::rename(&self.path, &kept);
                Err(format!("{e}; kept as {}", kept.display()))
            }
        }
    }
}

/// A form's draft as its file in the data directory holds it.
pub trait FormDraft: serde::Serialize + DeserializeOwned {
    /// The file's name in the data directory.
    const FILE_NAME: &'static str;

    /// Worth offering back at start: something typed, or an edit.
    fn worth(&self) -> bool;

    fn path(data_dir: &Path) -> PathBuf {
        data_dir.join(Self::FILE_NAME)
    }

    fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Reads the draft of `data_dir`. Runs once, before the event loop.
    fn load(data_dir: &Path) -> Found<Self> {
        load(&Self::path(data_dir), Self::worth)
    }
}

/// What was found on disk at start.
#[derive(Debug, Clone, PartialEq)]
pub enum Found<D> {
    None,
    Draft(D),
    /// A file that is not a draft; it was moved aside to `kept`, never deleted.
    Unreadable {
        kept: PathBuf,
        reason: String,
    },
}

/// Reads the draft at `path`; one that is not `worth` offering (nothing typed) counts as none.
/// Runs once, before the event loop.
pub fn load<D: DeserializeOwned>(path: &Path, worth: impl Fn(&D) -> bool) -> Found<D> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Found::None,
        Err(e) => {
            return Found::Unreadable {
                kept: path.to_path_buf(),
                reason: e.to_string(),
            };
        }
    };
    match serde_json::from_str::<D>(&text) {
        Ok(d) if worth(&d) => Found::Draft(d),
        Ok(_) => Found::None,
        Err(e) => {
            // Moved aside rather than overwritten by the next save: it may still hold
            // something a person typed.
            let kept = path.with_extension("json.unreadable");
            let kept = match std::fs::rename(path, &kept) {
                Ok(()) => kept,
                Err(_) => path.to_path_buf(),
            };
            Found::Unreadable {
                kept,
                reason: e.to_string(),
            }
        }
    }
}
