//! Ruby values as templates see them: nil, booleans, integers, floats,
//! mutable (or frozen) strings, symbols, arrays, hashes keyed like Ruby's
//! (`eql?`), ranges, regexps and match data, enumerators, classes, exceptions,
//! the `scope`
//! object, and Puppet values Ruby has no equivalent for (types, Sensitive).
//! Also Ruby's equality (`==`, `eql?`) and ordering (`<=>`).

use indexmap::IndexMap;
use kuppet_values::value::{RegexValue, Value};
use std::cell::{Cell, RefCell};
use std::cmp::Ordering;
use std::rc::Rc;

/// How deep equality and ordering look into nested (possibly cyclic) values.
const MAX_COMPARE_DEPTH: u32 = 100;

#[derive(Clone, Debug)]
pub enum RValue {
    Nil,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(Rc<RString>),
    Sym(Rc<str>),
    Array(Rc<RArray>),
    Hash(Rc<RHash>),
    Range(Rc<RRange>),
    Regexp(Rc<RRegexp>),
    Match(Rc<MatchData>),
    Class(RClass),
    Exception(Rc<RException>),
    /// The Puppet scope (`scope`).
    Scope,
    /// The template itself (`self`: Puppet's TemplateWrapper).
    Wrapper,
    /// A Puppet value without a Ruby counterpart (a type, a Sensitive value).
    Puppet(Rc<Value>),
    /// An object of a Ruby library class kuppet only models in part (an
    /// `IPAddr`): it can be created and tested, not printed or used.
    Opaque(Rc<RException>),
    /// An iteration method called without a block (`[1, 2].map`).
    Enumerator(Rc<REnumerator>),
}

/// A Ruby Enumerator: the receiver, the iteration method and its
/// arguments. What it yields is computed when needed, by running the
/// method (see methods/enumerator.rs).
#[derive(Debug)]
pub struct REnumerator {
    pub recv: RValue,
    pub meth: Rc<str>,
    pub args: Vec<RValue>,
}

#[derive(Debug, Default)]
pub struct RString {
    pub s: RefCell<String>,
    pub frozen: Cell<bool>,
}

#[derive(Debug, Default)]
pub struct RArray {
    pub v: RefCell<Vec<RValue>>,
    pub frozen: Cell<bool>,
}

/// A Ruby hash: insertion-ordered, keyed by `eql?`.
#[derive(Debug, Default)]
pub struct RHash {
    pub map: RefCell<IndexMap<HKey, (RValue, RValue)>>,
    /// `Hash.new(default)`.
    pub default: RefCell<Option<RValue>>,
    /// `Hash.new { |hash, key| ... }`.
    pub default_proc: RefCell<Option<Rc<super::ast::Block>>>,
    pub frozen: Cell<bool>,
}

#[derive(Debug)]
pub struct RRange {
    pub start: RValue,
    pub end: RValue,
    pub exclusive: bool,
}

/// A compiled regexp: Ruby's source and flags, and the engine's regex.
#[derive(Debug)]
pub struct RRegexp {
    pub source: String,
    pub flags: String,
    pub regex: RegexValue,
}

/// The result of a successful match (`$~`).
#[derive(Debug, Clone)]
pub struct MatchData {
    /// Group 0 is the whole match.
    pub groups: Vec<Option<String>>,
    pub names: Vec<(String, usize)>,
    pub pre: String,
    pub post: String,
    /// The character offset of the match in the subject.
    pub begin: usize,
}

#[derive(Debug, Clone)]
pub struct RException {
    pub class: RClass,
    pub message: String,
}

/// The classes and modules templates can name or ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RClass {
    BasicObject,
    Object,
    Kernel,
    Comparable,
    Enumerable,
    NilClass,
    TrueClass,
    FalseClass,
    Numeric,
    Integer,
    Float,
    String,
    Symbol,
    Array,
    Hash,
    Range,
    Regexp,
    MatchData,
    Class,
    Module,
    Exception,
    StandardError,
    RuntimeError,
    ArgumentError,
    TypeError,
    NameError,
    NoMethodError,
    ZeroDivisionError,
    IndexError,
    KeyError,
    StopIteration,
    Enumerator,
    ArithmeticSequence,
    RangeError,
    FloatDomainError,
    /// Not a StandardError: `rescue => e` does not catch it.
    NoMemoryError,
    FrozenError,
    RegexpError,
    Json,
    JsonParserError,
    File,
    IpAddr,
    IpAddrInvalid,
    PuppetError,
    PuppetParseError,
    Scope,
    TemplateWrapper,
    /// A Puppet value's class (types, Sensitive...).
    PuppetObject,
}

