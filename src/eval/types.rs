//! Puppet's data types: the type model (`PType`), how types print, and (in
//! `types/` submodules) instance checks, assignability, inference and the
//! "expects ... got ..." mismatch messages.

use super::value::RegexValue;
use std::fmt;
use std::rc::Rc;

/// A Puppet type. Bounds use `i64::MIN`/`i64::MAX` (and infinities for
/// floats) for "unbounded", which Puppet prints as `default` or omits.
#[derive(Debug, Clone)]
pub enum PType {
    Any,
    Unit,
    Undef,
    Default,
    NotUndef(Option<Box<PType>>),
    Boolean,
    Integer {
        min: i64,
        max: i64,
    },
    Float {
        min: f64,
        max: f64,
    },
    Numeric,
    /// `String[min, max]` (size bounds).
    String {
        min: i64,
        max: i64,
    },
    Enum {
        values: Vec<String>,
        case_insensitive: bool,
    },
    Pattern(Vec<Rc<RegexValue>>),
    Regexp(Option<Rc<RegexValue>>),
    Scalar,
    ScalarData,
    Data,
    RichData,
    Collection {
        min: i64,
        max: i64,
    },
    Array {
        elem: Box<PType>,
        min: i64,
        max: i64,
    },
    Hash {
        key: Box<PType>,
        value: Box<PType>,
        min: i64,
        max: i64,
    },
    Tuple {
        types: Vec<PType>,
        min: i64,
        max: i64,
    },
    Struct(Vec<StructMember>),
    Optional(Option<Box<PType>>),
    Variant(Vec<PType>),
    Type(Option<Box<PType>>),
    Iterable(Option<Box<PType>>),
    Iterator(Option<Box<PType>>),
    Callable,
    /// `Resource`, `File`, `File['/x']`: a resource type with optional title.
    Resource {
        type_name: Option<String>,
        title: Option<String>,
    },
    /// `Class` or `Class['name']`.
    Class {
        name: Option<String>,
    },
    CatalogEntry,
    Sensitive(Option<Box<PType>>),
    Runtime,
    Object,
    Init,
    SemVer,
    SemVerRange,
    Timespan,
    Timestamp,
    Binary,
    Error,
    /// A named alias (`type Port = Integer[1, 65535]`), resolved lazily.
    Alias(Rc<AliasType>),
}

/// One member of a `Struct`: the key type (a `String`/`Enum` literal, possibly
/// `Optional[...]`/`NotUndef[...]`) and the value type.
#[derive(Debug, Clone)]
pub struct StructMember {
    pub key: String,
    /// `Optional['key']` keys may be absent.
    pub optional_key: bool,
    pub value: PType,
}

/// A type alias and what it resolves to.
#[derive(Debug)]
pub struct AliasType {
    pub name: String,
    pub resolved: std::cell::OnceCell<PType>,
}

impl PartialEq for PType {
    fn eq(&self, other: &PType) -> bool {
        // Types are equal when they print the same: Puppet's canonical form.
        self.to_string() == other.to_string()
    }
}

impl PType {
    /// `Integer` without bounds.
    pub fn integer() -> PType {
        PType::Integer {
            min: i64::MIN,
            max: i64::MAX,
        }
    }

    /// A resource reference `Type[title]`.
    pub fn resource_ref(type_name: &str, title: &str) -> PType {
        PType::Resource {
            type_name: Some(type_name.to_string()),
            title: Some(title.to_string()),
        }
    }
}

fn bound(out: &mut fmt::Formatter<'_>, v: i64, is_min: bool) -> fmt::Result {
    if (is_min && v == i64::MIN) || (!is_min && v == i64::MAX) {
        write!(out, "default")
    } else {
        write!(out, "{v}")
    }
}

