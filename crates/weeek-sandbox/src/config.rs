use std::path::PathBuf;

use crate::faults::Faults;

/// The token the demo workspace answers to.
const DEMO_TOKEN: &str = "demo-token";

/// Fixed bearer token used by the demo (`weeek-tui --demo`) and by tests.
pub fn demo_token() -> &'static str {
    DEMO_TOKEN
}

/// Where the sandbox keeps its SQLite database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DbLocation {
    /// A private database of its own, not synced to disk and gone when the sandbox stops.
    Memory,
    /// A database file; an existing file is opened as is (never reseeded).
    File(PathBuf),
}

/// Everything needed to start a sandbox.
#[derive(Clone, Debug)]
pub struct SandboxConfig {
    /// Bearer token every `/public/v1` request must carry.
    pub token: String,
    pub db: DbLocation,
    /// Seed the demo workspace when the database is new or empty.
    pub seed: bool,
    /// The instant the sandbox's clock starts at: seeded dates are relative to its day, and
    /// `overdue` is counted from it. `None` means the real clock; tests pin it (to the instant
    /// their client's clock reads) so that the seeded data and every timestamp are the same at
    /// any hour of any day.
    pub now: Option<time::OffsetDateTime>,
    pub faults: Faults,
    /// How many tasks the seeded demo workspace holds: `None` for the demo's own few hundred.
    /// The hand-written tasks always come first; generated ones, as varied as the demo's,
    /// fill up to this number, the same ones on every run.
    pub tasks: Option<usize>,
    /// The seeded workspace's name, instead of the demo's (or "Sandbox" when empty): two
    /// sandboxes side by side are told apart by it. Only a new database is seeded.
    pub workspace: Option<String>,
}

impl SandboxConfig {
    /// An in-memory, seeded demo configuration with the demo token and no faults.
    pub fn demo() -> Self {
        Self {
            token: DEMO_TOKEN.to_owned(),
            db: DbLocation::Memory,
            seed: true,
            now: None,
            faults: Faults::default(),
            tasks: None,
            workspace: None,
        }
    }
}
