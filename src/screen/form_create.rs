//! A new record sent from a form (a contact, an organization, a deal), one mechanism for every
//! such form: sent once, the form locked until its answer; a lost answer has the record looked
//! for before it may be sent again (`lost_answer`), and a send of the same record again looks
//! once more first. While a look has failed, the form's save key looks again instead of
//! sending.
//!
//! A screen says how its record is sent, looked for and shown, and what a refusal does to its
//! form ([`CreateForm`]); its phase holds where the create stands ([`CreatePhase`]).

use time::OffsetDateTime;
use weeek_api::{ApiError, FieldErrors};

use super::ScreenCtx;
use super::lost_answer::{
    CreateAnswer, CreateLookup, Looked, LostCreate, PageRead, Sending, SentAt, Unsettled,
};
use super::toast::ToastKind;

/// A create on its way: what was sent, when it first left, and an earlier send of it not
/// found right before this one went (unsettled again if this one is refused).
#[derive(Debug, Clone, PartialEq)]
pub struct SentCreate<L: CreateLookup, I> {
    pub input: I,
    pub at: SentAt<L::Id>,
    pub earlier: Option<LostCreate<L>>,
}

/// A create looked for: its answer was lost, or an earlier send of it is looked for before
/// `resend` goes.
#[derive(Debug, Clone, PartialEq)]
pub struct Checking<L: CreateLookup, I> {
    pub lost: LostCreate<L>,
    pub resend: Option<I>,
    /// What was sent when the answer was lost: kept in the outbox if the look cannot reach
    /// the service.
    pub sent: Option<I>,
}

/// A form's phase as its create moves it: editing, sent, or looked for.
pub trait CreatePhase<L: CreateLookup, I>: Sized {
    fn editing() -> Self;
    fn sent(sent: Box<SentCreate<L, I>>) -> Self;
    fn checking(checking: Box<Checking<L, I>>) -> Self;
    /// The phase's create on its way, if that is where it stands.
    fn into_sent(self) -> Result<Box<SentCreate<L, I>>, Self>;
    /// The phase's look, if that is where it stands.
    fn into_checking(self) -> Result<Box<Checking<L, I>>, Self>;
    fn checking_mut(&mut self) -> Option<&mut Checking<L, I>>;
}

/// A screen with a form that creates records of one kind.
pub trait CreateForm {
    type Lookup: CreateLookup;
    /// What the form sends.
    type Input;
    type Phase: CreatePhase<Self::Lookup, Self::Input>;
    /// The word of a create done, in messages ("saved").
    const DONE: &'static str;
    /// The command that saves the form, and what it does once a look found nothing.
    const SAVE: (&'static str, &'static str);

    /// The creates whose answer was lost and that no look found, and the open form's phase.
    fn parts(&mut self) -> Option<(&mut Unsettled<Self::Lookup>, &mut Self::Phase)>;
    /// What finds the record `input` makes.
    fn lookup(input: &Self::Input) -> Self::Lookup;
    fn send(input: &Self::Input, cx: &mut ScreenCtx);
    fn look(read: PageRead<<Self::Lookup as CreateLookup>::Page>, cx: &mut ScreenCtx);
    /// The service has the record (said already): what the form made shows, the phase
    /// editing again.
    fn made(&mut self, item: <Self::Lookup as CreateLookup>::Item, cx: &mut ScreenCtx);
    /// How a record made is said.
    fn made_text(item: &<Self::Lookup as CreateLookup>::Item) -> String;
    /// Puts the service's messages at the fields of `input` they name (they name its rows by
    /// index). Returns those the form has no place for, and whether it placed any.
    fn place(&mut self, input: &Self::Input, fields: &FieldErrors) -> (Vec<String>, bool);
    /// Shows `text` over the form until the next change.
    fn show_failure(&mut self, text: String);
    /// What went wrong with a refused save, in a few words.
    fn refusal(e: &ApiError) -> String {
        e.short()
    }
    /// `input` cannot reach the service: kept in the outbox when the form's records wait
    /// there (true), else said as any refusal. `sent`: it went at that time and its answer was
    /// lost, so the outbox looks for it before it goes again.
    fn keep(
        &mut self,
        _input: &Self::Input,
        _sent: Option<OffsetDateTime>,
        _cx: &mut ScreenCtx,
    ) -> bool {
        false
    }
}

type Item<F> = <<F as CreateForm>::Lookup as CreateLookup>::Item;
type Page<F> = <<F as CreateForm>::Lookup as CreateLookup>::Page;

