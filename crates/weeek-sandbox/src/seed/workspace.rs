use rusqlite::{Connection, params};

use super::SeedCtx;
use super::assets::Member;
use crate::errors::SandboxError;
use crate::store::projects::{ACTIVE, ARCHIVED};
use crate::wire::to_json_text;

pub fn insert_member(conn: &Connection, member: &Member, position: usize) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO members (id, position, email, logo, first_name, last_name, middle_name, \
         job_title, time_zone, language, about, birth_date, country, phone_number, is_current) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
        params![
            member.id,
            position as i64,
            member.email,
            member.logo,
            member.first_name,
            member.last_name,
            member.middle_name,
            member.position,
            member.time_zone,
            member.language,
            member.about,
            member.birth_date,
            member.country,
            member.phone_number,
            member.current
        ],
    )?;
    Ok(())
}

pub fn seed(conn: &Connection, ctx: &SeedCtx) -> Result<(), SandboxError> {
    let ws = &ctx.workspace;
    conn.execute(
        "INSERT INTO workspace (id, title, description, is_personal, logo) VALUES (?1, ?2, ?3, 0, ?4)",
        params![
            ws.workspace.id,
            ws.workspace.title,
            ws.workspace.description,
            ws.workspace.logo
        ],
    )?;
    for (position, member) in ws.members.iter().enumerate() {
        insert_member(conn, member, position)?;
    }
    for (i, tag) in ws.tags.iter().enumerate() {
        conn.execute(
            "INSERT INTO tags (id, title, color) VALUES (?1, ?2, ?3)",
            params![i as i64 + 1, tag.title, tag.color],
        )?;
    }
    for (position, field) in ws.task_custom_fields.iter().enumerate() {
        conn.execute(
            "INSERT INTO task_custom_fields (id, project_id, board_id, name, type, config, \
             options, position) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![
                field.id,
                field.project,
                field.board,
                field.name,
                field.kind,
                to_json_text(&field.config),
                to_json_text(&field.stored_options()),
                position as i64
            ],
        )?;
    }
    for portfolio in &ws.portfolios {
        conn.execute(
            "INSERT INTO portfolios (id, name, parent_id, is_private) VALUES (?1, ?2, ?3, ?4)",
            params![
                portfolio.id,
                portfolio.name,
                portfolio.parent,
                portfolio.is_private
            ],
        )?;
    }
    for project in &ws.projects {
        let team = ctx.member_ids(&project.team)?;
        conn.execute(
            "INSERT INTO projects (id, name, logo_link, description, color, is_private, \
             portfolio_id, status, team) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            params![
                project.id,
                project.name,
                project.logo_link,
                project.description,
                project.color,
                project.is_private,
                project.portfolio,
                if project.archived { ARCHIVED } else { ACTIVE },
                to_json_text(&team)
            ],
        )?;
        for (board_position, board) in project.boards.iter().enumerate() {
            conn.execute(
                "INSERT INTO boards (id, project_id, name, is_private, position) \
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                params![
                    board.id,
                    project.id,
                    board.name,
                    board.is_private,
                    board_position as i64
                ],
            )?;
            for (column_position, column) in board.columns.iter().enumerate() {
                conn.execute(
                    "INSERT INTO board_columns (id, board_id, name, position) VALUES (?1, ?2, ?3, ?4)",
                    params![column.id, board.id, column.name, column_position as i64],
                )?;
            }
        }
    }
    Ok(())
}
