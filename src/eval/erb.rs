//! The bridge between templates and the compiler: `template()` and
//! `inline_template()` (finding, parsing, rendering, and reporting errors as
//! Puppet does), the calling scope as the template's [`Host`], and the
//! conversion of values between Puppet and Ruby (undef is nil, `default` is
//! `:default`, Puppet strings are frozen Ruby strings).

use crate::compiler::Compiler;
use crate::error::{EResult, EvalError, Flow};
use crate::scope::{Frame, ScopeId, ScopeKind, TOP};
use indexmap::IndexMap;
use kuppet_erb::RValue;
use kuppet_erb::{ErbError, ErrorKind, Host, Template};
use kuppet_syntax::Manifest;
use kuppet_syntax::ast::Expr;
use kuppet_values::names::QualifiedName;
use kuppet_values::value::Value;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// How deeply templates may render templates (`scope.function_template`).
const MAX_TEMPLATE_DEPTH: u32 = 20;

thread_local! {
    static TEMPLATE_DEPTH: Cell<u32> = const { Cell::new(0) };
    /// Ruby objects templates stored with `scope.setvar`, by scope and name,
    /// while the outermost template renders.
    static STORED: RefCell<Vec<(ScopeId, String, RValue)>> = const { RefCell::new(Vec::new()) };
}

/// Which function renders: `template('mod/x.erb', ...)` or `inline_template('...')`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TemplateKind {
    File,
    Inline,
}

/// The calling scope of a template.
pub(crate) struct ScopeHost<'c, 'a> {
    pub(crate) c: &'c mut Compiler<'a>,
    pub(crate) f: &'c mut Frame,
    pub(crate) e: &'a Expr,
    pub(crate) m: &'a Manifest,
}

impl<'a> ScopeHost<'_, 'a> {
    /// The scope Puppet looks in after `id`: the inherited class's, else the
    /// enclosing node or top scope.
    fn next_scope(&self, id: ScopeId) -> Option<ScopeId> {
        let sc = &self.c.scopes[id];
        if sc.inherited.is_some() {
            return sc.inherited;
        }
        let mut p = sc.parent;
        while let Some(pid) = p {
            match self.c.scopes[pid].kind {
                ScopeKind::Top | ScopeKind::Node => return Some(pid),
                _ => p = self.c.scopes[pid].parent,
            }
        }
        None
    }

    fn local(&self, name: &str) -> Option<Value> {
        if name.as_bytes().first().is_some_and(u8::is_ascii_digit) {
            return None;
        }
        for frame in self.f.locals.iter().rev() {
            if let Some(v) = frame.get(name) {
                return Some(v.clone());
            }
        }
        self.c.lookup_in_scope(self.f.scope, name)
    }

    fn qualified(&self, fqn: &str) -> Option<Value> {
        if let Some(setting) = fqn.strip_prefix("settings::") {
            return self.c.setting(setting);
        }
        let Some((class, var)) = fqn.rsplit_once("::") else {
            return self.c.scopes[TOP].vars.get(fqn).cloned();
        };
        let sid = *self.c.class_scopes.get(&class.to_ascii_lowercase())?;
        let mut s = Some(sid);
        while let Some(id) = s {
            if let Some(v) = self.c.scopes[id].vars.get(var) {
                return Some(v.clone());
            }
            s = self.c.scopes[id].inherited;
        }
        None
    }
}

impl Host for ScopeHost<'_, '_> {
    fn variable(&mut self, name: &str) -> Option<Value> {
        match self.local(name) {
            Some(v) if !v.is_undef() => Some(v),
            // Puppet's scopes always have a module name ("" outside modules).
            _ if name == "module_name" => Some(Value::string("")),
            _ if name == "caller_module_name" && self.f.scope != TOP => Some(Value::string("")),
            _ => None,
        }
    }

    fn lookupvar(&mut self, name: &str) -> Option<Value> {
        if name.has_separator() {
            self.qualified(name.trim_top()).filter(|v| !v.is_undef())
        } else {
            self.variable(name)
        }
    }

