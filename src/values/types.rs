//! Puppet's data types: the type model (`PType`), the built-in type names,
//! and how types print (Puppet's `TypeFormatter`). The `types/` submodules
//! hold the rest of the type system: `Type[args]` ([`parameterize`]),
//! instance checks ([`is_instance`]), assignability and normalization
//! ([`is_assignable`]), inference ([`infer`], [`infer_set`],
//! [`infer_generic`]) and the "expects ... got ..." messages
//! ([`describe_mismatch`]).

mod assignable;
mod infer;
mod instance;
mod literal;
mod mismatch;
mod parameterize;

pub use assignable::normalize;
pub(crate) use assignable::{common_type, generalize, is_assignable};
pub use infer::{infer, infer_generic, infer_set};
pub use instance::is_instance;
pub use literal::{literal, literal_with};
pub use mismatch::{
    Signature, describe_mismatch, describe_mismatch_at, describe_signatures, format_subject_errors,
    missing_parameter, unknown_parameter,
};
pub use parameterize::{bad_key_type_name, ruby_class};
pub use parameterize::{capitalize_segments, parameterize, resource_access};

use super::convert::puppet_quote;
use super::value::{RegexValue, format_float};
use std::fmt;
use std::rc::Rc;

/// A Puppet type. Integer bounds use `i64::MIN`/`i64::MAX` (and infinities
/// for floats) for "unbounded", which Puppet prints as `default` or omits.
#[derive(Debug, Clone)]
pub enum PType {
    Any,
    /// The type of "whatever you are" (element type of empty collections).
    Unit,
    Undef,
    Default,
    NotUndef(Option<Box<PType>>),
    /// `Boolean`, or `Boolean[true]`/`Boolean[false]` (what `true` infers to).
    Boolean(Option<bool>),
    Integer {
        min: i64,
        max: i64,
    },
    Float {
        min: f64,
        max: f64,
    },
    Numeric,
    /// `String`, `String[min, max]`, or the type of one string value (what a
    /// string infers to; it prints as `String`).
    String {
        size: Option<Size>,
        value: Option<Rc<str>>,
    },
    /// Values are sorted and unique, as Puppet keeps them.
    Enum {
        values: Vec<String>,
        case_insensitive: bool,
    },
    Pattern(Vec<Rc<RegexValue>>),
    Regexp(Option<Rc<RegexValue>>),
    Scalar,
    ScalarData,
    /// Built-in alias of `Variant[ScalarData, Undef, Hash[String, Data], Array[Data]]`.
    Data,
    /// Built-in alias of (roughly) every value that is not a runtime object.
    RichData,
    Collection {
        size: Option<Size>,
    },
    Array {
        elem: Box<PType>,
        size: Option<Size>,
    },
    Hash {
        key: Box<PType>,
        value: Box<PType>,
        size: Option<Size>,
    },
    Tuple {
        types: Vec<PType>,
        size: Option<Size>,
    },
    Struct(Vec<StructMember>),
    Optional(Option<Box<PType>>),
    Variant(Vec<PType>),
    Type(Option<Box<PType>>),
    Iterable(Option<Box<PType>>),
    Iterator(Option<Box<PType>>),
    /// `Callable` (all callables) or a signature.
    Callable(Option<Rc<CallableSig>>),
    /// `Resource`, `File`, `File['/x']`: a resource type with optional title.
    /// `type_name` is capitalized per segment as Puppet prints it (`File`,
    /// `Foo::Bar`); [`PType::resource_ref`] does that for you.
    Resource {
        type_name: Option<String>,
        title: Option<String>,
    },
    /// `Class` or `Class['name']` (name lowercase, no leading `::`).
    Class {
        name: Option<String>,
    },
    CatalogEntry,
    Sensitive(Option<Box<PType>>),
    Runtime,
    Object,
    Init,
    /// `SemVer` or `SemVer[ranges...]`.
    SemVer(Vec<Rc<super::semver::VersionRange>>),
    SemVerRange,
    /// `Timespan[from, to]` in nanoseconds (`None`: unbounded).
    Timespan {
        from: Option<i64>,
        to: Option<i64>,
    },
    /// `Timestamp[from, to]` in nanoseconds since the epoch.
    Timestamp {
        from: Option<i64>,
        to: Option<i64>,
    },
    Binary,
    Uri,
    Error,
    TypeSet,
    /// `Deferred`: a function call the agent makes (no compiler value is one).
    Deferred,
    /// A named alias (`type Port = Integer[1, 65535]`), resolved lazily.
    Alias(Rc<AliasType>),
}

