//! The Puppet language front end: source → tokens → AST with spans → validation.
//! No I/O beyond what the caller hands in, no Kubernetes.
//!
//! [`parse`] is the entry point: it returns a [`Manifest`] holding the source,
//! its line index and the validated [`ast::Program`], or the first error as a
//! located [`Diagnostic`].

pub mod ast;
pub mod diagnostics;
pub mod lexer;
pub mod parser;
pub mod span;
pub mod validate;

use crate::diagnostics::{Diagnostic, Severity};
use span::{LineIndex, Span};

/// The deepest nesting the parser accepts before giving a clear error.
///
/// Every recursive step of the parser and every loop that nests the tree
/// (`a + b + ...`, `a -> b -> ...`, `$a[1][2]...`) counts, so the tree is never
/// deeper than this and whatever walks it recursively (validation, evaluation,
/// dropping it) is bounded too. Measured at the limit: parsing and validating
/// take at most ~350 KiB of stack in a release build (tokio's workers have
/// 2 MiB) and ~2.7 MiB in a debug build; `kuppet parse` runs on a 64 MiB thread.
pub const MAX_DEPTH: u32 = 400;

/// A parsed and validated manifest: its source (for locations) and its AST.
#[derive(Debug)]
pub struct Manifest {
    /// The file name shown in errors and in the catalog's `file` fields.
    pub path: String,
    pub source: String,
    pub lines: LineIndex,
    pub program: ast::Program,
    /// Warnings found while parsing and validating (unrecognized escapes ...).
    pub warnings: Vec<Diagnostic>,
}

impl Manifest {
    /// 1-based line of a span's start.
    pub fn line_of(&self, span: Span) -> usize {
        self.lines.line_col(&self.source, span.start as usize).0
    }

    /// A diagnostic located at a span of this manifest.
    pub fn diagnostic(
        &self,
        code: &'static str,
        message: impl Into<String>,
        span: Span,
    ) -> Diagnostic {
        Diagnostic::error(code, message).at(&self.path, &self.source, &self.lines, span)
    }
}

/// Parses and validates one manifest.
pub fn parse(path: &str, source: &str) -> Result<Manifest, Diagnostic> {
    let lines = LineIndex::new(source);
    let locate = |code: &'static str, message: String, offset: usize| {
        Diagnostic::error(code, message).at(path, source, &lines, Span::new(offset, offset))
    };
    let lexed = lexer::lex(source);
    let program = parser::parse(&lexed).map_err(|e| locate(e.code, e.message, e.offset))?;
    let mut warnings: Vec<Diagnostic> = lexed
        .warnings
        .into_iter()
        .map(|w| locate(w.code, w.message, w.offset).with_severity(Severity::Warning))
        .collect();
    let issues = validate::validate_source(&program, source);
    let mut first_error = None;
    for issue in issues {
        let d = locate(issue.code, issue.message, issue.span.start as usize)
            .with_severity(issue.severity);
        if issue.severity == Severity::Error {
            if first_error.is_none() {
                first_error = Some(d);
            }
        } else {
            warnings.push(d);
        }
    }
    if let Some(e) = first_error {
        return Err(e);
    }
    Ok(Manifest {
        path: path.to_string(),
        source: source.to_string(),
        lines,
        program,
        warnings,
    })
}