impl RClass {
    pub fn name(self) -> &'static str {
        match self {
            RClass::BasicObject => "BasicObject",
            RClass::Object => "Object",
            RClass::Kernel => "Kernel",
            RClass::Comparable => "Comparable",
            RClass::Enumerable => "Enumerable",
            RClass::NilClass => "NilClass",
            RClass::TrueClass => "TrueClass",
            RClass::FalseClass => "FalseClass",
            RClass::Numeric => "Numeric",
            RClass::Integer => "Integer",
            RClass::Float => "Float",
            RClass::String => "String",
            RClass::Symbol => "Symbol",
            RClass::Array => "Array",
            RClass::Hash => "Hash",
            RClass::Range => "Range",
            RClass::Regexp => "Regexp",
            RClass::MatchData => "MatchData",
            RClass::Class => "Class",
            RClass::Module => "Module",
            RClass::Exception => "Exception",
            RClass::StandardError => "StandardError",
            RClass::RuntimeError => "RuntimeError",
            RClass::ArgumentError => "ArgumentError",
            RClass::TypeError => "TypeError",
            RClass::NameError => "NameError",
            RClass::NoMethodError => "NoMethodError",
            RClass::ZeroDivisionError => "ZeroDivisionError",
            RClass::IndexError => "IndexError",
            RClass::KeyError => "KeyError",
            RClass::StopIteration => "StopIteration",
            RClass::Enumerator => "Enumerator",
            RClass::ArithmeticSequence => "Enumerator::ArithmeticSequence",
            RClass::RangeError => "RangeError",
            RClass::FloatDomainError => "FloatDomainError",
            RClass::NoMemoryError => "NoMemoryError",
            RClass::FrozenError => "FrozenError",
            RClass::RegexpError => "RegexpError",
            RClass::Json => "JSON",
            RClass::JsonParserError => "JSON::ParserError",
            RClass::File => "File",
            RClass::IpAddr => "IPAddr",
            RClass::IpAddrInvalid => "IPAddr::InvalidAddressError",
            RClass::PuppetError => "Puppet::Error",
            RClass::PuppetParseError => "Puppet::ParseError",
            RClass::Scope => "Puppet::Parser::Scope",
            RClass::TemplateWrapper => "Puppet::Parser::TemplateWrapper",
            RClass::PuppetObject => "Puppet::Pops::Types::PAnyType",
        }
    }

    /// The superclass (None for BasicObject and modules).
    pub(crate) fn superclass(self) -> Option<RClass> {
        Some(match self {
            RClass::BasicObject | RClass::Kernel | RClass::Comparable | RClass::Enumerable => {
                return None;
            }
            RClass::Json => return None,
            RClass::Object => RClass::BasicObject,
            RClass::Integer | RClass::Float => RClass::Numeric,
            RClass::Class => RClass::Module,
            RClass::StandardError | RClass::NoMemoryError => RClass::Exception,
            RClass::RuntimeError
            | RClass::ArgumentError
            | RClass::TypeError
            | RClass::NameError
            | RClass::ZeroDivisionError
            | RClass::IndexError
            | RClass::RangeError
            | RClass::RegexpError
            | RClass::PuppetError => RClass::StandardError,
            RClass::NoMethodError => RClass::NameError,
            RClass::IpAddrInvalid => RClass::ArgumentError,
            RClass::KeyError | RClass::StopIteration => RClass::IndexError,
            RClass::FloatDomainError => RClass::RangeError,
            RClass::FrozenError => RClass::RuntimeError,
            RClass::JsonParserError => RClass::StandardError,
            RClass::PuppetParseError => RClass::PuppetError,
            RClass::ArithmeticSequence => RClass::Enumerator,
            _ => RClass::Object,
        })
    }

    /// Whether instances of `self` are `is_a?(other)`.
    pub fn is_subclass_of(self, other: RClass) -> bool {
        match other {
            RClass::Kernel => return self != RClass::BasicObject,
            RClass::Comparable => {
                return matches!(
                    self,
                    RClass::String | RClass::Integer | RClass::Float | RClass::Numeric
                );
            }
            RClass::Enumerable => {
                return matches!(
                    self,
                    RClass::Array
                        | RClass::Hash
                        | RClass::Range
                        | RClass::Enumerator
                        | RClass::ArithmeticSequence
                );
            }
            _ => {}
        }
        let mut c = Some(self);
        while let Some(k) = c {
            if k == other {
                return true;
            }
            c = k.superclass();
        }
        false
    }

    /// A class by its constant name.
    pub fn by_name(name: &str) -> Option<RClass> {
        Some(match name {
            "BasicObject" => RClass::BasicObject,
            "Object" => RClass::Object,
            "Kernel" => RClass::Kernel,
            "Comparable" => RClass::Comparable,
            "Enumerable" => RClass::Enumerable,
            "NilClass" => RClass::NilClass,
            "TrueClass" => RClass::TrueClass,
            "FalseClass" => RClass::FalseClass,
            "Numeric" => RClass::Numeric,
            // Ruby 3.1 still has the deprecated Fixnum and Bignum (= Integer).
            "Integer" | "Fixnum" | "Bignum" => RClass::Integer,
            "Float" => RClass::Float,
            "String" => RClass::String,
            "Symbol" => RClass::Symbol,
            "Array" => RClass::Array,
            "Hash" => RClass::Hash,
            "Range" => RClass::Range,
            "Regexp" => RClass::Regexp,
            "MatchData" => RClass::MatchData,
            "Class" => RClass::Class,
            "Module" => RClass::Module,
            "Exception" => RClass::Exception,
            "StandardError" => RClass::StandardError,
            "RuntimeError" => RClass::RuntimeError,
            "ArgumentError" => RClass::ArgumentError,
            "TypeError" => RClass::TypeError,
            "NameError" => RClass::NameError,
            "NoMethodError" => RClass::NoMethodError,
            "ZeroDivisionError" => RClass::ZeroDivisionError,
            "IndexError" => RClass::IndexError,
            "KeyError" => RClass::KeyError,
            "StopIteration" => RClass::StopIteration,
            "Enumerator" => RClass::Enumerator,
            "RangeError" => RClass::RangeError,
            "FloatDomainError" => RClass::FloatDomainError,
            "NoMemoryError" => RClass::NoMemoryError,
            "FrozenError" => RClass::FrozenError,
            "RegexpError" => RClass::RegexpError,
            "JSON" => RClass::Json,
            "File" => RClass::File,
            "IPAddr" => RClass::IpAddr,
            _ => return None,
        })
    }
}

