//! Filters of the CRM lists in the service's dialect: arrays as `name[]=`, custom-field
//! filters as `customFields[0][id]=…&customFields[0][value]=…`, `sort` with `-` for descending.

use serde::{Deserialize, Serialize};

use crate::models::WinStatus;

/// One custom-field filter: records whose value of field `id` equals `value` (any value when
/// `value` is `None`). Booleans are `1`/`0`; options are matched by id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CustomFieldFilter {
    pub id: String,
    pub value: Option<String>,
}

/// `lastUpdated[]` of the deal list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum LastUpdated {
    Today,
    Yesterday,
    LastWeek,
}

impl LastUpdated {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Today => "today",
            Self::Yesterday => "yesterday",
            Self::LastWeek => "lastWeek",
        }
    }
}

/// Sort keys of the deal list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DealSortKey {
    Title,
    Amount,
    Commented,
    CreatedAt,
    UpdatedAt,
}

impl DealSortKey {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Title => "title",
            Self::Amount => "amount",
            Self::Commented => "commented",
            Self::CreatedAt => "createdAt",
            Self::UpdatedAt => "updatedAt",
        }
    }
}

/// Sort keys of the organization and contact lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CrmSortKey {
    Alphabet,
    UpdatedAt,
}

impl CrmSortKey {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Alphabet => "alphabet",
            Self::UpdatedAt => "updatedAt",
        }
    }
}

/// A sort key and its direction; the wire form is `key` or `-key`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sort<K> {
    pub key: K,
    pub descending: bool,
}

/// Builds the pairs of one query in the order the fields are pushed.
#[derive(Default)]
struct Pairs(Vec<(String, String)>);

impl Pairs {
    fn push(&mut self, key: &str, value: impl ToString) {
        self.0.push((key.to_string(), value.to_string()));
    }

    fn search(&mut self, search: &Option<String>) {
        if let Some(s) = search.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            self.push("search", s);
        }
    }

    fn array<T: ToString>(&mut self, name: &str, items: &[T]) {
        for item in items {
            self.push(&format!("{name}[]"), item.to_string());
        }
    }

    fn fields(&mut self, filters: &[CustomFieldFilter]) {
        for (i, f) in filters.iter().enumerate() {
            self.push(&format!("customFields[{i}][id]"), &f.id);
            if let Some(value) = &f.value {
                self.push(&format!("customFields[{i}][value]"), value);
            }
        }
    }

    fn sort(&mut self, key: Option<&str>, descending: bool) {
        if let Some(key) = key {
            let sign = if descending { "-" } else { "" };
            self.push("sort", format!("{sign}{key}"));
        }
    }

    fn page(&mut self, limit: Option<u32>, offset: Option<u32>) {
        if let Some(l) = limit {
            self.push("limit", l);
        }
        if let Some(o) = offset {
            self.push("offset", o);
        }
    }
}

/// Every parameter of `GET /crm/statuses/{id}/deals`. Lists match a deal that has any of their
/// items; filters combine with AND.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct DealQuery {
    pub search: Option<String>,
    /// Sent as `assigneeIds[]` ([spec-25] called it `executorIds[]`).
    pub assignee_ids: Vec<String>,
    pub win_statuses: Vec<WinStatus>,
    pub last_updated: Vec<LastUpdated>,
    pub tags: Vec<i64>,
    pub organizations: Vec<String>,
    pub contacts: Vec<String>,
    pub custom_fields: Vec<CustomFieldFilter>,
    pub sort: Option<Sort<DealSortKey>>,
    pub limit: Option<u32>,
    pub offset: Option<u32>,
}

impl DealQuery {
    pub fn to_pairs(&self) -> Vec<(String, String)> {
        let mut q = Pairs::default();
        q.search(&self.search);
        q.array("assigneeIds", &self.assignee_ids);
        let wins: Vec<&str> = self.win_statuses.iter().map(|w| w.as_str()).collect();
        q.array("winStatuses", &wins);
        let updated: Vec<&str> = self.last_updated.iter().map(|l| l.as_str()).collect();
        q.array("lastUpdated", &updated);
        q.array("tags", &self.tags);
        q.array("organizations", &self.organizations);
        q.array("contacts", &self.contacts);
        q.fields(&self.custom_fields);
        q.sort(
            self.sort.map(|s| s.key.as_str()),
            self.sort.is_some_and(|s| s.descending),
        );
        q.page(self.limit, self.offset);
        q.0
    }
}

/// Every parameter of `GET /crm/organizations`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct OrganizationQuery {
    pub search: Option<String>,
    /// Member UUIDs (`responsible[]`).
    pub responsible: Vec<String>,
    pub contacts: Vec<String>,
    pub tags: Vec<i64>,
    pub custom_fields: Vec<CustomFieldFilter>,
    pub sort: Option<Sort<CrmSortKey>>,
    pub limit: Option<u32>,
    pub offset: Option<u32>,
}

impl OrganizationQuery {
    pub fn to_pairs(&self) -> Vec<(String, String)> {
        let mut q = Pairs::default();
        q.search(&self.search);
        q.array("responsible", &self.responsible);
        q.array("contacts", &self.contacts);
        q.array("tags", &self.tags);
        q.fields(&self.custom_fields);
        q.sort(
            self.sort.map(|s| s.key.as_str()),
            self.sort.is_some_and(|s| s.descending),
        );
        q.page(self.limit, self.offset);
        q.0
    }
}

/// Every parameter of `GET /crm/contacts`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ContactQuery {
    pub search: Option<String>,
    pub organization_ids: Vec<String>,
    pub custom_fields: Vec<CustomFieldFilter>,
    pub sort: Option<Sort<CrmSortKey>>,
    pub limit: Option<u32>,
    pub offset: Option<u32>,
}

impl ContactQuery {
    pub fn to_pairs(&self) -> Vec<(String, String)> {
        let mut q = Pairs::default();
        q.search(&self.search);
        q.array("organizationIds", &self.organization_ids);
        q.fields(&self.custom_fields);
        q.sort(
            self.sort.map(|s| s.key.as_str()),
            self.sort.is_some_and(|s| s.descending),
        );
        q.page(self.limit, self.offset);
        q.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(p: &[(String, String)]) -> Vec<String> {
        p.iter().map(|(k, v)| format!("{k}={v}")).collect()
    }

    #[test]
    fn deal_filters_use_brackets_nested_fields_and_a_minus_for_descending() {
        let q = DealQuery {
            search: Some("  АЗС ".into()),
            win_statuses: vec![WinStatus::Won, WinStatus::Archived],
            last_updated: vec![LastUpdated::LastWeek],
            tags: vec![3],
            custom_fields: vec![
                CustomFieldFilter {
                    id: "cf1".into(),
                    value: Some("1".into()),
                },
                CustomFieldFilter {
                    id: "cf2".into(),
                    value: None,
                },
            ],
            sort: Some(Sort {
                key: DealSortKey::Amount,
                descending: true,
            }),
            limit: Some(20),
            ..Default::default()
        };
        assert_eq!(
            pairs(&q.to_pairs()),
            [
                "search=АЗС",
                "winStatuses[]=won",
                "winStatuses[]=archived",
                "lastUpdated[]=lastWeek",
                "tags[]=3",
                "customFields[0][id]=cf1",
                "customFields[0][value]=1",
                "customFields[1][id]=cf2",
                "sort=-amount",
                "limit=20",
            ]
        );
        assert!(DealQuery::default().to_pairs().is_empty());
    }
}
