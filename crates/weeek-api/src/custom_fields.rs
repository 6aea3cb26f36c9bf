//! Custom field definitions as they are written, in the task manager (global, project and
//! board fields) and the CRM (funnel fields) alike: where a field lives, its type and settings,
//! the colours of its options and where a field or an option moves.

use serde_json::{Map, Value, json};

use crate::error::ApiError;
use crate::models::CustomField;

/// Where a task custom field is defined, which is also the path prefix of its operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FieldScope {
    /// The whole task manager (`/tm/custom-fields`): shown on every task.
    TaskManager,
    /// A project's (`/tm/projects/{id}/custom-fields`): shown on its tasks.
    Project(i64),
    /// A board's (`/tm/boards/{id}/custom-fields`): shown on the tasks on it.
    Board(i64),
}

impl FieldScope {
    pub(crate) fn path(self) -> String {
        match self {
            Self::TaskManager => "/tm/custom-fields".to_string(),
            Self::Project(id) => format!("/tm/projects/{id}/custom-fields"),
            Self::Board(id) => format!("/tm/boards/{id}/custom-fields"),
        }
    }
}

/// The types a custom field can have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CustomFieldKind {
    Text,
    Number,
    Boolean,
    Datetime,
    Select,
    Multiselect,
    Member,
    Contact,
    Link,
    Approval,
}

impl CustomFieldKind {
    pub const ALL: [CustomFieldKind; 10] = [
        Self::Text,
        Self::Number,
        Self::Boolean,
        Self::Datetime,
        Self::Select,
        Self::Multiselect,
        Self::Member,
        Self::Contact,
        Self::Link,
        Self::Approval,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Text => "text",
            Self::Number => "number",
            Self::Boolean => "boolean",
            Self::Datetime => "datetime",
            Self::Select => "select",
            Self::Multiselect => "multiselect",
            Self::Member => "member",
            Self::Contact => "contact",
            Self::Link => "link",
            Self::Approval => "approval",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// Whether the field's values are chosen among its options.
    pub fn has_options(self) -> bool {
        matches!(self, Self::Select | Self::Multiselect)
    }
}

impl CustomField {
    /// The field's type, when it is one this client knows.
    pub fn kind(&self) -> Option<CustomFieldKind> {
        self.r#type.as_deref().and_then(CustomFieldKind::parse)
    }
}

/// How a number field shows its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NumberFormat {
    Number,
    Percent,
    /// An amount in a currency of the workspace (ids 1 to 10).
    Currency(i64),
}

/// How a boolean field is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BooleanStyle {
    Radio,
    Checkbox,
}

/// Settings of number and boolean fields; the other types have none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FieldConfig {
    Number {
        format: NumberFormat,
        /// Digits after the point, 0 to 6; `None` for as many as entered.
        precision: Option<u8>,
    },
    Boolean(BooleanStyle),
}

/// Largest `precision` of a number field.
pub const PRECISION_MAX: u8 = 6;
/// Currency ids a number field may use.
pub const CURRENCY_IDS: std::ops::RangeInclusive<i64> = 1..=10;

impl FieldConfig {
    /// The wire form, after checking the ranges the service enforces.
    pub(crate) fn to_json(self) -> Result<Value, ApiError> {
        match self {
            Self::Number { format, precision } => {
                if let Some(p) = precision.filter(|p| *p > PRECISION_MAX) {
                    return Err(ApiError::InvalidRequest(format!(
                        "a number field shows at most {PRECISION_MAX} digits after the point, not {p}"
                    )));
                }
                let mut config = json!({"type": "number", "precision": precision});
                match format {
                    NumberFormat::Number => {}
                    NumberFormat::Percent => config["type"] = json!("percent"),
                    NumberFormat::Currency(id) if CURRENCY_IDS.contains(&id) => {
                        config["type"] = json!("currency");
                        config["currency"] = json!(id);
                    }
                    NumberFormat::Currency(id) => {
                        return Err(ApiError::InvalidRequest(format!(
                            "currency {id} is not one of the service's currencies (1 to 10)"
                        )));
                    }
                }
                Ok(config)
            }
            // `checbox` is how the service's current docs spell it.
            Self::Boolean(BooleanStyle::Checkbox) => Ok(json!({"type": "checbox"})),
            Self::Boolean(BooleanStyle::Radio) => Ok(json!({"type": "radio"})),
        }
    }
}

/// `POST …/custom-fields`.
#[derive(Debug, Clone, PartialEq)]
pub struct NewCustomField {
    /// Up to 255 characters; the service accepts a field without a name.
    pub name: Option<String>,
    pub kind: CustomFieldKind,
    pub config: Option<FieldConfig>,
}

/// Longest name of a field or an option.
pub const FIELD_NAME_MAX_CHARS: usize = 255;

fn check_name(what: &str, name: &str) -> Result<(), ApiError> {
    if name.chars().count() > FIELD_NAME_MAX_CHARS {
        return Err(ApiError::InvalidRequest(format!(
            "{what} names are at most {FIELD_NAME_MAX_CHARS} characters"
        )));
    }
    Ok(())
}

