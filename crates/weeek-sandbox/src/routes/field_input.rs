//! Bodies of custom-field writes, read by one set of rules for task fields (global, project and
//! board) and funnel fields: the service documents both with the same schemas
//! (`CustomFieldCreateBody`, options `{name, color}`, moves `{after}` or `{before}`).
//!
//! A missing required value answers "The field is required.", the wording of every live answer
//! of that kind (see `input.rs`).

use serde_json::{Map, Value, json};

use super::crm_input::{Body, optional_ref, text};
use super::input::{NAME_MAX_CHARS, required_text};
use crate::errors::ApiError;
use crate::option_colours::requested_colour;
use crate::store::custom_fields::FieldOption;
use crate::validate::{self, Invalid};
use crate::wire::value_int;

/// The field types of `CustomFieldCreateBody` (`number` came with the newer docs).
pub const FIELD_TYPES: [&str; 10] = [
    "text",
    "boolean",
    "datetime",
    "select",
    "multiselect",
    "member",
    "contact",
    "link",
    "approval",
    "number",
];

const NUMBER_FORMATS: [&str; 3] = ["number", "currency", "percent"];
/// How a boolean field is drawn. `checbox` is the current docs' spelling; the older docs said
/// `switch|checkbox`; all are accepted and kept as sent (UNCERTAIN which the service takes).
const BOOLEAN_STYLES: [&str; 4] = ["radio", "checbox", "checkbox", "switch"];
const PRECISION_MAX: i64 = 6;
/// Currency ids of number fields (1..10 in the docs).
const CURRENCY_IDS: (i64, i64) = (1, 10);

/// A new field: `{name?, type*, config?}` read as `(name, type, config)`. A field created
/// without a name keeps an empty one.
pub fn new_field(body: &Body) -> Result<(String, String, Value), ApiError> {
    let mut invalid = Invalid::new();
    let name = text(body, "name", NAME_MAX_CHARS, &mut invalid);
    let kind = field_type(body, &mut invalid);
    let config = kind
        .as_deref()
        .and_then(|kind| config_for(kind, body.get("config"), &mut invalid));
    invalid.check()?;
    match (kind, config) {
        (Some(kind), Some(config)) => Ok((name.flatten().unwrap_or_default(), kind, config)),
        _ => Err(ApiError::internal("validated field without type or config")),
    }
}

/// A field update, `{name?, config?}`: what is sent, each `None` when not sent. A sent
/// `config` replaces the old one, checked against the field's type.
pub fn field_update(body: &Body, kind: &str) -> Result<(Option<String>, Option<Value>), ApiError> {
    let mut invalid = Invalid::new();
    let name = text(body, "name", NAME_MAX_CHARS, &mut invalid);
    let config = match body.get("config") {
        None => None,
        sent => config_for(kind, sent, &mut invalid),
    };
    invalid.check()?;
    Ok((name.map(Option::unwrap_or_default), config))
}

fn field_type(body: &Body, invalid: &mut Invalid) -> Option<String> {
    match body.get("type") {
        None | Some(Value::Null) => {
            invalid.add("type", validate::field_required());
            None
        }
        Some(Value::String(kind)) if FIELD_TYPES.contains(&kind.as_str()) => Some(kind.clone()),
        Some(_) => {
            invalid.add("type", validate::selected_invalid("type"));
            None
        }
    }
}

/// The config a field of `kind` keeps: number fields `{type, precision, currency?}`, boolean
/// fields `{type}`, nothing for the other kinds (a config sent for them is dropped). A number
/// or boolean field created without one gets the plainest (`number`, precision 0; `checbox`).
fn config_for(kind: &str, sent: Option<&Value>, invalid: &mut Invalid) -> Option<Value> {
    let config = match sent {
        None | Some(Value::Null) => None,
        Some(Value::Object(config)) => Some(config),
        Some(_) if matches!(kind, "number" | "boolean") => {
            invalid.add("config", validate::array("config"));
            return None;
        }
        Some(_) => None,
    };
    match (kind, config) {
        ("number", None) => Some(json!({"type": "number", "precision": 0})),
        ("number", Some(config)) => number_config(config, invalid),
        ("boolean", None) => Some(json!({"type": "checbox"})),
        ("boolean", Some(config)) => {
            let style = config_choice(config, &BOOLEAN_STYLES, invalid)?;
            Some(json!({"type": style}))
        }
        _ => Some(json!({})),
    }
}

/// `config.type`, one of `choices`.
fn config_choice(
    config: &Map<String, Value>,
    choices: &[&str],
    invalid: &mut Invalid,
) -> Option<String> {
    const KEY: &str = "config.type";
    match config.get("type") {
        None | Some(Value::Null) => {
            invalid.add(KEY, validate::field_required());
            None
        }
        Some(Value::String(t)) if choices.contains(&t.as_str()) => Some(t.clone()),
        Some(_) => {
            invalid.add(KEY, validate::selected_invalid(KEY));
            None
        }
    }
}

