//! The evaluator: runs a template's syntax tree with Ruby's semantics —
//! local variables and blocks, instance variables backed by the Puppet scope,
//! control flow (`if`, `case`, loops, `next`/`break`/`return`, `rescue`),
//! assignments, and method calls (dispatched by [`super::methods`]).

use super::ast::*;
use super::format;
use super::value::{MatchData, RClass, RException, RHash, RRange, RRegexp, RString, RValue};
use super::{ErbError, ErrorKind, Host};
use kuppet_values::value::Value;
use rustc_hash::{FxHashMap, FxHashSet};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// Nested method calls and blocks before the template is refused.
const MAX_CALL_DEPTH: u32 = 200;
/// The longest string or array a template may build: the compile's
/// per-value cap (`kuppet_values::budget`).
pub(crate) fn max_size() -> usize {
    kuppet_values::budget::limits().max_bytes
}

/// How evaluation leaves an expression other than with a value.
#[derive(Debug)]
pub(crate) enum Ctl {
    Error(Box<ErbError>),
    Next(RValue),
    Break(RValue),
    Return(RValue),
}

pub type R<T> = Result<T, Ctl>;

impl From<ErbError> for Ctl {
    fn from(e: ErbError) -> Ctl {
        Ctl::Error(Box::new(e))
    }
}

/// Where an `op=` assignment reads and writes.
enum Place {
    Local(Rc<str>),
    Ivar(Rc<str>),
    Attr {
        recv: RValue,
        args: Vec<RValue>,
        getter: String,
        setter: String,
    },
}

/// A block given to a method: a literal block, or `&:name`.
#[derive(Clone)]
pub(crate) enum Blk {
    Block(Rc<Block>),
    Sym(Rc<str>),
    /// An Enumerator collecting what its method yields (the block gives nil).
    Collect(Rc<RefCell<Vec<RValue>>>),
    /// `with_index(offset)`: yields what the method yields and the index.
    WithIndex(Rc<Blk>, Rc<Cell<i64>>),
    /// `with_object(memo)`: yields what the method yields and the memo.
    WithObject(Rc<Blk>, RValue),
}

/// Local variables of a method body or block.
struct Frame {
    vars: Vec<(Rc<str>, RValue)>,
    /// A method body: lookups stop here.
    hard: bool,
}

pub(crate) struct Interp<'h> {
    pub host: &'h mut dyn Host,
    pub file: Rc<str>,
    /// `_erbout`: the output buffer (a Ruby string, as in ERB's script).
    out: Rc<RString>,
    /// `$!`: the exception being rescued.
    error_info: Option<RValue>,
    frames: Vec<Frame>,
    /// Instance variables read (converted once) or assigned by the template.
    ivars: FxHashMap<Rc<str>, RValue>,
    /// The arrays and hashes read from the scope as `@name`, with the Ruby
    /// objects made of them: Puppet hands templates its own objects, so
    /// what a template changes in them is changed in the catalog too.
    shared: Vec<(Rc<str>, Value, RValue)>,
    /// Instance variables the template assigned (defined even when nil).
    assigned: FxHashSet<Rc<str>>,
    /// Methods the template defined with `def`.
    methods: FxHashMap<Rc<str>, Rc<Def>>,
    /// `$~`: the last successful match.
    pub last_match: Option<Rc<MatchData>>,
    regex_cache: FxHashMap<(String, String), Rc<RRegexp>>,
    depth: u32,
    /// The line being evaluated, for errors raised by methods.
    pub line: u32,
}