    fn variables(&mut self) -> Vec<(String, Value)> {
        // Enclosing scopes first, then inner ones override (Puppet's to_hash).
        let mut chain = Vec::new();
        let mut s = Some(self.f.scope);
        while let Some(id) = s {
            chain.push(id);
            s = self.next_scope(id);
        }
        let mut all: IndexMap<String, Value> = IndexMap::new();
        for id in chain.into_iter().rev() {
            let mut names: Vec<(&Rc<str>, &Value)> = self.c.scopes[id].vars.iter().collect();
            names.sort_by(|a, b| a.0.cmp(b.0));
            for (k, v) in names {
                all.insert(k.to_string(), v.clone());
            }
        }
        for frame in &self.f.locals {
            for (k, v) in frame {
                if !k.as_bytes().first().is_some_and(u8::is_ascii_digit) {
                    all.insert(k.to_string(), v.clone());
                }
            }
        }
        all.into_iter().filter(|(_, v)| !v.is_undef()).collect()
    }

    fn call_function(&mut self, name: &str, args: Vec<Value>) -> Result<Value, String> {
        match self
            .c
            .call_function(name, args, None, self.e, self.f, self.m)
        {
            Ok(v) => Ok(v),
            Err(Flow::Error(err)) => {
                let msg = err.message.as_str();
                let msg = msg
                    .strip_prefix("Error while evaluating a Function Call, ")
                    .unwrap_or(msg);
                Err(msg.to_string())
            }
            Err(Flow::Break | Flow::Next(_) | Flow::Return(_)) => Err(format!(
                "{name}(): break, next or return is not allowed here"
            )),
        }
    }

    fn setvar(&mut self, name: &str, value: Value) -> Result<(), String> {
        self.c.set_var(name, value, self.f)
    }

    fn stored(&mut self, name: &str) -> Option<RValue> {
        let scope = self.f.scope;
        STORED.with(|s| {
            s.borrow()
                .iter()
                .find(|(sc, n, _)| *sc == scope && n == name)
                .map(|(_, _, v)| v.clone())
        })
    }

    fn store(&mut self, name: &str, value: RValue) {
        let scope = self.f.scope;
        STORED.with(|s| s.borrow_mut().push((scope, name.to_string(), value)));
    }

    fn changed_in_place(&mut self, name: &str, original: &Value, now: Value) {
        self.c
            .replace_shared_value(self.f.scope, name, original, &now);
    }

    fn scope_name(&self) -> String {
        let sc = &self.c.scopes[self.f.scope];
        match sc.resource {
            Some(r) => format!("Scope({})", self.c.resources[r].reference()),
            None => "Scope(Class[main])".to_string(),
        }
    }
}

impl<'a> Compiler<'a> {
    /// `template(...)` and `inline_template(...)`: renders each argument in the
    /// calling scope and concatenates the outputs.
    pub(crate) fn erb_call(
        &mut self,
        kind: TemplateKind,
        args: &[Value],
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<Value> {
        let fname = match kind {
            TemplateKind::File => "template",
            TemplateKind::Inline => "inline_template",
        };
        let fail = |msg: String| -> Flow {
            EvalError::new(format!("Error while evaluating a Function Call, {msg}"))
                .at(m, e.span)
                .into()
        };
        if args.is_empty() {
            return Err(fail(format!(
                "{fname}(): Wrong number of arguments given (0 for minimum 1)"
            )));
        }
        let mut out = String::new();
        for a in args {
            let Some(arg) = a.as_str() else {
                return Err(fail(format!(
                    "{fname}(): expects a String, got {}",
                    a.type_name()
                )));
            };
            let (label, text) = match kind {
                TemplateKind::File => {
                    // Puppet finds `mod/x.erb` only in a module with a valid name.
                    let module = arg.split('/').next().unwrap_or("");
                    let valid = module.starts_with(|c: char| c.is_ascii_lowercase())
                        && module
                            .chars()
                            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
                    if !arg.starts_with('/') && (!valid || !arg.contains('/')) {
                        return Err(fail(format!("Could not find template '{arg}'")));
                    }
                    self.epp_file(arg).map_err(fail)?
                }
                TemplateKind::Inline => ("inline template".to_string(), arg.to_string()),
            };
            let depth = TEMPLATE_DEPTH.with(|d| d.get());
            if depth >= MAX_TEMPLATE_DEPTH {
                return Err(fail(format!(
                    "{fname}(): templates nest more than {MAX_TEMPLATE_DEPTH} deep (a template renders itself?)"
                )));
            }
            TEMPLATE_DEPTH.with(|d| d.set(depth + 1));
            let file = (kind == TemplateKind::File).then_some(label.as_str());
            let rendered = self.render_erb(file, &label, &text, e, f, m);
            TEMPLATE_DEPTH.with(|d| d.set(depth));
            if depth == 0 {
                STORED.with(|s| s.borrow_mut().clear());
            }
            match rendered {
                Ok(s) => out.push_str(&s),
                Err(err) => {
                    let flow = fail(puppet_message(kind, arg, &err));
                    return Err(match (err.kind, flow) {
                        // The budget's overrun keeps the budget's code.
                        (ErrorKind::Budget(code), Flow::Error(x)) => {
                            Flow::Error(Box::new(x.with_code(code)))
                        }
                        (_, flow) => flow,
                    });
                }
            }
        }
        Ok(Value::string(out))
    }
}

/// Which interpreter renders templates (`KUPPET_ERB`): `native` only,
/// `ruby` only, or (the default) native first and the embedded Ruby for a
/// template whose Ruby the native interpreter does not know.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Engine {
    Native,
    Ruby,
    Auto,
}

