-- Indexes of the task list (`GET /tm/tasks`), created after older files gained the columns
-- they cover. Listed tasks are the ones not deleted, so each starts with `is_deleted`; every
-- order ends with the id, ascending in both directions, as the list's tie-break is.

-- Id order, with and without the completed filter; `offset` walks these without the rows.
CREATE INDEX IF NOT EXISTS tasks_live ON tasks (is_deleted);
CREATE INDEX IF NOT EXISTS tasks_live_state ON tasks (is_deleted, is_completed);

-- `sortBy=key` and `sortBy=-key` (`overdue` depends on the day and is sorted when asked).
CREATE INDEX IF NOT EXISTS tasks_by_name ON tasks (is_deleted, title_folded, id);
CREATE INDEX IF NOT EXISTS tasks_by_name_desc ON tasks (is_deleted, title_folded DESC, id);
CREATE INDEX IF NOT EXISTS tasks_by_type ON tasks (is_deleted, type, id);
CREATE INDEX IF NOT EXISTS tasks_by_type_desc ON tasks (is_deleted, type DESC, id);
CREATE INDEX IF NOT EXISTS tasks_by_priority ON tasks (is_deleted, priority, id);
CREATE INDEX IF NOT EXISTS tasks_by_priority_desc ON tasks (is_deleted, priority DESC, id);
CREATE INDEX IF NOT EXISTS tasks_by_duration ON tasks (is_deleted, duration, id);
CREATE INDEX IF NOT EXISTS tasks_by_duration_desc ON tasks (is_deleted, duration DESC, id);
CREATE INDEX IF NOT EXISTS tasks_by_created ON tasks (is_deleted, created_at, id);
CREATE INDEX IF NOT EXISTS tasks_by_created_desc ON tasks (is_deleted, created_at DESC, id);
CREATE INDEX IF NOT EXISTS tasks_by_due ON tasks (is_deleted, due_date, id);
CREATE INDEX IF NOT EXISTS tasks_by_due_desc ON tasks (is_deleted, due_date DESC, id);
CREATE INDEX IF NOT EXISTS tasks_by_start ON tasks (is_deleted, start_date, id);
CREATE INDEX IF NOT EXISTS tasks_by_start_desc ON tasks (is_deleted, start_date DESC, id);

-- `search`: a trigram index of the folded title and description text finds any substring of
-- three characters or more without reading every task (shorter ones are looked for row by
-- row). Case-sensitive, because the text is folded already.
CREATE VIRTUAL TABLE IF NOT EXISTS task_search USING fts5 (
    title_folded, text_folded,
    content = 'tasks', content_rowid = 'id',
    tokenize = 'trigram case_sensitive 1'
);
CREATE TRIGGER IF NOT EXISTS task_search_insert AFTER INSERT ON tasks BEGIN
    INSERT INTO task_search (rowid, title_folded, text_folded)
    VALUES (new.id, new.title_folded, new.text_folded);
END;
CREATE TRIGGER IF NOT EXISTS task_search_update AFTER UPDATE OF title_folded, text_folded ON tasks
WHEN old.title_folded IS NOT new.title_folded OR old.text_folded IS NOT new.text_folded BEGIN
    INSERT INTO task_search (task_search, rowid, title_folded, text_folded)
    VALUES ('delete', old.id, old.title_folded, old.text_folded);
    INSERT INTO task_search (rowid, title_folded, text_folded)
    VALUES (new.id, new.title_folded, new.text_folded);
END;
CREATE TRIGGER IF NOT EXISTS task_search_delete AFTER DELETE ON tasks BEGIN
    INSERT INTO task_search (task_search, rowid, title_folded, text_folded)
    VALUES ('delete', old.id, old.title_folded, old.text_folded);
END;
