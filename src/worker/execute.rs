//! Running one call: the answer, and the rows of a list answer that could not be read.

use weeek_api::{ApiError, Client, Listed, SkippedRow};

use super::calls::{Call, run};
use super::local::LocalError;
use super::output::Output;
use crate::attachment_files::SaveError;

/// Rows of a list answer that could not be read, values of read rows taken as empty, and
/// which list they were in.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Skipped {
    /// "Tasks", "Deals", …
    pub list: &'static str,
    pub rows: Vec<SkippedRow>,
    /// Each names its row and field: "id 17: priority: 9 is not a priority (0 to 3)".
    pub malformed: Vec<SkippedRow>,
}

/// Runs `call`; its answer and, for a list, the rows that could not be read.
pub async fn execute(client: &Client, call: Call) -> (Output, Option<Skipped>) {
    let mut skipped = None;
    let output = run(call, client, &mut skipped).await;
    (output, skipped)
}

/// Runs file work on the blocking pool; a panic there is reported, not spread.
pub(super) async fn blocking<T, E>(
    work: impl FnOnce() -> Result<T, E> + Send + 'static,
) -> Result<T, E>
where
    T: Send + 'static,
    E: Send + 'static + From<FileWorkFailed>,
{
    tokio::task::spawn_blocking(work)
        .await
        .unwrap_or_else(|e| Err(FileWorkFailed(e.to_string()).into()))
}

/// File work that ended without a result (it panicked).
pub struct FileWorkFailed(String);

impl From<FileWorkFailed> for ApiError {
    fn from(e: FileWorkFailed) -> Self {
        ApiError::InvalidRequest(format!("reading the file failed: {}", e.0))
    }
}

impl From<FileWorkFailed> for SaveError {
    fn from(e: FileWorkFailed) -> Self {
        Self::Disk(e.0)
    }
}

impl From<FileWorkFailed> for LocalError {
    fn from(e: FileWorkFailed) -> Self {
        Self::Other(e.0)
    }
}

/// The rows of a list that could be read; the others go to `skipped`, with their reasons, for
/// the app to report: a list with one odd row still shows every other row. So do the values
/// read as empty: shown as "none", they are said, not hidden.
pub(super) fn readable<T>(
    list: &'static str,
    listed: Listed<T>,
    skipped: &mut Option<Skipped>,
) -> T {
    for row in &listed.skipped {
        tracing::warn!(list, %row, "a row could not be read");
    }
    for value in &listed.malformed {
        tracing::warn!(list, %value, "a value was read as empty");
    }
    if !listed.skipped.is_empty() || !listed.malformed.is_empty() {
        *skipped = Some(Skipped {
            list,
            rows: listed.skipped,
            malformed: listed.malformed,
        });
    }
    listed.value
}
