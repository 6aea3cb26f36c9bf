//! Reading every task, deal (status by status), contact and organization into the store,
//! with the workspace around them (profile, members, tags, currencies, portfolios, projects
//! and their boards and columns, funnels and their statuses).
//!
//! At most [`SyncOptions::in_flight`] requests are out at once. A `429` is waited out as its
//! `Retry-After` says, and no new request starts until that wait is over. The service has no
//! "changed since" filter, so a sync reads everything again and compares each item's
//! `updatedAt` with what the store held: the report says what is new, changed and gone.
//! An item is taken as gone only when every list of its kind was read whole.
//!
//! [`run`] is a future that reports [`Progress`] through a callback: the command line draws a
//! bar from it, and the app can run it in the background and turn each report into a message.

mod fetch;
mod plan;
mod report;
#[cfg(test)]
#[cfg(feature = "demo")]
mod tests;

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use time::OffsetDateTime;
use tokio::task::JoinSet;
use weeek_api::models::{Contact, Deal, Organization, TaskRow};
use weeek_api::{ApiError, Client, ClientConfig, ListQuery, RetryPolicy, SkippedRow};

use crate::store::{Kind, ListKey, PageKey, Record, SharedStore, Store, StoreError, Writer};
use fetch::{Fetched, Job, Source, fetch};
use plan::Plan;
pub use report::{Changes, KindReport, SyncReport};

/// How a sync reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyncOptions {
    /// Requests out at once.
    pub in_flight: usize,
    /// Rows asked for per page (the service's largest page, as far as is known).
    pub page_size: u32,
}

impl Default for SyncOptions {
    fn default() -> Self {
        Self {
            in_flight: 4,
            page_size: 100,
        }
    }
}

/// How a sync's reads are tried again: a thousand reads in a row meet a passing failure or a
/// `429` now and then, so each read is tried more often and may wait longer than the screens'
/// reads, which someone is waiting for.
const SYNC_RETRY: RetryPolicy = RetryPolicy {
    max_retries: 5,
    base_delay: Duration::from_millis(500),
    max_delay: Duration::from_secs(60),
};
const SYNC_READ_DEADLINE: Duration = Duration::from_secs(5 * 60);

impl SyncOptions {
    /// A client's settings for a sync (see [`SYNC_RETRY`]).
    pub fn client_config(mut config: ClientConfig) -> ClientConfig {
        config.retry = SYNC_RETRY;
        config.read_deadline = SYNC_READ_DEADLINE;
        config
    }

    /// `client` as a sync's: its connections, a sync's retries.
    pub fn client(client: &Client) -> Client {
        client.with_retry(SYNC_RETRY, SYNC_READ_DEADLINE)
    }
}

/// How far a sync is, told after each answer.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Progress {
    pub tasks: u64,
    pub deals: u64,
    pub contacts: u64,
    pub organizations: u64,
    /// How many of those the store held before: about what this sync will read.
    pub expected: Option<u64>,
    pub requests: u64,
    pub failed: u64,
    /// The service asked to slow down: new requests wait.
    pub slowed_down: bool,
}

impl Progress {
    /// Items read so far.
    pub fn read(&self) -> u64 {
        self.tasks + self.deals + self.contacts + self.organizations
    }
}

/// When requests may start again after a `429`.
#[derive(Debug, Clone, Default)]
struct Gate(Arc<Mutex<Option<tokio::time::Instant>>>);

impl Gate {
    fn hold_for(&self, wait: Duration) {
        let until = tokio::time::Instant::now() + wait;
        let mut at = self.0.lock().unwrap_or_else(|p| p.into_inner());
        *at = Some(at.map_or(until, |a| a.max(until)));
    }

    fn until(&self) -> Option<tokio::time::Instant> {
        let at = *self.0.lock().unwrap_or_else(|p| p.into_inner());
        at.filter(|a| *a > tokio::time::Instant::now())
    }

    async fn wait(&self) {
        while let Some(until) = self.until() {
            tokio::time::sleep_until(until).await;
        }
    }
}

