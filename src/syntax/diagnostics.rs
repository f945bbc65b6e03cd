//! Diagnostics: every user-facing problem as an issue with a stable code, a
//! message and a source location, rendered Puppet's way:
//! `Error: <what> (file: F, line: L, column: C)` plus a snippet with a caret.
//!
//! The parser, the validator and the evaluator all produce [`Diagnostic`]s; the
//! codes are Puppet's issue codes (`SYNTAX_ERROR`, `ILLEGAL_ASSIGNMENT` ...) so a
//! message can be traced to the rule of Puppet it implements.

use crate::span::{LineIndex, Span};
use std::fmt;

/// How bad a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
    Deprecation,
}

/// Where a diagnostic points: a file, a 1-based line and column, and the text of
/// that line for the snippet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    /// The file as given by the user; empty when the source had no file.
    pub file: String,
    pub line: usize,
    pub column: usize,
    /// The source line the location is on (without its line break).
    pub source_line: String,
}

impl Location {
    /// The location of a byte offset in a source.
    pub fn at(file: &str, source: &str, index: &LineIndex, offset: usize) -> Location {
        let (line, column) = index.line_col(source, offset);
        let (start, end) = index.line_range(source, line);
        Location {
            file: file.to_string(),
            line,
            column,
            source_line: source.get(start..end).unwrap_or("").to_string(),
        }
    }
}

/// A problem found in a manifest, with its issue code and location.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Puppet's issue code, e.g. `SYNTAX_ERROR`.
    pub code: &'static str,
    pub severity: Severity,
    pub message: String,
    pub location: Option<Box<Location>>,
    /// Text Puppet appends after the location, e.g. ` on node web1`.
    pub suffix: String,
}

impl Diagnostic {
    /// An error with only a message.
    pub fn message(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code: "ERROR",
            severity: Severity::Error,
            message: message.into(),
            location: None,
            suffix: String::new(),
        }
    }

    /// An error with an issue code.
    pub fn error(code: &'static str, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            ..Diagnostic::message(message)
        }
    }

    /// Attaches a location computed from a span of a source.
    pub fn at(mut self, file: &str, source: &str, index: &LineIndex, span: Span) -> Diagnostic {
        self.location = Some(Box::new(Location::at(
            file,
            source,
            index,
            span.start as usize,
        )));
        self
    }

    pub(crate) fn with_severity(mut self, severity: Severity) -> Diagnostic {
        self.severity = severity;
        self
    }

    /// The message with Puppet's location suffix, as one line.
    pub fn headline(&self) -> String {
        let mut out = self.message.clone();
        if let Some(loc) = &self.location {
            if loc.file.is_empty() {
                out.push_str(&format!(" (line: {}, column: {})", loc.line, loc.column));
            } else {
                out.push_str(&format!(
                    " (file: {}, line: {}, column: {})",
                    loc.file, loc.line, loc.column
                ));
            }
        }
        out.push_str(&self.suffix);
        out
    }

    /// The full rendering for a terminal: `Error: headline`, the source line and a caret.
    pub fn render(&self) -> String {
        let label = match self.severity {
            Severity::Error => "Error",
            Severity::Warning => "Warning",
            Severity::Deprecation => "Warning",
        };
        let mut out = format!("{label}: {}\n", self.headline());
        if let Some(loc) = &self.location
            && !loc.source_line.is_empty()
        {
            let line = loc.source_line.replace('\t', " ");
            out.push_str(&format!("  {line}\n"));
            let pad: String = " ".repeat(loc.column.saturating_sub(1));
            out.push_str(&format!("  {pad}^\n"));
        }
        out
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.headline())
    }
}

impl std::error::Error for Diagnostic {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_puppet_style_location_and_caret() {
        let src = "file { 'a':\n  ensure => ,\n}\n";
        let idx = LineIndex::new(src);
        let off = src.find(',').unwrap_or(0);
        let d = Diagnostic::error("SYNTAX_ERROR", "Syntax error at ','").at(
            "a.pp",
            src,
            &idx,
            Span::new(off, off + 1),
        );
        assert_eq!(
            d.headline(),
            "Syntax error at ',' (file: a.pp, line: 2, column: 13)"
        );
        assert_eq!(
            d.render(),
            "Error: Syntax error at ',' (file: a.pp, line: 2, column: 13)\n    ensure => ,\n              ^\n"
        );
    }
}