/// A size constraint of a string or collection, already made non-negative as
/// Puppet does (`to_size`). `max == i64::MAX` means unbounded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Size {
    pub min: i64,
    pub max: i64,
}

impl Size {
    /// A size range from integer bounds (`i64::MIN`/`i64::MAX` = default),
    /// clamped to non-negative numbers like Puppet's `to_size`.
    pub fn new(min: i64, max: i64) -> Size {
        if min >= 0 {
            Size { min, max }
        } else {
            Size {
                min: 0,
                max: max.max(0),
            }
        }
    }

    pub fn exact(n: i64) -> Size {
        Size { min: n, max: n }
    }

    /// `Integer[0, default]`: any size.
    pub(crate) const ANY: Size = Size {
        min: 0,
        max: i64::MAX,
    };

    pub fn contains(&self, n: i64) -> bool {
        n >= self.min && n <= self.max
    }

    /// Whether every size of `other` is in this range.
    pub fn covers(&self, other: &Size) -> bool {
        self.min <= other.min && self.max >= other.max
    }
}

/// One member of a `Struct`: the key and the value type.
#[derive(Debug, Clone)]
pub struct StructMember {
    pub key: String,
    /// The key may be absent: written `Optional['key']`, or the value type
    /// accepts `undef` (and the key was not written `NotUndef['key']`).
    pub optional_key: bool,
    pub value: PType,
}

/// A `Callable` signature: parameter types (a `Tuple`), block and return types.
#[derive(Debug, Clone)]
pub struct CallableSig {
    pub params: PType,
    pub block: Option<PType>,
    pub ret: Option<PType>,
}

/// A type alias and what it resolves to.
#[derive(Debug)]
pub struct AliasType {
    pub name: String,
    pub resolved: std::cell::OnceCell<PType>,
}

impl AliasType {
    /// The resolved type; `Any` while unresolved.
    pub fn resolved_type(&self) -> &PType {
        self.resolved.get().unwrap_or(&PType::Any)
    }
}