/// A hash key: Ruby's `eql?` as a Rust key (1 and 1.0 differ; strings by content).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum HKey {
    Nil,
    Bool(bool),
    Int(i64),
    Float(u64),
    Str(String),
    Sym(Rc<str>),
    Array(Vec<HKey>),
    Range(Box<HKey>, Box<HKey>, bool),
    Class(RClass),
    Regexp(String, String),
    /// Hashes and other objects by content Ruby rarely uses as keys: by identity.
    Id(usize),
}

impl RValue {
    pub fn str(s: impl Into<String>) -> RValue {
        RValue::Str(Rc::new(RString {
            s: RefCell::new(s.into()),
            frozen: Cell::new(false),
        }))
    }

    pub(crate) fn frozen_str(s: impl Into<String>) -> RValue {
        RValue::Str(Rc::new(RString {
            s: RefCell::new(s.into()),
            frozen: Cell::new(true),
        }))
    }

    pub fn sym(s: &str) -> RValue {
        RValue::Sym(Rc::from(s))
    }

    pub fn array(items: Vec<RValue>) -> RValue {
        RValue::Array(Rc::new(RArray {
            v: RefCell::new(items),
            frozen: Cell::new(false),
        }))
    }

    pub fn hash(h: RHash) -> RValue {
        RValue::Hash(Rc::new(h))
    }

    pub(crate) fn truthy(&self) -> bool {
        !matches!(self, RValue::Nil | RValue::Bool(false))
    }