impl<'h> Interp<'h> {
    pub fn new(host: &'h mut dyn Host, file: Rc<str>) -> Interp<'h> {
        Interp {
            host,
            file,
            out: Rc::new(RString::default()),
            error_info: None,
            frames: vec![Frame {
                vars: Vec::new(),
                hard: true,
            }],
            ivars: FxHashMap::default(),
            shared: Vec::new(),
            assigned: FxHashSet::default(),
            methods: FxHashMap::default(),
            last_match: None,
            regex_cache: FxHashMap::default(),
            depth: 0,
            line: 1,
        }
    }

    /// Runs the template and returns its output.
    pub fn run(mut self, body: &Body) -> Result<String, ErbError> {
        let buffer = RValue::Str(self.out.clone());
        self.set_local(&Rc::from("_erbout"), buffer);
        let r = self.eval_body(body);
        // Arrays and hashes of the scope the template changed in place.
        for (name, original, object) in std::mem::take(&mut self.shared) {
            let now = crate::convert::to_puppet(&object);
            if now != crate::convert::to_puppet(&crate::convert::from_puppet(&original)) {
                self.host.changed_in_place(&name, &original, now);
            }
        }
        let out = self.out.s.borrow().clone();
        match r {
            Ok(_) | Err(Ctl::Return(_)) => Ok(out),
            Err(Ctl::Error(e)) => Err(*e),
            Err(Ctl::Next(_)) => Err(self.error(ErrorKind::Syntax, "Invalid next")),
            Err(Ctl::Break(_)) => Err(self.error(ErrorKind::Syntax, "Invalid break")),
        }
    }

    // ----- errors

    pub fn error(&self, kind: ErrorKind, message: impl Into<String>) -> ErbError {
        ErbError::new(kind, &self.file, self.line, message)
    }

    /// Raises a Ruby exception.
    pub(crate) fn raise<T>(&self, class: RClass, message: impl Into<String>) -> R<T> {
        Err(self.error(ErrorKind::Raised(class), message).into())
    }

    /// Refuses Ruby the interpreter does not support.
    pub fn unsupported<T>(&self, message: impl Into<String>) -> R<T> {
        Err(self.error(ErrorKind::Unsupported, message).into())
    }

    pub fn limit<T>(&self, message: impl Into<String>) -> R<T> {
        Err(self.error(ErrorKind::Limit, message).into())
    }

    /// Refuses a value that grows past the compile's per-value cap.
    pub fn too_large<T>(&self, what: &str) -> R<T> {
        self.limit(format!(
            "{what} grows past the {} a value may have; if that is meant, raise the limit (kuppet compile --max-value-size)",
            kuppet_values::budget::bytes(max_size())
        ))
    }

    /// One step of the compile's budget (steps, time, memory).
    pub(crate) fn step(&mut self) -> R<()> {
        kuppet_values::budget::tick().map_err(|x| {
            self.error(ErrorKind::Budget(x.code()), x.to_string())
                .into()
        })
    }

    // ----- variables

    fn local(&self, name: &str) -> Option<RValue> {
        for f in self.frames.iter().rev() {
            if let Some((_, v)) = f.vars.iter().rev().find(|(n, _)| n.as_ref() == name) {
                return Some(v.clone());
            }
            if f.hard {
                break;
            }
        }
        None
    }

    pub(crate) fn set_local(&mut self, name: &Rc<str>, v: RValue) {
        let mut target = None;
        for (i, f) in self.frames.iter().enumerate().rev() {
            if f.vars.iter().any(|(n, _)| n == name) {
                target = Some(i);
                break;
            }
            if f.hard {
                break;
            }
        }
        let idx = target.unwrap_or(self.frames.len() - 1);
        let frame = &mut self.frames[idx];
        if let Some(slot) = frame.vars.iter_mut().find(|(n, _)| n == name) {
            slot.1 = v;
        } else {
            frame.vars.push((name.clone(), v));
        }
    }

    /// Binds a name in the innermost frame (block parameters shadow).
    fn bind_local(&mut self, name: &Rc<str>, v: RValue) {
        if let Some(frame) = self.frames.last_mut() {
            if let Some(slot) = frame.vars.iter_mut().find(|(n, _)| n == name) {
                slot.1 = v;
            } else {
                frame.vars.push((name.clone(), v));
            }
        }
    }

    /// `@name`: assigned by the template, else the scope's variable.
    pub(crate) fn ivar(&mut self, name: &str) -> RValue {
        if let Some(v) = self.ivars.get(name) {
            return v.clone();
        }
        let v = match self.host.variable(name) {
            Some(p) => {
                let v = crate::convert::from_puppet(&p);
                if matches!(p, Value::Array(_) | Value::Hash(_)) {
                    self.shared.push((Rc::from(name), p, v.clone()));
                }
                v
            }
            None => RValue::Nil,
        };
        self.ivars.insert(Rc::from(name), v.clone());
        v
    }

    /// A compiled regexp (literals are compiled once).
    pub fn regexp(&mut self, source: &str, flags: &str) -> R<Rc<RRegexp>> {
        let key = (source.to_string(), flags.to_string());
        if let Some(r) = self.regex_cache.get(&key) {
            return Ok(r.clone());
        }
        let r = match super::regex::compile(source, flags) {
            Ok(r) => Rc::new(r),
            Err(msg) => return self.raise(RClass::RegexpError, msg),
        };
        self.regex_cache.insert(key, r.clone());
        Ok(r)
    }

    // ----- evaluation

    pub fn eval_body(&mut self, body: &Body) -> R<RValue> {
        let mut last = RValue::Nil;
        for n in body {
            last = self.eval(n)?;
        }
        Ok(last)
    }

    pub fn eval(&mut self, n: &Node) -> R<RValue> {
        self.step()?;
        self.line = n.line;
        match &n.kind {
            NodeKind::Nil => Ok(RValue::Nil),
            NodeKind::True => Ok(RValue::Bool(true)),
            NodeKind::False => Ok(RValue::Bool(false)),
            NodeKind::SelfRef => Ok(RValue::Wrapper),
            NodeKind::Int(i) => Ok(RValue::Int(*i)),
            NodeKind::Float(f) => Ok(RValue::Float(*f)),
            NodeKind::Str(parts) => Ok(RValue::str(self.interpolate(parts)?)),
            NodeKind::Sym(s) => Ok(RValue::Sym(s.clone())),
            NodeKind::DSym(parts) => Ok(RValue::sym(&self.interpolate(parts)?)),
            NodeKind::Regex(parts, flags) => {
                let source = self.interpolate(parts)?;
                self.line = n.line;
                Ok(RValue::Regexp(self.regexp(&source, flags)?))
            }
            NodeKind::Array(items) => Ok(RValue::array(self.eval_list(items)?)),
            NodeKind::Hash(pairs) => {
                let h = RHash::default();
                for (k, v) in pairs {
                    let k = self.eval(k)?;
                    let v = self.eval(v)?;
                    h.insert(k, v);
                }
                Ok(RValue::hash(h))
            }
            NodeKind::Range(a, b, exclusive) => {
                let start = match a {
                    Some(a) => self.eval(a)?,
                    None => RValue::Nil,
                };
                let end = match b {
                    Some(b) => self.eval(b)?,
                    None => RValue::Nil,
                };
                let ok = matches!(
                    (&start, &end),
                    (
                        RValue::Int(_) | RValue::Float(_) | RValue::Nil,
                        RValue::Int(_) | RValue::Float(_) | RValue::Nil
                    ) | (RValue::Str(_), RValue::Str(_))
                );
                if !ok {
                    self.line = n.line;
                    return self.raise(RClass::ArgumentError, "bad value for range");
                }
                Ok(RValue::Range(Rc::new(RRange {
                    start,
                    end,
                    exclusive: *exclusive,
                })))
            }
            NodeKind::Ivar(name) => Ok(self.ivar(name)),
            NodeKind::Gvar(name) => self.gvar(name),
            NodeKind::NthRef(i) => Ok(self.nth_ref(*i as usize)),
            NodeKind::LVar(name) => Ok(self.local(name).unwrap_or(RValue::Nil)),
            NodeKind::Const(scope, name) => self.constant(scope.as_deref(), name),
            NodeKind::Call(call) => self.eval_call(call, n.line),
            NodeKind::Splat(_) | NodeKind::BlockPass(_) => {
                self.unsupported("a splat or block argument outside an argument list")
            }
            NodeKind::Not(inner) => Ok(RValue::Bool(!self.eval(inner)?.truthy())),
            NodeKind::And(a, b) => {
                let l = self.eval(a)?;
                if l.truthy() { self.eval(b) } else { Ok(l) }
            }
            NodeKind::Or(a, b) => {
                let l = self.eval(a)?;
                if l.truthy() { Ok(l) } else { self.eval(b) }
            }
            NodeKind::Defined(inner) => self.defined(inner),
            NodeKind::Assign(target, value) => {
                let v = self.eval(value)?;
                self.assign(target, v.clone())?;
                Ok(v)
            }
            NodeKind::OpAssign(target, op, value) => self.op_assign(target, op, value),
            NodeKind::MultiAssign(targets, value) => {
                let v = self.eval(value)?;
                let items = match &v {
                    RValue::Array(a) => a.v.borrow().clone(),
                    other => vec![other.clone()],
                };
                for (i, t) in targets.iter().enumerate() {
                    self.assign(t, items.get(i).cloned().unwrap_or(RValue::Nil))?;
                }
                Ok(v)
            }
            NodeKind::If(cond, yes, no) => {
                if self.eval(cond)?.truthy() {
                    self.eval_body(yes)
                } else {
                    self.eval_body(no)
                }
            }
            NodeKind::While { cond, body, until } => {
                loop {
                    if self.eval(cond)?.truthy() == *until {
                        break;
                    }
                    match self.eval_body(body) {
                        Ok(_) | Err(Ctl::Next(_)) => {}
                        Err(Ctl::Break(v)) => return Ok(v),
                        Err(e) => return Err(e),
                    }
                }
                Ok(RValue::Nil)
            }
            NodeKind::Case(subject, whens, else_body) => {
                self.case(subject.as_deref(), whens, else_body.as_ref())
            }
            NodeKind::Begin(b) => self.begin(b),
            NodeKind::Def(def) => {
                self.methods.insert(def.name.clone(), def.clone());
                Ok(RValue::Sym(def.name.clone()))
            }
            NodeKind::Return(v) => {
                let v = match v {
                    Some(v) => self.eval(v)?,
                    None => RValue::Nil,
                };
                Err(Ctl::Return(v))
            }
            NodeKind::Next(v) => {
                let v = match v {
                    Some(v) => self.eval(v)?,
                    None => RValue::Nil,
                };
                Err(Ctl::Next(v))
            }
            NodeKind::Break(v) => {
                let v = match v {
                    Some(v) => self.eval(v)?,
                    None => RValue::Nil,
                };
                Err(Ctl::Break(v))
            }
            NodeKind::Seq(body) => self.eval_body(body),
            // `_erbout.<< "text"` and `_erbout.<<((expr).to_s)`: their value
            // is the buffer, as in Ruby.
            NodeKind::Text(t) => {
                self.out.s.borrow_mut().push_str(t);
                Ok(RValue::Str(self.out.clone()))
            }
            NodeKind::Output(inner) => {
                let v = self.eval(inner)?;
                let s = self.stringify(&v)?;
                if self.out.s.borrow().len() + s.len() > max_size() {
                    return self.too_large("The template's output");
                }
                self.out.s.borrow_mut().push_str(&s);
                Ok(RValue::Str(self.out.clone()))
            }
        }
    }

    /// `value.to_s` as ERB calls it.
    pub fn stringify(&mut self, v: &RValue) -> R<String> {
        Ok(match v {
            RValue::Array(_) | RValue::Hash(_) => self.inspect_value(v)?,
            RValue::Scope => self.host.scope_name(),
            RValue::Wrapper => format!("template[{}]", self.file),
            RValue::Opaque(o) => {
                return self.unsupported(format!(
                    "printing an {} object is not supported",
                    o.class.name()
                ));
            }
            // Ruby prints `#<Enumerator:0x...>`, an address.
            RValue::Enumerator(_) => {
                return self.unsupported("printing an Enumerator (its address) is not supported");
            }
            other => format::to_s(other),
        })
    }

    /// `v.inspect`, failing on values nested too deeply to print.
    pub(crate) fn inspect_value(&self, v: &RValue) -> R<String> {
        match format::try_inspect(v) {
            Some(s) => Ok(s),
            None => self.limit("a value nests too deeply to print"),
        }
    }

    fn interpolate(&mut self, parts: &[StrNode]) -> R<String> {
        let mut s = String::new();
        for p in parts {
            match p {
                StrNode::Lit(l) => s.push_str(l),
                StrNode::Code(body) => {
                    let v = self.eval_body(body)?;
                    s.push_str(&self.stringify(&v)?);
                }
            }
            if s.len() > max_size() {
                return self.too_large("A string");
            }
        }
        Ok(s)
    }

    /// Evaluates a list of values (array elements, arguments), expanding `*x`.
    pub(crate) fn eval_list(&mut self, items: &[Node]) -> R<Vec<RValue>> {
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            match &item.kind {
                NodeKind::Splat(inner) => {
                    let v = self.eval(inner)?;
                    out.extend(self.splat(v)?);
                }
                _ => out.push(self.eval(item)?),
            }
        }
        Ok(out)
    }