/// Reads everything into `store` through `client`; `now` stamps what is read, `progress`
/// hears after each answer. Never fails: what could not be read or kept is in the report.
pub async fn run(
    client: &Client,
    store: &SharedStore,
    options: &SyncOptions,
    now: &(dyn Fn() -> OffsetDateTime + Sync),
    progress: &(dyn Fn(&Progress) + Sync),
) -> SyncReport {
    let started = std::time::Instant::now();
    let gate = Gate::default();
    let client = {
        let gate = gate.clone();
        client.with_retry_observer(move |notice| {
            if matches!(notice.cause, ApiError::RateLimited { .. }) {
                gate.hold_for(notice.delay);
            }
        })
    };
    let mut sync = match Syncing::new(store, options).await {
        Ok(s) => s,
        Err(e) => {
            return SyncReport {
                store_error: Some(e.to_string()),
                ..SyncReport::default()
            };
        }
    };
    let mut running: JoinSet<(Job, Answered)> = JoinSet::new();
    loop {
        while running.len() < options.in_flight.max(1) {
            let Some(job) = sync.plan.next() else { break };
            let source = match &job {
                Job::Page { list, .. } => sync.plan.lists.get(*list).map(|l| l.source.clone()),
                _ => None,
            };
            let (client, gate) = (client.clone(), gate.clone());
            running.spawn(async move {
                gate.wait().await;
                let answer = fetch(&client, &job, source.as_ref()).await;
                (job, answer)
            });
        }
        let Some(joined) = running.join_next().await else {
            break;
        };
        sync.report.requests += 1;
        match joined {
            Ok((job, answer)) => sync.absorb(store, now(), job, answer).await,
            Err(e) => sync.report.failures.push(format!("a request failed: {e}")),
        }
        let mut told = sync.progress();
        told.slowed_down = gate.until().is_some();
        progress(&told);
    }
    sync.forget_gone(store).await;
    sync.report.elapsed = started.elapsed();
    sync.report
}

/// What a request answered: what was read, with the rows that could not be.
type Answered = Result<(Fetched, Vec<SkippedRow>), ApiError>;

/// What the store held of each kind a sync compares: id → `updatedAt` (ns).
type Held = HashMap<String, Option<i64>>;

struct Syncing {
    plan: Plan,
    held: [Held; 4],
    seen: [HashSet<String>; 4],
    expected: Option<u64>,
    page_size: u32,
    report: SyncReport,
}

/// The kinds a sync compares, as indexes into `held` and `seen`.
const TASKS: usize = 0;
const DEALS: usize = 1;
const CONTACTS: usize = 2;
const ORGANIZATIONS: usize = 3;

impl Syncing {
    async fn new(store: &SharedStore, options: &SyncOptions) -> Result<Self, StoreError> {
        let held = store
            .run(|s| {
                Ok([
                    s.updated_index(Kind::TaskRow)?,
                    s.updated_index(Kind::Deal)?,
                    s.updated_index(Kind::Contact)?,
                    s.updated_index(Kind::Organization)?,
                ])
            })
            .await?;
        let mut plan = Plan::default();
        plan.add_list(Source::Tasks { completed: false }, options.page_size);
        plan.add_list(Source::Tasks { completed: true }, options.page_size);
        for job in [
            Job::Profile,
            Job::Workspace,
            Job::Members,
            Job::Tags,
            Job::Currencies,
            Job::Portfolios,
            Job::Projects,
            Job::Funnels,
        ] {
            plan.push(job);
        }
        plan.add_list(Source::Contacts, options.page_size);
        plan.add_list(Source::Organizations, options.page_size);
        let total: usize = held.iter().map(HashMap::len).sum();
        let report = SyncReport {
            tasks: KindReport::new("tasks", &held[TASKS]),
            deals: KindReport::new("deals", &held[DEALS]),
            contacts: KindReport::new("contacts", &held[CONTACTS]),
            organizations: KindReport::new("organizations", &held[ORGANIZATIONS]),
            ..SyncReport::default()
        };
        Ok(Self {
            plan,
            held,
            seen: Default::default(),
            expected: (total > 0).then_some(total as u64),
            page_size: options.page_size.max(1),
            report,
        })
    }

    fn progress(&self) -> Progress {
        Progress {
            tasks: self.report.tasks.read,
            deals: self.report.deals.read,
            contacts: self.report.contacts.read,
            organizations: self.report.organizations.read,
            expected: self.expected,
            requests: self.report.requests,
            failed: self.report.failures.len() as u64,
            slowed_down: false,
        }
    }

    fn kind_of(source: &Source) -> usize {
        match source {
            Source::Tasks { .. } => TASKS,
            Source::Deals { .. } => DEALS,
            Source::Contacts => CONTACTS,
            Source::Organizations => ORGANIZATIONS,
        }
    }

    fn kind_report(&mut self, kind: usize) -> &mut KindReport {
        match kind {
            TASKS => &mut self.report.tasks,
            DEALS => &mut self.report.deals,
            CONTACTS => &mut self.report.contacts,
            _ => &mut self.report.organizations,
        }
    }

