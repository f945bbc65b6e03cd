//! Modules' own Ruby functions, run in the embedded Ruby of `kuppet-ruby`
//! (feature `ruby`): finding their files on the modulepath, dispatching by
//! their declared signatures with kuppet's types and Puppet's mismatch
//! messages, converting values, and answering Ruby's callbacks
//! (`call_function`, blocks, scope lookups, logs) on the compile thread.
//!
//! Looked for only after every native function (native ones are faster and
//! exact): a 4.x function `mod::a::f` at
//! `MOD/lib/puppet/functions/mod/a/f.rb`, a top-level `f` at
//! `lib/puppet/functions/f.rb` of any module, then a legacy (3.x) `f` at
//! `lib/puppet/parser/functions/f.rb`.

use crate::compiler::Compiler;
use crate::error::{EResult, Flow};
use crate::scope::Frame;
use indexmap::IndexMap;
use kuppet_ruby::{Budget, Callback, ErrorKind, Host, Opaque, OpaqueKind, Raise, Request, Wire};
use kuppet_syntax::Manifest;
use kuppet_syntax::ast::{Expr, Lambda};
use kuppet_values::names::QualifiedName;
use kuppet_values::types::{PType, Signature};
use kuppet_values::value::{RegexValue, Value};
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// A module function kuppet found in Ruby.
#[derive(Clone)]
pub(crate) enum RubyFunction {
    /// A 4.x function, its file and its dispatches (by index, as Ruby has
    /// them).
    Modern {
        path: Rc<str>,
        signatures: Rc<Vec<Signature>>,
        /// Per dispatch: its method and its `return_type`.
        returns: Rc<Vec<(String, Option<PType>)>>,
    },
    /// A legacy function and its file.
    Legacy { path: Rc<str> },
}

/// What one compile knows of modules' Ruby functions.
#[derive(Default)]
pub struct RubyState {
    /// By name: the function, or `None` when no module has it.
    found: rustc_hash::FxHashMap<String, Option<RubyFunction>>,
    /// Values Ruby holds by handle (types, references, SemVer).
    opaques: Vec<Value>,
    /// Errors of callbacks, re-raised when they come back out of Ruby.
    kept: Vec<Option<Flow>>,
}

