-- Array-valued attributes that are only ever read whole are JSON text columns;
-- relations that are queried (task locations, contact organizations) are tables.

CREATE TABLE IF NOT EXISTS meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS workspace (
    id          INTEGER PRIMARY KEY,
    title       TEXT NOT NULL,
    description TEXT,
    is_personal INTEGER NOT NULL DEFAULT 0,
    logo        TEXT
);

CREATE TABLE IF NOT EXISTS members (
    id           TEXT PRIMARY KEY,
    position     INTEGER NOT NULL,
    email        TEXT NOT NULL,
    logo         TEXT,
    first_name   TEXT,
    last_name    TEXT,
    middle_name  TEXT,
    job_title    TEXT,
    time_zone    TEXT NOT NULL,
    language     TEXT NOT NULL DEFAULT 'ru-RU',
    about        TEXT,
    birth_date   TEXT,
    country      TEXT,
    phone_number TEXT,
    is_current   INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE IF NOT EXISTS tags (
    id    INTEGER PRIMARY KEY AUTOINCREMENT,
    title TEXT NOT NULL,
    color TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS projects (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    name         TEXT NOT NULL,
    logo_link    TEXT,
    description  TEXT,
    color        TEXT NOT NULL,
    is_private   INTEGER NOT NULL DEFAULT 0,
    portfolio_id INTEGER,
    status       INTEGER NOT NULL DEFAULT 1,
    team         TEXT NOT NULL DEFAULT '[]'
);

CREATE TABLE IF NOT EXISTS boards (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id INTEGER NOT NULL,
    name       TEXT NOT NULL,
    is_private INTEGER NOT NULL DEFAULT 0,
    position   INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS board_columns (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    board_id INTEGER NOT NULL,
    name     TEXT NOT NULL,
    position INTEGER NOT NULL
);

-- Task custom fields: a board's when board_id is set, else a project's when
-- project_id is set, else global (the whole task manager's).
CREATE TABLE IF NOT EXISTS task_custom_fields (
    id         TEXT PRIMARY KEY,
    project_id INTEGER,
    board_id   INTEGER,
    name       TEXT NOT NULL,
    type       TEXT NOT NULL,
    config     TEXT NOT NULL DEFAULT '{}',
    options    TEXT NOT NULL DEFAULT '[]',
    position   INTEGER NOT NULL
);

-- Every change to the task custom fields gives `task_fields_version` a new random value: the
-- field definitions encoded for the Task JSON are kept under it (`task_json::FieldHeads`), so
-- they are encoded again after any change, by any writer, and only then.
INSERT OR IGNORE INTO meta (key, value)
VALUES ('task_fields_version', lower(hex(randomblob(8))));
CREATE TRIGGER IF NOT EXISTS task_fields_added AFTER INSERT ON task_custom_fields BEGIN
    UPDATE meta SET value = lower(hex(randomblob(8))) WHERE key = 'task_fields_version';
END;
CREATE TRIGGER IF NOT EXISTS task_fields_changed AFTER UPDATE ON task_custom_fields BEGIN
    UPDATE meta SET value = lower(hex(randomblob(8))) WHERE key = 'task_fields_version';
END;
CREATE TRIGGER IF NOT EXISTS task_fields_removed AFTER DELETE ON task_custom_fields BEGIN
    UPDATE meta SET value = lower(hex(randomblob(8))) WHERE key = 'task_fields_version';
END;

CREATE TABLE IF NOT EXISTS tasks (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    parent_id       INTEGER,
    title           TEXT,
    description     TEXT,
    duration        INTEGER,
    type            TEXT NOT NULL DEFAULT 'action',
    priority        INTEGER,
    is_completed    INTEGER NOT NULL DEFAULT 0,
    is_deleted      INTEGER NOT NULL DEFAULT 0,
    completed_at    TEXT,
    author_id       TEXT NOT NULL,
    image           TEXT,
    is_private      INTEGER NOT NULL DEFAULT 0,
    start_date      TEXT,
    start_date_time TEXT,
    due_date        TEXT,
    due_date_time   TEXT,
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL,
    assignees       TEXT NOT NULL DEFAULT '[]',
    tags            TEXT NOT NULL DEFAULT '[]',
    subscribers     TEXT NOT NULL DEFAULT '[]',
    custom_values   TEXT NOT NULL DEFAULT '{}',
    -- Order among the sub-tasks of its parent; null (never moved) comes after, by id.
    sub_position    INTEGER,
    -- What search and the name order compare: the title and the description's visible text,
    -- case-folded with ё as е (`wire::fold`), written with every change of either.
    title_folded    TEXT,
    text_folded     TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS tasks_parent ON tasks (parent_id);

-- The `assignees` and `tags` columns above keep their order for the Task JSON; these copies,
-- written with them, are what the list filters look up.
CREATE TABLE IF NOT EXISTS task_assignees (
    task_id INTEGER NOT NULL,
    user_id TEXT NOT NULL,
    PRIMARY KEY (task_id, user_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS task_assignees_user ON task_assignees (user_id, task_id);

CREATE TABLE IF NOT EXISTS task_tags (
    task_id INTEGER NOT NULL,
    tag_id  INTEGER NOT NULL,
    PRIMARY KEY (task_id, tag_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS task_tags_tag ON task_tags (tag_id, task_id);

-- One row per project a task lives in; rowid order is the order of
-- `locations`, the first being the legacy projectId/boardId/boardColumnId.
CREATE TABLE IF NOT EXISTS task_locations (
    task_id         INTEGER NOT NULL,
    project_id      INTEGER NOT NULL,
    board_id        INTEGER,
    board_column_id INTEGER,
    position        INTEGER NOT NULL DEFAULT 0,
    UNIQUE (task_id, project_id)
);
-- Covers what a page shows of each location, so a page reads no table rows for them.
CREATE INDEX IF NOT EXISTS task_locations_page
    ON task_locations (task_id, project_id, board_id, board_column_id);
-- The list's place filters, and the bottom of a column when a task is placed there.
CREATE INDEX IF NOT EXISTS task_locations_project ON task_locations (project_id, task_id);
CREATE INDEX IF NOT EXISTS task_locations_board ON task_locations (board_id, task_id);
CREATE INDEX IF NOT EXISTS task_locations_column ON task_locations (board_column_id, position);

CREATE TABLE IF NOT EXISTS time_entries (
    id          TEXT PRIMARY KEY,
    task_id     INTEGER NOT NULL,
    user_id     TEXT NOT NULL,
    type        INTEGER NOT NULL DEFAULT 2,
    is_overtime INTEGER NOT NULL DEFAULT 0,
    date        TEXT NOT NULL,
    duration    INTEGER NOT NULL,
    comment     TEXT NOT NULL DEFAULT '',
    -- Exact length of an entry the timer wrote; null for one entered in minutes.
    seconds     INTEGER
);
CREATE INDEX IF NOT EXISTS time_entries_task ON time_entries (task_id);

CREATE TABLE IF NOT EXISTS task_attachments (
    id         TEXT PRIMARY KEY,
    task_id    INTEGER NOT NULL,
    creator_id TEXT NOT NULL,
    service    TEXT NOT NULL DEFAULT 'weeek',
    name       TEXT NOT NULL,
    url        TEXT NOT NULL,
    size       INTEGER,
    created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS task_attachments_task ON task_attachments (task_id);

CREATE TABLE IF NOT EXISTS currencies (
    id     INTEGER PRIMARY KEY,
    name   TEXT NOT NULL,
    code   TEXT NOT NULL,
    symbol TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS funnels (
    id            TEXT PRIMARY KEY,
    position      INTEGER NOT NULL,
    creator_id    TEXT NOT NULL,
    currency_id   INTEGER NOT NULL DEFAULT 1,
    name          TEXT NOT NULL,
    logo          TEXT,
    is_private    INTEGER NOT NULL DEFAULT 0,
    is_bookmarked INTEGER NOT NULL DEFAULT 0,
    team          TEXT NOT NULL DEFAULT '[]',
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS funnel_custom_fields (
    id        TEXT PRIMARY KEY,
    funnel_id TEXT NOT NULL,
    name      TEXT NOT NULL,
    type      TEXT NOT NULL,
    config    TEXT NOT NULL DEFAULT '{}',
    options   TEXT NOT NULL DEFAULT '[]',
    position  INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS statuses (
    id         TEXT PRIMARY KEY,
    funnel_id  TEXT NOT NULL,
    creator_id TEXT NOT NULL,
    name       TEXT NOT NULL,
    position   INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS deals (
    id            TEXT PRIMARY KEY,
    funnel_id     TEXT NOT NULL,
    status_id     TEXT NOT NULL,
    position      INTEGER NOT NULL,
    creator_id    TEXT NOT NULL,
    title         TEXT,
    description   TEXT,
    amount        REAL,
    win_status    TEXT,
    assignees     TEXT NOT NULL DEFAULT '[]',
    organizations TEXT NOT NULL DEFAULT '[]',
    contacts      TEXT NOT NULL DEFAULT '[]',
    tags          TEXT NOT NULL DEFAULT '[]',
    custom_values TEXT NOT NULL DEFAULT '{}',
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS deals_status ON deals (status_id, position);

CREATE TABLE IF NOT EXISTS organizations (
    id             TEXT PRIMARY KEY,
    creator_id     TEXT NOT NULL,
    name           TEXT NOT NULL,
    responsible_id TEXT,
    addresses      TEXT NOT NULL DEFAULT '[]',
    emails         TEXT NOT NULL DEFAULT '[]',
    phones         TEXT NOT NULL DEFAULT '[]',
    tags           TEXT NOT NULL DEFAULT '[]',
    created_at     TEXT NOT NULL,
    updated_at     TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS contacts (
    id          TEXT PRIMARY KEY,
    creator_id  TEXT NOT NULL,
    first_name  TEXT NOT NULL,
    last_name   TEXT,
    middle_name TEXT,
    emails      TEXT NOT NULL DEFAULT '[]',
    phones      TEXT NOT NULL DEFAULT '[]',
    tags        TEXT NOT NULL DEFAULT '[]',
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS contact_organizations (
    contact_id      TEXT NOT NULL,
    organization_id TEXT NOT NULL,
    PRIMARY KEY (contact_id, organization_id)
);

-- Folders of projects; `parent_id` nests them.
CREATE TABLE IF NOT EXISTS portfolios (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    name       TEXT NOT NULL,
    parent_id  INTEGER,
    is_private INTEGER NOT NULL DEFAULT 0
);

-- The bytes of every file the sandbox keeps itself (task and deal attachments alike), keyed
-- by attachment id: what `GET /ws/attachments/{id}` serves.
CREATE TABLE IF NOT EXISTS attachment_files (
    attachment_id TEXT PRIMARY KEY,
    name          TEXT NOT NULL,
    content_type  TEXT NOT NULL,
    bytes         BLOB NOT NULL
);

-- CRM: tasks attached to deals, in the deal's own order. The task stays a task of the
-- Task Manager; detaching only removes the link.
CREATE TABLE IF NOT EXISTS deal_tasks (
    deal_id  TEXT NOT NULL,
    task_id  INTEGER NOT NULL,
    position INTEGER NOT NULL,
    PRIMARY KEY (deal_id, task_id)
);
CREATE INDEX IF NOT EXISTS deal_tasks_task ON deal_tasks (task_id);

-- Files uploaded to deals. Their bytes are in `attachment_files`, like those of task files.
CREATE TABLE IF NOT EXISTS deal_attachments (
    id         TEXT PRIMARY KEY,
    deal_id    TEXT NOT NULL,
    creator_id TEXT NOT NULL,
    name       TEXT NOT NULL,
    size       INTEGER NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS deal_attachments_deal ON deal_attachments (deal_id);

-- The running timer of each member (one at most), on one task.
CREATE TABLE IF NOT EXISTS timers (
    user_id    TEXT PRIMARY KEY,
    task_id    INTEGER NOT NULL,
    started_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS timers_task ON timers (task_id);

-- Comments of tasks; `parent_id` makes a reply.
CREATE TABLE IF NOT EXISTS task_comments (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    task_id    INTEGER NOT NULL,
    parent_id  INTEGER,
    author_id  TEXT NOT NULL,
    markdown   TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS task_comments_task ON task_comments (task_id);