/// Sends `input`, or first looks for an earlier send of the same record whose fate is unknown.
/// `held`: the records like it the screen holds (a look must not take one for it).
pub fn submit<F: CreateForm>(
    form: &mut F,
    input: F::Input,
    held: Vec<<F::Lookup as CreateLookup>::Id>,
    cx: &mut ScreenCtx,
) {
    let lookup = F::lookup(&input);
    let Some((unsettled, phase)) = form.parts() else {
        return;
    };
    match unsettled.send(&lookup, || SentAt::new(&cx.clock, held)) {
        Sending::Now(at) => {
            F::send(&input, cx);
            let sent = SentCreate {
                input,
                at,
                earlier: None,
            };
            *phase = F::Phase::sent(Box::new(sent));
        }
        Sending::LookFirst(lost, look) => {
            cx.toast(ToastKind::Info, lost.resend_text(F::DONE));
            F::look(look, cx);
            let checking = Checking {
                lost: *lost,
                resend: Some(input),
                sent: None,
            };
            *phase = F::Phase::checking(Box::new(checking));
        }
    }
}

/// The save key while the record is looked for: once a look has failed, it looks again.
/// Returns whether the form was looking (and the key is taken).
pub fn look_again<F: CreateForm>(form: &mut F, cx: &mut ScreenCtx) -> bool {
    let Some(checking) = form.parts().and_then(|(_, phase)| phase.checking_mut()) else {
        return false;
    };
    if let Some((look, text)) = checking.lost.retry(F::DONE) {
        cx.toast(ToastKind::Info, text);
        F::look(look, cx);
    }
    true
}

/// The form starts over while its record is looked for: it stays unsettled, so the same
/// record sent again is looked for first.
pub fn give_up<F: CreateForm>(form: &mut F) {
    if let Some((unsettled, phase)) = form.parts() {
        match std::mem::replace(phase, F::Phase::editing()).into_checking() {
            Ok(checking) => unsettled.keep(checking.lost),
            Err(other) => *phase = other,
        }
    }
}

/// The answer to the create.
pub fn on_answer<F: CreateForm>(
    form: &mut F,
    result: Result<Item<F>, ApiError>,
    cx: &mut ScreenCtx,
) {
    let Some((unsettled, phase)) = form.parts() else {
        return;
    };
    let sent = match std::mem::replace(phase, F::Phase::editing()).into_sent() {
        Ok(sent) => sent,
        Err(other) => {
            // No create of the form's is out: its phase stays.
            *phase = other;
            return;
        }
    };
    let SentCreate { input, at, earlier } = *sent;
    let answer = CreateAnswer::read(result);
    if let (CreateAnswer::Refused(_), Some(earlier)) = (&answer, earlier) {
        // This send did nothing; the one before may still land.
        unsettled.keep(earlier);
    }
    match answer {
        CreateAnswer::Created(item) => {
            let text = F::made_text(&item);
            made(form, item, text, cx);
        }
        CreateAnswer::Refused(e) => {
            let kept =
                super::offline::unreachable(&e) && cx.is_offline() && form.keep(&input, None, cx);
            if !kept {
                refused(form, e, |f, fields| f.place(&input, fields), cx);
            }
        }
        CreateAnswer::Lost(e) => {
            // From the first send on: a look covers it too.
            let (lost, look) = LostCreate::start(F::lookup(&input), e, at);
            cx.toast(ToastKind::Info, lost.looking_text(F::DONE));
            F::look(look, cx);
            let checking = Checking {
                lost,
                resend: None,
                sent: Some(input),
            };
            *phase = F::Phase::checking(Box::new(checking));
        }
    }
}

