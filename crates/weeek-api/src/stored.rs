//! How inputs are stored by the app (a write queued on disk, a read's cache key): through
//! serde, in a self-describing format such as JSON. Where a body's wire form would lose
//! something on the way back (a field sent as `null` to clear it, a flag sent as `1`/`0`),
//! the fields read it back with these.

use serde::{Deserialize, Deserializer};

/// A field that tells "not sent" (absent: `None`) from "cleared" (`null`: `Some(None)`); it is
/// written with `skip_serializing_if = "Option::is_none"`.
pub(crate) fn double_option<'de, D, T>(d: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(d).map(Some)
}

/// A flag written as `1`/`0` (the form the service's docs ask for).
pub(crate) fn opt_one_or_zero<'de, D: Deserializer<'de>>(d: D) -> Result<Option<bool>, D::Error> {
    Ok(Option::<u8>::deserialize(d)?.map(|n| n == 1))
}

#[cfg(test)]
mod tests {
    use serde::Serialize;
    use serde::de::DeserializeOwned;
    use time::macros::date;

    use crate::models::{Priority, TaskType, WinStatus};
    use crate::{ContactUpdate, DealInput, DealQuery, FunnelInput, ProjectUpdate, TaskUpdate};

    fn again<T: Serialize + DeserializeOwned>(value: &T) -> T {
        let text = serde_json::to_string(value).unwrap();
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn a_cleared_field_stays_cleared_and_one_not_sent_stays_unsent() {
        let update = TaskUpdate {
            priority: Some(None),
            due_date: Some(Some(date!(2026 - 11 - 24))),
            start_date: Some(None),
            task_type: Some(TaskType::Other("meeting".into())),
            ..Default::default()
        };
        assert_eq!(again(&update), update);
        let deal = DealInput {
            description: Some(None),
            amount: Some(Some(12.5)),
            win_status: Some(Some(WinStatus::Other("paused".into()))),
            ..Default::default()
        };
        assert_eq!(again(&deal), deal);
        let contact = ContactUpdate {
            first_name: "Анна".into(),
            last_name: Some(None),
            middle_name: None,
            ..Default::default()
        };
        assert_eq!(again(&contact), contact);
        let project = ProjectUpdate {
            name: "Сайт".into(),
            logo: Some(None),
            ..Default::default()
        };
        assert_eq!(again(&project), project);
    }

    #[test]
    fn flags_written_as_numbers_read_back_as_flags() {
        for private in [None, Some(true), Some(false)] {
            let funnel = FunnelInput {
                name: Some("Продажи".into()),
                is_private: private,
                ..Default::default()
            };
            assert_eq!(again(&funnel), funnel);
        }
        let query = DealQuery {
            win_statuses: vec![WinStatus::Won, WinStatus::Other("x".into())],
            ..Default::default()
        };
        assert_eq!(again(&query), query);
        assert_eq!(again(&Priority::Hold), Priority::Hold);
    }
}
