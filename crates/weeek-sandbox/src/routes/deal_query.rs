//! The filters and sort of `GET /crm/statuses/{id}/deals`.

use rusqlite::Connection;
use time::{Date, Duration};

use super::crm_query::{self, Amount, FieldFilter};
use super::deals::WIN_STATUSES;
use crate::errors::ApiError;
use crate::store::{crm, workspace};
use crate::validate::Invalid;
use crate::wire::{Query, contains_folded, fold, parse_ymd};

/// `lastUpdated[]` values: `today`, `yesterday` and `lastWeek`. UNCERTAIN: the reference names
/// them without defining them; `lastWeek` is read as the last seven days, today included.
pub const LAST_UPDATED: [&str; 3] = ["today", "yesterday", "lastWeek"];

/// `sort` keys. `commented` orders by the last comment; the sandbox keeps no deal comments, so
/// it leaves the board order.
pub const DEAL_SORT_KEYS: [&str; 5] = ["title", "amount", "commented", "createdAt", "updatedAt"];

#[derive(Debug, Default)]
pub struct DealFilter {
    search: Option<String>,
    assignees: Option<Vec<String>>,
    win_statuses: Option<Vec<String>>,
    /// Inclusive date ranges, any of which matches.
    updated: Option<Vec<(Date, Date)>>,
    tags: Option<Vec<i64>>,
    organizations: Option<Vec<String>>,
    contacts: Option<Vec<String>>,
    fields: Vec<FieldFilter>,
    sort: Option<(&'static str, bool)>,
}

impl DealFilter {
    pub fn parse(conn: &Connection, query: &Query, today: Date) -> Result<Self, ApiError> {
        let mut invalid = Invalid::new();
        let member = |id: &str| workspace::is_member(conn, id);
        let mut assignees = crm_query::id_array(query, "assigneeIds", &mut invalid, member)?;
        if assignees.is_none() {
            assignees = crm_query::id_array(query, "executorIds", &mut invalid, member)?;
        }
        let win_statuses = crm_query::enum_array(query, "winStatuses", &WIN_STATUSES, &mut invalid);
        let updated =
            crm_query::enum_array(query, "lastUpdated", &LAST_UPDATED, &mut invalid).map(|items| {
                items
                    .iter()
                    .map(|item| match item.as_str() {
                        "today" => (today, today),
                        "yesterday" => (today - Duration::days(1), today - Duration::days(1)),
                        _ => (today - Duration::days(6), today),
                    })
                    .collect()
            });
        let tags = crm_query::tag_array(conn, query, &mut invalid)?;
        let organizations = crm_query::id_array(query, "organizations", &mut invalid, |id| {
            Ok(crm::organization(conn, id)?.is_some())
        })?;
        let contacts = crm_query::id_array(query, "contacts", &mut invalid, |id| {
            Ok(crm::contact(conn, id)?.is_some())
        })?;
        let fields = crm_query::field_filters(query, &mut invalid);
        let sort = crm_query::sort(query, &DEAL_SORT_KEYS, &mut invalid);
        invalid.check()?;
        Ok(Self {
            search: query.get("search").map(fold),
            assignees,
            win_statuses,
            updated,
            tags,
            organizations,
            contacts,
            fields,
            sort,
        })
    }

    pub fn matches(&self, deal: &crm::Deal) -> bool {
        let any_of = |wanted: &Option<Vec<String>>, have: &[String]| {
            wanted
                .as_ref()
                .is_none_or(|wanted| have.iter().any(|h| wanted.contains(h)))
        };
        let searched = self.search.as_deref().is_none_or(|needle| {
            [deal.title.as_deref(), deal.description.as_deref()]
                .into_iter()
                .flatten()
                .any(|text| contains_folded(text, needle))
        });
        let won = self
            .win_statuses
            .as_ref()
            .is_none_or(|wanted| deal.win_status.as_ref().is_some_and(|w| wanted.contains(w)));
        let updated = self.updated.as_ref().is_none_or(|ranges| {
            deal.updated_at
                .get(..10)
                .and_then(parse_ymd)
                .is_some_and(|day| ranges.iter().any(|(from, to)| (*from..=*to).contains(&day)))
        });
        let tagged = self
            .tags
            .as_ref()
            .is_none_or(|wanted| deal.tags.iter().any(|t| wanted.contains(t)));
        searched
            && won
            && updated
            && tagged
            && any_of(&self.assignees, &deal.assignees)
            && any_of(&self.organizations, &deal.organizations)
            && any_of(&self.contacts, &deal.contacts)
            && self.fields.iter().all(|f| f.matches(&deal.custom_values))
    }

    /// Applies `sort`; without it the board order stays.
    pub fn sort(&self, deals: &mut [crm::Deal]) {
        let Some((key, descending)) = self.sort else {
            return;
        };
        match key {
            "title" => crm_query::sort_by(deals, descending, |d| {
                d.title.as_deref().map(fold).unwrap_or_default()
            }),
            "amount" => crm_query::sort_by(deals, descending, |d| Amount(d.amount)),
            "createdAt" => crm_query::sort_by(deals, descending, |d| d.created_at.clone()),
            "updatedAt" => crm_query::sort_by(deals, descending, |d| d.updated_at.clone()),
            _ => {}
        }
    }
}