    async fn absorb(
        &mut self,
        store: &SharedStore,
        at: OffsetDateTime,
        job: Job,
        answer: Answered,
    ) {
        let (fetched, skipped) = match answer {
            Ok(a) => a,
            Err(e) => {
                let what = match &job {
                    Job::Page { list, offset, .. } => {
                        self.plan.failed(*list, *offset);
                        let source = self.plan.lists.get(*list).map(|l| l.source.clone());
                        match source {
                            Some(source) => {
                                self.kind_report(Self::kind_of(&source)).complete = false;
                                source.describe(*offset)
                            }
                            None => job.describe(),
                        }
                    }
                    Job::Funnels | Job::Statuses(_) => {
                        self.report.deals.complete = false;
                        job.describe()
                    }
                    _ => job.describe(),
                };
                tracing::warn!(what, error = %e, "sync: a read failed");
                self.report.failures.push(format!("{what}: {e}"));
                return;
            }
        };
        if let Job::Page { list, .. } = &job
            && let Some(kind) = self.plan.lists.get(*list).map(|l| Self::kind_of(&l.source))
        {
            self.note_skipped(kind, &skipped);
        } else if !skipped.is_empty() {
            self.report.unreadable_rows += skipped.len() as u64;
        }
        let write = self.plan_write(&job, fetched);
        if let Some(write) = write {
            let kept = store.run(move |s| s.write(|w| write(w, at))).await;
            if let Err(e) = kept {
                tracing::warn!(error = %e, "sync: the store could not keep a page");
                self.report.store_error.get_or_insert_with(|| e.to_string());
            }
        }
    }

    /// Rows the service sent that did not read: their ids count as seen (an unread row is no
    /// deleted one); a row without an id leaves its kind known only in part.
    fn note_skipped(&mut self, kind: usize, skipped: &[SkippedRow]) {
        for row in skipped {
            tracing::warn!(%row, "sync: a row could not be read");
            self.report.unreadable_rows += 1;
            match &row.id {
                Some(id) => {
                    self.seen[kind].insert(id.clone());
                }
                None => self.kind_report(kind).complete = false,
            }
        }
    }

    /// What to write for an answer (and the requests it leads to), as a function the store
    /// runs in one transaction.
    fn plan_write(&mut self, job: &Job, fetched: Fetched) -> Option<Write> {
        Some(match fetched {
            Fetched::Profile(u) => Box::new(move |w, at| w.put_profile(&u, at)),
            Fetched::Workspace(ws) => Box::new(move |w, at| w.put_workspace(&ws, at)),
            Fetched::Members(m) => Box::new(move |w, at| w.put_list(&ListKey::members(), &m, at)),
            Fetched::Tags(t) => Box::new(move |w, at| w.put_list(&ListKey::tags(), &t, at)),
            Fetched::Currencies(c) => {
                Box::new(move |w, at| w.put_list(&ListKey::currencies(), &c, at))
            }
            Fetched::Portfolios(p) => {
                Box::new(move |w, at| w.put_list(&ListKey::portfolios(), &p, at))
            }
            Fetched::Projects(p) => {
                for project in &p {
                    self.plan.push(Job::Boards(project.id));
                }
                Box::new(move |w, at| w.put_list(&ListKey::projects(), &p, at))
            }
            Fetched::Boards(project, b) => {
                for board in &b {
                    self.plan.push(Job::Columns(board.id));
                }
                Box::new(move |w, at| w.put_list(&ListKey::boards(project), &b, at))
            }
            Fetched::Columns(board, c) => {
                Box::new(move |w, at| w.put_list(&ListKey::columns(board), &c, at))
            }
            Fetched::Funnels(f) => {
                for funnel in &f {
                    self.plan.push(Job::Statuses(funnel.id.clone()));
                }
                Box::new(move |w, at| w.put_list(&ListKey::funnels(), &f, at))
            }
            Fetched::Statuses(funnel, s) => {
                for status in &s {
                    let source = Source::Deals {
                        status: status.id.clone(),
                    };
                    self.plan.add_list(source, self.page_size);
                }
                Box::new(move |w, at| w.put_list(&ListKey::statuses(&funnel), &s, at))
            }
            Fetched::Tasks(page) => {
                let (list, offset, per_page) = page_of(job)?;
                if !self
                    .plan
                    .answered(list, offset, page.tasks.len(), page.has_more)
                {
                    return None;
                }
                let Source::Tasks { completed } = self.plan.lists.get(list)?.source else {
                    return None;
                };
                self.compare(TASKS, &page.tasks);
                let key = PageKey::tasks(&Source::task_query(completed, per_page, offset)).ok()?;
                Box::new(move |w, at| w.put_page(&key, &page.tasks, page.has_more, at))
            }
            Fetched::Deals(page) => {
                let (list, offset, per_page) = page_of(job)?;
                if !self
                    .plan
                    .answered(list, offset, page.deals.len(), page.has_more)
                {
                    return None;
                }
                let Source::Deals { status } = self.plan.lists.get(list)?.source.clone() else {
                    return None;
                };
                self.compare(DEALS, &page.deals);
                let key = PageKey::deals(&status, &Source::deal_query(per_page, offset));
                Box::new(move |w, at| w.put_page(&key, &page.deals, page.has_more, at))
            }
            Fetched::Contacts(rows) => {
                let (list, offset, per_page) = page_of(job)?;
                let key = PageKey::contacts(&ListQuery::page(per_page, offset));
                let more = key.more_after(rows.len());
                if !self.plan.answered(list, offset, rows.len(), more) {
                    return None;
                }
                self.compare(CONTACTS, &rows);
                Box::new(move |w, at| w.put_page(&key, &rows, more, at))
            }
            Fetched::Organizations(rows) => {
                let (list, offset, per_page) = page_of(job)?;
                let key = PageKey::organizations(&ListQuery::page(per_page, offset));
                let more = key.more_after(rows.len());
                if !self.plan.answered(list, offset, rows.len(), more) {
                    return None;
                }
                self.compare(ORGANIZATIONS, &rows);
                Box::new(move |w, at| w.put_page(&key, &rows, more, at))
            }
        })
    }