    /// `*v`: arrays spread, nil is nothing, hashes give pairs, ranges their items.
    fn splat(&mut self, v: RValue) -> R<Vec<RValue>> {
        Ok(match v {
            RValue::Array(a) => a.v.borrow().clone(),
            RValue::Nil => Vec::new(),
            RValue::Hash(h) => h
                .entries()
                .into_iter()
                .map(|(k, v)| RValue::array(vec![k, v]))
                .collect(),
            RValue::Range(_) | RValue::Enumerator(_) => self.items(&v)?,
            other => vec![other],
        })
    }

    fn gvar(&mut self, name: &str) -> R<RValue> {
        match name {
            "~" => Ok(self.last_match.clone().map_or(RValue::Nil, RValue::Match)),
            "&" => Ok(self.nth_ref(0)),
            "!" => Ok(self.error_info.clone().unwrap_or(RValue::Nil)),
            "`" => Ok(self
                .last_match
                .as_ref()
                .map_or(RValue::Nil, |m| RValue::str(m.pre.clone()))),
            "'" => Ok(self
                .last_match
                .as_ref()
                .map_or(RValue::Nil, |m| RValue::str(m.post.clone()))),
            _ => self.unsupported(format!("the global variable ${name} is not supported")),
        }
    }

    pub(crate) fn nth_ref(&self, i: usize) -> RValue {
        self.last_match
            .as_ref()
            .and_then(|m| m.groups.get(i).cloned().flatten())
            .map_or(RValue::Nil, RValue::str)
    }