/// An answer to the look for the record.
pub fn on_looked<F: CreateForm>(
    form: &mut F,
    result: Result<Page<F>, ApiError>,
    cx: &mut ScreenCtx,
) {
    let Some((unsettled, phase)) = form.parts() else {
        return;
    };
    let Some(checking) = phase.checking_mut() else {
        return;
    };
    let out_of_reach = matches!(&result, Err(e) if super::offline::unreachable(e));
    match checking.lost.on_answer(result) {
        Looked::Next(look) => F::look(look, cx),
        Looked::Failed if out_of_reach && cx.is_offline() => {
            // The service is out of reach: the create waits in the outbox, which looks for it
            // before it goes again.
            let Ok(checking) = std::mem::replace(phase, F::Phase::editing()).into_checking() else {
                return;
            };
            let Checking { lost, resend, sent } = *checking;
            let input = resend.as_ref().or(sent.as_ref());
            if let Some(input) = input
                && form.keep(input, Some(lost.sent.at), cx)
            {
                return;
            }
            cx.toast(ToastKind::Error, lost.check_failed_text(F::DONE));
            if let Some((_, phase)) = form.parts() {
                let checking = Checking { lost, resend, sent };
                *phase = F::Phase::checking(Box::new(checking));
            }
        }
        Looked::Failed => cx.toast(ToastKind::Error, checking.lost.check_failed_text(F::DONE)),
        Looked::Found(item) => {
            let text = checking.lost.found_text(F::DONE);
            *phase = F::Phase::editing();
            made(form, item, text, cx);
        }
        Looked::Resend => {
            let Ok(checking) = std::mem::replace(phase, F::Phase::editing()).into_checking() else {
                return;
            };
            let Checking { lost, resend, .. } = *checking;
            match resend {
                Some(input) => {
                    F::send(&input, cx);
                    let sent = SentCreate {
                        input,
                        at: lost.sent.clone(),
                        earlier: Some(lost),
                    };
                    *phase = F::Phase::sent(Box::new(sent));
                }
                None => unsettled.keep(lost),
            }
        }
        Looked::NotCreated => {
            let (command, does) = F::SAVE;
            let again = cx.keys.then_say(command, does);
            let text = format!("{}{again}", checking.lost.not_created_text(F::DONE));
            if let Ok(checking) = std::mem::replace(phase, F::Phase::editing()).into_checking() {
                unsettled.keep(checking.lost);
            }
            failed(form, text, cx);
        }
    }
}

/// The service has the record: said (the messages about the attempts before are stale now),
/// and shown.
fn made<F: CreateForm>(form: &mut F, item: Item<F>, text: String, cx: &mut ScreenCtx) {
    cx.toasts.dismiss_all();
    cx.toast(ToastKind::Success, text);
    form.made(item, cx);
}

/// `text` said, and shown over the form.
pub fn failed<F: CreateForm>(form: &mut F, text: String, cx: &mut ScreenCtx) {
    cx.toast(ToastKind::Error, text.clone());
    form.show_failure(text);
}

/// A save refused: a 422's messages at their fields (`place` puts them there, see
/// [`CreateForm::place`]), anything else said over the form.
pub fn refused<F: CreateForm>(
    form: &mut F,
    e: ApiError,
    place: impl FnOnce(&mut F, &FieldErrors) -> (Vec<String>, bool),
    cx: &mut ScreenCtx,
) {
    match e {
        ApiError::Validation { message, fields } if !fields.is_empty() => {
            let (left, placed) = place(form, &fields);
            if let Some(text) = refused_fields(&left, placed, &message, cx) {
                form.show_failure(text);
            }
        }
        e => failed(form, format!("Not saved: {}", F::refusal(&e)), cx),
    }
}

/// A save refused with messages for fields: said, and what stands over the form besides the
/// messages at their fields: the fields the form has no place for (`left`), else the service's
/// `message` when the form placed none (`placed`: false).
fn refused_fields(
    left: &[String],
    placed: bool,
    message: &str,
    cx: &mut ScreenCtx,
) -> Option<String> {
    cx.toast(
        ToastKind::Error,
        "Not saved: the service refused some fields",
    );
    if !left.is_empty() {
        Some(format!(
            "Not saved: the service refused {}",
            left.join("; ")
        ))
    } else if !placed {
        Some(format!("Not saved: the service refused: {message}"))
    } else {
        None
    }
}

