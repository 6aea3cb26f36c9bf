use reqwest::Method;

use super::seg;
use crate::client::Client;
use crate::custom_fields::{
    CustomFieldUpdate, FieldScope, NewCustomField, OptionColour, Placement, option_body,
};
use crate::error::ApiError;
use crate::listed::Listed;
use crate::models::{CustomField, CustomFieldOption};

fn field_path(scope: FieldScope, id: &str) -> String {
    format!("{}/{}", scope.path(), seg(id))
}

fn option_path(scope: FieldScope, field_id: &str, option_id: &str) -> String {
    format!("{}/options/{}", field_path(scope, field_id), seg(option_id))
}

impl Client {
    /// `GET /tm/custom-fields`: the fields of the whole task manager. (A project's fields come
    /// with the project.)
    pub async fn custom_fields(&self) -> Result<Listed<Vec<CustomField>>, ApiError> {
        self.get("/tm/custom-fields", &[]).await?.take_rows("data")
    }

    /// `POST …/custom-fields` at `scope`: answers the new field.
    pub async fn create_custom_field(
        &self,
        scope: FieldScope,
        field: &NewCustomField,
    ) -> Result<CustomField, ApiError> {
        let body = field.to_json()?;
        self.send(Method::POST, &scope.path(), Some(&body))
            .await?
            .take("customField")
    }

    /// `PUT …/custom-fields/{id}`: answers the field as it now is.
    pub async fn update_custom_field(
        &self,
        scope: FieldScope,
        id: &str,
        update: &CustomFieldUpdate,
    ) -> Result<CustomField, ApiError> {
        let body = update.to_json()?;
        self.send(Method::PUT, &field_path(scope, id), Some(&body))
            .await?
            .take("customField")
    }

    /// `DELETE …/custom-fields/{id}`, with the values tasks held for it.
    pub async fn delete_custom_field(&self, scope: FieldScope, id: &str) -> Result<(), ApiError> {
        self.send::<()>(Method::DELETE, &field_path(scope, id), None)
            .await
            .map(drop)
    }

    /// `POST …/custom-fields/{id}/transfer-to-{task-manager|project|board}`: moves the field
    /// from `from` to `to`, with its options and values.
    pub async fn transfer_custom_field(
        &self,
        from: FieldScope,
        id: &str,
        to: FieldScope,
    ) -> Result<(), ApiError> {
        let path = field_path(from, id);
        let (path, body) = match to {
            FieldScope::TaskManager if from == FieldScope::TaskManager => {
                return Err(ApiError::InvalidRequest(
                    "the field already belongs to the whole task manager".into(),
                ));
            }
            FieldScope::TaskManager => (format!("{path}/transfer-to-task-manager"), None),
            FieldScope::Project(project) => (
                format!("{path}/transfer-to-project"),
                Some(serde_json::json!({ "projectId": project })),
            ),
            FieldScope::Board(board) => (
                format!("{path}/transfer-to-board"),
                Some(serde_json::json!({ "boardId": board })),
            ),
        };
        self.send(Method::POST, &path, body.as_ref())
            .await
            .map(drop)
    }

    /// `POST …/custom-fields/{id}/options`: answers the option, its colour in hex.
    pub async fn create_custom_field_option(
        &self,
        scope: FieldScope,
        field_id: &str,
        name: &str,
        colour: OptionColour,
    ) -> Result<CustomFieldOption, ApiError> {
        let body = option_body(name, colour)?;
        let path = format!("{}/options", field_path(scope, field_id));
        self.send(Method::POST, &path, Some(&body))
            .await?
            .take("option")
    }

    /// `PUT …/options/{id}`: both the name and the colour are required.
    pub async fn update_custom_field_option(
        &self,
        scope: FieldScope,
        field_id: &str,
        option_id: &str,
        name: &str,
        colour: OptionColour,
    ) -> Result<CustomFieldOption, ApiError> {
        let body = option_body(name, colour)?;
        self.send(
            Method::PUT,
            &option_path(scope, field_id, option_id),
            Some(&body),
        )
        .await?
        .take("option")
    }

    /// `POST …/options/{id}/move`.
    pub async fn move_custom_field_option(
        &self,
        scope: FieldScope,
        field_id: &str,
        option_id: &str,
        place: &Placement,
    ) -> Result<(), ApiError> {
        let path = format!("{}/move", option_path(scope, field_id, option_id));
        self.send(Method::POST, &path, Some(&place.to_json()))
            .await
            .map(drop)
    }

    /// `DELETE …/options/{id}`: tasks that had it chosen lose that choice.
    pub async fn delete_custom_field_option(
        &self,
        scope: FieldScope,
        field_id: &str,
        option_id: &str,
    ) -> Result<(), ApiError> {
        self.send::<()>(
            Method::DELETE,
            &option_path(scope, field_id, option_id),
            None,
        )
        .await
        .map(drop)
    }
}