    pub(crate) fn is_nil(&self) -> bool {
        matches!(self, RValue::Nil)
    }

    pub fn class(&self) -> RClass {
        match self {
            RValue::Nil => RClass::NilClass,
            RValue::Bool(true) => RClass::TrueClass,
            RValue::Bool(false) => RClass::FalseClass,
            RValue::Int(_) => RClass::Integer,
            RValue::Float(_) => RClass::Float,
            RValue::Str(_) => RClass::String,
            RValue::Sym(_) => RClass::Symbol,
            RValue::Array(_) => RClass::Array,
            RValue::Hash(_) => RClass::Hash,
            RValue::Range(_) => RClass::Range,
            RValue::Regexp(_) => RClass::Regexp,
            RValue::Match(_) => RClass::MatchData,
            RValue::Class(c) => {
                if c.superclass().is_none() && !matches!(c, RClass::BasicObject) {
                    RClass::Module
                } else {
                    RClass::Class
                }
            }
            RValue::Exception(e) => e.class,
            RValue::Scope => RClass::Scope,
            RValue::Wrapper => RClass::TemplateWrapper,
            RValue::Puppet(_) => RClass::PuppetObject,
            RValue::Opaque(o) => o.class,
            RValue::Enumerator(e) => {
                // `1.step(9, 2)` and `(1..9).step(2)` are arithmetic sequences.
                let numeric = match &e.recv {
                    RValue::Int(_) => true,
                    RValue::Range(r) => matches!(r.start, RValue::Int(_)),
                    _ => false,
                };
                if &*e.meth == "step" && numeric {
                    RClass::ArithmeticSequence
                } else {
                    RClass::Enumerator
                }
            }
        }
    }

    /// The string's content, if a string.
    pub(crate) fn as_string(&self) -> Option<String> {
        match self {
            RValue::Str(s) => Some(s.s.borrow().clone()),
            _ => None,
        }
    }

    /// The key this value has in a hash.
    pub(crate) fn hkey(&self) -> HKey {
        self.hkey_depth(0)
    }

    fn hkey_depth(&self, depth: u32) -> HKey {
        match self {
            RValue::Nil => HKey::Nil,
            RValue::Bool(b) => HKey::Bool(*b),
            RValue::Int(i) => HKey::Int(*i),
            RValue::Float(f) => HKey::Float(if *f == 0.0 { 0 } else { f.to_bits() }),
            RValue::Str(s) => HKey::Str(s.s.borrow().clone()),
            RValue::Sym(s) => HKey::Sym(s.clone()),
            RValue::Array(a) if depth < MAX_COMPARE_DEPTH => HKey::Array(
                a.v.borrow()
                    .iter()
                    .map(|v| v.hkey_depth(depth + 1))
                    .collect(),
            ),
            RValue::Range(r) => HKey::Range(
                Box::new(r.start.hkey_depth(depth + 1)),
                Box::new(r.end.hkey_depth(depth + 1)),
                r.exclusive,
            ),
            RValue::Class(c) => HKey::Class(*c),
            RValue::Regexp(r) => HKey::Regexp(r.source.clone(), r.flags.clone()),
            RValue::Array(a) => HKey::Id(Rc::as_ptr(a) as *const () as usize),
            RValue::Hash(h) => HKey::Id(Rc::as_ptr(h) as *const () as usize),
            RValue::Match(m) => HKey::Id(Rc::as_ptr(m) as *const () as usize),
            RValue::Exception(e) => HKey::Id(Rc::as_ptr(e) as *const () as usize),
            RValue::Puppet(p) => HKey::Str(format!("\u{0}puppet:{}", p.to_display())),
            RValue::Opaque(o) => HKey::Id(Rc::as_ptr(o) as *const () as usize),
            RValue::Enumerator(e) => HKey::Id(Rc::as_ptr(e) as *const () as usize),
            RValue::Scope => HKey::Id(1),
            RValue::Wrapper => HKey::Id(2),
        }
    }

