use rusqlite::{Connection, OptionalExtension, params};
use serde_json::{Map, Value, json};

use super::SeedCtx;
use super::assets::{Crm, DealSpec, FunnelSpec};
use crate::errors::SandboxError;
use crate::store::crm::{self, Contact, Deal, Organization};
use crate::store::ids::Stream;
use crate::wire::to_json_text;

/// UNCERTAIN: no source lists the service's currencies; id 1 (the default of
/// a funnel) is taken to be the rouble since the service is Russian.
pub fn insert_currencies(conn: &Connection) -> Result<(), SandboxError> {
    for currency in Crm::load()?.currencies {
        conn.execute(
            "INSERT INTO currencies (id, name, code, symbol) VALUES (?1, ?2, ?3, ?4)",
            params![currency.id, currency.name, currency.code, currency.symbol],
        )?;
    }
    Ok(())
}

/// Ids of the organizations and contacts, by key.
struct Keys {
    organizations: Vec<(String, String, String)>,
    contacts: Vec<(String, String)>,
}

impl Keys {
    fn organization(&self, key: &str) -> Result<String, SandboxError> {
        self.organizations
            .iter()
            .find(|(k, _, _)| k == key)
            .map(|(_, id, _)| id.clone())
            .ok_or_else(|| SandboxError::Seed(format!("unknown organization {key:?}")))
    }

    fn contact(&self, key: &str) -> Result<String, SandboxError> {
        self.contacts
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, id)| id.clone())
            .ok_or_else(|| SandboxError::Seed(format!("unknown contact {key:?}")))
    }
}

fn entries(values: &[String], key: &str, stream: &mut Stream) -> Vec<Value> {
    values
        .iter()
        .map(|value| json!({"id": stream.uuid(), key: value}))
        .collect()
}

pub fn seed(conn: &Connection, ctx: &SeedCtx) -> Result<(), SandboxError> {
    insert_currencies(conn)?;
    let assets = Crm::load()?;
    let mut stream = Stream::named("crm");
    let owner = ctx.current_user()?;
    let mut keys = Keys {
        organizations: Vec::new(),
        contacts: Vec::new(),
    };

    for (n, spec) in assets.organizations.iter().enumerate() {
        let id = Stream::named(&format!("organization:{}", spec.key)).uuid();
        let created = ctx.at(spec.created, n as i64 * 23);
        crm::insert_organization(
            conn,
            &Organization {
                id: id.clone(),
                creator_id: owner.clone(),
                name: spec.name.clone(),
                responsible_id: spec
                    .responsible
                    .as_deref()
                    .map(|k| ctx.member_id(k))
                    .transpose()?,
                addresses: entries(&spec.addresses, "address", &mut stream),
                emails: entries(&spec.emails, "email", &mut stream),
                phones: entries(&spec.phones, "phone", &mut stream),
                tags: ctx.tag_ids(&spec.tags)?,
                created_at: created.clone(),
                updated_at: created,
            },
        )?;
        keys.organizations
            .push((spec.key.clone(), id, spec.name.clone()));
    }

    for (n, spec) in assets.contacts.iter().enumerate() {
        let id = Stream::named(&format!("contact:{}", spec.key)).uuid();
        let created = ctx.at(spec.created, n as i64 * 31);
        crm::save_contact(
            conn,
            &Contact {
                id: id.clone(),
                creator_id: owner.clone(),
                first_name: spec.first_name.clone(),
                last_name: spec.last_name.clone(),
                middle_name: spec.middle_name.clone(),
                emails: entries(&spec.emails, "email", &mut stream),
                phones: entries(&spec.phones, "phone", &mut stream),
                tags: ctx.tag_ids(&spec.tags)?,
                organizations: spec
                    .organizations
                    .iter()
                    .map(|k| keys.organization(k))
                    .collect::<Result<_, _>>()?,
                created_at: created.clone(),
                updated_at: created,
            },
        )?;
        keys.contacts.push((spec.key.clone(), id));
    }

    for (position, funnel) in assets.funnels.iter().enumerate() {
        insert_funnel(conn, ctx, &assets, &keys, funnel, position, &mut stream)?;
    }
    Ok(())
}

fn insert_funnel(
    conn: &Connection,
    ctx: &SeedCtx,
    assets: &Crm,
    keys: &Keys,
    funnel: &FunnelSpec,
    position: usize,
    stream: &mut Stream,
) -> Result<(), SandboxError> {
    let created = ctx.at(funnel.created, position as i64 * 41);
    let creator = ctx.member_id(&funnel.creator)?;
    let team = ctx.member_ids(&funnel.team)?;
    conn.execute(
        "INSERT INTO funnels (id, position, creator_id, currency_id, name, logo, is_private, \
         is_bookmarked, team, created_at, updated_at) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10)",
        params![
            funnel.id,
            position as i64,
            creator,
            funnel.currency_id,
            funnel.name,
            funnel.logo,
            funnel.is_private,
            funnel.is_bookmarked,
            to_json_text(&team),
            created
        ],
    )?;
    for (i, field) in funnel.custom_fields.iter().enumerate() {
        conn.execute(
            "INSERT INTO funnel_custom_fields (id, funnel_id, name, type, config, options, position) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                field.id,
                funnel.id,
                field.name,
                field.kind,
                to_json_text(&field.config),
                to_json_text(&field.stored_options()),
                i as i64
            ],
        )?;
    }
    let last_status = funnel.statuses.len().saturating_sub(1);
    for (i, status) in funnel.statuses.iter().enumerate() {
        conn.execute(
            "INSERT INTO statuses (id, funnel_id, creator_id, name, position, created_at, updated_at) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)",
            params![status.id, funnel.id, creator, status.name, i as i64, created],
        )?;
        let mut deal_position = 0;
        for (n, spec) in funnel
            .deals
            .iter()
            .filter(|d| d.status == status.id)
            .enumerate()
        {
            let deal = written_deal(ctx, keys, funnel, spec, n, stream)?;
            crm::insert_deal(conn, &deal, deal_position)?;
            attach_tasks(conn, &deal.id, &spec.tasks)?;
            deal_position += 1;
        }
        for n in 0..status.generate {
            let deal = generated_deal(
                ctx,
                assets,
                keys,
                funnel,
                &status.id,
                i == last_status,
                n,
                stream,
            )?;
            crm::insert_deal(conn, &deal, deal_position)?;
            deal_position += 1;
        }
    }
    Ok(())
}