    /// Counts `rows` as new, changed or the same as the store held them.
    fn compare<R: Record>(&mut self, kind: usize, rows: &[R]) {
        let held = std::mem::take(&mut self.held[kind]);
        let mut seen = std::mem::take(&mut self.seen[kind]);
        let report = self.kind_report(kind);
        for row in rows {
            let updated = row
                .updated_at()
                .and_then(|t| i64::try_from(t.unix_timestamp_nanos()).ok());
            report.saw(&mut seen, &row.key(), updated, &held, || {
                row.name().map(|n| n.1).unwrap_or_else(|| row.key())
            });
        }
        self.held[kind] = held;
        self.seen[kind] = seen;
    }

    /// Forgets what the store held and the service no longer lists, kind by kind, where
    /// every list of the kind was read whole.
    async fn forget_gone(&mut self, store: &SharedStore) {
        if self.report.store_error.is_some() {
            return;
        }
        for kind in [TASKS, DEALS, CONTACTS, ORGANIZATIONS] {
            if !self.kind_report(kind).complete {
                continue;
            }
            let gone: Vec<String> = self.held[kind]
                .keys()
                .filter(|k| !self.seen[kind].contains(*k))
                .cloned()
                .collect();
            if gone.is_empty() {
                continue;
            }
            let forgot = store
                .run(move |s| match kind {
                    TASKS => forget_all::<TaskRow>(s, gone, |w, k| match k.parse() {
                        Ok(id) => w.forget_task(id),
                        Err(_) => w.forget::<TaskRow>(k),
                    }),
                    DEALS => forget_all::<Deal>(s, gone, |w, k| w.forget::<Deal>(k)),
                    CONTACTS => forget_all::<Contact>(s, gone, |w, k| w.forget::<Contact>(k)),
                    _ => forget_all::<Organization>(s, gone, |w, k| w.forget::<Organization>(k)),
                })
                .await;
            match forgot {
                Ok(changes) => self.kind_report(kind).gone = changes,
                Err(e) => {
                    self.report.store_error.get_or_insert_with(|| e.to_string());
                }
            }
        }
    }
}

/// A write of one answer, run by the store in one transaction.
type Write = Box<dyn FnOnce(&Writer<'_>, OffsetDateTime) -> Result<(), StoreError> + Send>;

fn page_of(job: &Job) -> Option<(usize, u32, u32)> {
    match job {
        Job::Page {
            list,
            offset,
            per_page,
        } => Some((*list, *offset, *per_page)),
        _ => None,
    }
}

/// Forgets `keys` of `R` with `forget`, returning their names as the store held them.
fn forget_all<R: Record>(
    s: &mut Store,
    keys: Vec<String>,
    forget: fn(&Writer<'_>, &str) -> Result<(), StoreError>,
) -> Result<Changes, StoreError> {
    let mut changes = Changes::default();
    for key in &keys {
        let name = s
            .get::<R>(key)?
            .and_then(|r| r.value.name())
            .map_or_else(|| key.clone(), |n| n.1);
        changes.add(|| name);
    }
    s.write(|w| keys.iter().try_for_each(|k| forget(w, k)))?;
    Ok(changes)
}
