//! The form as a JSON file in the data dir, so a crash, a `kill -9` or a quit loses nothing.
//! Written through `Effect::WriteFile` (atomic); read once, at start.

use crate::screen::checked_form::CheckedForm;

use serde::{Deserialize, Serialize};

use super::edit::Base;
use super::form::{Form, OrgRef};
pub use crate::screen::draft_file::FormDraft;
use crate::widgets::field::TextField;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Draft {
    pub version: u32,
    pub first_name: String,
    pub last_name: String,
    pub middle_name: String,
    pub emails: Vec<String>,
    pub phones: Vec<String>,
    pub organizations: Vec<OrgRef>,
    pub tags: Vec<i64>,
    /// The entry ids of the rows of an edit (`None`: a row added in the form).
    pub email_ids: Vec<Option<String>>,
    pub phone_ids: Vec<Option<String>>,
    /// The saved contact the form edits, as the service had it.
    pub edit: Option<Box<Base>>,
}

/// What was found at start.
pub type Found = crate::screen::draft_file::Found<Draft>;

impl Draft {
    pub fn from_form(form: &Form) -> Draft {
        let values = |rows: &[TextField]| rows.iter().map(|f| f.value().to_string()).collect();
        Draft {
            version: 1,
            first_name: form.first_name.value().to_string(),
            last_name: form.last_name.value().to_string(),
            middle_name: form.middle_name.value().to_string(),
            emails: values(&form.emails),
            phones: values(&form.phones),
            organizations: form.organizations.clone(),
            tags: form.tags.clone(),
            email_ids: form.email_ids.clone(),
            phone_ids: form.phone_ids.clone(),
            edit: None,
        }
    }

    pub fn to_form(&self) -> Form {
        let rows = |values: &[String]| {
            let mut rows: Vec<TextField> = values.iter().map(TextField::typed).collect();
            if rows.is_empty() {
                rows.push(TextField::default());
            }
            rows
        };
        let mut form = Form {
            first_name: TextField::typed(&self.first_name),
            last_name: TextField::typed(&self.last_name),
            middle_name: TextField::typed(&self.middle_name),
            emails: rows(&self.emails),
            phones: rows(&self.phones),
            organizations: self.organizations.clone(),
            tags: self.tags.clone(),
            email_ids: self.email_ids.clone(),
            phone_ids: self.phone_ids.clone(),
            ..Form::default()
        };
        form.email_ids.resize(form.emails.len(), None);
        form.phone_ids.resize(form.phones.len(), None);
        // Restored values were typed: they are checked on leaving like freshly typed ones.
        form.touched = form
            .fields()
            .into_iter()
            .filter(|f| form.text(*f).is_some_and(|t| !t.value().trim().is_empty()))
            .collect();
        form
    }

    /// One line about what the draft holds: "Иван Петров · 2 e-mails · 1 organization".
    pub fn summary(&self) -> String {
        let name: Vec<&str> = [&self.first_name, &self.middle_name, &self.last_name]
            .into_iter()
            .map(|s| s.trim())
            .filter(|s| !s.is_empty())
            .collect();
        let mut parts = vec![if name.is_empty() {
            "(no name yet)".to_string()
        } else {
            name.join(" ")
        }];
        let count = |n: usize, one: &str, many: &str| match n {
            0 => None,
            1 => Some(format!("1 {one}")),
            n => Some(format!("{n} {many}")),
        };
        let filled = |v: &[String]| v.iter().filter(|s| !s.trim().is_empty()).count();
        parts.extend(count(filled(&self.emails), "e-mail", "e-mails"));
        parts.extend(count(filled(&self.phones), "phone", "phones"));
        parts.extend(count(
            self.organizations.len(),
            "organization",
            "organizations",
        ));
        parts.extend(count(self.tags.len(), "tag", "tags"));
        if self.edit.is_some() {
            parts.push("changes to a saved contact".into());
        }
        parts.join(" · ")
    }
}

impl FormDraft for Draft {
    const FILE_NAME: &'static str = "contact-draft.json";

    fn worth(&self) -> bool {
        self.to_form().has_input()
    }
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::*;

    fn path(dir: &Path) -> PathBuf {
        Draft::path(dir)
    }

    fn load(dir: &Path) -> Found {
        Draft::load(dir)
    }

    fn temp_dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("weeek-draft-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    fn sample() -> Form {
        let mut f = Form::default();
        f.first_name.set("Иван");
        f.last_name.set("Петров");
        f.emails = vec![
            TextField::with_value("ivan@example.com"),
            TextField::default(),
        ];
        f.organizations.push(OrgRef {
            id: "0f9a6a52-8a4a-4e8b-9a57-000000000001".into(),
            name: "ООО «Альфа»".into(),
        });
        f.tags = vec![2];
        f
    }

    #[test]
    fn a_written_draft_reads_back_as_the_same_form() {
        let dir = temp_dir("roundtrip");
        let draft = Draft::from_form(&sample());
        crate::runtime::write_atomic(&path(&dir), &draft.to_json()).unwrap();
        let Found::Draft(read) = load(&dir) else {
            panic!("no draft found");
        };
        assert_eq!(read, draft);
        let form = read.to_form();
        assert_eq!(form.first_name.value(), "Иван");
        assert_eq!(form.emails.len(), 2, "the blank extra row is kept too");
        assert_eq!(form.organizations[0].name, "ООО «Альфа»");
        assert_eq!(
            read.summary(),
            "Иван Петров · 1 e-mail · 1 organization · 1 tag"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn no_file_or_an_empty_draft_offers_nothing() {
        let dir = temp_dir("none");
        assert_eq!(load(&dir), Found::None);
        std::fs::write(path(&dir), Draft::from_form(&Form::default()).to_json()).unwrap();
        assert_eq!(load(&dir), Found::None);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_broken_file_is_moved_aside_not_lost() {
        let dir = temp_dir("broken");
        std::fs::write(path(&dir), "{\"firstName\": \"Ив").unwrap();
        let Found::Unreadable { kept, .. } = load(&dir) else {
            panic!("expected unreadable");
        };
        assert!(!path(&dir).exists());
        assert_eq!(
            std::fs::read_to_string(kept).unwrap(),
            "{\"firstName\": \"Ив"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