    fn constant(&mut self, scope: Option<&Node>, name: &str) -> R<RValue> {
        let full = match scope {
            None => name.to_string(),
            Some(s) => match self.eval(s)? {
                RValue::Class(c) => format!("{}::{name}", c.name()),
                _ => {
                    return self.raise(RClass::TypeError, format!("{name} is not a class/module"));
                }
            },
        };
        let class = match full.as_str() {
            "JSON::ParserError" | "JSON::JSONError" => Some(RClass::JsonParserError),
            "Puppet::Error" => Some(RClass::PuppetError),
            "Puppet::ParseError" => Some(RClass::PuppetParseError),
            "IPAddr::InvalidAddressError" => Some(RClass::IpAddrInvalid),
            other => RClass::by_name(other),
        };
        match class {
            Some(c) => Ok(RValue::Class(c)),
            None => match full.as_str() {
                "RUBY_VERSION" => Ok(RValue::frozen_str("3.1.2")),
                "Float::INFINITY" => Ok(RValue::Float(f64::INFINITY)),
                "Float::NAN" => Ok(RValue::Float(f64::NAN)),
                "Float::EPSILON" => Ok(RValue::Float(f64::EPSILON)),
                "Float::MAX" => Ok(RValue::Float(f64::MAX)),
                "Float::MIN" => Ok(RValue::Float(f64::MIN_POSITIVE)),
                "Regexp::IGNORECASE" => Ok(RValue::Int(1)),
                "Regexp::EXTENDED" => Ok(RValue::Int(2)),
                "Regexp::MULTILINE" => Ok(RValue::Int(4)),
                "Puppet" => self.unsupported("the Puppet module's Ruby API is not supported"),
                _ => self.unsupported(format!("uninitialized constant {full}")),
            },
        }
    }