impl fmt::Display for PType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PType::Any => write!(f, "Any"),
            PType::Unit => write!(f, "Unit"),
            PType::Undef => write!(f, "Undef"),
            PType::Default => write!(f, "Default"),
            PType::NotUndef(None) => write!(f, "NotUndef"),
            PType::NotUndef(Some(t)) => write!(f, "NotUndef[{t}]"),
            PType::Boolean => write!(f, "Boolean"),
            PType::Integer { min, max } => {
                if *min == i64::MIN && *max == i64::MAX {
                    write!(f, "Integer")
                } else {
                    write!(f, "Integer[")?;
                    bound(f, *min, true)?;
                    if *max != i64::MAX {
                        write!(f, ", ")?;
                        bound(f, *max, false)?;
                    }
                    write!(f, "]")
                }
            }
            PType::Float { min, max } => {
                if min.is_infinite() && max.is_infinite() {
                    write!(f, "Float")
                } else {
                    let fmt_b = |v: f64| {
                        if v.is_infinite() {
                            "default".to_string()
                        } else {
                            super::value::format_float(v)
                        }
                    };
                    if max.is_infinite() {
                        write!(f, "Float[{}]", fmt_b(*min))
                    } else {
                        write!(f, "Float[{}, {}]", fmt_b(*min), fmt_b(*max))
                    }
                }
            }
            PType::Numeric => write!(f, "Numeric"),
            PType::String { min, max } => {
                if *min <= 0 && *max == i64::MAX {
                    write!(f, "String")
                } else if *max == i64::MAX {
                    write!(f, "String[{min}]")
                } else {
                    write!(f, "String[{min}, {max}]")
                }
            }
            PType::Enum { values, .. } => {
                write!(f, "Enum[")?;
                for (i, v) in values.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    write!(f, "'{v}'")?;
                }
                write!(f, "]")
            }
            PType::Pattern(rs) => {
                write!(f, "Pattern[")?;
                for (i, r) in rs.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    write!(f, "/{}/", r.source)?;
                }
                write!(f, "]")
            }
            PType::Regexp(None) => write!(f, "Regexp"),
            PType::Regexp(Some(r)) => write!(f, "Regexp[/{}/]", r.source),
            PType::Scalar => write!(f, "Scalar"),
            PType::ScalarData => write!(f, "ScalarData"),
            PType::Data => write!(f, "Data"),
            PType::RichData => write!(f, "RichData"),
            PType::Collection { min, max } => {
                if *min <= 0 && *max == i64::MAX {
                    write!(f, "Collection")
                } else {
                    write!(f, "Collection[{min}, ")?;
                    bound(f, *max, false)?;
                    write!(f, "]")
                }
            }
            PType::Array { elem, min, max } => {
                let any_elem = matches!(**elem, PType::Any);
                let no_size = *min <= 0 && *max == i64::MAX;
                match (any_elem, no_size) {
                    (true, true) => write!(f, "Array"),
                    (false, true) => write!(f, "Array[{elem}]"),
                    _ => {
                        write!(f, "Array[{elem}, {min}")?;
                        if *max != i64::MAX {
                            write!(f, ", {max}")?;
                        }
                        write!(f, "]")
                    }
                }
            }
            PType::Hash {
                key,
                value,
                min,
                max,
            } => {
                let any = matches!(**key, PType::Any) && matches!(**value, PType::Any);
                let no_size = *min <= 0 && *max == i64::MAX;
                match (any, no_size) {
                    (true, true) => write!(f, "Hash"),
                    (_, true) => write!(f, "Hash[{key}, {value}]"),
                    _ => {
                        write!(f, "Hash[{key}, {value}, {min}")?;
                        if *max != i64::MAX {
                            write!(f, ", {max}")?;
                        }
                        write!(f, "]")
                    }
                }
            }
            PType::Tuple { types, .. } => {
                write!(f, "Tuple[")?;
                for (i, t) in types.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    write!(f, "{t}")?;
                }
                write!(f, "]")
            }
            PType::Struct(members) => {
                write!(f, "Struct[{{")?;
                for (i, m) in members.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    if m.optional_key {
                        write!(f, "Optional['{}'] => {}", m.key, m.value)?;
                    } else {
                        write!(f, "'{}' => {}", m.key, m.value)?;
                    }
                }
                write!(f, "}}]")
            }
            PType::Optional(None) => write!(f, "Optional"),
            PType::Optional(Some(t)) => write!(f, "Optional[{t}]"),
            PType::Variant(ts) => {
                write!(f, "Variant[")?;
                for (i, t) in ts.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    write!(f, "{t}")?;
                }
                write!(f, "]")
            }
            PType::Type(None) => write!(f, "Type"),
            PType::Type(Some(t)) => write!(f, "Type[{t}]"),
            PType::Iterable(None) => write!(f, "Iterable"),
            PType::Iterable(Some(t)) => write!(f, "Iterable[{t}]"),
            PType::Iterator(None) => write!(f, "Iterator"),
            PType::Iterator(Some(t)) => write!(f, "Iterator[{t}]"),
            PType::Callable => write!(f, "Callable"),
            PType::Resource { type_name, title } => match (type_name, title) {
                (None, _) => write!(f, "Resource"),
                (Some(t), None) => write!(f, "{t}"),
                (Some(t), Some(title)) => write!(f, "{t}['{title}']"),
            },
            PType::Class { name: None } => write!(f, "Class"),
            PType::Class { name: Some(n) } => write!(f, "Class[{n}]"),
            PType::CatalogEntry => write!(f, "CatalogEntry"),
            PType::Sensitive(None) => write!(f, "Sensitive"),
            PType::Sensitive(Some(t)) => write!(f, "Sensitive[{t}]"),
            PType::Runtime => write!(f, "Runtime"),
            PType::Object => write!(f, "Object"),
            PType::Init => write!(f, "Init"),
            PType::SemVer => write!(f, "SemVer"),
            PType::SemVerRange => write!(f, "SemVerRange"),
            PType::Timespan => write!(f, "Timespan"),
            PType::Timestamp => write!(f, "Timestamp"),
            PType::Binary => write!(f, "Binary"),
            PType::Error => write!(f, "Error"),
            PType::Alias(a) => write!(f, "{}", a.name),
        }
    }
}
