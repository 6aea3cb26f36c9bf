//! Renaming a portfolio (`PUT /ws/portfolios/{id}`): shown at once, put back if the service
//! refuses, the portfolios read back after a lost answer. The same ledger as projects and boards.

use weeek_api::ApiError;
use weeek_api::models::Portfolio;

use super::{ProjectsAnswer, ProjectsKey, ProjectsState};
use crate::screen::ScreenCtx;
use crate::screen::ledger::{Group, Settled, Shown, Writes, done};
use crate::screen::loadable::Loadable;
use crate::screen::lost_answer::{ReadBack, read_back_failed};
use crate::worker::{TypedCall, op};

#[derive(Debug, Clone)]
pub struct PortfolioWrites;

#[derive(Debug, Clone)]
pub struct PortfolioRename {
    pub id: i64,
    pub from: String,
    pub to: String,
}

impl Writes for PortfolioWrites {
    type Id = i64;
    type Change = PortfolioRename;
    /// Every portfolio, as read back.
    type Item = Vec<Portfolio>;
    type Note = ();
    type Truth = ();

    type Key = ProjectsKey;
    type Answer = ProjectsAnswer;

    fn key(n: u64) -> ProjectsKey {
        ProjectsKey::PortfolioWrite(n)
    }

    fn answer(n: u64, settled: Settled<Vec<Portfolio>>) -> ProjectsAnswer {
        ProjectsAnswer::PortfolioWrite(n, settled)
    }

    fn read_back(_: &i64) -> TypedCall<Result<Vec<Portfolio>, ApiError>> {
        TypedCall::new(op::Portfolios)
    }

    fn judge(change: &PortfolioRename, found: Result<&Vec<Portfolio>, &ApiError>) -> ReadBack {
        let all = match found {
            Ok(all) => all,
            Err(e) => return read_back_failed(e.clone()),
        };
        match all.iter().find(|p| p.id == change.id) {
            Some(p) if p.name == change.to => ReadBack::Applied,
            Some(_) => ReadBack::NotApplied,
            None => ReadBack::Gone,
        }
    }

    fn rebase(_: &mut PortfolioRename, _: &()) {}
}

/// The portfolios as the tree shows them.
pub struct Listed<'a>(pub &'a mut Loadable<Vec<Portfolio>>);

impl Listed<'_> {
    fn rename(&mut self, id: i64, name: &str) {
        if let Some(p) = self
            .0
            .value_mut()
            .and_then(|all| all.iter_mut().find(|p| p.id == id))
        {
            name.clone_into(&mut p.name);
        }
    }
}

impl Shown<PortfolioWrites> for Listed<'_> {
    fn reapply(&mut self, id: &i64, change: &PortfolioRename, _: &ScreenCtx) {
        self.rename(*id, &change.to);
    }

    fn roll_back(
        &mut self,
        id: &i64,
        change: &PortfolioRename,
        later: bool,
        _: &ScreenCtx,
    ) -> Option<()> {
        if !later {
            self.rename(*id, &change.from);
        }
        None
    }

    fn take(&mut self, _: &i64, _: Vec<Portfolio>) {}

    fn read_back(
        &mut self,
        _: &i64,
        _: &PortfolioRename,
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
        let Some(from) = self.portfolio_name(id) else {
            return;
        };
        if from == name {
            return;
        }
        Listed(&mut self.portfolios).rename(id, &name);
        let g = self.edits.portfolios.group(());
        let change = PortfolioRename {
            id,
            from: from.clone(),
            to: name.clone(),
        };
        let call = done(op::RenamePortfolio(id, name));
        self.edits
            .portfolios
            .add(g, id, super::edits::quoted(&from), change, vec![call], cx);
    }

    /// Shows the renames still on their way over a fresh read of the portfolios.
    pub(super) fn reapply_portfolio_renames(&mut self, cx: &ScreenCtx) {
        self.edits
            .portfolios
            .reapply(&mut Listed(&mut self.portfolios), cx);
    }

    pub(super) fn on_portfolio_written(
        &mut self,
        n: u64,
        result: Result<Option<Vec<Portfolio>>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let done =
            self.edits
                .portfolios
                .on_written(n, result, &mut Listed(&mut self.portfolios), cx);
        report(done, cx);
    }

    pub(super) fn on_portfolio_read_back(
        &mut self,
        n: u64,
        result: Result<Vec<Portfolio>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let done =
            self.edits
                .portfolios
                .on_read_back(n, result, &mut Listed(&mut self.portfolios), cx);
        report(done, cx);
        // The read replaced the list: the other renames still on their way show again.
        self.reapply_portfolio_renames(cx);
    }
}

fn report(done: Option<Group<PortfolioWrites>>, cx: &mut ScreenCtx) {
    let Some(group) = done else {
        return;
    };
    for o in group.items.values() {
        let to = super::edits::quoted(&o.change.to);
        let (kind, text) = o.report(
            &format!("Renamed the portfolio {} to {to}", o.name),
            &format!("rename the portfolio {}", o.name),
        );
        cx.toast(kind, text);
    }
}
