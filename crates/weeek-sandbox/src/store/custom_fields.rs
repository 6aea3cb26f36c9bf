//! Task custom fields at their three levels (workspace, project, board) and their options.
//!
//! A field's level is its row: `board_id` set makes it a board's field, else `project_id` set a
//! project's, else it belongs to the whole task manager. Options are a JSON array on the row:
//! they are few, always read with their field, and ordered.

use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::option_colours::answer_colour;
use crate::store::tasks::Location;
use crate::wire::{json_list, to_json_text};

/// Where a field is defined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    TaskManager,
    Project(i64),
    Board(i64),
}

impl Scope {
    /// The scope stored in a row's `project_id` and `board_id`.
    fn from_columns(project: Option<i64>, board: Option<i64>) -> Self {
        match (board, project) {
            (Some(board), _) => Self::Board(board),
            (None, Some(project)) => Self::Project(project),
            (None, None) => Self::TaskManager,
        }
    }

    /// Whether a task in `locations` shows the fields defined here: the workspace's always, a
    /// project's or a board's when the task is in it.
    pub fn shown_in(self, locations: &[Location]) -> bool {
        match self {
            Self::TaskManager => true,
            Self::Project(project) => locations.iter().any(|l| l.project_id == project),
            Self::Board(board) => locations.iter().any(|l| l.board_id == Some(board)),
        }
    }

    /// `(project_id, board_id)` as stored. A board's field keeps no project: the board says
    /// which project it is in, and a board can only be in one.
    fn columns(self) -> (Option<i64>, Option<i64>) {
        match self {
            Self::TaskManager => (None, None),
            Self::Project(project) => (Some(project), None),
            Self::Board(board) => (None, Some(board)),
        }
    }
}

/// One choice of a select-like field.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FieldOption {
    pub id: String,
    pub name: String,
    pub color: String,
}

impl FieldOption {
    pub fn to_json(&self) -> Value {
        json!({"id": self.id, "name": self.name, "color": answer_colour(&self.color)})
    }
}

/// A stored `config` column; anything unreadable is no config.
pub fn read_config(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|_| json!({}))
}

/// A custom field, task's or funnel's: its definition and what it is defined on (`owner`: a
/// task field's [`Scope`], a funnel field's funnel id, nothing where only the definition is
/// read).
#[derive(Clone, Debug)]
pub struct CustomField<Owner> {
    pub id: String,
    pub owner: Owner,
    pub name: String,
    /// `text`, `number`, `select`, …
    pub kind: String,
    pub config: Value,
    pub options: Vec<FieldOption>,
}

/// A task field, defined at a [`Scope`].
pub type Field = CustomField<Scope>;
/// A definition read for an answer, whoever it belongs to.
pub type FieldDef = CustomField<()>;

impl<Owner> CustomField<Owner> {
    /// The `CustomField` object: `{id, name, type, config, options}`, option colours in hex.
    pub fn to_json(&self) -> Value {
        json!({
            "id": self.id,
            "name": self.name,
            "type": self.kind,
            "config": self.config,
            "options": self.options.iter().map(FieldOption::to_json).collect::<Vec<_>>(),
        })
    }

    /// Takes what an update sent (see `field_input::field_update`).
    pub fn apply(&mut self, name: Option<String>, config: Option<Value>) {
        if let Some(name) = name {
            self.name = name;
        }
        if let Some(config) = config {
            self.config = config;
        }
    }
}

impl FieldDef {
    /// Columns `id, name, type, config, options` of `row`, from `at` on.
    pub fn from_row(row: &Row<'_>, at: usize) -> rusqlite::Result<Self> {
        Ok(Self {
            id: row.get(at)?,
            owner: (),
            name: row.get(at + 1)?,
            kind: row.get(at + 2)?,
            config: read_config(&row.get::<_, String>(at + 3)?),
            options: json_list(&row.get::<_, String>(at + 4)?),
        })
    }

    pub fn owned_by<Owner>(self, owner: Owner) -> CustomField<Owner> {
        CustomField {
            id: self.id,
            owner,
            name: self.name,
            kind: self.kind,
            config: self.config,
            options: self.options,
        }
    }
}

impl Field {
    fn from_row(row: &Row<'_>) -> rusqlite::Result<Self> {
        let scope = Scope::from_columns(row.get(5)?, row.get(6)?);
        Ok(FieldDef::from_row(row, 0)?.owned_by(scope))
    }
}

const FIELD_COLUMNS: &str = "id, name, type, config, options, project_id, board_id";

/// A field by id, only when it is defined at `scope`: a project's field is not reachable
/// through another project's path, nor through the workspace's.
pub fn find(conn: &Connection, scope: Scope, id: &str) -> rusqlite::Result<Option<Field>> {
    let field = conn
        .query_row(
            &format!("SELECT {FIELD_COLUMNS} FROM task_custom_fields WHERE id = ?1"),
            [id],
            Field::from_row,
        )
        .optional()?;
    Ok(field.filter(|f| f.owner == scope))
}

/// Every task field, in the order a task shows those it has: the workspace's, then the
/// projects', then the boards'.
pub fn all(conn: &Connection) -> rusqlite::Result<Vec<Field>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {FIELD_COLUMNS} FROM task_custom_fields \
         ORDER BY board_id IS NOT NULL, project_id IS NOT NULL, project_id, board_id, position"
    ))?;
    stmt.query_map([], Field::from_row)?.collect()
}

