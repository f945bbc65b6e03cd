//! Evaluation errors and non-local control flow (`break`, `next`, `return`).

use kuppet_syntax::Manifest;
use kuppet_syntax::diagnostics::{Diagnostic, Location};
use kuppet_syntax::span::Span;
use kuppet_values::value::Value;

/// An error raised while compiling, with where it happened.
#[derive(Debug, Clone)]
pub struct EvalError {
    pub code: &'static str,
    pub message: String,
    pub location: Option<Location>,
}

impl EvalError {
    pub fn new(message: impl Into<String>) -> EvalError {
        EvalError {
            code: "EVALUATION_ERROR",
            message: message.into(),
            location: None,
        }
    }

    /// A limit of the compile's budget went past (steps, time, memory, size).
    pub fn budget(x: kuppet_values::budget::Exceeded) -> EvalError {
        EvalError::new(x.to_string()).with_code(x.code())
    }

    pub(crate) fn with_code(mut self, code: &'static str) -> EvalError {
        self.code = code;
        self
    }

    /// Locates the error at a span of a manifest, unless it is already located.
    pub fn at(mut self, manifest: &Manifest, span: Span) -> EvalError {
        if self.location.is_none() {
            self.location = Some(Location::at(
                &manifest.path,
                &manifest.source,
                &manifest.lines,
                span.start as usize,
            ));
        }
        self
    }

    pub(crate) fn into_diagnostic(self, node: &str) -> Diagnostic {
        let mut d = Diagnostic::error(self.code, self.message);
        d.location = self.location.map(Box::new);
        d.suffix = format!(" on node {node}");
        d
    }
}

/// How evaluation leaves an expression other than with a value.
#[derive(Debug, Clone)]
pub enum Flow {
    Error(Box<EvalError>),
    /// `break()` in an iteration.
    Break,
    /// `next(value)` in a lambda.
    Next(Value),
    /// `return(value)` from a function or lambda body.
    Return(Value),
}

impl From<EvalError> for Flow {
    fn from(e: EvalError) -> Flow {
        Flow::Error(Box::new(e))
    }
}

pub(crate) type EResult<T> = Result<T, Flow>;

/// Shorthand for an unlocated evaluation error.
pub fn fail<T>(message: impl Into<String>) -> EResult<T> {
    Err(Flow::Error(Box::new(EvalError::new(message))))
}