    // ----- calls

    fn eval_call(&mut self, call: &Call, line: u32) -> R<RValue> {
        let recv = match &call.recv {
            Some(r) => Some(self.eval(r)?),
            None => None,
        };
        if call.safe && recv.as_ref().is_some_and(RValue::is_nil) {
            return Ok(RValue::Nil);
        }
        let mut args = Vec::with_capacity(call.args.len());
        let mut blk = call.block.clone().map(Blk::Block);
        for a in &call.args {
            match &a.kind {
                NodeKind::BlockPass(inner) => match self.eval(inner)? {
                    RValue::Sym(s) => blk = Some(Blk::Sym(s)),
                    RValue::Nil => {}
                    _ => return self.unsupported("only &:symbol block arguments are supported"),
                },
                NodeKind::Splat(inner) => {
                    let v = self.eval(inner)?;
                    args.extend(self.splat(v)?);
                }
                _ => args.push(self.eval(a)?),
            }
        }
        self.line = line;
        let result = match recv {
            Some(r) => self.send(r, &call.name, args, blk.as_ref()),
            None => self.call_self(&call.name, args, blk.as_ref()),
        };
        match result {
            Err(Ctl::Break(v)) if call.block.is_some() => Ok(v),
            other => other,
        }
    }

    /// A call without receiver: a method the template defined, else Kernel's.
    pub(crate) fn call_self(
        &mut self,
        name: &str,
        args: Vec<RValue>,
        blk: Option<&Blk>,
    ) -> R<RValue> {
        if let Some(def) = self.methods.get(name).cloned() {
            if blk.is_some() && def.params.iter().any(|p| matches!(p, Param::Block(_))) {
                return self.unsupported("passing a block to a method the template defines");
            }
            return self.call_def(&def, args);
        }
        self.send(RValue::Wrapper, name, args, blk)
    }

    fn call_def(&mut self, def: &Def, args: Vec<RValue>) -> R<RValue> {
        let required = def
            .params
            .iter()
            .filter(|p| matches!(p, Param::Name(_) | Param::Nested(_)))
            .count();
        let optional = def
            .params
            .iter()
            .filter(|p| matches!(p, Param::Optional(..)))
            .count();
        let rest = def.params.iter().any(|p| matches!(p, Param::Rest(_)));
        if args.len() < required || (!rest && args.len() > required + optional) {
            let expected = if rest {
                format!("{required}+")
            } else if optional > 0 {
                format!("{required}..{}", required + optional)
            } else {
                required.to_string()
            };
            return self.raise(
                RClass::ArgumentError,
                format!(
                    "wrong number of arguments (given {}, expected {expected})",
                    args.len()
                ),
            );
        }
        self.enter()?;
        self.frames.push(Frame {
            vars: Vec::new(),
            hard: true,
        });
        let mut r = self.bind_method_params(&def.params, args);
        if r.is_ok() {
            r = self.eval(&def.body);
        }
        self.frames.pop();
        self.depth -= 1;
        match r {
            Err(Ctl::Return(v)) => Ok(v),
            Err(Ctl::Break(_)) | Err(Ctl::Next(_)) => {
                self.unsupported("break/next outside a block")
            }
            other => other,
        }
    }