/// Puppet's type equality (`eql?`): structural; enum values, variant
/// members and patterns compare as sets; aliases by name.
impl PartialEq for PType {
    fn eq(&self, other: &PType) -> bool {
        use PType as T;
        fn opt_eq(a: &Option<Box<PType>>, b: &Option<Box<PType>>) -> bool {
            match (a, b) {
                (None, None) => true,
                (Some(x), Some(y)) => x == y,
                _ => false,
            }
        }
        fn same_set(a: &[PType], b: &[PType]) -> bool {
            a.len() == b.len() && a.iter().all(|x| b.contains(x))
        }
        match (self, other) {
            (T::NotUndef(a), T::NotUndef(b))
            | (T::Optional(a), T::Optional(b))
            | (T::Type(a), T::Type(b))
            | (T::Iterable(a), T::Iterable(b))
            | (T::Iterator(a), T::Iterator(b))
            | (T::Sensitive(a), T::Sensitive(b)) => opt_eq(a, b),
            (T::Boolean(a), T::Boolean(b)) => a == b,
            (T::Integer { min: a, max: b }, T::Integer { min: c, max: d }) => a == c && b == d,
            (T::Float { min: a, max: b }, T::Float { min: c, max: d }) => a == c && b == d,
            (T::String { size: a, value: b }, T::String { size: c, value: d }) => a == c && b == d,
            (
                T::Enum {
                    values: a,
                    case_insensitive: b,
                },
                T::Enum {
                    values: c,
                    case_insensitive: d,
                },
            ) => a == c && b == d,
            (T::Pattern(a), T::Pattern(b)) => {
                a.len() == b.len() && a.iter().all(|x| b.iter().any(|y| x.source == y.source))
            }
            (T::Regexp(a), T::Regexp(b)) => match (a, b) {
                (None, None) => true,
                (Some(x), Some(y)) => x.source == y.source,
                _ => false,
            },
            (T::Collection { size: a }, T::Collection { size: b }) => a == b,
            (T::Array { elem: a, size: b }, T::Array { elem: c, size: d }) => a == c && b == d,
            (
                T::Hash {
                    key: a,
                    value: b,
                    size: c,
                },
                T::Hash {
                    key: d,
                    value: e,
                    size: g,
                },
            ) => a == d && b == e && c == g,
            (T::Tuple { types: a, size: b }, T::Tuple { types: c, size: d }) => a == c && b == d,
            (T::Struct(a), T::Struct(b)) => {
                a.len() == b.len()
                    && a.iter().zip(b).all(|(x, y)| {
                        x.key == y.key && x.optional_key == y.optional_key && x.value == y.value
                    })
            }
            (T::Variant(a), T::Variant(b)) => same_set(a, b),
            (T::Callable(a), T::Callable(b)) => match (a, b) {
                (None, None) => true,
                (Some(x), Some(y)) => x.params == y.params && x.block == y.block && x.ret == y.ret,
                _ => false,
            },
            (
                T::Resource {
                    type_name: a,
                    title: b,
                },
                T::Resource {
                    type_name: c,
                    title: d,
                },
            ) => {
                b == d
                    && match (a, c) {
                        (None, None) => true,
                        (Some(x), Some(y)) => x.eq_ignore_ascii_case(y),
                        _ => false,
                    }
            }
            (T::Class { name: a }, T::Class { name: b }) => a == b,
            (T::Alias(a), T::Alias(b)) => a.name == b.name,
            (T::SemVer(a), T::SemVer(b)) => a == b,
            (T::Timespan { from: a, to: b }, T::Timespan { from: c, to: d })
            | (T::Timestamp { from: a, to: b }, T::Timestamp { from: c, to: d }) => {
                a == c && b == d
            }
            _ => {
                std::mem::discriminant(self) == std::mem::discriminant(other)
                    && matches!(
                        self,
                        T::Any
                            | T::Unit
                            | T::Undef
                            | T::Default
                            | T::Numeric
                            | T::Scalar
                            | T::ScalarData
                            | T::Data
                            | T::RichData
                            | T::CatalogEntry
                            | T::Runtime
                            | T::Object
                            | T::Init
                            | T::SemVerRange
                            | T::Binary
                            | T::Uri
                            | T::Error
                            | T::TypeSet
                            | T::Deferred
                    )
            }
        }
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

    /// `Float` without bounds.
    pub fn float() -> PType {
        PType::Float {
            min: f64::NEG_INFINITY,
            max: f64::INFINITY,
        }
    }

    /// `String` without constraints.
    pub fn string() -> PType {
        PType::String {
            size: None,
            value: None,
        }
    }

    /// `Boolean`.
    pub fn boolean() -> PType {
        PType::Boolean(None)
    }

    /// `Array` (of `Any`, any size).
    pub fn array() -> PType {
        PType::Array {
            elem: Box::new(PType::Any),
            size: None,
        }
    }

    /// `Array[elem]`.
    pub fn array_of(elem: PType) -> PType {
        PType::Array {
            elem: Box::new(elem),
            size: None,
        }
    }

    /// `Hash` (of `Any` to `Any`, any size).
    pub fn hash() -> PType {
        PType::Hash {
            key: Box::new(PType::Any),
            value: Box::new(PType::Any),
            size: None,
        }
    }

    /// `Hash[key, value]`.
    pub fn hash_of(key: PType, value: PType) -> PType {
        PType::Hash {
            key: Box::new(key),
            value: Box::new(value),
            size: None,
        }
    }

    /// `Optional[t]`.
    pub fn optional(t: PType) -> PType {
        PType::Optional(Some(Box::new(t)))
    }

    /// A resource reference `Type[title]`; the type name is capitalized per
    /// segment (`file` → `File`, `foo::bar` → `Foo::Bar`).
    pub fn resource_ref(type_name: &str, title: &str) -> PType {
        PType::Resource {
            type_name: Some(capitalize_segments(type_name)),
            title: Some(title.to_string()),
        }
    }

    /// A resource type without title (`File`).
    pub fn resource_type(type_name: &str) -> PType {
        PType::Resource {
            type_name: Some(capitalize_segments(type_name)),
            title: None,
        }
    }

    /// A class reference `Class[name]` (name lowercased, leading `::` removed).
    pub fn class_ref(name: &str) -> PType {
        let lower = name.to_lowercase();
        let name = lower.strip_prefix("::").unwrap_or(&lower);
        PType::Class {
            name: Some(name.to_string()),
        }
    }

    /// The built-in type a capitalized name denotes (`Integer`, `String`,
    /// `Optional`, ...; case-insensitively, as Puppet: `InTeGeR` too);
    /// `None` when the name is not a built-in type, so the caller treats it
    /// as a resource type or a type alias.
    pub fn from_name(name: &str) -> Option<PType> {
        Some(match name.to_ascii_lowercase().as_str() {
            "any" => PType::Any,
            "undef" => PType::Undef,
            "default" => PType::Default,
            "notundef" => PType::NotUndef(None),
            "boolean" => PType::Boolean(None),
            "integer" => PType::integer(),
            "float" => PType::float(),
            "numeric" => PType::Numeric,
            "string" => PType::string(),
            "enum" => PType::Enum {
                values: Vec::new(),
                case_insensitive: false,
            },
            "pattern" => PType::Pattern(Vec::new()),
            "regexp" => PType::Regexp(None),
            "scalar" => PType::Scalar,
            "scalardata" => PType::ScalarData,
            "data" => PType::Data,
            "richdata" => PType::RichData,
            "richdatakey" => {
                let resolved = std::cell::OnceCell::new();
                let _ = resolved.set(PType::Variant(vec![PType::string(), PType::Numeric]));
                PType::Alias(Rc::new(AliasType {
                    name: "RichDataKey".into(),
                    resolved,
                }))
            }
            "collection" => PType::Collection { size: None },
            "array" => PType::array(),
            "hash" => PType::hash(),
            "tuple" => PType::Tuple {
                types: Vec::new(),
                size: None,
            },
            "struct" => PType::Struct(Vec::new()),
            "optional" => PType::Optional(None),
            "variant" => PType::Variant(Vec::new()),
            "type" => PType::Type(None),
            "iterable" => PType::Iterable(None),
            "iterator" => PType::Iterator(None),
            "callable" => PType::Callable(None),
            "resource" => PType::Resource {
                type_name: None,
                title: None,
            },
            "class" => PType::Class { name: None },
            "catalogentry" => PType::CatalogEntry,
            "sensitive" => PType::Sensitive(None),
            "runtime" => PType::Runtime,
            "object" => PType::Object,
            "init" => PType::Init,
            "semver" => PType::SemVer(Vec::new()),
            "semverrange" => PType::SemVerRange,
            "timespan" => PType::Timespan {
                from: None,
                to: None,
            },
            "timestamp" => PType::Timestamp {
                from: None,
                to: None,
            },
            "binary" => PType::Binary,
            "uri" => PType::Uri,
            "error" => PType::Error,
            "typeset" => PType::TypeSet,
            "deferred" => PType::Deferred,
            _ => return None,
        })
    }

    /// The simple name of the type (`Integer`, `Array`, ... ) as used in
    /// short messages; resource types give their type name.
    pub(crate) fn simple_name(&self) -> String {
        match self {
            PType::Any => "Any".into(),
            PType::Unit => "Unit".into(),
            PType::Undef => "Undef".into(),
            PType::Default => "Default".into(),
            PType::NotUndef(_) => "NotUndef".into(),
            PType::Boolean(_) => "Boolean".into(),
            PType::Integer { .. } => "Integer".into(),
            PType::Float { .. } => "Float".into(),
            PType::Numeric => "Numeric".into(),
            PType::String { .. } => "String".into(),
            PType::Enum { .. } => "Enum".into(),
            PType::Pattern(_) => "Pattern".into(),
            PType::Regexp(_) => "Regexp".into(),
            PType::Scalar => "Scalar".into(),
            PType::ScalarData => "ScalarData".into(),
            PType::Data => "Data".into(),
            PType::RichData => "RichData".into(),
            PType::Collection { .. } => "Collection".into(),
            PType::Array { .. } => "Array".into(),
            PType::Hash { .. } => "Hash".into(),
            PType::Tuple { .. } => "Tuple".into(),
            PType::Struct(_) => "Struct".into(),
            PType::Optional(_) => "Optional".into(),
            PType::Variant(_) => "Variant".into(),
            PType::Type(_) => "Type".into(),
            PType::Iterable(_) => "Iterable".into(),
            PType::Iterator(_) => "Iterator".into(),
            PType::Callable(_) => "Callable".into(),
            PType::Resource { .. } => "Resource".into(),
            PType::Class { .. } => "Class".into(),
            PType::CatalogEntry => "CatalogEntry".into(),
            PType::Sensitive(_) => "Sensitive".into(),
            PType::Runtime => "Runtime".into(),
            PType::Object => "Object".into(),
            PType::Init => "Init".into(),
            PType::SemVer(_) => "SemVer".into(),
            PType::SemVerRange => "SemVerRange".into(),
            PType::Timespan { .. } => "Timespan".into(),
            PType::Timestamp { .. } => "Timestamp".into(),
            PType::Binary => "Binary".into(),
            PType::Uri => "URI".into(),
            PType::Error => "Error".into(),
            PType::TypeSet => "TypeSet".into(),
            PType::Deferred => "Deferred".into(),
            PType::Alias(a) => a.name.clone(),
        }
    }

    /// The type a built-in alias (`Data`, `RichData`) or a user alias stands for.
    pub fn resolved(&self) -> Option<PType> {
        match self {
            PType::Alias(a) => Some(a.resolved_type().clone()),
            PType::Data => Some(data_variant()),
            PType::RichData => Some(rich_data_variant()),
            _ => None,
        }
    }

    /// Whether this is a type alias (user or built-in `Data`/`RichData`).
    pub(crate) fn is_alias(&self) -> bool {
        matches!(self, PType::Alias(_) | PType::Data | PType::RichData)
    }
}

/// `Variant[ScalarData, Undef, Hash[String, Data], Array[Data]]`.
pub(crate) fn data_variant() -> PType {
    PType::Variant(vec![
        PType::ScalarData,
        PType::Undef,
        PType::hash_of(PType::string(), PType::Data),
        PType::array_of(PType::Data),
    ])
}

/// RichData's definition (types this crate has no values for are left in
/// for assignability).
pub(crate) fn rich_data_variant() -> PType {
    PType::Variant(vec![
        PType::Scalar,
        PType::SemVerRange,
        PType::Binary,
        PType::Sensitive(None),
        PType::Type(None),
        PType::TypeSet,
        PType::Uri,
        PType::Object,
        PType::Undef,
        PType::Default,
        PType::hash_of(
            PType::from_name("RichDataKey").unwrap_or(PType::Any),
            PType::RichData,
        ),
        PType::array_of(PType::RichData),
    ])
}

/// Ruby's `Regexp#inspect` for a regex without options: `/source/` with
/// unescaped slashes escaped.
pub fn regexp_inspect(source: &str) -> String {
    let mut out = String::with_capacity(source.len() + 2);
    out.push('/');
    let mut escaped = false;
    for c in source.chars() {
        if escaped {
            out.push(c);
            escaped = false;
        } else if c == '\\' {
            out.push(c);
            escaped = true;
        } else if c == '/' {
            out.push_str("\\/");
        } else {
            out.push(c);
        }
    }
    out.push('/');
    out
}

fn write_range(f: &mut fmt::Formatter<'_>, min: i64, max: i64) -> fmt::Result {
    if min == i64::MIN {
        write!(f, "default")?;
    } else {
        write!(f, "{min}")?;
    }
    if max != i64::MAX {
        write!(f, ", {max}")?;
    }
    Ok(())
}

/// Formats a type; `expand` > 0 writes user aliases as `Name = Type`
/// (Puppet's `to_alias_expanded_s`), with that many levels of nesting.
struct Fmt<'a> {
    t: &'a PType,
    expand: u8,
    /// The alias being expanded: it is not expanded again inside itself.
    within: Option<&'a str>,
}

