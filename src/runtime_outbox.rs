//! The runtime's side of the outbox: what the app asks of it on disk is done before the next
//! frame is drawn (a change kept is never only on screen). The replay is the worker's.

use crate::app::{App, Msg};
use crate::outbox::Order;
use crate::store::SharedStore;

pub struct OutboxRunner {
    store: SharedStore,
    /// Orders of the effects run since the last frame, to do before the next.
    orders: Vec<Order>,
}

impl OutboxRunner {
    pub fn new(store: SharedStore) -> Self {
        Self {
            store,
            orders: Vec::new(),
        }
    }

    /// The outbox as the store holds it, for `app` before it starts: changes an earlier run
    /// left are shown, counted and sent first.
    pub async fn load(&self, app: &mut App) {
        match self.store.run(|s| s.outbox()).await {
            Ok(entries) => app.offline.loaded(entries),
            Err(e) => {
                tracing::warn!(error = %e, "the outbox could not be read");
                app.offline.loaded(Vec::new());
            }
        }
    }

    pub fn order(&mut self, order: Order) {
        self.orders.push(order);
    }

    /// Does the orders given since the last frame, one transaction each, and tells the app
    /// (`send`) the outbox as it then is, or why a change could not be kept.
    pub async fn settle(&mut self, send: &(dyn Fn(Msg) + Sync)) {
        if self.orders.is_empty() {
            return;
        }
        let orders = std::mem::take(&mut self.orders);
        let done = self
            .store
            .run(move |s| {
                let mut failed = None;
                for order in &orders {
                    if let Err(e) = order.run(s) {
                        tracing::warn!(error = %e, ?order, "the outbox could not be written");
                        failed = Some(e.to_string());
                    }
                }
                Ok((s.outbox()?, failed))
            })
            .await;
        match done {
            Ok((entries, failed)) => {
                if let Some(why) = failed {
                    send(Msg::EffectFailed(format!(
                        "A change could not be kept in the outbox ({why}): it is shown but \
                         will not be sent"
                    )));
                }
                send(Msg::Outbox(entries));
            }
            Err(e) => send(Msg::EffectFailed(format!(
                "The outbox could not be written: {e}"
            ))),
        }
    }
}
