//! Renaming a portfolio (`PUT /ws/portfolios/{id}`): shown at once, put back if the service
//! refuses, the portfolios read back after a lost answer. The same ledger as projects and boards.

use weeek_api::ApiError;
use weeek_api::models::Portfolio;

use super::{ProjectsAnswer, ProjectsKey, ProjectsState};
use crate::screen::ScreenCtx;
use crate::screen::ledger::{Settled, Shown, Writes, done};
use crate::screen::loadable::Loadable;
use crate::screen::lost_answer::ReadBack;
use crate::screen::named_writes::{self, NamedChange};
use crate::worker::{TypedCall, op};

#[derive(Debug, Clone)]
pub struct PortfolioWrites;

impl Writes for PortfolioWrites {
    type Id = i64;
    /// Only renames: portfolios are not deleted here.
    type Change = NamedChange<Portfolio>;
    /// Every portfolio, as read back.
    type Item = Vec<Portfolio>;
    type Note = ();
    type Truth = ();

    crate::ledger_requests!(ProjectsKey, ProjectsAnswer, PortfolioWrite);

    fn read_back(_: &i64) -> TypedCall<Result<Vec<Portfolio>, ApiError>> {
        TypedCall::new(op::Portfolios)
    }

    fn judge(
        id: &i64,
        change: &NamedChange<Portfolio>,
        found: Result<&Vec<Portfolio>, &ApiError>,
    ) -> ReadBack {
        change.judge_in(id, found.map(Vec::as_slice))
    }
}

/// The portfolios as the tree shows them.
pub struct Listed<'a>(pub &'a mut Loadable<Vec<Portfolio>>);

impl Shown<PortfolioWrites> for Listed<'_> {
    fn reapply(&mut self, id: &i64, change: &NamedChange<Portfolio>, _: &ScreenCtx) {
        if let Some(all) = self.0.value_mut() {
            change.reapply(all, id);
        }
    }

    fn roll_back(
        &mut self,
        id: &i64,
        change: &NamedChange<Portfolio>,
        later: bool,
        _: &ScreenCtx,
    ) -> Option<()> {
        change.roll_back(self.0.value_mut()?, id, later);
        None
    }

    fn read_back(
        &mut self,
        _: &i64,
        _: &NamedChange<Portfolio>,
        found: Result<Vec<Portfolio>, ApiError>,
        _: &ReadBack,
        _later: bool,
        _: &ScreenCtx,
    ) -> Option<()> {
        if let Ok(fresh) = found {
            *self.0 = Loadable::Loaded(fresh);
        }
        None
    }
}

impl ProjectsState {
    pub(super) fn portfolio_name(&self, id: i64) -> Option<String> {
        self.portfolios
            .value()?
            .iter()
            .find(|p| p.id == id)
            .map(|p| p.name.clone())
    }

    pub(super) fn rename_portfolio(&mut self, id: i64, name: String, cx: &mut ScreenCtx) {
        let Some(change) = self
            .portfolios
            .value_mut()
            .and_then(|all| named_writes::rename(all, &id, &name))
        else {
            return;
        };
        let label = super::edits::quoted(change.renamed_from().unwrap_or_default());
        let call = done(op::RenamePortfolio(id, name));
        self.edits.portfolios.write(id, label, change, call, cx);
    }

    /// Shows the renames still on their way over a fresh read of the portfolios.
    pub(super) fn reapply_portfolio_renames(&mut self, cx: &ScreenCtx) {
        self.edits
            .portfolios
            .reapply(&mut Listed(&mut self.portfolios), cx);
    }

    /// The answer to portfolio rename `n`, or every portfolio read back after it.
    pub(super) fn on_portfolio_write(
        &mut self,
        n: u64,
        settled: Settled<Vec<Portfolio>>,
        cx: &mut ScreenCtx,
    ) {
        let read_back = matches!(settled, Settled::ReadBack(_));
        let mut listed = Listed(&mut self.portfolios);
        if let Some(group) = self
            .edits
            .portfolios
            .on_settled(n, settled, &mut listed, cx)
        {
            group.say(cx, |_, o| o.change.words("portfolio", &o.name));
        }
        if read_back {
            // The read replaced the list: the other renames still on their way show again.
            self.reapply_portfolio_renames(cx);
        }
    }
}