/// Where function `name`'s Ruby file would be: 4.x first, then legacy.
fn function_file(modules: &crate::modules::Modules, name: &str) -> Option<(PathBuf, bool)> {
    if !name
        .split("::")
        .all(|s| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
    {
        return None;
    }
    let rel: PathBuf = name.split("::").collect();
    if let Some((module, _)) = name.split_once("::") {
        let dir = modules.dir(module)?;
        let p = dir
            .join("lib/puppet/functions")
            .join(rel.with_extension("rb"));
        return p.is_file().then_some((p, true));
    }
    let file = format!("{name}.rb");
    for dir in modules.dirs() {
        let p = dir.join("lib/puppet/functions").join(&file);
        if p.is_file() {
            return Some((p, true));
        }
    }
    for dir in modules.dirs() {
        let p = dir.join("lib/puppet/parser/functions").join(&file);
        if p.is_file() {
            return Some((p, false));
        }
    }
    None
}

/// Replaces the local type aliases of a function in a type's text.
fn expand_local_types(text: &str, aliases: &[(String, String)]) -> String {
    let mut out = text.to_string();
    for _ in 0..8 {
        let mut changed = false;
        let mut next = String::with_capacity(out.len());
        let bytes = out.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'\'' || bytes[i] == b'"' {
                // A quoted string is copied as it is.
                let q = bytes[i];
                let start = i;
                i += 1;
                while i < bytes.len() && bytes[i] != q {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i = (i + 1).min(bytes.len());
                next.push_str(&out[start..i]);
            } else if bytes[i].is_ascii_uppercase() && (i == 0 || !is_word(bytes[i - 1])) {
                let start = i;
                while i < bytes.len() && (is_word(bytes[i]) || bytes[i] == b':') {
                    i += 1;
                }
                let word = &out[start..i];
                match aliases.iter().find(|(n, _)| n == word) {
                    Some((_, def)) => {
                        next.push_str(def);
                        changed = true;
                    }
                    None => next.push_str(word),
                }
            } else {
                let ch = out[i..].chars().next().unwrap_or(' ');
                next.push(ch);
                i += ch.len_utf8();
            }
        }
        out = next;
        if !changed {
            break;
        }
    }
    out
}

/// The first dispatch that accepts the arguments (and the block, or its
/// absence), or Puppet's message for a call none accepts.
fn pick_dispatch(
    name: &str,
    signatures: &[Signature],
    args: &[Value],
    with_block: bool,
) -> Result<usize, String> {
    let index = signatures.iter().position(|s| {
        s.accepts(args)
            && match &s.block {
                None => !with_block,
                Some((_, _, optional)) => with_block || *optional,
            }
    });
    index.ok_or_else(|| {
        if with_block && signatures.iter().all(|s| s.block.is_none()) {
            format!("'{name}' does not expect a block")
        } else {
            kuppet_values::types::describe_signatures(name, signatures, args)
        }
    })
}

/// What a Ruby function's source may read beyond its arguments and the
/// scope (which the compile records): None when nothing.
fn volatile_ruby(text: &str) -> Option<&'static str> {
    const SIGNS: &[(&str, &str)] = &[
        ("Time.", "reads the clock"),
        ("Date.", "reads the clock"),
        ("rand", "draws random numbers"),
        ("Random", "draws random numbers"),
        ("SecureRandom", "draws random numbers"),
        ("ENV[", "reads the environment"),
        ("File.", "reads files"),
        ("Dir.", "reads files"),
        ("IO.", "reads files"),
        ("`", "runs commands"),
        ("system(", "runs commands"),
        ("Open3", "runs commands"),
    ];
    SIGNS
        .iter()
        .find(|(sign, _)| text.contains(sign))
        .map(|(_, why)| *why)
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

fn budget() -> Budget {
    let limits = kuppet_values::budget::limits();
    Budget {
        seconds: kuppet_values::budget::time_left().map(|d| d.as_secs_f64()),
        memory: kuppet_values::budget::active().then_some(limits.max_memory),
    }
}

impl<'a> Compiler<'a> {
    /// The Ruby function `name` of some module, loaded and described.
    pub(crate) fn ruby_function(
        &mut self,
        name: &str,
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<Option<RubyFunction>> {
        if let Some(found) = self.ruby.found.get(name) {
            return Ok(found.clone());
        }
        let Some((path, modern)) = function_file(&self.modules, name) else {
            self.ruby.found.insert(name.to_string(), None);
            return Ok(None);
        };
        // A catalog is reused across nodes only when it depends on nothing
        // but what the compile reads of the node: a Ruby function that may
        // read the clock, randomness, the environment or files makes it
        // the node's own.
        if let Some(why) = std::fs::read_to_string(&path)
            .ok()
            .and_then(|text| volatile_ruby(&text))
        {
            self.reads
                .volatile(&format!("the Ruby function {name} {why}"));
        }
        let path_s = path.to_string_lossy().into_owned();
        let found = if modern {
            let described = self.ruby_run(
                Request::Describe {
                    path: path_s.clone(),
                    name: name.to_string(),
                },
                None,
                e,
                f,
                m,
            )?;
            let (signatures, returns) = self
                .signatures_of(&described, &path)
                .map_err(|msg| self.call_error(msg, e, m))?;
            RubyFunction::Modern {
                path: Rc::from(path_s.as_str()),
                signatures: Rc::new(signatures),
                returns: Rc::new(returns),
            }
        } else {
            self.ruby_run(
                Request::LoadLegacy {
                    path: path_s.clone(),
                    name: name.to_string(),
                },
                None,
                e,
                f,
                m,
            )?;
            RubyFunction::Legacy {
                path: Rc::from(path_s.as_str()),
            }
        };
        self.ruby
            .found
            .insert(name.to_string(), Some(found.clone()));
        Ok(Some(found))
    }

    /// Whether some module has a Ruby function `name` (without loading it).
    pub(crate) fn ruby_function_exists(&self, name: &str) -> bool {
        match self.ruby.found.get(name) {
            Some(found) => found.is_some(),
            None => function_file(&self.modules, name).is_some(),
        }
    }

    /// The dispatches Ruby described, as kuppet signatures.
    #[allow(clippy::type_complexity)]
    fn signatures_of(
        &mut self,
        described: &Value,
        path: &Path,
    ) -> Result<(Vec<Signature>, Vec<(String, Option<PType>)>), String> {
        let bad = || {
            format!(
                "{}: the function's dispatches could not be read",
                path.display()
            )
        };
        let Value::Array(parts) = described else {
            return Err(bad());
        };
        let (Some(Value::Array(dispatches)), Some(Value::Array(locals))) =
            (parts.first(), parts.get(1))
        else {
            return Err(bad());
        };
        let aliases: Vec<(String, String)> = locals
            .iter()
            .filter_map(|l| match l {
                Value::Array(p) => Some((p.first()?.as_str()?.into(), p.get(1)?.as_str()?.into())),
                _ => None,
            })
            .collect();
        let mut sigs = Vec::new();
        let mut returns = Vec::new();
        for d in dispatches.iter() {
            let Value::Array(d) = d else {
                return Err(bad());
            };
            let Some(Value::Array(params)) = d.get(1) else {
                return Err(bad());
            };
            let mut sig = Signature {
                names: Vec::new(),
                types: Vec::new(),
                min: 0,
                max: Some(0),
                block: None,
            };
            for p in params.iter() {
                let Value::Array(p) = p else {
                    return Err(bad());
                };
                let (Some(t), Some(n), Some(kind)) = (
                    p.first().and_then(Value::as_str),
                    p.get(1).and_then(Value::as_str),
                    p.get(2).and_then(Value::as_str),
                ) else {
                    return Err(bad());
                };
                let t = self.ruby_type(t, &aliases, path)?;
                sig.names.push(n.to_string());
                sig.types.push(t);
                match kind {
                    "required" => {
                        sig.min += 1;
                        sig.max = sig.max.map(|x| x + 1);
                    }
                    "optional" => sig.max = sig.max.map(|x| x + 1),
                    "required_repeated" => {
                        sig.min += 1;
                        sig.max = None;
                    }
                    _ => sig.max = None,
                }
            }
            if let Some(Value::Array(b)) = d.get(2) {
                let (Some(t), Some(n)) = (
                    b.first().and_then(Value::as_str),
                    b.get(1).and_then(Value::as_str),
                ) else {
                    return Err(bad());
                };
                let t = self.ruby_type(t, &aliases, path)?;
                sig.block = Some((n.to_string(), t, b.get(2).is_some_and(Value::is_truthy)));
            }
            let method = d
                .first()
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string();
            let rt = match d.get(3).and_then(Value::as_str) {
                Some(t) => Some(self.ruby_type(t, &aliases, path)?),
                None => None,
            };
            returns.push((method, rt));
            sigs.push(sig);
        }
        Ok((sigs, returns))
    }

    fn ruby_type(
        &mut self,
        text: &str,
        aliases: &[(String, String)],
        path: &Path,
    ) -> Result<PType, String> {
        // A parameter typed by a local alias keeps the alias's name (Puppet's
        // messages show `Words = Array[String[1]]`).
        if let Some((name, def)) = aliases.iter().find(|(n, _)| n == text.trim()) {
            let resolved = self.ruby_type(def, aliases, path)?;
            let cell = std::cell::OnceCell::new();
            let _ = cell.set(resolved);
            return Ok(PType::Alias(Rc::new(kuppet_values::types::AliasType {
                name: name.clone(),
                resolved: cell,
            })));
        }
        let text = expand_local_types(text, aliases);
        self.parse_type_string(&text)
            .map_err(|msg| format!("{}: the type '{text}' of a dispatch: {msg}", path.display()))
    }

    /// Calls the Ruby function `name` found by [`Self::ruby_function`].
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn call_ruby_function(
        &mut self,
        name: &str,
        func: RubyFunction,
        args: Vec<Value>,
        lambda: Option<&'a Lambda>,
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<Value> {
        match func {
            RubyFunction::Legacy { path } => {
                if lambda.is_some() {
                    return Err(self.call_error(
                        format!("{name}(): does not accept a block"),
                        e,
                        m,
                    ));
                }
                let wires = args.iter().map(|a| self.wire_of(a)).collect();
                self.ruby_run(
                    Request::CallLegacy {
                        path: path.to_string(),
                        name: name.to_string(),
                        args: wires,
                    },
                    None,
                    e,
                    f,
                    m,
                )
            }
            RubyFunction::Modern {
                path,
                signatures,
                returns,
            } => {
                let with_block = lambda.is_some();
                let index = pick_dispatch(name, &signatures, &args, with_block)
                    .map_err(|msg| self.call_error(msg, e, m))?;
                let wires = args.iter().map(|a| self.wire_of(a)).collect();
                let v = self.ruby_run(
                    Request::Call {
                        path: path.to_string(),
                        name: name.to_string(),
                        index,
                        args: wires,
                        block: with_block,
                    },
                    lambda,
                    e,
                    f,
                    m,
                )?;
                if let Some((method, Some(rt))) = returns.get(index)
                    && !kuppet_values::types::is_instance(rt, &v)
                {
                    let msg = format!(
                        "value returned from function '{method}' has wrong type, {}",
                        kuppet_values::types::describe_mismatch(rt, &v)
                    );
                    return Err(self.call_error(msg, e, m));
                }
                Ok(v)
            }
        }
    }

    /// Runs a request, answering callbacks; Ruby's errors become Puppet's.
    fn ruby_run(
        &mut self,
        req: Request,
        lambda: Option<&'a Lambda>,
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<Value> {
        let mut bridge = Bridge {
            c: self,
            f,
            e,
            m,
            lambda,
            template: false,
        };
        let outcome = kuppet_ruby::run(req, budget(), &mut bridge);
        let r = match outcome {
            Ok(r) => r,
            Err(vm) => {
                let msg = format!("{vm}; Ruby's runtime (Debian: libruby3.1) must be installed");
                return Err(self.call_error(msg, e, m));
            }
        };
        match r {
            Ok(w) => self
                .value_of_wire(w)
                .map_err(|msg| self.call_error(msg, e, m)),
            Err(err) => {
                if let ErrorKind::Kept(id) = err.kind
                    && let Some(Some(flow)) = self.ruby.kept.get_mut(id as usize).map(Option::take)
                {
                    return Err(flow);
                }
                // Puppet's own errors (`raise Puppet::ParseError`) are the
                // module's message to its users, as Puppet shows them; any
                // other Ruby error is a bug, shown with the Ruby file and line.
                let puppet_error = matches!(&err.kind, ErrorKind::Raised { class } if class.starts_with("Puppet::"));
                let at = match (&err.file, err.line) {
                    (Some(file), Some(line)) if !puppet_error => format!(" (Ruby: {file}:{line})"),
                    _ => String::new(),
                };
                let flow = self.call_error(format!("{}{at}", err.message), e, m);
                Err(match (err.kind, flow) {
                    (ErrorKind::Budget, Flow::Error(x)) => {
                        Flow::Error(Box::new(x.with_code("BUDGET_EXCEEDED")))
                    }
                    (_, flow) => flow,
                })
            }
        }
    }

    fn keep(&mut self, flow: Flow) -> Raise {
        let message = match &flow {
            Flow::Error(err) => err.message.clone(),
            _ => "a break, next or return crossed a Ruby function".to_string(),
        };
        self.ruby.kept.push(Some(flow));
        Raise {
            kept: Some(self.ruby.kept.len() as u64 - 1),
            message,
        }
    }

    fn opaque(&mut self, v: &Value, kind: OpaqueKind) -> Wire {
        self.ruby.opaques.push(v.clone());
        Wire::Opaque(Opaque {
            id: self.ruby.opaques.len() as u64 - 1,
            kind,
            text: v.to_display(),
        })
    }

    /// A value as it crosses into Ruby.
    pub(crate) fn wire_of(&mut self, v: &Value) -> Wire {
        match v {
            Value::Undef => Wire::Undef,
            Value::Default => Wire::Default,
            Value::Bool(b) => Wire::Bool(*b),
            Value::Integer(i) => Wire::Int(*i),
            Value::Float(x) => Wire::Float(*x),
            Value::String(s) => Wire::Str(s.to_string()),
            Value::Regex(r) => Wire::Regexp(r.source.clone()),
            Value::Array(items) => Wire::Array(items.iter().map(|i| self.wire_of(i)).collect()),
            Value::Hash(h) => Wire::Hash(
                h.iter()
                    .map(|(k, v)| (self.wire_of(k), self.wire_of(v)))
                    .collect(),
            ),
            Value::Sensitive(inner) => Wire::Sensitive(Box::new(self.wire_of(inner))),
            Value::Timespan(n) => Wire::Timespan(*n),
            Value::Timestamp(n) => Wire::Timestamp(*n),
            Value::Binary(b) => Wire::Binary(b.to_vec()),
            Value::Type(t) => {
                let kind = match &**t {
                    PType::Resource {
                        type_name: Some(_), ..
                    }
                    | PType::Class { name: Some(_) } => OpaqueKind::Resource,
                    _ => OpaqueKind::Type,
                };
                self.opaque(v, kind)
            }
            Value::SemVer(_) => self.opaque(v, OpaqueKind::SemVer),
            Value::SemVerRange(_) => self.opaque(v, OpaqueKind::SemVerRange),
        }
    }

    /// A value back from Ruby.
    pub(crate) fn value_of_wire(&mut self, w: Wire) -> Result<Value, String> {
        Ok(match w {
            Wire::Undef => Value::Undef,
            Wire::Default => Value::Default,
            Wire::Bool(b) => Value::Bool(b),
            Wire::Int(i) => Value::Integer(i),
            Wire::Float(x) => Value::Float(x),
            Wire::Str(s) => {
                kuppet_values::budget::check_size("a string from a Ruby function", s.len())
                    .map_err(|x| x.to_string())?;
                Value::string(s)
            }
            Wire::Regexp(src) => Value::Regex(Rc::new(RegexValue::new(&src)?)),
            Wire::Array(items) => Value::array(
                items
                    .into_iter()
                    .map(|i| self.value_of_wire(i))
                    .collect::<Result<_, _>>()?,
            ),
            Wire::Hash(pairs) => {
                let mut map = IndexMap::with_capacity(pairs.len());
                for (k, v) in pairs {
                    map.insert(self.value_of_wire(k)?, self.value_of_wire(v)?);
                }
                Value::hash(map)
            }
            Wire::Sensitive(inner) => Value::Sensitive(Rc::new(self.value_of_wire(*inner)?)),
            Wire::Timespan(n) => Value::Timespan(n),
            Wire::Timestamp(n) => Value::Timestamp(n),
            Wire::Binary(b) => Value::Binary(Rc::new(b)),
            Wire::Opaque(o) => self
                .ruby
                .opaques
                .get(o.id as usize)
                .cloned()
                .ok_or_else(|| {
                    format!("a Ruby value refers to an unknown kuppet value #{}", o.id)
                })?,
        })
    }
}

/// The compile thread's side of a Ruby call: the call's frame, location and
/// lambda.
struct Bridge<'c, 'a, 'f> {
    c: &'c mut Compiler<'a>,
    f: &'f mut Frame,
    e: &'a Expr,
    m: &'a Manifest,
    lambda: Option<&'a Lambda>,
    /// Serving a template: variables and functions as the native ERB
    /// interpreter's host sees them (`crate::erb::ScopeHost`).
    template: bool,
}

impl Bridge<'_, '_, '_> {
    fn values(&mut self, args: Vec<Wire>) -> Result<Vec<Value>, Raise> {
        args.into_iter()
            .map(|w| self.c.value_of_wire(w))
            .collect::<Result<_, _>>()
            .map_err(|message| Raise {
                kept: None,
                message,
            })
    }

    fn answer(&mut self, r: EResult<Value>) -> Result<Wire, Raise> {
        match r {
            Ok(v) => Ok(self.c.wire_of(&v)),
            Err(flow) => Err(self.c.keep(flow)),
        }
    }
}

impl<'a> Bridge<'_, 'a, '_> {
    fn scope_host(&mut self) -> crate::erb::ScopeHost<'_, 'a> {
        crate::erb::ScopeHost {
            c: self.c,
            f: self.f,
            e: self.e,
            m: self.m,
        }
    }
}

/// The function a native function's lambda calls to run a Ruby block.
pub(crate) const RUBY_BLOCK_FUNCTION: &str = "kuppet_internal::ruby_block";
/// The file name of the lambdas kuppet makes for Ruby blocks.
const RUBY_BLOCK_FILE: &str = "<Ruby block>";

impl<'a> Compiler<'a> {
    /// A Puppet lambda of as many parameters as the Ruby block takes (its
    /// required ones, at least one when it takes a splat) whose body calls
    /// the block `id` back in Ruby; with the call expression and manifest
    /// it belongs to.
    fn ruby_block_lambda(&mut self, id: u64, arity: i64) -> (&'a Lambda, &'a Expr, &'a Manifest) {
        let n = if arity >= 0 {
            arity
        } else {
            (-arity - 1).max(1)
        };
        let params: Vec<String> = (0..n.min(16)).map(|i| format!("$a{i}")).collect();
        let source = format!(
            "[].each |{}| {{ {RUBY_BLOCK_FUNCTION}({id}{}{}) }}\n",
            params.join(", "),
            if params.is_empty() { "" } else { ", " },
            params.join(", ")
        );
        let parsed = kuppet_syntax::parse(RUBY_BLOCK_FILE, &source)
            .unwrap_or_else(|d| panic!("kuppet's own lambda does not parse: {}", d.headline()));
        let m: &'a Manifest = self.arena.alloc(parsed);
        let e = &m.program.body[0];
        match &e.kind {
            kuppet_syntax::ast::ExprKind::CallMethod {
                lambda: Some(l), ..
            } => (l, e, m),
            _ => unreachable!("kuppet's own lambda is a method call with a lambda"),
        }
    }

    /// `kuppet_internal::ruby_block(id, args...)`: the body of such a lambda.
    pub(crate) fn call_ruby_block(
        &mut self,
        args: Vec<Value>,
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<Value> {
        let Some(Value::Integer(id)) = args.first() else {
            return Err(self.call_error("a Ruby block without its id", e, m));
        };
        let id = *id as u64;
        let wires = args[1..].iter().map(|a| self.wire_of(a)).collect();
        self.ruby_run(Request::Block { id, args: wires }, None, e, f, m)
    }

    /// Renders an ERB template in the embedded Ruby (Ruby's own ERB over a
    /// wrapper like Puppet's), in the calling scope of `f`.
    pub(crate) fn render_erb_ruby(
        &mut self,
        file: Option<&str>,
        label: &str,
        source: &str,
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> Result<String, kuppet_erb::ErbError> {
        use kuppet_erb::{ErbError, ErrorKind as ErbKind, RClass};
        // As for functions: Ruby that may read the clock, randomness, the
        // environment or files makes the catalog the node's own.
        if let Some(why) = volatile_ruby(source) {
            self.reads
                .volatile(&format!("the template {label} rendered in Ruby {why}"));
        }
        let mut bridge = Bridge {
            c: self,
            f,
            e,
            m,
            lambda: None,
            template: true,
        };
        let req = Request::Template {
            file: file.map(str::to_string),
            source: source.to_string(),
        };
        let outcome = kuppet_ruby::run(req, budget(), &mut bridge);
        let err = match outcome {
            Ok(Ok(Wire::Str(s))) => {
                kuppet_values::budget::check_size("a rendered template", s.len()).map_err(|x| {
                    ErbError::new(ErbKind::Budget(x.code()), label, 0, x.to_string())
                })?;
                return Ok(s);
            }
            Ok(Ok(other)) => {
                return Err(ErbError::new(
                    ErbKind::Raised(RClass::TypeError),
                    label,
                    0,
                    format!("the template rendered something else than a String: {other:?}"),
                ));
            }
            Ok(Err(err)) => err,
            Err(vm) => {
                return Err(ErbError::new(
                    ErbKind::Unsupported,
                    label,
                    0,
                    format!("{vm}; Ruby's runtime (Debian: libruby3.1) must be installed"),
                ));
            }
        };
        let line = err.line.unwrap_or(0);
        let at = err.file.clone().unwrap_or_else(|| label.to_string());
        let kind = match &err.kind {
            kuppet_ruby::ErrorKind::Budget => ErbKind::Budget("BUDGET_EXCEEDED"),
            kuppet_ruby::ErrorKind::Kept(id) => {
                match self.ruby.kept.get_mut(*id as usize).map(Option::take) {
                    Some(Some(Flow::Error(x))) if x.code != "EVALUATION_ERROR" => {
                        ErbKind::Budget(x.code)
                    }
                    _ => ErbKind::Raised(RClass::RuntimeError),
                }
            }
            kuppet_ruby::ErrorKind::Raised { class } if class == "SyntaxError" => ErbKind::Syntax,
            kuppet_ruby::ErrorKind::Raised { .. } => ErbKind::Raised(RClass::RuntimeError),
        };
        let message = match kind {
            // Ruby's SyntaxError message starts with the file and line.
            ErbKind::Syntax => {
                let prefix = format!("{at}:{line}: ");
                err.message
                    .strip_prefix(&prefix)
                    .unwrap_or(&err.message)
                    .to_string()
            }
            _ => err.message,
        };
        Err(ErbError::new(kind, &at, line, message))
    }
}

impl Host for Bridge<'_, '_, '_> {
    fn callback(&mut self, cb: Callback) -> Result<Wire, Raise> {
        match cb {
            Callback::Call { name, args } => {
                let args = self.values(args)?;
                let r = self
                    .c
                    .call_function(&name, args, None, self.e, self.f, self.m);
                if self.template
                    && let Err(Flow::Error(err)) = &r
                {
                    // A template sees the function's own message (Puppet
                    // shows it as the template's Detail).
                    let message = err
                        .message
                        .strip_prefix("Error while evaluating a Function Call, ")
                        .unwrap_or(&err.message)
                        .to_string();
                    let mut raise = self.c.keep(r.err().unwrap_or(Flow::Break));
                    raise.message = message;
                    return Err(raise);
                }
                self.answer(r)
            }
            Callback::LookupVar { name } if self.template => {
                let mut host = self.scope_host();
                let v = kuppet_erb::Host::lookupvar(&mut host, &name).unwrap_or(Value::Undef);
                Ok(self.c.wire_of(&v))
            }
            Callback::Defined { name } if self.template => {
                let mut host = self.scope_host();
                let v = kuppet_erb::Host::lookupvar(&mut host, name.trim_start_matches('$'));
                Ok(Wire::Bool(v.is_some()))
            }
            Callback::ScopeName => {
                let host = self.scope_host();
                Ok(Wire::Str(kuppet_erb::Host::scope_name(&host)))
            }
            // Comparing the two ERB paths, the native one renders second and
            // sets the variable.
            Callback::SetVar { .. } | Callback::Changed { .. } if crate::erb::comparing() => {
                Ok(Wire::Undef)
            }
            Callback::Changed { name, value } => {
                let now = self.c.value_of_wire(value).map_err(|message| Raise {
                    kept: None,
                    message,
                })?;
                let mut host = self.scope_host();
                if let Some(original) = kuppet_erb::Host::variable(&mut host, &name) {
                    kuppet_erb::Host::changed_in_place(&mut host, &name, &original, now);
                }
                Ok(Wire::Undef)
            }
            Callback::SetVar { name, value } => {
                let v = self.c.value_of_wire(value).map_err(|message| Raise {
                    kept: None,
                    message,
                })?;
                let mut host = self.scope_host();
                match kuppet_erb::Host::setvar(&mut host, &name, v) {
                    Ok(()) => Ok(Wire::Undef),
                    Err(message) => Err(Raise {
                        kept: None,
                        message,
                    }),
                }
            }
            Callback::Variables { only } => {
                let mut host = self.scope_host();
                let vars = match only {
                    Some(names) => names
                        .into_iter()
                        .filter_map(|n| kuppet_erb::Host::variable(&mut host, &n).map(|v| (n, v)))
                        .collect(),
                    None => kuppet_erb::Host::variables(&mut host),
                };
                let pairs = vars
                    .into_iter()
                    .filter(|(k, _)| !k.as_bytes().first().is_some_and(u8::is_ascii_digit))
                    .map(|(k, v)| (Wire::Str(k), self.c.wire_of(&v)))
                    .collect();
                Ok(Wire::Hash(pairs))
            }
            Callback::Dispatch {
                name,
                args,
                block,
                arity,
            } => {
                let args = self.values(args)?;
                let name = name.trim_top();
                // Native functions first, as for any call.
                if self.c.native_function_exists(name) {
                    let (lambda, e, m) = self.c.ruby_block_lambda(block, arity);
                    let r = self.c.call_function(name, args, Some(lambda), e, self.f, m);
                    return match r {
                        Ok(v) => Ok(Wire::Array(vec![
                            Wire::Str("value".into()),
                            self.c.wire_of(&v),
                        ])),
                        Err(Flow::Error(x)) => {
                            // An error of the lambda kuppet made is the
                            // Ruby function's call's.
                            let mut x = *x;
                            if x.location
                                .as_ref()
                                .is_some_and(|l| l.file == RUBY_BLOCK_FILE)
                            {
                                x.location = None;
                                x = x.at(self.m, self.e.span);
                            }
                            Err(self.c.keep(Flow::Error(Box::new(x))))
                        }
                        Err(flow) => Err(self.c.keep(flow)),
                    };
                }
                match self.c.ruby_function(name, self.e, self.f, self.m) {
                    Ok(Some(RubyFunction::Modern {
                        path, signatures, ..
                    })) => match pick_dispatch(name, &signatures, &args, true) {
                        Ok(i) => Ok(Wire::Array(vec![
                            Wire::Str("ruby".into()),
                            Wire::Int(i as i64),
                            Wire::Str(path.to_string()),
                        ])),
                        Err(message) => Err(Raise {
                            kept: None,
                            message,
                        }),
                    },
                    Ok(Some(RubyFunction::Legacy { .. })) => Err(Raise {
                        kept: None,
                        message: format!("{name}(): does not accept a block"),
                    }),
                    Ok(None) => Err(Raise {
                        kept: None,
                        message: format!("Unknown function: '{name}'"),
                    }),
                    Err(flow) => Err(self.c.keep(flow)),
                }
            }
            Callback::Yield { args } => {
                let args = self.values(args)?;
                let Some(l) = self.lambda else {
                    return Err(Raise {
                        kept: None,
                        message: "no block given (yield)".into(),
                    });
                };
                // A pair yielded to a block of two parameters is spread,
                // as Ruby spreads it into a block's parameters.
                let args = match args.as_slice() {
                    [Value::Array(pair)] if l.params.len() >= 2 && pair.len() >= 2 => pair.to_vec(),
                    _ => args,
                };
                let r = self.c.call_lambda(l, args, self.f, self.m);
                self.answer(r)
            }
            Callback::LookupVar { name } => {
                let name = name.trim_top();
                let v = if name.has_separator() {
                    self.c.lookup_var(name, self.f, self.m, self.e)
                } else {
                    self.f
                        .locals
                        .iter()
                        .rev()
                        .find_map(|l| l.get(name).cloned())
                        .or_else(|| self.c.lookup_in_scope(self.f.scope, name))
                        .unwrap_or(Value::Undef)
                };
                Ok(self.c.wire_of(&v))
            }
            Callback::Defined { name } => {
                let v = Value::string(format!("${}", name.trim_start_matches('$')));
                Ok(Wire::Bool(self.c.is_defined(&v, self.f, self.m, self.e)))
            }
            Callback::HasFunction { name } => Ok(Wire::Bool(self.c.function_exists(&name))),
            Callback::Log { level, message } => {
                let level = match level.as_str() {
                    "notice" => "Notice",
                    "err" => "Error",
                    _ => "Warning",
                };
                self.c.logs.push((level, message));
                Ok(Wire::Undef)
            }
            Callback::Type { text } => match self.c.parse_type_string(&text) {
                Ok(t) => Ok(self.c.wire_of(&Value::from_type(t))),
                Err(message) => Err(Raise {
                    kept: None,
                    message,
                }),
            },
            Callback::Infer { value, set } => {
                let v = self.c.value_of_wire(value).map_err(|message| Raise {
                    kept: None,
                    message,
                })?;
                let t = if set {
                    kuppet_values::types::infer_set(&v)
                } else {
                    kuppet_values::types::infer(&v)
                };
                Ok(self.c.wire_of(&Value::from_type(t)))
            }
            Callback::Instance { t, value } => {
                let t = self.c.value_of_wire(t).map_err(|message| Raise {
                    kept: None,
                    message,
                })?;
                let v = self.c.value_of_wire(value).map_err(|message| Raise {
                    kept: None,
                    message,
                })?;
                match t {
                    Value::Type(t) => Ok(Wire::Bool(kuppet_values::types::is_instance(&t, &v))),
                    _ => Err(Raise {
                        kept: None,
                        message: "instance? of something else than a type".into(),
                    }),
                }
            }
            Callback::String { value } => {
                let v = self.c.value_of_wire(value).map_err(|message| Raise {
                    kept: None,
                    message,
                })?;
                Ok(Wire::Str(v.to_display()))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_types_are_expanded_by_whole_names() {
        let aliases = vec![
            ("Num".to_string(), "Variant[Integer, Float]".to_string()),
            ("Pair".to_string(), "Tuple[Num, Num]".to_string()),
        ];
        assert_eq!(
            expand_local_types("Array[Pair]", &aliases),
            "Array[Tuple[Variant[Integer, Float], Variant[Integer, Float]]]"
        );
        assert_eq!(expand_local_types("Numeric", &aliases), "Numeric");
        assert_eq!(expand_local_types("Enum['Num']", &aliases), "Enum['Num']");
    }
}
