//! Diagnostics: every user-facing problem as an issue with a stable code, a
//! message and a source location, rendered Puppet's way:
//! `Error: <what> (file: F, line: L, column: C)` plus a snippet with a caret.

use std::fmt;

/// A located problem in a manifest (or a problem with no location).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub message: String,
}

impl Diagnostic {
    /// A diagnostic with only a message.
    pub fn message(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            message: message.into(),
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.message)
    }
}

impl std::error::Error for Diagnostic {}
