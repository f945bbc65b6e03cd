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

// ---- TEMPORARY STUBS (lead): replaced by the types helper's implementation ----

use super::value::Value;

impl PType {
    /// The built-in type for a capitalized name.
    pub fn from_name(name: &str) -> Option<PType> {
        Some(match name {
            "Any" => PType::Any,
            "Undef" => PType::Undef,
            "Default" => PType::Default,
            "Boolean" => PType::Boolean,
            "Integer" => PType::integer(),
            "Float" => PType::Float {
                min: f64::NEG_INFINITY,
                max: f64::INFINITY,
            },
            "Numeric" => PType::Numeric,
            "String" => PType::String {
                min: 0,
                max: i64::MAX,
            },
            "Scalar" => PType::Scalar,
            "Data" => PType::Data,
            "Array" => PType::Array {
                elem: Box::new(PType::Any),
                min: 0,
                max: i64::MAX,
            },
            "Hash" => PType::Hash {
                key: Box::new(PType::Any),
                value: Box::new(PType::Any),
                min: 0,
                max: i64::MAX,
            },
            "Optional" => PType::Optional(None),
            "Variant" => PType::Variant(Vec::new()),
            "Enum" => PType::Enum {
                values: Vec::new(),
                case_insensitive: false,
            },
            "Pattern" => PType::Pattern(Vec::new()),
            "Regexp" => PType::Regexp(None),
            "Type" => PType::Type(None),
            "Resource" => PType::Resource {
                type_name: None,
                title: None,
            },
            "Class" => PType::Class { name: None },
            _ => return None,
        })
    }
}

/// `Type[args]`.
pub fn parameterize(base: &PType, args: &[Value]) -> Result<PType, String> {
    let int = |v: &Value, d: i64| match v {
        Value::Integer(i) => Ok(*i),
        Value::Default => Ok(d),
        other => Err(format!("expected an Integer, got {}", other.type_name())),
    };
    let ty = |v: &Value| match v {
        Value::Type(t) => Ok((**t).clone()),
        other => Err(format!("expected a Type, got {}", other.type_name())),
    };
    Ok(match base {
        PType::Integer { .. } => PType::Integer {
            min: args
                .first()
                .map(|a| int(a, i64::MIN))
                .transpose()?
                .unwrap_or(i64::MIN),
            max: args
                .get(1)
                .map(|a| int(a, i64::MAX))
                .transpose()?
                .unwrap_or(i64::MAX),
        },
        PType::String { .. } => PType::String {
            min: args.first().map(|a| int(a, 0)).transpose()?.unwrap_or(0),
            max: args
                .get(1)
                .map(|a| int(a, i64::MAX))
                .transpose()?
                .unwrap_or(i64::MAX),
        },
        PType::Optional(_) => PType::Optional(args.first().map(ty).transpose()?.map(Box::new)),
        PType::Array { .. } => PType::Array {
            elem: Box::new(args.first().map(ty).transpose()?.unwrap_or(PType::Any)),
            min: args.get(1).map(|a| int(a, 0)).transpose()?.unwrap_or(0),
            max: args
                .get(2)
                .map(|a| int(a, i64::MAX))
                .transpose()?
                .unwrap_or(i64::MAX),
        },
        PType::Hash { .. } => PType::Hash {
            key: Box::new(args.first().map(ty).transpose()?.unwrap_or(PType::Any)),
            value: Box::new(args.get(1).map(ty).transpose()?.unwrap_or(PType::Any)),
            min: 0,
            max: i64::MAX,
        },
        PType::Variant(_) => PType::Variant(args.iter().map(ty).collect::<Result<_, _>>()?),
        PType::Enum { .. } => PType::Enum {
            values: args.iter().map(|a| a.to_display()).collect(),
            case_insensitive: false,
        },
        other => other.clone(),
    })
}

/// Whether a value is an instance of a type.
pub fn is_instance(t: &PType, v: &Value) -> bool {
    match (t, v) {
        (PType::Any, _) => true,
        (PType::Undef, Value::Undef) => true,
        (PType::Boolean, Value::Bool(_)) => true,
        (PType::Integer { min, max }, Value::Integer(i)) => i >= min && i <= max,
        (PType::Float { .. }, Value::Float(_)) => true,
        (PType::Numeric, Value::Integer(_) | Value::Float(_)) => true,
        (PType::String { min, max }, Value::String(s)) => {
            let n = s.chars().count() as i64;
            n >= *min && n <= *max
        }
        (PType::Enum { values, .. }, Value::String(s)) => values.iter().any(|x| x == &**s),
        (PType::Optional(None), _) => true,
        (PType::Optional(Some(inner)), v) => v.is_undef() || is_instance(inner, v),
        (PType::Variant(ts), v) => ts.iter().any(|t| is_instance(t, v)),
        (PType::Array { elem, min, max }, Value::Array(items)) => {
            let n = items.len() as i64;
            n >= *min && n <= *max && items.iter().all(|i| is_instance(elem, i))
        }
        (PType::Hash { key, value, .. }, Value::Hash(h)) => h
            .iter()
            .all(|(k, v)| is_instance(key, k) && is_instance(value, v)),
        (
            PType::Scalar,
            Value::String(_)
            | Value::Integer(_)
            | Value::Float(_)
            | Value::Bool(_)
            | Value::Regex(_),
        ) => true,
        (PType::Data, v) => !matches!(
            v,
            Value::Type(_) | Value::Regex(_) | Value::Sensitive(_) | Value::Default
        ),
        (PType::Regexp(_), Value::Regex(_)) => true,
        (PType::Type(_), Value::Type(_)) => true,
        (PType::Resource { .. } | PType::Class { .. }, Value::Type(_)) => false,
        (PType::Alias(a), v) => a.resolved.get().is_some_and(|t| is_instance(t, v)),
        _ => false,
    }
}

/// The inferred type of a value.
pub fn infer(v: &Value) -> PType {
    match v {
        Value::Integer(i) => PType::Integer { min: *i, max: *i },
        Value::String(s) => {
            let n = s.chars().count() as i64;
            PType::String { min: n, max: n }
        }
        other => infer_generic(other),
    }
}

/// The generalized inferred type of a value.
pub fn infer_generic(v: &Value) -> PType {
    match v {
        Value::Undef => PType::Undef,
        Value::Default => PType::Default,
        Value::Bool(_) => PType::Boolean,
        Value::Integer(_) => PType::integer(),
        Value::Float(_) => PType::Float {
            min: f64::NEG_INFINITY,
            max: f64::INFINITY,
        },
        Value::String(_) => PType::String {
            min: 0,
            max: i64::MAX,
        },
        Value::Regex(_) => PType::Regexp(None),
        Value::Array(_) => PType::Array {
            elem: Box::new(PType::Any),
            min: 0,
            max: i64::MAX,
        },
        Value::Hash(_) => PType::Hash {
            key: Box::new(PType::Any),
            value: Box::new(PType::Any),
            min: 0,
            max: i64::MAX,
        },
        Value::Type(t) => PType::Type(Some(Box::new((**t).clone()))),
        Value::Sensitive(_) => PType::Sensitive(None),
    }
}

/// "expects an Integer value, got String".
pub fn describe_mismatch(expected: &PType, v: &Value) -> String {
    let name = expected.to_string();
    let article = if "AEIOU".contains(name.chars().next().unwrap_or('x')) {
        "an"
    } else {
        "a"
    };
    format!("expects {article} {name} value, got {}", v.type_name())
}