impl fmt::Display for Fmt<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.t.write(f, self.expand, self.within)
    }
}

impl PType {
    /// Puppet's `to_alias_expanded_s`: like `to_string`, with user type
    /// aliases written out as `Name = Type`.
    pub fn to_alias_expanded_string(&self) -> String {
        Fmt {
            t: self,
            expand: 4,
            within: None,
        }
        .to_string()
    }

    fn write(&self, f: &mut fmt::Formatter<'_>, expand: u8, within: Option<&str>) -> fmt::Result {
        let sub = |t: &'_ PType| Fmt { t, expand, within }.to_string();
        let list = |ts: &[PType]| ts.iter().map(sub).collect::<Vec<_>>().join(", ");
        // A contained string-value type prints as its quoted value (`Optional['a']`).
        let contained = |t: &PType| match t {
            PType::String { value: Some(v), .. } => puppet_quote(v),
            _ => sub(t),
        };
        match self {
            PType::Boolean(None) => write!(f, "Boolean"),
            PType::Boolean(Some(b)) => write!(f, "Boolean[{b}]"),
            PType::NotUndef(None) => write!(f, "NotUndef"),
            PType::NotUndef(Some(t)) => {
                if matches!(**t, PType::Any) {
                    write!(f, "NotUndef")
                } else {
                    write!(f, "NotUndef[{}]", contained(t))
                }
            }
            PType::Integer { min, max } => {
                if *min == i64::MIN && *max == i64::MAX {
                    write!(f, "Integer")
                } else {
                    write!(f, "Integer[")?;
                    write_range(f, *min, *max)?;
                    write!(f, "]")
                }
            }
            PType::Float { min, max } => {
                if min.is_infinite() && max.is_infinite() {
                    write!(f, "Float")
                } else {
                    write!(f, "Float[")?;
                    if min.is_infinite() {
                        write!(f, "default")?;
                    } else {
                        write!(f, "{}", format_float(*min))?;
                    }
                    if !max.is_infinite() {
                        write!(f, ", {}", format_float(*max))?;
                    }
                    write!(f, "]")
                }
            }
            PType::String { size, .. } => match size {
                None => write!(f, "String"),
                Some(s) => {
                    write!(f, "String[")?;
                    write_range(f, s.min, s.max)?;
                    write!(f, "]")
                }
            },
            PType::Enum {
                values,
                case_insensitive,
            } => {
                if values.is_empty() {
                    return write!(f, "Enum");
                }
                let quoted: Vec<String> = values.iter().map(|v| puppet_quote(v)).collect();
                write!(f, "Enum[{}", quoted.join(", "))?;
                if *case_insensitive {
                    write!(f, ", true")?;
                }
                write!(f, "]")
            }
            PType::Pattern(rs) => {
                if rs.is_empty() {
                    return write!(f, "Pattern");
                }
                let shown: Vec<String> = rs.iter().map(|r| regexp_inspect(&r.source)).collect();
                write!(f, "Pattern[{}]", shown.join(", "))
            }
            PType::Regexp(None) => write!(f, "Regexp"),
            PType::Regexp(Some(r)) => write!(f, "Regexp[{}]", regexp_inspect(&r.source)),
            PType::Collection { size } => match size {
                None => write!(f, "Collection"),
                Some(s) => {
                    write!(f, "Collection[")?;
                    write_range(f, s.min, s.max)?;
                    write!(f, "]")
                }
            },
            PType::Array { elem, size } => {
                if matches!(size, Some(Size { min: 0, max: 0 })) {
                    return write!(f, "Array[0, 0]");
                }
                if size.is_none() && matches!(**elem, PType::Any) {
                    return write!(f, "Array");
                }
                write!(f, "Array[{}", sub(elem))?;
                if let Some(s) = size {
                    write!(f, ", ")?;
                    write_range(f, s.min, s.max)?;
                }
                write!(f, "]")
            }
            PType::Hash { key, value, size } => {
                if matches!(size, Some(Size { min: 0, max: 0 })) {
                    return write!(f, "Hash[0, 0]");
                }
                if size.is_none() && matches!(**key, PType::Any) && matches!(**value, PType::Any) {
                    return write!(f, "Hash");
                }
                write!(f, "Hash[{}, {}", sub(key), sub(value))?;
                if let Some(s) = size {
                    write!(f, ", ")?;
                    write_range(f, s.min, s.max)?;
                }
                write!(f, "]")
            }
            PType::Tuple { types, size } => {
                if types.is_empty() {
                    return write!(f, "Tuple");
                }
                write!(f, "Tuple[{}", list(types))?;
                if let Some(s) = size {
                    write!(f, ", ")?;
                    write_range(f, s.min, s.max)?;
                }
                write!(f, "]")
            }
            PType::Struct(members) => {
                if members.is_empty() {
                    return write!(f, "Struct");
                }
                write!(f, "Struct[{{")?;
                for (i, m) in members.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    let key = puppet_quote(&m.key);
                    let value_optional = is_assignable(&m.value, &PType::Undef);
                    match (m.optional_key, value_optional) {
                        (true, true) | (false, false) => write!(f, "{key}")?,
                        (true, false) => write!(f, "Optional[{key}]")?,
                        (false, true) => write!(f, "NotUndef[{key}]")?,
                    }
                    write!(f, " => {}", sub(&m.value))?;
                }
                write!(f, "}}]")
            }
            PType::Optional(None) => write!(f, "Optional"),
            PType::Optional(Some(t)) => write!(f, "Optional[{}]", contained(t)),
            PType::Variant(ts) => {
                if ts.is_empty() {
                    write!(f, "Variant")
                } else {
                    write!(f, "Variant[{}]", list(ts))
                }
            }
            PType::Type(None) => write!(f, "Type"),
            PType::Type(Some(t)) => write!(f, "Type[{}]", sub(t)),
            PType::Iterable(None) => write!(f, "Iterable"),
            PType::Iterable(Some(t)) => write!(f, "Iterable[{}]", sub(t)),
            PType::Iterator(None) => write!(f, "Iterator"),
            PType::Iterator(Some(t)) => write!(f, "Iterator[{}]", sub(t)),
            PType::Callable(None) => write!(f, "Callable"),
            PType::Callable(Some(sig)) => {
                let (types, size) = match &sig.params {
                    PType::Tuple { types, size } => (types.as_slice(), *size),
                    _ => (&[][..], None),
                };
                let mut parts: Vec<String> = types
                    .iter()
                    .filter(|t| !matches!(t, PType::Unit))
                    .map(sub)
                    .collect();
                if let Some(s) = size {
                    parts.push(s.min.to_string());
                    if s.max != i64::MAX {
                        parts.push(s.max.to_string());
                    }
                } else if types.is_empty() {
                    parts.push("0".into());
                    parts.push("0".into());
                }
                if let Some(b) = &sig.block {
                    parts.push(sub(b));
                }
                match &sig.ret {
                    None => write!(f, "Callable[{}]", parts.join(", ")),
                    Some(r) => write!(f, "Callable[[{}], {}]", parts.join(", "), sub(r)),
                }
            }
            PType::Resource { type_name, title } => match (type_name, title) {
                (None, _) => write!(f, "Resource"),
                (Some(t), None) => write!(f, "{}", capitalize_segments(t)),
                (Some(t), Some(title)) => {
                    write!(f, "{}[{}]", capitalize_segments(t), puppet_quote(title))
                }
            },
            PType::Class { name: None } => write!(f, "Class"),
            PType::Class { name: Some(n) } => write!(f, "Class[{n}]"),
            PType::Sensitive(None) => write!(f, "Sensitive"),
            PType::Sensitive(Some(t)) => {
                if matches!(**t, PType::Any) {
                    write!(f, "Sensitive")
                } else {
                    write!(f, "Sensitive[{}]", sub(t))
                }
            }
            PType::Alias(a) => {
                if expand > 0 && a.name != "RichDataKey" && within != Some(a.name.as_str()) {
                    let inner = Fmt {
                        t: a.resolved_type(),
                        expand: expand - 1,
                        within: Some(&a.name),
                    };
                    write!(f, "{} = {inner}", a.name)
                } else {
                    write!(f, "{}", a.name)
                }
            }
            PType::Object => write!(f, "Object[{{}}]"),
            PType::SemVer(ranges) if !ranges.is_empty() => {
                let parts: Vec<String> = ranges
                    .iter()
                    .map(|r| puppet_quote(&r.to_string()))
                    .collect();
                write!(f, "SemVer[{}]", parts.join(", "))
            }
            PType::Timespan { from, to } | PType::Timestamp { from, to }
                if from.is_some() || to.is_some() =>
            {
                let show = |ns: i64| {
                    let text = match self {
                        PType::Timespan { .. } => super::time::timespan::to_string(ns as i128),
                        _ => super::time::timestamp::to_string(ns as i128),
                    };
                    puppet_quote(&text)
                };
                write!(f, "{}[", self.simple_name())?;
                match from {
                    None => write!(f, "default")?,
                    Some(n) => write!(f, "{}", show(*n))?,
                }
                if let Some(t) = to
                    && Some(*t) != *from
                {
                    write!(f, ", {}", show(*t))?;
                }
                write!(f, "]")
            }
            other => write!(f, "{}", other.simple_name()),
        }
    }
}

impl fmt::Display for PType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, 0, None)
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    // Expected: notice([InTeGeR, Scalardata, Semver, Catalogentry, Notundef, Richdata]) in Puppet 7.
    #[test]
    fn built_in_names_are_case_insensitive() {
        let shown: Vec<String> = [
            "InTeGeR",
            "Scalardata",
            "Semver",
            "Catalogentry",
            "Notundef",
            "Richdata",
        ]
        .iter()
        .map(|n| {
            PType::from_name(n)
                .map(|t| t.to_string())
                .unwrap_or_default()
        })
        .collect();
        assert_eq!(
            shown,
            [
                "Integer",
                "ScalarData",
                "SemVer",
                "CatalogEntry",
                "NotUndef",
                "RichData"
            ]
        );
        assert!(PType::from_name("File").is_none());
        assert!(PType::from_name("Unit").is_none());
    }
}