/// Links seeded tasks, found by title, to a deal (tasks are seeded before the CRM).
fn attach_tasks(conn: &Connection, deal_id: &str, titles: &[String]) -> Result<(), SandboxError> {
    for title in titles {
        let id: i64 = conn
            .query_row(
                "SELECT id FROM tasks WHERE title = ?1 AND parent_id IS NULL ORDER BY id LIMIT 1",
                [title],
                |row| row.get(0),
            )
            .optional()?
            .ok_or_else(|| SandboxError::Seed(format!("no task titled {title:?} for a deal")))?;
        crate::store::deals::append_task(conn, deal_id, id)?;
    }
    Ok(())
}

fn written_deal(
    ctx: &SeedCtx,
    keys: &Keys,
    funnel: &FunnelSpec,
    spec: &DealSpec,
    n: usize,
    stream: &mut Stream,
) -> Result<Deal, SandboxError> {
    let created = ctx.at(spec.created, n as i64 * 19);
    Ok(Deal {
        id: stream.slug(),
        funnel_id: funnel.id.clone(),
        status_id: spec.status.clone(),
        creator_id: ctx.member_id(&funnel.creator)?,
        title: Some(spec.title.clone()),
        description: spec.description.clone(),
        amount: spec.amount,
        win_status: spec.win_status.clone(),
        assignees: ctx.member_ids(&spec.assignees)?,
        organizations: spec
            .organizations
            .iter()
            .map(|k| keys.organization(k))
            .collect::<Result<_, _>>()?,
        contacts: spec
            .contacts
            .iter()
            .map(|k| keys.contact(k))
            .collect::<Result<_, _>>()?,
        tags: ctx.tag_ids(&spec.tags)?,
        custom_values: spec.custom_fields.clone(),
        created_at: created.clone(),
        updated_at: created,
    })
}

#[allow(clippy::too_many_arguments)]
fn generated_deal(
    ctx: &SeedCtx,
    assets: &Crm,
    keys: &Keys,
    funnel: &FunnelSpec,
    status_id: &str,
    closing: bool,
    n: usize,
    stream: &mut Stream,
) -> Result<Deal, SandboxError> {
    let products = &assets.generated_deals.products;
    let titles = &assets.generated_deals.titles;
    let (_, org_id, org_name) = keys.organizations[stream.below(keys.organizations.len())].clone();
    let title = if stream.chance(60) {
        format!("{} — {}", products[stream.below(products.len())], org_name)
    } else {
        format!("{} #{}", titles[stream.below(titles.len())], 100 + n)
    };
    let amount = match stream.below(10) {
        0 | 1 => None,
        2 => Some(1_000_000.0 + stream.below(20_000) as f64 * 1_000.0 + 0.5),
        _ => Some((1 + stream.below(900)) as f64 * 1_000.0 + (stream.below(4) * 25) as f64 / 100.0),
    };
    let win_status = if closing {
        Some(if stream.chance(70) { "won" } else { "lost" }.to_owned())
    } else if stream.chance(3) {
        Some("archived".to_owned())
    } else {
        None
    };
    let team = ctx.member_ids(&funnel.team)?;
    let mut assignees = Vec::new();
    for _ in 0..1 + usize::from(stream.chance(25)) {
        if let Some(id) = stream.pick(&team)
            && !assignees.contains(id)
        {
            assignees.push(id.clone());
        }
    }
    let mut contacts = Vec::new();
    for _ in 0..stream.below(3) {
        let (_, id) = &keys.contacts[stream.below(keys.contacts.len())];
        if !contacts.contains(id) {
            contacts.push(id.clone());
        }
    }
    let organizations = if stream.chance(75) {
        vec![org_id]
    } else {
        Vec::new()
    };
    let tags = if stream.chance(30) {
        vec![1 + stream.below(ctx.workspace.tags.len()) as i64]
    } else {
        Vec::new()
    };
    let mut custom_values = Map::new();
    for field in &funnel.custom_fields {
        if stream.chance(40) {
            custom_values.insert(field.id.clone(), super::sample_value(field, stream, ctx));
        }
    }
    let created = ctx.at(-(stream.below(90) as i64) - 1, n as i64 * 11);
    Ok(Deal {
        id: stream.slug(),
        funnel_id: funnel.id.clone(),
        status_id: status_id.to_owned(),
        creator_id: ctx.member_id(&funnel.creator)?,
        title: Some(title),
        description: if stream.chance(40) {
            stream.pick(&assets.generated_deals.texts).cloned()
        } else {
            None
        },
        amount,
        win_status,
        assignees,
        organizations,
        contacts,
        tags,
        custom_values,
        created_at: created.clone(),
        updated_at: created,
    })
}