/// The fields defined at `scope`, in their order.
pub fn list(conn: &Connection, scope: Scope) -> rusqlite::Result<Vec<Field>> {
    let (project, board) = scope.columns();
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {FIELD_COLUMNS} FROM task_custom_fields \
         WHERE project_id IS ?1 AND board_id IS ?2 ORDER BY position, rowid"
    ))?;
    stmt.query_map(params![project, board], Field::from_row)?
        .collect()
}

fn next_position(conn: &Connection, scope: Scope) -> rusqlite::Result<i64> {
    let (project, board) = scope.columns();
    conn.query_row(
        "SELECT COALESCE(MAX(position), -1) + 1 FROM task_custom_fields \
         WHERE project_id IS ?1 AND board_id IS ?2",
        params![project, board],
        |row| row.get(0),
    )
}

/// Adds a field at the end of its scope.
pub fn insert(conn: &Connection, field: &Field) -> rusqlite::Result<()> {
    let (project, board) = field.owner.columns();
    conn.execute(
        "INSERT INTO task_custom_fields (id, project_id, board_id, name, type, config, options, position) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            field.id,
            project,
            board,
            field.name,
            field.kind,
            to_json_text(&field.config),
            to_json_text(&field.options),
            next_position(conn, field.owner)?
        ],
    )?;
    Ok(())
}

/// Writes a field's name, config and options.
pub fn save(conn: &Connection, field: &Field) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE task_custom_fields SET name = ?1, config = ?2, options = ?3 WHERE id = ?4",
        params![
            field.name,
            to_json_text(&field.config),
            to_json_text(&field.options),
            field.id
        ],
    )?;
    Ok(())
}

/// Moves a field to another scope, at its end. Task values stay: they are keyed by the
/// field's id, so tasks that see the field at its new level keep what they had.
pub fn transfer(conn: &Connection, id: &str, to: Scope) -> rusqlite::Result<()> {
    let (project, board) = to.columns();
    let position = next_position(conn, to)?;
    conn.execute(
        "UPDATE task_custom_fields SET project_id = ?1, board_id = ?2, position = ?3 WHERE id = ?4",
        params![project, board, position, id],
    )?;
    Ok(())
}

/// Deletes a field and the values tasks hold for it.
pub fn delete(conn: &Connection, id: &str) -> rusqlite::Result<()> {
    conn.execute("DELETE FROM task_custom_fields WHERE id = ?1", [id])?;
    clear_values(conn, id, None)
}

/// Deletes every field of the given scopes (a deleted project's or board's).
pub fn delete_scope(conn: &Connection, scope: Scope) -> rusqlite::Result<()> {
    for field in list(conn, scope)? {
        delete(conn, &field.id)?;
    }
    Ok(())
}

/// Removes a field's value from every task (`option: None`), or only the choice `option`
/// from select and multiselect values. The `LIKE` narrows the scan to tasks whose values
/// mention the id at all.
pub fn clear_values(
    conn: &Connection,
    field_id: &str,
    option: Option<&str>,
) -> rusqlite::Result<()> {
    let needle = format!("%\"{}\"%", option.unwrap_or(field_id));
    let rows: Vec<(i64, String)> = conn
        .prepare("SELECT id, custom_values FROM tasks WHERE custom_values LIKE ?1")?
        .query_map([needle], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    for (task_id, text) in rows {
        let Ok(mut values) = serde_json::from_str::<Map<String, Value>>(&text) else {
            continue;
        };
        let changed = match option {
            None => values.remove(field_id).is_some(),
            Some(option) => without_option(&mut values, field_id, option),
        };
        if changed {
            conn.execute(
                "UPDATE tasks SET custom_values = ?1 WHERE id = ?2",
                params![to_json_text(&values), task_id],
            )?;
        }
    }
    Ok(())
}

/// Drops `option` from the value of `field_id`; a value left without any choice is removed.
pub fn without_option(values: &mut Map<String, Value>, field_id: &str, option: &str) -> bool {
    let Some(value) = values.get_mut(field_id) else {
        return false;
    };
    match value {
        Value::String(chosen) if chosen == option => {
            values.remove(field_id);
            true
        }
        Value::Array(chosen) => {
            let before = chosen.len();
            chosen.retain(|v| v.as_str() != Some(option));
            let changed = chosen.len() != before;
            if chosen.is_empty() {
                values.remove(field_id);
            }
            changed
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removing_a_choice_keeps_the_others() {
        let mut values: Map<String, Value> = serde_json::from_value(json!({
            "f1": ["a", "b"],
            "f2": "a",
            "f3": ["a"],
        }))
        .unwrap_or_default();
        assert!(without_option(&mut values, "f1", "a"));
        assert!(without_option(&mut values, "f2", "a"));
        assert!(without_option(&mut values, "f3", "a"));
        assert!(!without_option(&mut values, "f1", "zzz"));
        assert_eq!(Value::Object(values), json!({"f1": ["b"]}));
    }

    #[test]
    fn deleting_a_field_clears_only_its_values() {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(include_str!("schema.sql")).unwrap();
        let values = json!({"gone": "x", "kept": ["gone"]}).to_string();
        conn.execute(
            "INSERT INTO tasks (author_id, created_at, updated_at, custom_values) \
             VALUES ('a', 't', 't', ?1)",
            [values],
        )
        .unwrap();
        delete(&conn, "gone").unwrap();
        let left: String = conn
            .query_row("SELECT custom_values FROM tasks", [], |row| row.get(0))
            .unwrap();
        assert_eq!(
            serde_json::from_str::<Value>(&left).unwrap(),
            json!({"kept": ["gone"]})
        );
    }
}