fn engine() -> Engine {
    static ENGINE: std::sync::OnceLock<Engine> = std::sync::OnceLock::new();
    *ENGINE.get_or_init(|| match std::env::var("KUPPET_ERB").as_deref() {
        Ok("native") => Engine::Native,
        Ok("ruby") if cfg!(feature = "ruby") => Engine::Ruby,
        _ => Engine::Auto,
    })
}

/// Whether the native interpreter's failure is one the embedded Ruby may
/// not share: Ruby it does not know, or does not parse.
/// Integers beyond 64 bits are not given to Ruby: its Bignum arithmetic
/// (`2 ** 9999999999`, `1 << 9999999999`) runs in C, where the watchdog
/// cannot stop it, for as long and as large as the template asks.
fn ruby_may_render(err: &ErbError) -> bool {
    match err.kind {
        ErrorKind::Syntax => true,
        ErrorKind::Unsupported => {
            !(err.message.contains("Bignum") || err.message.contains("big integers"))
        }
        _ => false,
    }
}

impl<'a> Compiler<'a> {
    fn render_native(
        &mut self,
        label: &str,
        text: &str,
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> Result<String, ErbError> {
        Template::parse(label, text).and_then(|t| {
            let mut host = ScopeHost { c: self, f, e, m };
            t.render(&mut host)
        })
    }

    /// Renders one template with the interpreter `KUPPET_ERB` chose
    /// (`file` is None for an inline template); with `KUPPET_ERB_COMPARE`
    /// set, renders it both ways and records the comparison.
    fn render_erb(
        &mut self,
        file: Option<&str>,
        label: &str,
        text: &str,
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> Result<String, ErbError> {
        #[cfg(feature = "ruby")]
        if let Some(log) = compare::log() {
            // A template rendered from a template renders with its
            // caller's interpreter (the objects its caller stored with
            // `scope.setvar` are that interpreter's), counted in the caller.
            return match compare::nested() {
                Some(true) => self.render_erb_ruby(file, label, text, e, f, m),
                Some(false) => self.render_native(label, text, e, f, m),
                None => compare::both(
                    self,
                    log,
                    engine() == Engine::Ruby,
                    file,
                    label,
                    text,
                    e,
                    f,
                    m,
                ),
            };
        }
        match engine() {
            Engine::Native => self.render_native(label, text, e, f, m),
            #[cfg(feature = "ruby")]
            Engine::Ruby => self.render_erb_ruby(file, label, text, e, f, m),
            #[cfg(feature = "ruby")]
            Engine::Auto => match self.render_native(label, text, e, f, m) {
                Err(native) if ruby_may_render(&native) => {
                    match self.render_erb_ruby(file, label, text, e, f, m) {
                        Ok(s) => Ok(s),
                        // Both refuse a template that is not Ruby: the native
                        // interpreter's message is Puppet's.
                        Err(ruby)
                            if ruby.kind == ErrorKind::Syntax
                                && native.kind == ErrorKind::Syntax =>
                        {
                            Err(native)
                        }
                        Err(ruby) => Err(ruby),
                    }
                }
                r => r,
            },
            #[cfg(not(feature = "ruby"))]
            _ => {
                let _ = (file, ruby_may_render as fn(&ErbError) -> bool);
                self.render_native(label, text, e, f, m)
            }
        }
    }
}

/// Whether templates render both ways (`KUPPET_ERB_COMPARE`).
#[cfg(feature = "ruby")]
pub(crate) fn comparing() -> bool {
    compare::log().is_some()
}

/// `KUPPET_ERB_COMPARE=FILE`: every template rendered both ways, one line
/// per render appended to FILE (template, equal, native ns, Ruby ns, errors);
/// the outputs of renders that differ go to `FILE.d/`.
#[cfg(feature = "ruby")]
mod compare {
    use super::*;
    use std::io::Write;
    use std::time::Instant;

    thread_local! {
        /// While a template renders both ways: whether Ruby renders now.
        static OUTER: std::cell::Cell<Option<bool>> = const { std::cell::Cell::new(None) };
        /// The templates (by their text's hash) Ruby rendered before in
        /// this process (it compiles a template once).
        static SEEN: RefCell<rustc_hash::FxHashSet<u64>> = RefCell::new(Default::default());
    }

    pub(super) fn nested() -> Option<bool> {
        OUTER.get()
    }

    pub(super) fn log() -> Option<&'static str> {
        static LOG: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
        LOG.get_or_init(|| {
            std::env::var("KUPPET_ERB_COMPARE")
                .ok()
                .filter(|s| !s.is_empty())
        })
        .as_deref()
    }

    fn append(log: &str, line: &str) {
        if let Ok(mut f) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(log)
        {
            let _ = f.write_all(line.as_bytes());
        }
    }

    fn clean(s: &str) -> String {
        s.chars()
            .map(|c| if c == '\t' || c == '\n' { ' ' } else { c })
            .take(300)
            .collect()
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn both<'a>(
        c: &mut Compiler<'a>,
        log: &str,
        ruby_first: bool,
        file: Option<&str>,
        label: &str,
        text: &str,
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> Result<String, ErbError> {
        static WARM: std::sync::Once = std::sync::Once::new();
        WARM.call_once(|| {
            let t = Instant::now();
            let ok = kuppet_ruby::warm_up().is_ok();
            append(
                log,
                &format!("#vm-start\t{ok}\t{}\n", t.elapsed().as_nanos()),
            );
        });
        // Ruby first: the native interpreter writes a template's in-place
        // changes of variables back to the scope (as Puppet's shared Ruby
        // objects do), which the Ruby path does not; rendered second, the
        // Ruby path would see them twice.
        let first = SEEN.with(|s| {
            use std::hash::{Hash, Hasher};
            let mut h = rustc_hash::FxHasher::default();
            (file, text).hash(&mut h);
            s.borrow_mut().insert(h.finish())
        });
        let t = Instant::now();
        OUTER.set(Some(true));
        let ruby = c.render_erb_ruby(file, label, text, e, f, m);
        let ruby_ns = t.elapsed().as_nanos();
        let t = Instant::now();
        OUTER.set(Some(false));
        let native = c.render_native(label, text, e, f, m);
        OUTER.set(None);
        let native_ns = t.elapsed().as_nanos();
        let equal = match (&native, &ruby) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        };
        let err = |r: &Result<String, ErbError>| match r {
            Ok(_) => "-".to_string(),
            Err(x) => clean(&format!("{:?}: {}", x.kind, x.detail())),
        };
        let name = file.map_or_else(
            || {
                format!(
                    "inline:{}",
                    clean(&text.chars().take(60).collect::<String>())
                )
            },
            str::to_string,
        );
        append(
            log,
            &format!(
                "{name}\t{equal}\t{native_ns}\t{ruby_ns}\t{}\t{}\t{first}\n",
                err(&native),
                err(&ruby)
            ),
        );
        if let (Ok(a), Ok(b)) = (&native, &ruby)
            && a != b
        {
            let dir = format!("{log}.d");
            let _ = std::fs::create_dir_all(&dir);
            let key = format!(
                "{:08x}",
                crc32fast::hash(format!("{name}{a}{b}").as_bytes())
            );
            let _ = std::fs::write(format!("{dir}/{key}.name"), &name);
            let _ = std::fs::write(format!("{dir}/{key}.native"), a);
            let _ = std::fs::write(format!("{dir}/{key}.ruby"), b);
        }
        if ruby_first { ruby } else { native }
    }
}

/// The error as Puppet reports a failed template.
fn puppet_message(kind: TemplateKind, arg: &str, err: &ErbError) -> String {
    match kind {
        TemplateKind::File => format!(
            "Failed to parse template {arg}:\n  Filepath: {}\n  Line: {}\n  Detail: {}\n",
            err.file,
            err.line,
            err.detail()
        ),
        TemplateKind::Inline => format!("Failed to parse inline template: {}", err.detail()),
    }
}