    fn bind_method_params(&mut self, params: &[Param], args: Vec<RValue>) -> R<RValue> {
        let required = params
            .iter()
            .filter(|p| matches!(p, Param::Name(_) | Param::Nested(_)))
            .count();
        let mut extra = args.len().saturating_sub(required);
        let mut it = args.into_iter();
        for p in params {
            match p {
                Param::Name(n) => {
                    let v = it.next().unwrap_or(RValue::Nil);
                    self.bind_local(n, v);
                }
                Param::Nested(ps) => {
                    let v = it.next().unwrap_or(RValue::Nil);
                    self.bind_nested(ps, v);
                }
                Param::Optional(n, default) => {
                    let v = if extra > 0 {
                        extra -= 1;
                        it.next().unwrap_or(RValue::Nil)
                    } else {
                        self.eval(default)?
                    };
                    self.bind_local(n, v);
                }
                Param::Rest(n) => {
                    let rest: Vec<RValue> = it.by_ref().take(extra).collect();
                    extra = 0;
                    self.bind_local(n, RValue::array(rest));
                }
                // Only a call without a block gets here (`call_self`).
                Param::Block(n) => self.bind_local(n, RValue::Nil),
            }
        }
        Ok(RValue::Nil)
    }

    fn enter(&mut self) -> R<()> {
        self.depth += 1;
        if self.depth > MAX_CALL_DEPTH || kuppet_values::budget::stack_low() {
            self.depth -= 1;
            return self.limit("stack level too deep");
        }
        Ok(())
    }

    /// Calls a block with arguments (Ruby's block semantics: one array
    /// argument spreads over several parameters; missing ones are nil).
    pub(crate) fn yield_blk(&mut self, blk: &Blk, args: Vec<RValue>) -> R<RValue> {
        match blk {
            Blk::Sym(name) => {
                let mut it = args.into_iter();
                let Some(recv) = it.next() else {
                    return self.raise(RClass::ArgumentError, "no receiver given");
                };
                let name = name.clone();
                self.send(recv, &name, it.collect(), None)
            }
            Blk::Collect(out) => {
                self.step()?;
                if out.borrow().len() >= MAX_ENUM_ITEMS {
                    return self.limit("an enumerator yields too many values");
                }
                out.borrow_mut().push(yielded(args));
                Ok(RValue::Nil)
            }
            Blk::WithIndex(inner, next) => {
                let i = next.get();
                next.set(i.saturating_add(1));
                self.yield_blk(inner, vec![yielded(args), RValue::Int(i)])
            }
            Blk::WithObject(inner, memo) => {
                self.yield_blk(inner, vec![yielded(args), memo.clone()])
            }
            Blk::Block(block) => {
                self.step()?;
                self.enter()?;
                self.frames.push(Frame {
                    vars: Vec::new(),
                    hard: false,
                });
                let args = if block.params.len() > 1
                    || matches!(
                        block.params.first(),
                        Some(Param::Rest(_) | Param::Nested(_))
                    ) {
                    spread(args)
                } else {
                    args
                };
                self.bind_block_params(&block.params, args);
                let r = self.eval_body(&block.body);
                self.frames.pop();
                self.depth -= 1;
                match r {
                    Err(Ctl::Next(v)) => Ok(v),
                    other => other,
                }
            }
        }
    }

    /// Calls a block with one value (`each` on arrays yields each item).
    pub(crate) fn yield1(&mut self, blk: &Blk, v: RValue) -> R<RValue> {
        self.yield_blk(blk, vec![v])
    }

    fn bind_block_params(&mut self, params: &[Param], args: Vec<RValue>) {
        let fixed = params
            .iter()
            .filter(|p| !matches!(p, Param::Rest(_) | Param::Block(_)))
            .count();
        let mut extra = args.len().saturating_sub(fixed);
        let mut it = args.into_iter();
        for p in params {
            match p {
                Param::Name(n) => {
                    let v = it.next().unwrap_or(RValue::Nil);
                    self.bind_local(n, v);
                }
                Param::Optional(n, _) => {
                    let v = it.next().unwrap_or(RValue::Nil);
                    self.bind_local(n, v);
                }
                Param::Nested(ps) => {
                    let v = it.next().unwrap_or(RValue::Nil);
                    self.bind_nested(ps, v);
                }
                Param::Rest(n) => {
                    let rest: Vec<RValue> = it.by_ref().take(extra).collect();
                    extra = 0;
                    self.bind_local(n, RValue::array(rest));
                }
                Param::Block(n) => self.bind_local(n, RValue::Nil),
            }
        }
    }