    /// Identity (`equal?`).
    pub fn same(&self, other: &RValue) -> bool {
        match (self, other) {
            (RValue::Str(a), RValue::Str(b)) => Rc::ptr_eq(a, b),
            (RValue::Array(a), RValue::Array(b)) => Rc::ptr_eq(a, b),
            (RValue::Hash(a), RValue::Hash(b)) => Rc::ptr_eq(a, b),
            (RValue::Range(a), RValue::Range(b)) => Rc::ptr_eq(a, b),
            (RValue::Regexp(a), RValue::Regexp(b)) => Rc::ptr_eq(a, b),
            (RValue::Match(a), RValue::Match(b)) => Rc::ptr_eq(a, b),
            (RValue::Exception(a), RValue::Exception(b)) => Rc::ptr_eq(a, b),
            (RValue::Puppet(a), RValue::Puppet(b)) => Rc::ptr_eq(a, b),
            (RValue::Opaque(a), RValue::Opaque(b)) => Rc::ptr_eq(a, b),
            (RValue::Enumerator(a), RValue::Enumerator(b)) => Rc::ptr_eq(a, b),
            (RValue::Float(a), RValue::Float(b)) => a.to_bits() == b.to_bits(),
            _ => req(self, other),
        }
    }
}

impl RHash {
    pub(crate) fn from_pairs(pairs: impl IntoIterator<Item = (RValue, RValue)>) -> RHash {
        let h = RHash::default();
        for (k, v) in pairs {
            h.insert(k, v);
        }
        h
    }

    pub fn get(&self, k: &RValue) -> Option<RValue> {
        self.map.borrow().get(&k.hkey()).map(|(_, v)| v.clone())
    }

    pub fn contains(&self, k: &RValue) -> bool {
        self.map.borrow().contains_key(&k.hkey())
    }

    /// Inserts like Ruby: a new string key is copied and frozen; an existing
    /// key keeps its place.
    pub fn insert(&self, k: RValue, v: RValue) {
        let key = k.hkey();
        let mut map = self.map.borrow_mut();
        if let Some(slot) = map.get_mut(&key) {
            slot.1 = v;
            return;
        }
        let k = match &k {
            RValue::Str(s) if !s.frozen.get() => RValue::frozen_str(s.s.borrow().clone()),
            _ => k,
        };
        map.insert(key, (k, v));
    }

    pub fn remove(&self, k: &RValue) -> Option<RValue> {
        self.map
            .borrow_mut()
            .shift_remove(&k.hkey())
            .map(|(_, v)| v)
    }

    pub fn len(&self) -> usize {
        self.map.borrow().len()
    }

    /// A snapshot of the entries (safe to iterate while the hash changes).
    pub fn entries(&self) -> Vec<(RValue, RValue)> {
        self.map.borrow().values().cloned().collect()
    }

    pub fn keys(&self) -> Vec<RValue> {
        self.map.borrow().values().map(|(k, _)| k.clone()).collect()
    }

    pub fn values(&self) -> Vec<RValue> {
        self.map.borrow().values().map(|(_, v)| v.clone()).collect()
    }
}

/// Ruby's `==`.
pub fn req(a: &RValue, b: &RValue) -> bool {
    eq_depth(a, b, 0, false)
}

/// Ruby's `eql?` (no conversion between integers and floats).
pub(crate) fn reql(a: &RValue, b: &RValue) -> bool {
    eq_depth(a, b, 0, true)
}