/// The phases of a form that creates, given their variants `Editing`, `Saving(Box<SentCreate>)` and
/// `Checking(Box<Checking>)`.
#[macro_export]
macro_rules! create_phase {
    ($phase:ty, $lookup:ty, $input:ty) => {
        impl $crate::screen::form_create::CreatePhase<$lookup, $input> for $phase {
            fn editing() -> Self {
                Self::Editing
            }

            fn sent(sent: Box<$crate::screen::form_create::SentCreate<$lookup, $input>>) -> Self {
                Self::Saving(sent)
            }

            fn checking(
                checking: Box<$crate::screen::form_create::Checking<$lookup, $input>>,
            ) -> Self {
                Self::Checking(checking)
            }

            fn into_sent(
                self,
            ) -> Result<Box<$crate::screen::form_create::SentCreate<$lookup, $input>>, Self> {
                match self {
                    Self::Saving(sent) => Ok(sent),
                    other => Err(other),
                }
            }

            fn into_checking(
                self,
            ) -> Result<Box<$crate::screen::form_create::Checking<$lookup, $input>>, Self> {
                match self {
                    Self::Checking(checking) => Ok(checking),
                    other => Err(other),
                }
            }

            fn checking_mut(
                &mut self,
            ) -> Option<&mut $crate::screen::form_create::Checking<$lookup, $input>> {
                match self {
                    Self::Checking(checking) => Some(checking),
                    _ => None,
                }
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use weeek_api::models::BoardColumn;

    use super::*;
    use crate::screen::named_creates::NamedPlace;
    use crate::testing::{NewColumn as Col, World, board_column as column};
    use crate::worker::Call;

    #[derive(Debug, Clone, PartialEq)]
    enum Phase {
        Editing,
        Saving(Box<SentCreate<Col, &'static str>>),
        Checking(Box<Checking<Col, &'static str>>),
    }

    crate::create_phase!(Phase, Col, &'static str);

    /// A form with one field, the column's name.
    struct Form {
        unsettled: Unsettled<Col>,
        phase: Phase,
        made: Vec<BoardColumn>,
        refused: Vec<String>,
        failure: Option<String>,
        /// What went to the outbox, and when it was sent if it was.
        kept: Vec<(&'static str, Option<OffsetDateTime>)>,
    }

    impl Form {
        fn new() -> Self {
            Self {
                unsettled: Unsettled::default(),
                phase: Phase::Editing,
                made: Vec::new(),
                refused: Vec::new(),
                failure: None,
                kept: Vec::new(),
            }
        }
    }

    impl CreateForm for Form {
        type Lookup = Col;
        type Input = &'static str;
        type Phase = Phase;
        const DONE: &'static str = "saved";
        const SAVE: (&'static str, &'static str) = ("board.new_column", "looks once more");

        fn parts(&mut self) -> Option<(&mut Unsettled<Col>, &mut Phase)> {
            Some((&mut self.unsettled, &mut self.phase))
        }
        fn lookup(name: &&'static str) -> Col {
            Col(name)
        }
        fn send(name: &&'static str, cx: &mut ScreenCtx) {
            Col(name).send(1, cx);
        }
        fn look(read: PageRead<Vec<BoardColumn>>, cx: &mut ScreenCtx) {
            Col::look(1, read, cx);
        }
        fn made(&mut self, item: BoardColumn, _cx: &mut ScreenCtx) {
            self.made.push(item);
        }
        fn made_text(c: &BoardColumn) -> String {
            format!("Saved “{}”", c.name)
        }
        fn place(&mut self, name: &&'static str, _: &FieldErrors) -> (Vec<String>, bool) {
            self.refused.push(name.to_string());
            (Vec::new(), true)
        }
        fn show_failure(&mut self, text: String) {
            self.failure = Some(text);
        }
        fn keep(
            &mut self,
            name: &&'static str,
            sent: Option<OffsetDateTime>,
            _: &mut ScreenCtx,
        ) -> bool {
            self.kept.push((name, sent));
            true
        }
    }

    fn calls(w: &mut World) -> Vec<Call> {
        w.sent().into_iter().map(|(_, call)| call).collect()
    }

    #[test]
    fn a_record_is_sent_once_and_what_the_service_made_shows() {
        let (mut w, mut f) = (World::new(), Form::new());
        submit(&mut f, "Архив", Vec::new(), &mut w.cx());
        assert_eq!(calls(&mut w), [Call::CreateColumn(5, "Архив".into())]);
        assert!(matches!(f.phase, Phase::Saving(_)));
        on_answer(&mut f, Ok(column(7, "Архив")), &mut w.cx());
        assert_eq!(f.made, [column(7, "Архив")]);
        assert_eq!(f.phase, Phase::Editing);
        // An answer with nothing out changes nothing.
        on_answer(&mut f, Ok(column(8, "Архив")), &mut w.cx());
        assert_eq!(f.made.len(), 1);
    }

    #[test]
    fn a_lost_answer_is_looked_for_and_not_found_the_next_save_looks_before_it_sends() {
        let (mut w, mut f) = (World::new(), Form::new());
        submit(&mut f, "Архив", vec![1], &mut w.cx());
        calls(&mut w);
        on_answer(&mut f, Err(ApiError::Timeout), &mut w.cx());
        assert_eq!(
            calls(&mut w),
            [Call::Columns(5)],
            "looked for, not sent again"
        );
        assert!(w.last_toast().contains("looking for it"));
        on_looked(&mut f, Ok(vec![column(1, "Архив")]), &mut w.cx());
        let failure = f.failure.clone().unwrap_or_default();
        assert!(failure.contains("was not saved"), "{failure}");
        assert_eq!(f.phase, Phase::Editing);
        // Sent again: looked for first, then sent with the first send's moment.
        submit(&mut f, "Архив", vec![1], &mut w.cx());
        assert_eq!(calls(&mut w), [Call::Columns(5)]);
        on_looked(&mut f, Ok(vec![column(1, "Архив")]), &mut w.cx());
        assert_eq!(calls(&mut w), [Call::CreateColumn(5, "Архив".into())]);
        // Refused: the earlier send may still land, so the next one looks first again.
        let refused = ApiError::Validation {
            message: "Invalid".into(),
            fields: [("name".to_string(), vec!["Taken".to_string()])].into(),
        };
        on_answer(&mut f, Err(refused), &mut w.cx());
        assert_eq!(f.refused, ["Архив"], "its messages go to its fields");
        submit(&mut f, "Архив", vec![1], &mut w.cx());
        assert_eq!(calls(&mut w), [Call::Columns(5)]);
        on_looked(
            &mut f,
            Ok(vec![column(1, "Архив"), column(9, "Архив")]),
            &mut w.cx(),
        );
        assert_eq!(f.made, [column(9, "Архив")], "the slow commit is found");
        assert!(calls(&mut w).is_empty());
    }

    #[test]
    fn a_lost_answer_that_cannot_be_looked_for_offline_waits_in_the_outbox_as_sent() {
        let (mut w, mut f) = (World::new(), Form::new());
        let sent_at = crate::testing::clock().wall;
        submit(&mut f, "Архив", Vec::new(), &mut w.cx());
        on_answer(&mut f, Err(ApiError::Timeout), &mut w.cx());
        // Online, a failed look is said and the form keeps looking on the save key.
        on_looked(&mut f, Err(ApiError::Timeout), &mut w.cx());
        assert!(matches!(f.phase, Phase::Checking(_)));
        assert!(f.kept.is_empty());
        assert!(look_again(&mut f, &mut w.cx()));
        // Out of reach: the outbox takes it, to be looked for before it goes again.
        w.offline.went_down(&crate::testing::clock());
        on_looked(&mut f, Err(crate::testing::unreachable()), &mut w.cx());
        assert_eq!(f.kept, [("Архив", Some(sent_at))]);
        assert_eq!(f.phase, Phase::Editing);
    }

    #[test]
    fn after_a_failed_look_the_save_key_looks_again_and_starting_over_keeps_it_unsettled() {
        let (mut w, mut f) = (World::new(), Form::new());
        assert!(!look_again(&mut f, &mut w.cx()), "nothing looked for");
        submit(&mut f, "Архив", Vec::new(), &mut w.cx());
        on_answer(&mut f, Err(ApiError::Timeout), &mut w.cx());
        on_looked(&mut f, Err(ApiError::Timeout), &mut w.cx());
        assert!(
            w.last_toast().contains("looking for it failed"),
            "{}",
            w.last_toast()
        );
        calls(&mut w);
        assert!(look_again(&mut f, &mut w.cx()));
        assert_eq!(calls(&mut w), [Call::Columns(5)], "a look, not a send");
        on_looked(&mut f, Err(ApiError::Timeout), &mut w.cx());
        give_up(&mut f);
        assert_eq!(f.phase, Phase::Editing);
        submit(&mut f, "Архив", Vec::new(), &mut w.cx());
        assert_eq!(calls(&mut w), [Call::Columns(5)], "still looked for first");
    }

    #[test]
    fn a_refusal_without_field_messages_is_said_over_the_form() {
        let (mut w, mut f) = (World::new(), Form::new());
        submit(&mut f, "Архив", Vec::new(), &mut w.cx());
        let forbidden = ApiError::Forbidden {
            message: "No rights".into(),
        };
        on_answer(&mut f, Err(forbidden), &mut w.cx());
        let failure = f.failure.clone().unwrap_or_default();
        assert!(failure.starts_with("Not saved: "), "{failure}");
        assert_eq!(w.last_toast(), failure);
        assert_eq!(f.phase, Phase::Editing);
    }

    #[test]
    fn a_refusal_with_field_messages_says_what_the_form_could_not_place() {
        let mut w = World::new();
        let left = ["phone: bad".to_string()];
        let text = refused_fields(&left, true, "Invalid", &mut w.cx());
        assert_eq!(
            text.as_deref(),
            Some("Not saved: the service refused phone: bad")
        );
        assert_eq!(w.last_toast(), "Not saved: the service refused some fields");
        let text = refused_fields(&[], false, "Invalid", &mut w.cx());
        assert_eq!(
            text.as_deref(),
            Some("Not saved: the service refused: Invalid")
        );
        assert_eq!(refused_fields(&[], true, "Invalid", &mut w.cx()), None);
    }
}
