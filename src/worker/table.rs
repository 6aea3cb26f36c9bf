//! The macro that turns the table of calls (`calls.rs`) into its parts, so that one line per
//! operation says everything about it once:
//! - a variant of [`Call`](super::Call), the operation as data (what tests look at, and what
//!   can be stored: it is serde both ways);
//! - a struct of the same name and fields in [`op`](super::op), whose [`Op`](super::Op)
//!   impl names the one type its answer has;
//! - whether it reads the service, writes it, or works on this machine ([`Kind`](super::Kind));
//! - how it runs (an expression with the call's fields, the client and the skipped rows in
//!   scope);
//! - for tests, a variant of the flat `Answer` enum holding that type, which the test
//!   harness turns into the typed answer of the request it answers.
//!
//! A line reads: `Kind Name(field: Type, …) -> Output, AnswerVariant => expression;`, with
//! braces instead of parentheses for a variant with named fields, and neither for one
//! without fields.

macro_rules! calls {
    (
        $client:ident, $skipped:ident;
        $(
            $(#[$doc:meta])*
            $kind:ident $name:ident
                $( ( $($arg:ident : $arg_ty:ty),* $(,)? ) )?
                $( { $($field:ident : $field_ty:ty),* $(,)? } )?
            -> $out:ty, $answer:ident => $body:expr;
        )*
    ) => {
        /// One operation of the service, or of this machine's files, as data: what the app
        /// asks the worker to run. Each has exactly one answer type, its [`Op::Output`].
        #[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
        pub enum Call {
            $(
                $(#[$doc])*
                $name $( ( $($arg_ty),* ) )? $( { $($field: $field_ty),* } )?,
            )*
        }

        /// Each operation as a type of its own, named and shaped as its [`Call`] variant: a
        /// request made with one knows the type of its answer.
        pub mod op {
            #[allow(unused_imports)]
            use super::*;
            $(
                calls!(@struct $(#[$doc])* $name $( ( $($arg_ty),* ) )? $( { $($field: $field_ty),* } )?);
            )*
        }

        $(
            impl Op for op::$name {
                type Output = $out;
            }

            impl From<op::$name> for Call {
                fn from(op: op::$name) -> Call {
                    let op::$name $( ( $($arg),* ) )? $( { $($field),* } )? = op;
                    Call::$name $( ( $($arg),* ) )? $( { $($field),* } )?
                }
            }
        )*

        impl Call {
            pub fn kind(&self) -> Kind {
                match self {
                    $( Call::$name { .. } => Kind::$kind, )*
                }
            }

            /// Its answer when it was never sent, failing with `e`, in its own answer type.
            pub fn unsent(&self, e: weeek_api::ApiError) -> Output {
                match self {
                    $(
                        Call::$name { .. } => {
                            let answer: $out = Err(super::output::FromApiError::from_api(e));
                            Output::new(answer)
                        }
                    )*
                }
            }
        }

        /// Runs `call`; a list's unreadable rows go to `skipped`.
        pub(super) async fn run(
            call: Call,
            $client: &weeek_api::Client,
            $skipped: &mut Option<Skipped>,
        ) -> Output {
            match call {
                $(
                    Call::$name $( ( $($arg),* ) )? $( { $($field),* } )? => {
                        let answer: $out = $body;
                        Output::new(answer)
                    }
                )*
            }
        }

        /// What a call answered, one variant per call, holding that call's own answer type:
        /// how tests write answers. The harness turns one into the typed answer of the
        /// request it answers ([`Answer::into_output`]).
        #[cfg(test)]
        #[derive(Debug, Clone, PartialEq)]
        pub enum Answer {
            $( $answer($out), )*
        }

        #[cfg(test)]
        impl Answer {
            pub fn into_output(self) -> Output {
                match self {
                    $( Answer::$answer(answer) => Output::new(answer), )*
                }
            }

            /// The answer `call` gets when it fails with `e`.
            pub fn failed(call: &Call, e: weeek_api::ApiError) -> Answer {
                match call {
                    $( Call::$name { .. } => Answer::$answer(Err(super::output::FromApiError::from_api(e))), )*
                }
            }
        }
    };

    (@struct $(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq)]
        pub struct $name;
    };
    (@struct $(#[$doc:meta])* $name:ident ( $($ty:ty),* )) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq)]
        pub struct $name($(pub $ty),*);
    };
    (@struct $(#[$doc:meta])* $name:ident { $($field:ident : $ty:ty),* }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq)]
        pub struct $name { $(pub $field: $ty),* }
    };
}

pub(super) use calls;