fn eq_depth(a: &RValue, b: &RValue, depth: u32, strict: bool) -> bool {
    if depth > MAX_COMPARE_DEPTH {
        return false;
    }
    match (a, b) {
        (RValue::Nil, RValue::Nil) => true,
        (RValue::Bool(x), RValue::Bool(y)) => x == y,
        (RValue::Int(x), RValue::Int(y)) => x == y,
        (RValue::Float(x), RValue::Float(y)) => x == y,
        (RValue::Int(x), RValue::Float(y)) | (RValue::Float(y), RValue::Int(x)) => {
            !strict && (*x as f64) == *y
        }
        (RValue::Str(x), RValue::Str(y)) => Rc::ptr_eq(x, y) || *x.s.borrow() == *y.s.borrow(),
        (RValue::Sym(x), RValue::Sym(y)) => x == y,
        (RValue::Array(x), RValue::Array(y)) => {
            if Rc::ptr_eq(x, y) {
                return true;
            }
            let xs = x.v.borrow().clone();
            let ys = y.v.borrow().clone();
            xs.len() == ys.len()
                && xs
                    .iter()
                    .zip(ys.iter())
                    .all(|(p, q)| eq_depth(p, q, depth + 1, strict))
        }
        (RValue::Hash(x), RValue::Hash(y)) => {
            if Rc::ptr_eq(x, y) {
                return true;
            }
            if x.len() != y.len() {
                return false;
            }
            x.entries().iter().all(|(k, v)| {
                y.get(k)
                    .is_some_and(|w| y.contains(k) && eq_depth(v, &w, depth + 1, strict))
            })
        }
        (RValue::Range(x), RValue::Range(y)) => {
            x.exclusive == y.exclusive
                && eq_depth(&x.start, &y.start, depth + 1, true)
                && eq_depth(&x.end, &y.end, depth + 1, true)
        }
        (RValue::Regexp(x), RValue::Regexp(y)) => x.source == y.source && x.flags == y.flags,
        (RValue::Class(x), RValue::Class(y)) => x == y,
        (RValue::Scope, RValue::Scope) | (RValue::Wrapper, RValue::Wrapper) => true,
        (RValue::Puppet(x), RValue::Puppet(y)) => x == y,
        (RValue::Opaque(x), RValue::Opaque(y)) => Rc::ptr_eq(x, y),
        (RValue::Enumerator(x), RValue::Enumerator(y)) => Rc::ptr_eq(x, y),
        (RValue::Match(x), RValue::Match(y)) => Rc::ptr_eq(x, y),
        (RValue::Exception(x), RValue::Exception(y)) => {
            Rc::ptr_eq(x, y) || (x.class == y.class && x.message == y.message)
        }
        _ => false,
    }
}

/// Ruby's `<=>`: None when the values do not compare.
pub(crate) fn rcmp(a: &RValue, b: &RValue) -> Option<Ordering> {
    cmp_depth(a, b, 0)
}

fn cmp_depth(a: &RValue, b: &RValue, depth: u32) -> Option<Ordering> {
    if depth > MAX_COMPARE_DEPTH {
        return None;
    }
    match (a, b) {
        (RValue::Int(x), RValue::Int(y)) => Some(x.cmp(y)),
        (RValue::Float(x), RValue::Float(y)) => x.partial_cmp(y),
        (RValue::Int(x), RValue::Float(y)) => (*x as f64).partial_cmp(y),
        (RValue::Float(x), RValue::Int(y)) => x.partial_cmp(&(*y as f64)),
        (RValue::Str(x), RValue::Str(y)) => {
            Some(x.s.borrow().as_bytes().cmp(y.s.borrow().as_bytes()))
        }
        (RValue::Sym(x), RValue::Sym(y)) => Some(x.as_bytes().cmp(y.as_bytes())),
        (RValue::Array(x), RValue::Array(y)) => {
            let xs = x.v.borrow().clone();
            let ys = y.v.borrow().clone();
            for (p, q) in xs.iter().zip(ys.iter()) {
                match cmp_depth(p, q, depth + 1)? {
                    Ordering::Equal => {}
                    other => return Some(other),
                }
            }
            Some(xs.len().cmp(&ys.len()))
        }
        _ if req(a, b) => Some(Ordering::Equal),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equality_and_keys() {
        assert!(req(&RValue::Int(1), &RValue::Float(1.0)));
        assert!(!reql(&RValue::Int(1), &RValue::Float(1.0)));
        assert_ne!(RValue::Int(1).hkey(), RValue::Float(1.0).hkey());
        let h = RHash::default();
        h.insert(RValue::str("a"), RValue::Int(1));
        h.insert(RValue::frozen_str("a"), RValue::Int(2));
        assert_eq!(h.len(), 1);
        assert!(matches!(h.get(&RValue::str("a")), Some(RValue::Int(2))));
    }

    #[test]
    fn cyclic_values_do_not_overflow() {
        let a = RValue::array(vec![]);
        if let RValue::Array(inner) = &a {
            inner.v.borrow_mut().push(a.clone());
        }
        assert!(!req(&a, &RValue::array(vec![RValue::Nil])));
        let _ = rcmp(&a, &a);
        let _ = a.hkey();
        if let RValue::Array(inner) = &a {
            inner.v.borrow_mut().clear();
        }
    }
}
