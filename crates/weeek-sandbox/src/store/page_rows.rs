//! How the page queries read the rows of many tasks at once (a page's tasks themselves, their
//! locations, time entries, attachments, timers and sub-tasks): one query per kind of row for
//! the whole page, never one per task.
//!
//! Each query has two forms. `list` binds the page's ids as one array (`?1`, read by the
//! `rarray()` table function) and joins it as the outer loop, one index lookup per id; `range`
//! reads the ids from `?1` to `?2` in one sweep of the index. A page in id order, the usual one,
//! holds ids that lie close together, and sweeping the few rows between them that are not on
//! the page costs less than looking each id up; a page sorted otherwise is read by list. Rows of
//! tasks that are not on the page are left for the caller to drop ([`super::tasks::Places`]).

use std::rc::Rc;

use rusqlite::types::Value;
use rusqlite::{Connection, Rows};

/// A page query in both forms (see the module's documentation); written with [`page_sql!`].
pub struct PageSql {
    pub list: &'static str,
    pub range: &'static str,
}

/// `page_sql!(select, from, key)` or `page_sql!(select, from, key, " AND …")`: the two forms of
/// `{select} FROM {from} WHERE {key} …`, where `key` is the column holding the task's id. All
/// parts are string literals (or macros that expand to them), so both forms are constants.
macro_rules! page_sql {
    ($select:expr, $from:expr, $key:expr) => {
        page_sql!($select, $from, $key, "")
    };
    ($select:expr, $from:expr, $key:expr, $and:expr) => {
        $crate::store::page_rows::PageSql {
            // `CROSS JOIN` keeps the ids as the outer loop, in their order. (`IN rarray(?1)`
            // would build a temporary index of them for every query.)
            list: concat!(
                $select,
                " FROM rarray(?1) AS page CROSS JOIN ",
                $from,
                " WHERE ",
                $key,
                " = page.value",
                $and
            ),
            range: concat!(
                $select,
                " FROM ",
                $from,
                " WHERE ",
                $key,
                " BETWEEN ?1 AND ?2",
                $and
            ),
        }
    };
}
pub(crate) use page_sql;

/// Ids spread over at most this many times the page's size are read as a range.
const DENSE: usize = 4;

/// What order the rows must come in.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// Any: the caller places each row by its task.
    Any,
    /// The order of the ids given: a range is read only when they ascend, as its rows do.
    OfIds,
}

/// Runs `sql` for the tasks `ids` and hands its rows to `read`.
pub fn query<T>(
    conn: &Connection,
    sql: &PageSql,
    ids: &[i64],
    order: Order,
    read: impl FnOnce(Rows<'_>) -> rusqlite::Result<T>,
) -> rusqlite::Result<T> {
    match range(ids, order) {
        Some((first, last)) => read(conn.prepare_cached(sql.range)?.query([first, last])?),
        None => read(conn.prepare_cached(sql.list)?.query([id_array(ids)])?),
    }
}

/// The first and last id, when the ids are close enough together to be read as a range.
fn range(ids: &[i64], order: Order) -> Option<(i64, i64)> {
    let (&first, &last) = (ids.iter().min()?, ids.iter().max()?);
    if order == Order::OfIds && !ids.windows(2).all(|pair| pair[0] < pair[1]) {
        return None;
    }
    let span = usize::try_from(last.checked_sub(first)?).ok()?;
    (span < DENSE * ids.len()).then_some((first, last))
}

/// A list of ids bound as one parameter, for `rarray(?1)`.
fn id_array(ids: &[i64]) -> Rc<Vec<Value>> {
    Rc::new(ids.iter().copied().map(Value::from).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn close_ids_are_read_as_a_range_and_scattered_ones_one_by_one() {
        assert_eq!(range(&[5, 6, 7, 9], Order::OfIds), Some((5, 9)));
        assert_eq!(range(&[9, 5, 7], Order::Any), Some((5, 9)));
        // Out of order, when the rows must come in the order given.
        assert_eq!(range(&[9, 5, 7], Order::OfIds), None);
        // Too far apart for their number.
        assert_eq!(range(&[1, 100], Order::Any), None);
        assert_eq!(range(&[1, 100, 200], Order::Any), None);
        assert_eq!(range(&[42], Order::OfIds), Some((42, 42)));
        assert_eq!(range(&[], Order::Any), None);
        assert_eq!(range(&[i64::MIN, i64::MAX], Order::Any), None);
    }

    #[test]
    fn both_forms_read_the_same_rows() {
        let conn = Connection::open_in_memory().unwrap();
        rusqlite::vtab::array::load_module(&conn).unwrap();
        conn.execute_batch(
            "CREATE TABLE items (task_id INTEGER, name TEXT);
             INSERT INTO items VALUES (1, 'a'), (2, 'b'), (2, 'c'), (3, 'd'), (9, 'e');",
        )
        .unwrap();
        let sql = page_sql!(
            "SELECT task_id, name",
            "items",
            "task_id",
            " AND name <> 'c'"
        );
        let read = |ids: &[i64]| {
            query(&conn, &sql, ids, Order::Any, |rows| {
                let mut names: Vec<String> = rows
                    .mapped(|row| row.get::<_, String>(1))
                    .collect::<rusqlite::Result<_>>()?;
                names.sort();
                Ok(names)
            })
            .unwrap()
        };
        // A range sweeps task 2, which is not asked for; the caller drops it.
        assert_eq!(read(&[1, 3]), ["a", "b", "d"]);
        assert_eq!(read(&[1, 9]), ["a", "e"]);
    }
}
