use reqwest::Method;
use serde_json::{Map, Value, json};

use crate::client::Client;
use crate::error::ApiError;
use crate::listed::Listed;
use crate::models::Portfolio;
use crate::query::ListQuery;

/// `search`, `parentId`, `limit`, `offset` of `GET /tm/portfolios`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PortfolioQuery {
    pub search: Option<String>,
    /// Only the portfolios directly inside this one.
    pub parent_id: Option<i64>,
    /// 0 to 100.
    pub limit: Option<u32>,
    pub offset: Option<u32>,
}

impl PortfolioQuery {
    /// The paging of every list, then `parentId`.
    fn to_pairs(&self) -> Vec<(String, String)> {
        let mut q = ListQuery {
            search: self.search.clone(),
            limit: self.limit,
            offset: self.offset,
        }
        .to_pairs();
        if let Some(p) = self.parent_id {
            q.push(("parentId".to_string(), p.to_string()));
        }
        q
    }
}

/// One page of portfolios.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PortfolioPage {
    pub portfolios: Vec<Portfolio>,
    pub has_more: bool,
}

/// `POST /tm/portfolios`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct NewPortfolio {
    pub name: String,
    /// The portfolio to nest it in; top level when `None`.
    pub parent_id: Option<i64>,
}

/// The largest page the service gives.
const PORTFOLIO_PAGE_MAX: u32 = 100;

impl Client {
    /// `GET /tm/portfolios`: one page; `has_more` says whether another follows.
    pub async fn portfolios(
        &self,
        query: &PortfolioQuery,
    ) -> Result<Listed<PortfolioPage>, ApiError> {
        let answer = self.get("/tm/portfolios", &query.to_pairs()).await?;
        let has_more = answer.flag("hasMore");
        Ok(answer.take_rows("data")?.map(|portfolios| PortfolioPage {
            portfolios,
            has_more,
        }))
    }

    /// Every portfolio matching `query` from its offset on, page after page, until the service
    /// says there is no more, a page comes back empty, or `max` are collected. Skipped rows are
    /// counted from the first row of the first page.
    pub async fn portfolios_all(
        &self,
        query: &PortfolioQuery,
        max: usize,
    ) -> Result<Listed<Vec<Portfolio>>, ApiError> {
        let limit = query.limit.filter(|l| *l > 0).unwrap_or(PORTFOLIO_PAGE_MAX);
        let mut q = PortfolioQuery {
            limit: Some(limit),
            ..query.clone()
        };
        let mut out = Listed::<Vec<Portfolio>>::default();
        let mut rows_before = 0;
        loop {
            let listed = self.portfolios(&q).await?;
            let got = listed.value.portfolios.len() + listed.skipped.len();
            let page = out.absorb(listed, rows_before);
            out.value.extend(page.portfolios);
            rows_before += got;
            if !page.has_more || got == 0 || out.value.len() >= max {
                out.value.truncate(max);
                return Ok(out);
            }
            q.offset = Some(q.offset.unwrap_or(0) + got as u32);
        }
    }

    /// `GET /tm/portfolios/{id}`.
    pub async fn portfolio(&self, id: i64) -> Result<Portfolio, ApiError> {
        self.get(&format!("/tm/portfolios/{id}"), &[])
            .await?
            .take("data")
    }

    /// `POST /tm/portfolios`: answers the new portfolio.
    pub async fn create_portfolio(&self, portfolio: &NewPortfolio) -> Result<Portfolio, ApiError> {
        let mut body = Map::new();
        body.insert("name".into(), json!(portfolio.name));
        if let Some(parent) = portfolio.parent_id {
            body.insert("parentId".into(), json!(parent));
        }
        self.send(Method::POST, "/tm/portfolios", Some(&Value::Object(body)))
            .await?
            .take("data")
    }

    /// `PUT /tm/portfolios/{id}`: renames it and answers the portfolio, read back when the
    /// answer leaves it out (some clients saw only `{success}`).
    pub async fn update_portfolio(&self, id: i64, name: &str) -> Result<Portfolio, ApiError> {
        let path = format!("/tm/portfolios/{id}");
        let answer = self
            .send(Method::PUT, &path, Some(&json!({ "name": name })))
            .await?;
        if answer.json.get("data").is_some_and(|d| !d.is_null()) {
            answer.take("data")
        } else {
            self.portfolio(id).await
        }
    }

    /// `DELETE /tm/portfolios/{id}`.
    pub async fn delete_portfolio(&self, id: i64) -> Result<(), ApiError> {
        self.send::<()>(Method::DELETE, &format!("/tm/portfolios/{id}"), None)
            .await
            .map(drop)
    }
}
