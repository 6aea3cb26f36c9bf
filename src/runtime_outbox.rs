//! The runtime's side of the outbox: what the app asks of it on disk is done before the next
//! frame is drawn (a change kept is never only on screen), and the replay runs beside the
//! worker, its steps coming back as messages of the app that asked.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use time::OffsetDateTime;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

use crate::app::{App, Msg};
use crate::outbox::Order;
use crate::outbox::replay::Replay;
use crate::store::SharedStore;

pub struct OutboxRunner {
    client: weeek_api::Client,
    store: SharedStore,
    /// Orders of the effects run since the last frame, to do before the next.
    orders: Vec<Order>,
    replay: Option<JoinHandle<()>>,
    /// Asked again while a replay ran: it goes once more when done (a change kept or decided
    /// meanwhile is not left waiting for the next time the service comes back).
    again: Arc<AtomicBool>,
}

impl OutboxRunner {
    pub fn new(client: weeek_api::Client, store: SharedStore) -> Self {
        Self {
            client,
            store,
            orders: Vec::new(),
            replay: None,
            again: Arc::new(AtomicBool::new(false)),
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

    /// Sends what the outbox holds; each step goes to `steps`. Asked while a replay runs, it
    /// runs once more after.
    pub fn replay(&mut self, steps: mpsc::UnboundedSender<Msg>) {
        if self.replay.as_ref().is_some_and(|r| !r.is_finished()) {
            self.again.store(true, Ordering::SeqCst);
            return;
        }
        let replay = Replay {
            client: self.client.clone(),
            store: self.store.clone(),
            now: Arc::new(OffsetDateTime::now_utc),
            report: Arc::new(move |step| {
                let _ = steps.send(Msg::Replayed(Box::new(step)));
            }),
        };
        let again = self.again.clone();
        self.replay = Some(tokio::spawn(async move {
            replay.run().await;
            while again.swap(false, Ordering::SeqCst) {
                replay.run().await;
            }
        }));
    }
}