/// `{type*, precision*, currency?}`: `precision` must be sent, `null` allowed (the docs'
/// `precision*: int|null`); `currency` only counts for currency fields, where it is required.
fn number_config(config: &Map<String, Value>, invalid: &mut Invalid) -> Option<Value> {
    const PRECISION: &str = "config.precision";
    let format = config_choice(config, &NUMBER_FORMATS, invalid);
    let precision = match config.get("precision") {
        None => {
            invalid.add(PRECISION, validate::field_required());
            None
        }
        Some(Value::Null) => Some(None),
        Some(value) => bounded_int(value, PRECISION, (0, PRECISION_MAX), invalid).map(Some),
    };
    let currency = match (format.as_deref(), config.get("currency")) {
        (Some("currency"), None | Some(Value::Null)) => {
            invalid.add(
                "config.currency",
                "The config.currency field is required when config.type is currency.".to_owned(),
            );
            None
        }
        (Some("currency"), Some(value)) => {
            bounded_int(value, "config.currency", CURRENCY_IDS, invalid)
        }
        _ => None,
    };
    let (format, precision) = (format?, precision?);
    let mut out = json!({"type": format, "precision": precision});
    if let Some(currency) = currency {
        out["currency"] = json!(currency);
    } else if format == "currency" {
        return None;
    }
    Some(out)
}

fn bounded_int(
    value: &Value,
    key: &str,
    (min, max): (i64, i64),
    invalid: &mut Invalid,
) -> Option<i64> {
    match value_int(value) {
        Some(n) if (min..=max).contains(&n) => Some(n),
        Some(_) => {
            invalid.add(key, validate::between(key, min, max));
            None
        }
        None => {
            invalid.add(key, validate::integer(key));
            None
        }
    }
}

/// `{name*, color*}` of an option, on create and update alike: the colour is a name of the
/// palette or hex, and is kept (and answered) as hex.
pub fn option_body(body: &Body) -> Result<(String, String), ApiError> {
    let mut invalid = Invalid::new();
    let name = required_text(body, "name", NAME_MAX_CHARS, &mut invalid);
    let color = match body.get("color") {
        None | Some(Value::Null) => {
            invalid.add("color", validate::field_required());
            None
        }
        Some(value) => {
            let hex = value.as_str().and_then(requested_colour);
            if hex.is_none() {
                invalid.add("color", validate::selected_invalid("color"));
            }
            hex
        }
    };
    invalid.check()?;
    match (name, color) {
        (Some(name), Some(color)) => Ok((name, color)),
        _ => Err(ApiError::internal(
            "validated option without name or colour",
        )),
    }
}

/// Where a field or an option moves: right after or right before a sibling.
pub enum Placement {
    After(String),
    Before(String),
}

/// `{after}` or `{before}`: an id among `siblings` other than the moved one. The docs' text
/// says the two cannot come together (their schema marks both required: the text is followed).
pub fn placement(body: &Body, siblings: &[&str], moved: &str) -> Result<Placement, ApiError> {
    let mut invalid = Invalid::new();
    let known = |id: &str| id != moved && siblings.contains(&id);
    let after = optional_ref(body, "after", &mut invalid, known);
    let before = optional_ref(body, "before", &mut invalid, known);
    let sent = |key: &str| body.get(key).is_some_and(|v| !v.is_null());
    match (sent("after"), sent("before")) {
        (true, true) => invalid.add("after", validate::prohibits("after", "before")),
        (false, false) => {
            invalid.add("after", validate::required_without("after", "before"));
            invalid.add("before", validate::required_without("before", "after"));
        }
        _ => {}
    }
    invalid.check()?;
    match (after, before) {
        (Some(after), _) => Ok(Placement::After(after)),
        (None, Some(before)) => Ok(Placement::Before(before)),
        (None, None) => Err(ApiError::internal("validated move without a sibling")),
    }
}

/// Moves the option `moved` (which must be among `options`) as `place` says.
pub fn place_option(options: &mut Vec<FieldOption>, moved: &str, place: &Placement) {
    let Some(from) = options.iter().position(|o| o.id == moved) else {
        return;
    };
    let option = options.remove(from);
    let index_of = |id: &str| options.iter().position(|o| o.id == id);
    let at = match place {
        Placement::After(after) => index_of(after).map_or(0, |i| i + 1),
        Placement::Before(before) => index_of(before).unwrap_or(options.len()),
    };
    options.insert(at, option);
}

/// The index of the option `id` of a field, 404 when it has none.
pub fn option_index(options: &[FieldOption], id: &str) -> Result<usize, ApiError> {
    options
        .iter()
        .position(|o| o.id == id)
        .ok_or(ApiError::RecordNotFound)
}
