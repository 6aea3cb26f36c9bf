use reqwest::multipart::{Form, Part};
use serde_json::Value;

use super::seg;
use crate::client::{Client, Fetched};
use crate::crm_requests::FileUpload;
use crate::error::ApiError;
use crate::models::Attachment;

/// What `GET /ws/attachments/{id}` answers. The newer docs are read by some clients as the
/// file itself and by others as JSON describing it; both are taken.
#[derive(Debug, Clone, PartialEq)]
pub enum AttachmentContent {
    /// The file.
    File(AttachmentFile),
    /// Only the description; its `url` leads to the file.
    Described(Attachment),
}

/// A downloaded file.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AttachmentFile {
    /// From `Content-Disposition`, when the answer names the file.
    pub name: Option<String>,
    pub content_type: Option<String>,
    pub bytes: Vec<u8>,
}

impl Client {
    /// A multipart `files[]` upload to `path` (a task's or a deal's attachments). The docs
    /// answer `data` as one Attachment, some clients read a list: both are read.
    pub(crate) async fn upload_files(
        &self,
        path: &str,
        files: &[FileUpload],
    ) -> Result<Vec<Attachment>, ApiError> {
        let mut form = Form::new();
        for file in files {
            let mut part = Part::bytes(file.bytes.clone()).file_name(file.name.clone());
            if let Some(ct) = &file.content_type {
                part = part
                    .mime_str(ct)
                    .map_err(|e| ApiError::InvalidRequest(format!("content type {ct:?}: {e}")))?;
            }
            form = form.part("files[]", part);
        }
        let answer = self.send_form(path, form).await?;
        match answer.json.get("data") {
            Some(Value::Array(_)) => answer.take("data"),
            _ => answer.take::<Attachment>("data").map(|a| vec![a]),
        }
    }

    /// `GET /ws/attachments/{id}`: the content of a file attached to a task or a deal.
    pub async fn attachment_content(&self, id: &str) -> Result<AttachmentContent, ApiError> {
        match self
            .get_file(&format!("/ws/attachments/{}", seg(id)))
            .await?
        {
            Fetched::File {
                content_type,
                disposition,
                bytes,
            } => Ok(AttachmentContent::File(AttachmentFile {
                name: disposition.as_deref().and_then(disposition_file_name),
                content_type,
                bytes,
            })),
            Fetched::Json(answer) => answer.take("data").map(AttachmentContent::Described),
        }
    }
}

/// The file name of a `Content-Disposition`: `filename*=UTF-8''…` (RFC 6266) first, else
/// `filename="…"`.
fn disposition_file_name(header: &str) -> Option<String> {
    let params = header.split(';').skip(1).map(str::trim);
    let mut plain = None;
    for param in params {
        let Some((key, value)) = param.split_once('=') else {
            continue;
        };
        match key.trim().to_ascii_lowercase().as_str() {
            "filename*" => {
                let value = value.trim();
                let encoded = value
                    .split_once("''")
                    .filter(|(charset, _)| charset.eq_ignore_ascii_case("utf-8"))
                    .map(|(_, rest)| rest);
                if let Some(name) = encoded.and_then(percent_decode) {
                    return Some(name);
                }
            }
            "filename" => plain = Some(value.trim().trim_matches('"').to_string()),
            _ => {}
        }
    }
    plain.filter(|name| !name.is_empty())
}

fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_from_content_disposition() {
        assert_eq!(
            disposition_file_name(
                "attachment; filename=\"_____.png\"; filename*=UTF-8''%D0%9C%D0%B0%D0%BA%D0%B5%D1%82.png"
            )
            .as_deref(),
            Some("Макет.png")
        );
        assert_eq!(
            disposition_file_name("attachment; filename=\"report.pdf\"").as_deref(),
            Some("report.pdf")
        );
        assert_eq!(
            disposition_file_name("attachment; filename*=UTF-8''bad%ZZ; filename=ok.txt")
                .as_deref(),
            Some("ok.txt")
        );
        assert_eq!(disposition_file_name("inline"), None);
    }
}