    fn bind_nested(&mut self, params: &[Param], v: RValue) {
        let items = match v {
            RValue::Array(a) => a.v.borrow().clone(),
            other => vec![other],
        };
        self.bind_block_params(params, items);
    }

    // ----- assignment

    fn assign(&mut self, target: &Node, v: RValue) -> R<()> {
        match &target.kind {
            NodeKind::LVar(name) => {
                self.set_local(name, v);
                Ok(())
            }
            NodeKind::Ivar(name) => {
                self.ivars.insert(name.clone(), v);
                self.assigned.insert(name.clone());
                Ok(())
            }
            NodeKind::Gvar(name) => self.unsupported(format!("assigning ${name} is not supported")),
            NodeKind::Call(call) => {
                let Some(recv) = &call.recv else {
                    return self.unsupported("this assignment is not supported");
                };
                let recv = self.eval(recv)?;
                if call.name.as_ref() == "[]" {
                    let mut args = self.eval_list(&call.args)?;
                    args.push(v);
                    self.line = target.line;
                    self.send(recv, "[]=", args, None)?;
                } else {
                    let setter = format!("{}=", call.name);
                    self.line = target.line;
                    self.send(recv, &setter, vec![v], None)?;
                }
                Ok(())
            }
            _ => self.unsupported("this assignment is not supported"),
        }
    }

    /// `target op= value`: reads the target once (its receiver and index are
    /// evaluated once), then writes the new value.
    fn op_assign(&mut self, target: &Node, op: &str, value: &Node) -> R<RValue> {
        let place = match &target.kind {
            NodeKind::LVar(name) => Place::Local(name.clone()),
            NodeKind::Ivar(name) => Place::Ivar(name.clone()),
            NodeKind::Call(call) if call.recv.is_some() => {
                let recv = match &call.recv {
                    Some(r) => self.eval(r)?,
                    None => RValue::Nil,
                };
                let args = self.eval_list(&call.args)?;
                let (getter, setter) = if call.name.as_ref() == "[]" {
                    ("[]".to_string(), "[]=".to_string())
                } else {
                    (call.name.to_string(), format!("{}=", call.name))
                };
                Place::Attr {
                    recv,
                    args,
                    getter,
                    setter,
                }
            }
            _ => return self.unsupported("this assignment is not supported"),
        };
        self.line = target.line;
        let current = match &place {
            Place::Local(name) => self.local(name).unwrap_or(RValue::Nil),
            Place::Ivar(name) => self.ivar(name),
            Place::Attr {
                recv, args, getter, ..
            } => self.send(recv.clone(), getter, args.clone(), None)?,
        };
        let new = match op {
            "||" => {
                if current.truthy() {
                    return Ok(current);
                }
                self.eval(value)?
            }
            "&&" => {
                if !current.truthy() {
                    return Ok(current);
                }
                self.eval(value)?
            }
            _ => {
                let rhs = self.eval(value)?;
                self.line = target.line;
                self.send(current, op, vec![rhs], None)?
            }
        };
        match place {
            Place::Local(name) => self.set_local(&name, new.clone()),
            Place::Ivar(name) => {
                self.ivars.insert(name.clone(), new.clone());
                self.assigned.insert(name);
            }
            Place::Attr {
                recv,
                mut args,
                setter,
                ..
            } => {
                args.push(new.clone());
                self.send(recv, &setter, args, None)?;
            }
        }
        Ok(new)
    }

    // ----- control flow

    fn case(
        &mut self,
        subject: Option<&Node>,
        whens: &[(Vec<Node>, Body)],
        else_body: Option<&Body>,
    ) -> R<RValue> {
        let subject = match subject {
            Some(s) => Some(self.eval(s)?),
            None => None,
        };
        for (conds, body) in whens {
            let patterns = self.eval_list(conds)?;
            for p in patterns {
                let hit = match &subject {
                    Some(s) => self.case_eq(&p, s)?,
                    None => p.truthy(),
                };
                if hit {
                    return self.eval_body(body);
                }
            }
        }
        match else_body {
            Some(b) => self.eval_body(b),
            None => Ok(RValue::Nil),
        }
    }