impl NewCustomField {
    pub fn new(name: impl Into<String>, kind: CustomFieldKind) -> Self {
        Self {
            name: Some(name.into()),
            kind,
            config: None,
        }
    }

    pub(crate) fn to_json(&self) -> Result<Value, ApiError> {
        let mut body = Map::new();
        if let Some(name) = &self.name {
            check_name("field", name)?;
            body.insert("name".into(), json!(name));
        }
        body.insert("type".into(), json!(self.kind.as_str()));
        if let Some(config) = self.config {
            body.insert("config".into(), config.to_json()?);
        }
        Ok(Value::Object(body))
    }
}

/// `PUT …/custom-fields/{id}`: only what is set changes. The type cannot change.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CustomFieldUpdate {
    pub name: Option<String>,
    pub config: Option<FieldConfig>,
}

impl CustomFieldUpdate {
    pub(crate) fn to_json(&self) -> Result<Value, ApiError> {
        let mut body = Map::new();
        if let Some(name) = &self.name {
            check_name("field", name)?;
            body.insert("name".into(), json!(name));
        }
        if let Some(config) = self.config {
            body.insert("config".into(), config.to_json()?);
        }
        Ok(Value::Object(body))
    }
}

/// The colours an option can be given. Requests name them; answers carry hex (`#FF6AA9`),
/// which [`crate::models::CustomFieldOption::color`] keeps as sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OptionColour {
    Blue,
    LightBlue,
    DarkPurple,
    Purple,
    DarkPink,
    Pink,
    LightPink,
    Red,
    Turquoise,
    DarkGreen,
    Green,
    LightGreen,
    DarkYellow,
    Yellow,
}

impl OptionColour {
    pub const ALL: [OptionColour; 14] = [
        Self::Blue,
        Self::LightBlue,
        Self::DarkPurple,
        Self::Purple,
        Self::DarkPink,
        Self::Pink,
        Self::LightPink,
        Self::Red,
        Self::Turquoise,
        Self::DarkGreen,
        Self::Green,
        Self::LightGreen,
        Self::DarkYellow,
        Self::Yellow,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Blue => "blue",
            Self::LightBlue => "light_blue",
            Self::DarkPurple => "dark_purple",
            Self::Purple => "purple",
            Self::DarkPink => "dark_pink",
            Self::Pink => "pink",
            Self::LightPink => "light_pink",
            Self::Red => "red",
            Self::Turquoise => "turquoise",
            Self::DarkGreen => "dark_green",
            Self::Green => "green",
            Self::LightGreen => "light_green",
            Self::DarkYellow => "dark_yellow",
            Self::Yellow => "yellow",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.as_str() == s)
    }
}

/// `{name, color}` of an option, on create and update alike.
pub(crate) fn option_body(name: &str, colour: OptionColour) -> Result<Value, ApiError> {
    if name.trim().is_empty() {
        return Err(ApiError::InvalidRequest("an option needs a name".into()));
    }
    check_name("option", name)?;
    Ok(json!({"name": name, "color": colour.as_str()}))
}

/// Where a moved field or option goes: right after or right before a sibling.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Placement {
    After(String),
    Before(String),
}

impl Placement {
    /// One key only: the docs say the two cannot come together.
    pub(crate) fn to_json(&self) -> Value {
        match self {
            Self::After(id) => json!({"after": id}),
            Self::Before(id) => json!({"before": id}),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn configs_in_the_service_dialect() {
        let currency = FieldConfig::Number {
            format: NumberFormat::Currency(3),
            precision: Some(2),
        };
        assert_eq!(
            currency.to_json().unwrap(),
            json!({"type": "currency", "precision": 2, "currency": 3})
        );
        let plain = FieldConfig::Number {
            format: NumberFormat::Percent,
            precision: None,
        };
        assert_eq!(
            plain.to_json().unwrap(),
            json!({"type": "percent", "precision": null})
        );
        assert_eq!(
            FieldConfig::Boolean(BooleanStyle::Checkbox)
                .to_json()
                .unwrap(),
            json!({"type": "checbox"})
        );
    }

    #[test]
    fn out_of_range_settings_are_refused_before_sending() {
        let too_precise = FieldConfig::Number {
            format: NumberFormat::Number,
            precision: Some(7),
        };
        assert!(matches!(
            too_precise.to_json(),
            Err(ApiError::InvalidRequest(_))
        ));
        let unknown_currency = FieldConfig::Number {
            format: NumberFormat::Currency(11),
            precision: None,
        };
        assert!(unknown_currency.to_json().is_err());
        assert!(option_body(" ", OptionColour::Red).is_err());
        assert!(option_body(&"я".repeat(256), OptionColour::Red).is_err());
        assert!(option_body(&"я".repeat(255), OptionColour::Red).is_ok());
    }

    #[test]
    fn kinds_and_colours_round_trip() {
        for kind in CustomFieldKind::ALL {
            assert_eq!(CustomFieldKind::parse(kind.as_str()), Some(kind));
        }
        for colour in OptionColour::ALL {
            assert_eq!(OptionColour::parse(colour.as_str()), Some(colour));
        }
    }
}
