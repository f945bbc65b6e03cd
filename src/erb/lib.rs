//! ERB templates (`template()` and `inline_template()`), rendered as Puppet 7
//! renders them: Ruby's ERB with trim mode `-`, the scope's variables as
//! instance variables (`@name`), and `scope` for lookups and Puppet functions.
//!
//! This module interprets the subset of Ruby that templates use, without
//! Ruby (fast, and byte-identical to Puppet on the templates of the
//! real-world harness); the compiler renders what it does not know in the
//! embedded Ruby instead (`kuppet-ruby`, `docs/ruby-functions.md`): [`scan`] splits the template into text and tags, [`lexer`]
//! and [`parser`] read the Ruby into an [`ast`], and [`interp`] evaluates it
//! with Ruby's semantics ([`value`], [`format`], and the core classes'
//! methods under [`methods`]). [`puppet`] connects it to the compiler.
//! Ruby it does not know fails with a located [`ErbError`], never silently.

mod ast;
pub mod convert;
mod format;
mod interp;
mod lexer;
mod methods;
mod parser;
mod regex;
mod scan;
mod sprintf;
mod value;

use kuppet_values::value::Value;
use std::fmt;
use std::rc::Rc;

pub use value::{RClass, RValue};

/// What went wrong in a template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ErrorKind {
    /// Ruby would not parse the template.
    Syntax,
    /// Valid Ruby that kuppet's interpreter does not support.
    Unsupported,
    /// A Ruby exception raised while rendering (and not rescued).
    Raised(RClass),
    /// The template nests or loops beyond kuppet's limits.
    Limit,
    /// The compile's budget (steps, time, memory) ran out while rendering:
    /// the budget's diagnostic code (`BUDGET_EXCEEDED`), which the compiler
    /// keeps so that the run is reported as a budget overrun.
    Budget(&'static str),
}

/// An error in a template, with the template and line (of the Ruby script
/// ERB generates, which is the template's line unless comments span lines).
#[derive(Debug, Clone, thiserror::Error)]
pub struct ErbError {
    pub kind: ErrorKind,
    pub file: Rc<str>,
    pub line: u32,
    pub message: String,
}

impl ErbError {
    pub fn new(kind: ErrorKind, file: &str, line: u32, message: impl Into<String>) -> ErbError {
        ErbError {
            kind,
            file: Rc::from(file),
            line,
            message: message.into(),
        }
    }

    /// The message as Puppet's `Detail:` shows it.
    pub fn detail(&self) -> String {
        match &self.kind {
            ErrorKind::Syntax => format!("{}:{}: {}", self.file, self.line, self.message),
            ErrorKind::Unsupported => format!(
                "{} (kuppet's ERB interpreter does not support this Ruby)",
                self.message
            ),
            ErrorKind::Raised(_) | ErrorKind::Limit | ErrorKind::Budget(_) => self.message.clone(),
        }
    }
}

impl fmt::Display for ErbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (template {}, line {})",
            self.detail(),
            self.file,
            self.line
        )
    }
}

/// What a template can ask of the compiler.
pub trait Host {
    /// `@name`: a variable the calling scope sees; None when unset or undef.
    fn variable(&mut self, name: &str) -> Option<Value>;
    /// `scope.lookupvar(name)`, `scope[name]`: also `::x` and `class::x`.
    fn lookupvar(&mut self, name: &str) -> Option<Value>;
    /// Every variable the calling scope sees (`scope.to_hash`), undef left out.
    fn variables(&mut self) -> Vec<(String, Value)>;
    /// Calls a Puppet function (`scope.function_x([...])`, `scope.call_function`).
    fn call_function(&mut self, name: &str, args: Vec<Value>) -> Result<Value, String>;
    /// The scope as Puppet prints it: `Scope(Class[main])`.
    fn scope_name(&self) -> String;
    /// `scope.setvar(name, value)`: assigns a variable of the calling scope.
    fn setvar(&mut self, name: &str, value: Value) -> Result<(), String>;
    /// The Ruby object a template stored with `scope.setvar` (the same
    /// object, so that templates rendered from this one see its changes).
    fn stored(&mut self, _name: &str) -> Option<value::RValue> {
        None
    }
    /// Remembers the Ruby object stored with `scope.setvar`.
    fn store(&mut self, _name: &str, _value: value::RValue) {}
    /// A template changed the array or hash of variable `name` in place
    /// (`@x << y`): the variable (and the attribute it came from) gets the
    /// changed value.
    fn changed_in_place(&mut self, _name: &str, _original: &Value, _now: Value) {}
}

/// A parsed template.
#[derive(Debug)]
pub struct Template {
    file: Rc<str>,
    body: ast::Body,
}

impl Template {
    /// Parses a template; `file` names it in errors (its path, or "inline template").
    pub fn parse(file: &str, text: &str) -> Result<Template, ErbError> {
        let segments = scan::scan(text);
        let tokens = lexer::lex_template(&segments, file)?;
        let body = parser::parse_program(tokens, file)?;
        Ok(Template {
            file: Rc::from(file),
            body,
        })
    }

    /// Renders the template against a scope.
    ///
    /// The render counts against the budget of the compile it runs in
    /// (`kuppet_values::budget`); outside one, it gets a default budget of
    /// its own, so that an endless loop still ends.
    pub fn render(&self, host: &mut dyn Host) -> Result<String, ErbError> {
        let _budget = (!kuppet_values::budget::active())
            .then(|| kuppet_values::budget::install(kuppet_values::budget::Limits::default()));
        interp::Interp::new(host, self.file.clone()).run(&self.body)
    }
}

#[cfg(test)]
mod tests;