    /// `pattern === value`.
    pub(crate) fn case_eq(&mut self, pattern: &RValue, v: &RValue) -> R<bool> {
        Ok(match pattern {
            RValue::Class(c) => v.class().is_subclass_of(*c),
            RValue::Range(r) => super::methods::range_cover(r, v),
            RValue::Regexp(re) => match v {
                RValue::Str(_) | RValue::Sym(_) => {
                    let s = format::to_s(v);
                    self.regex_search(re, &s, 0).is_some()
                }
                _ => false,
            },
            _ => super::value::req(pattern, v),
        })
    }

    fn begin(&mut self, b: &BeginBlock) -> R<RValue> {
        let r = self.eval_body(&b.body);
        let r = match r {
            Err(Ctl::Error(e)) => match &e.kind {
                ErrorKind::Raised(class) => {
                    let class = *class;
                    let mut handled = None;
                    'clauses: for rescue in &b.rescues {
                        let classes = if rescue.classes.is_empty() {
                            vec![RValue::Class(RClass::StandardError)]
                        } else {
                            self.eval_list(&rescue.classes)?
                        };
                        for c in classes {
                            let RValue::Class(c) = c else {
                                return self.raise(
                                    RClass::TypeError,
                                    "class or module required for rescue clause",
                                );
                            };
                            if class.is_subclass_of(c) {
                                handled = Some(rescue);
                                break 'clauses;
                            }
                        }
                    }
                    match handled {
                        Some(rescue) => {
                            let ex = RValue::Exception(Rc::new(RException {
                                class,
                                message: e.message.clone(),
                            }));
                            if let Some(var) = &rescue.var {
                                self.set_local(var, ex.clone());
                            }
                            let saved = self.error_info.replace(ex);
                            let r = self.eval_body(&rescue.body);
                            self.error_info = saved;
                            r
                        }
                        None => Err(Ctl::Error(e)),
                    }
                }
                _ => Err(Ctl::Error(e)),
            },
            Ok(v) => match &b.else_body {
                Some(body) => self.eval_body(body),
                None => Ok(v),
            },
            other => other,
        };
        if let Some(ensure) = &b.ensure {
            self.eval_body(ensure)?;
        }
        r
    }

    fn defined(&mut self, n: &Node) -> R<RValue> {
        let what = match &n.kind {
            NodeKind::Ivar(name) => {
                let set = self.assigned.contains(name.as_ref()) || !self.ivar(name).is_nil();
                set.then_some("instance-variable")
            }
            NodeKind::LVar(_) => Some("local-variable"),
            NodeKind::Gvar(_) => None,
            NodeKind::NthRef(i) => {
                (!self.nth_ref(*i as usize).is_nil()).then_some("global-variable")
            }
            NodeKind::Const(..) => match self.eval(n) {
                Ok(_) => Some("constant"),
                Err(_) => None,
            },
            NodeKind::Call(call) => {
                let known = match &call.recv {
                    None => {
                        self.methods.contains_key(&call.name)
                            || super::methods::responds(&RValue::Wrapper, &call.name)
                    }
                    Some(r) => match self.eval(r) {
                        Ok(v) => super::methods::responds(&v, &call.name),
                        Err(_) => false,
                    },
                };
                known.then_some("method")
            }
            NodeKind::SelfRef => Some("self"),
            NodeKind::Nil => Some("expression"),
            NodeKind::True | NodeKind::False => Some("expression"),
            NodeKind::Assign(..) | NodeKind::OpAssign(..) => Some("assignment"),
            _ => Some("expression"),
        };
        Ok(what.map_or(RValue::Nil, RValue::frozen_str))
    }

    // ----- regexps

    /// Searches `s` from character `from`; sets `$~`.
    pub(crate) fn regex_search(
        &mut self,
        re: &RRegexp,
        s: &str,
        from: usize,
    ) -> Option<Rc<MatchData>> {
        let m = super::regex::search(re, s, from).map(Rc::new);
        self.last_match = m.clone();
        m
    }
}

/// How many values an Enumerator may collect.
const MAX_ENUM_ITEMS: usize = 10_000_000;

/// What a block called by an Enumerator receives for the values yielded:
/// one value as itself, several as an array, none as nil.
fn yielded(mut args: Vec<RValue>) -> RValue {
    match args.len() {
        0 => RValue::Nil,
        1 => args.pop().unwrap_or(RValue::Nil),
        _ => RValue::array(args),
    }
}

/// One array argument spreads over several block parameters.
fn spread(args: Vec<RValue>) -> Vec<RValue> {
    if args.len() == 1
        && let RValue::Array(a) = &args[0]
    {
        return a.v.borrow().clone();
    }
    args
}
