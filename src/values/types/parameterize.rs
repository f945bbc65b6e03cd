//! `Type[args]`: parameterizing a type with Puppet's rules and error messages
//! (the evaluator's access operator on types), including resource and class
//! references (`File['x']`, `Resource['file', 'a', 'b']`, `Class['x']`).
//!
//! Error texts are what Puppet prints after "Evaluation Error: "; messages
//! that Puppet raises as runtime errors carry its "Error while evaluating a
//! '[]' expression, " prefix.

use super::super::value::{RegexValue, Value};
use super::{CallableSig, PType, Size, StructMember, generalize, infer_generic, is_assignable};
use std::rc::Rc;

const EVAL_PREFIX: &str = "Error while evaluating a '[]' expression, ";

/// Puppet's `Type[args]` for every parameterizable built-in type. Resource
/// and class types go through [`resource_access`] (they may give several
/// references); here they are accepted only when the result is one type.
pub fn parameterize(base: &PType, args: &[Value]) -> Result<PType, String> {
    match base {
        PType::Resource { .. } | PType::Class { .. } => match resource_access(base, args)? {
            Value::Type(t) => Ok((*t).clone()),
            other => Err(format!(
                "{base}[] gives {} here, not one type",
                if other.is_undef() {
                    "nothing"
                } else {
                    "several references"
                }
            )),
        },
        PType::Struct(_) => {
            if args.len() != 1 {
                return Err(arity_msg(&type_label_uc(base), 1, Some(1), args.len()));
            }
            match &args[0] {
                Value::Hash(h) => struct_type(h),
                other => Err(specialization_msg(base, other, "Hash")),
            }
        }
        PType::Callable(_) => callable_type(args),
        _ => {
            let keys = flatten(args);
            parameterize_flat(base, &keys)
        }
    }
}

fn flatten(args: &[Value]) -> Vec<Value> {
    fn walk(v: &Value, out: &mut Vec<Value>) {
        match v {
            Value::Array(items) => items.iter().for_each(|i| walk(i, out)),
            other => out.push(other.clone()),
        }
    }
    let mut out = Vec::with_capacity(args.len());
    args.iter().for_each(|a| walk(a, &mut out));
    out
}

fn parameterize_flat(base: &PType, keys: &[Value]) -> Result<PType, String> {
    match base {
        PType::Integer { .. } => {
            if !(1..=2).contains(&keys.len()) {
                return Err(format!(
                    "Integer-Type supports [] with one or two arguments (from, to). Got {}",
                    keys.len()
                ));
            }
            let mut bounds = [i64::MIN, i64::MAX];
            for (i, k) in keys.iter().enumerate() {
                match k {
                    Value::Integer(n) => bounds[i] = *n,
                    Value::Default => {}
                    other => {
                        return Err(format!(
                            "Integer-Type [] requires all arguments to be integers (or default). Got {}",
                            ruby_class(other)
                        ));
                    }
                }
            }
            int_range(bounds[0], bounds[1])
        }
        PType::Float { .. } => {
            if !(1..=2).contains(&keys.len()) {
                return Err(format!(
                    "Float-Type supports [] with one or two arguments (from, to). Got {}",
                    keys.len()
                ));
            }
            let mut bounds = [f64::NEG_INFINITY, f64::INFINITY];
            for (i, k) in keys.iter().enumerate() {
                match k {
                    Value::Integer(n) => bounds[i] = *n as f64,
                    Value::Float(n) => bounds[i] = *n,
                    Value::Default => {}
                    other => {
                        return Err(format!(
                            "Float-Type [] requires all arguments to be floats, or integers (or default). Got {}",
                            ruby_class(other)
                        ));
                    }
                }
            }
            if bounds[0] > bounds[1] {
                return Err(format!(
                    "{EVAL_PREFIX}'from' must be less or equal to 'to'. Got ({}, {}",
                    super::super::value::format_float(bounds[0]),
                    super::super::value::format_float(bounds[1])
                ));
            }
            Ok(PType::Float {
                min: bounds[0],
                max: bounds[1],
            })
        }
        PType::String { .. } => {
            if !(1..=2).contains(&keys.len()) {
                return Err(format!(
                    "String supports [] with one or two arguments. Got {}",
                    keys.len()
                ));
            }
            Ok(PType::String {
                size: Some(size_arg(keys)?),
                value: None,
            })
        }
        PType::Collection { .. } => {
            if !(1..=2).contains(&keys.len()) {
                return Err(arity_msg("Collection-Type", 1, Some(2), keys.len()));
            }
            Ok(PType::Collection {
                size: Some(size_arg(keys)?),
            })
        }
        PType::Array { .. } => match keys.len() {
            1 => match &keys[0] {
                Value::Type(t) => Ok(PType::array_of((**t).clone())),
                other => Err(slice_type_msg("Array-Type", other)),
            },
            2 | 3 => {
                let (elem, size_keys) = match &keys[0] {
                    Value::Type(t) => ((**t).clone(), &keys[1..]),
                    other if keys.len() == 3 => return Err(slice_type_msg("Array-Type", other)),
                    _ => (PType::Any, keys),
                };
                let size = size_arg(size_keys)?;
                Ok(array_sized(elem, size))
            }
            n => Err(arity_msg("Array-Type", 1, Some(3), n)),
        },
        PType::Hash { .. } => {
            if keys.len() == 2
                && let (Value::Integer(a), Value::Integer(b)) = (&keys[0], &keys[1])
            {
                let size = checked_size(*a, *b)?;
                return Ok(hash_sized(PType::Any, PType::Any, Some(size)));
            }
            for k in keys.iter().take(2) {
                if !matches!(k, Value::Type(_)) {
                    return Err(slice_type_msg("Hash-Type", k));
                }
            }
            let (kt, vt) = match (keys.first(), keys.get(1)) {
                (Some(Value::Type(k)), Some(Value::Type(v))) => ((**k).clone(), (**v).clone()),
                _ => return Err(arity_msg("Hash-Type", 2, Some(4), keys.len())),
            };
            let size = match keys.len() {
                2 => None,
                3 => Some(match &keys[2] {
                    Value::Type(t) => match &**t {
                        PType::Integer { min, max } => Size::new(*min, *max),
                        _ => return Err(collection_slice_msg(&keys[2])),
                    },
                    other => size_arg(std::slice::from_ref(other))?,
                }),
                4 => Some(size_arg(&keys[2..])?),
                n => return Err(arity_msg("Hash-Type", 2, Some(4), n)),
            };
            Ok(hash_sized(kt, vt, size))
        }
        PType::Enum { .. } => {
            let mut keys = keys.to_vec();
            let mut case_insensitive = false;
            if let Some(Value::Bool(b)) = keys.last() {
                case_insensitive = *b;
                keys.pop();
            }
            assert_keys(base, &keys, 1, None, "String", |k| {
                matches!(k, Value::String(_))
            })?;
            let values = keys
                .iter()
                .filter_map(|k| k.as_str().map(str::to_string))
                .collect();
            Ok(enum_type(values, case_insensitive))
        }
        PType::Pattern(_) => {
            assert_keys(
                base,
                keys,
                1,
                None,
                "String or Regexp or Pattern-Type or Regexp-Type",
                |k| match k {
                    Value::String(_) | Value::Regex(_) => true,
                    Value::Type(t) => matches!(**t, PType::Pattern(_) | PType::Regexp(_)),
                    _ => false,
                },
            )?;
            let mut patterns: Vec<Rc<RegexValue>> = Vec::new();
            let mut push = |r: Rc<RegexValue>| {
                if !patterns.iter().any(|p| p.source == r.source) {
                    patterns.push(r);
                }
            };
            for k in keys {
                match k {
                    Value::String(s) => push(compile_regex(s)?),
                    Value::Regex(r) => push(r.clone()),
                    Value::Type(t) => match &**t {
                        PType::Pattern(ps) => ps.iter().for_each(|p| push(p.clone())),
                        PType::Regexp(Some(r)) => push(r.clone()),
                        PType::Regexp(None) => push(compile_regex("")?),
                        _ => {}
                    },
                    _ => {}
                }
            }
            Ok(PType::Pattern(patterns))
        }
        PType::Regexp(_) => {
            if keys.len() != 1 {
                return Err(arity_msg(&type_label_uc(base), 1, None, keys.len()));
            }
            assert_keys(base, keys, 1, Some(1), "String or Regexp", |k| {
                matches!(k, Value::String(_) | Value::Regex(_))
            })?;
            match &keys[0] {
                Value::String(s) => Ok(PType::Regexp(Some(compile_regex(s)?))),
                Value::Regex(r) => Ok(PType::Regexp(Some(r.clone()))),
                _ => unreachable_type(base),
            }
        }
        PType::Boolean(_) => {
            assert_keys(base, keys, 1, Some(1), "TrueClass or FalseClass", |k| {
                matches!(k, Value::Bool(_))
            })?;
            match keys[0] {
                Value::Bool(b) => Ok(PType::Boolean(Some(b))),
                _ => unreachable_type(base),
            }
        }
        PType::Variant(_) => {
            assert_keys(base, keys, 1, None, "Any-Type", |k| {
                matches!(k, Value::Type(_))
            })?;
            Ok(variant_of(types_of(keys)))
        }
        PType::Tuple { .. } => {
            let n = keys.len();
            let mut types_end = n;
            let mut size = None;
            if n >= 2 && is_range_param(&keys[n - 2]) && is_range_param(&keys[n - 1]) {
                size = Some(checked_size(
                    range_value(&keys[n - 2], false),
                    range_value(&keys[n - 1], true),
                )?);
                types_end = n - 2;
            } else if n >= 1 && is_range_param(&keys[n - 1]) {
                size = Some(Size::new(range_value(&keys[n - 1], false), i64::MAX));
                types_end = n - 1;
            }
            let keys = &keys[..types_end];
            assert_keys(base, keys, 1, None, "Any-Type", |k| {
                matches!(k, Value::Type(_))
            })?;
            Ok(PType::Tuple {
                types: types_of(keys),
                size,
            })
        }
        PType::Optional(_) => {
            if keys.len() != 1 {
                return Err(arity_msg("Optional-Type", 1, None, keys.len()));
            }
            match &keys[0] {
                Value::Type(t) => Ok(PType::Optional(Some(Box::new((**t).clone())))),
                Value::String(s) => Ok(PType::Optional(Some(Box::new(string_value(s))))),
                other => Err(slice_type_msg("Optional-Type", other)),
            }
        }
        PType::NotUndef(_) => match keys.len() {
            0 => Ok(PType::NotUndef(None)),
            1 => match &keys[0] {
                Value::Type(t) if matches!(**t, PType::Any) => Ok(PType::NotUndef(None)),
                Value::Type(t) => Ok(PType::NotUndef(Some(Box::new((**t).clone())))),
                Value::String(s) => Ok(PType::NotUndef(Some(Box::new(string_value(s))))),
                other => Err(format!(
                    "NotUndef-Type[] argument must be a Type or a String. Got {}",
                    ruby_class(other)
                )),
            },
            n => Err(arity_msg("NotUndef-Type", 0, Some(1), n)),
        },
        PType::Type(_) => one_type(keys, "Type-Type").map(|t| PType::Type(Some(Box::new(t)))),
        PType::Iterable(_) => {
            one_type(keys, "Iterable-Type").map(|t| PType::Iterable(Some(Box::new(t))))
        }
        PType::Iterator(_) => {
            one_type(keys, "Iterator-Type").map(|t| PType::Iterator(Some(Box::new(t))))
        }
        PType::Sensitive(_) => one_type(keys, "Sensitive-Type").map(|t| {
            let g = generalize(&t);
            if matches!(g, PType::Any) {
                PType::Sensitive(None)
            } else {
                PType::Sensitive(Some(Box::new(g)))
            }
        }),
        PType::SemVer(_) => {
            let mut ranges = Vec::with_capacity(keys.len());
            for k in keys {
                ranges.push(match k {
                    Value::SemVerRange(r) => r.clone(),
                    Value::String(s) => Rc::new(super::super::semver::VersionRange::parse(s)?),
                    other => return Err(slice_type_msg("SemVer-Type", other)),
                });
            }
            Ok(PType::SemVer(ranges))
        }
        PType::Timespan { .. } | PType::Timestamp { .. } => {
            let timespan = matches!(base, PType::Timespan { .. });
            if keys.len() > 2 {
                return Err(arity_msg(
                    &format!("{}-Type", base.simple_name()),
                    0,
                    Some(2),
                    keys.len(),
                ));
            }
            let bound = |v: &Value| -> Result<Option<i64>, String> {
                let made = match v {
                    Value::Undef | Value::Default => return Ok(None),
                    Value::Timespan(n) if timespan => return Ok(Some(*n)),
                    Value::Timestamp(n) if !timespan => return Ok(Some(*n)),
                    other if timespan => {
                        super::super::time::new_timespan(std::slice::from_ref(other))?
                    }
                    other => super::super::time::new_timestamp(std::slice::from_ref(other))?,
                };
                Ok(match made {
                    Value::Timespan(n) | Value::Timestamp(n) => Some(n),
                    _ => None,
                })
            };
            let from = keys.first().map(bound).transpose()?.flatten();
            let to = match keys.get(1) {
                Some(v) => bound(v)?,
                None => None,
            };
            Ok(if timespan {
                PType::Timespan { from, to }
            } else {
                PType::Timestamp { from, to }
            })
        }
        PType::Runtime
        | PType::Object
        | PType::Init
        | PType::Uri
        | PType::TypeSet
        | PType::Deferred => Err(format!(
            "{EVAL_PREFIX}parameterized {} types are not supported",
            base.simple_name()
        )),
        _ => Err(format!(
            "Operator '[]' is not applicable to {}.",
            a_an(&format!("{base}-Type"))
        )),
    }
}

/// Puppet's access operator on a resource type or `Class`: `File['a']`,
/// `File['a', 'b']` (an array of references), `File[['a']]` (an array),
/// `Resource['file', 'a']`, `Resource[File]`, `Class['x']`, `Class['a', 'b']`.
/// `undef` titles are dropped; all-empty titles give `undef` (or `[]` when
/// an array was asked for). A base that already has a title (`File['x'][...]`)
/// or class name is attribute access, which the compiler handles.
pub fn resource_access(base: &PType, args: &[Value]) -> Result<Value, String> {
    match base {
        PType::Class { name: None } => class_access(base, args),
        PType::Resource { title: None, .. } => resource_type_access(base, args),
        _ => Err(format!(
            "{base}[] is attribute access: the compiler looks it up in the catalog"
        )),
    }
}

fn class_access(base: &PType, args: &[Value]) -> Result<Value, String> {
    if args.is_empty() {
        return Err(format!("{base}[] accepts 1 or more arguments. Got 0"));
    }
    let as_array = args.len() > 1 || matches!(args[0], Value::Array(_));
    let keys: Vec<Value> = flatten(args)
        .into_iter()
        .filter(|k| !k.is_undef())
        .collect();
    if keys.is_empty() {
        return Ok(if as_array {
            Value::array(Vec::new())
        } else {
            Value::Undef
        });
    }
    let mut refs = Vec::with_capacity(keys.len());
    for k in &keys {
        let Value::String(name) = k else {
            return Err(format!(
                "Illegal Class name in class reference. {} cannot be used where a String is expected",
                a_an_uc(&value_label(k))
            ));
        };
        let lower = name.to_lowercase();
        let stripped = lower.strip_prefix("::").unwrap_or(&lower);
        if !is_name(stripped) {
            return Err(format!(
                "Illegal name. The given name '{name}' does not conform to the naming rule /^((::)?[a-z_]\\w*)(::[a-z]\\w*)*$/"
            ));
        }
        refs.push(Value::from_type(PType::Class {
            name: Some(stripped.to_string()),
        }));
    }
    Ok(if as_array {
        Value::array(refs)
    } else {
        refs.pop().unwrap_or(Value::Undef)
    })
}

fn resource_type_access(base: &PType, args: &[Value]) -> Result<Value, String> {
    if args.is_empty() {
        return Err(format!("{base}[] accepts 1 or more arguments. Got 0"));
    }
    let PType::Resource { type_name, .. } = base else {
        return unreachable_type(base);
    };
    let mut keys: Vec<Value> = args.to_vec();
    let type_name = match type_name {
        Some(t) => t.clone(),
        None => match keys.remove(0) {
            Value::String(s) => capitalize_segments(&s),
            Value::Type(t) => match &*t {
                PType::Resource {
                    type_name: Some(n), ..
                } => n.clone(),
                other => {
                    return Err(format!(
                        "First argument to Resource[] must be a resource type or a String. Got {}.",
                        generalize(&super::infer(&Value::Type(Rc::new(other.clone()))))
                    ));
                }
            },
            other => {
                return Err(format!(
                    "First argument to Resource[] must be a resource type or a String. Got {}.",
                    bad_key_type_name(&other)
                ));
            }
        },
    };
    if !is_classref_ext(&type_name) {
        return Err(format!(
            "Illegal type reference. The given name '{type_name}' does not conform to the naming rule"
        ));
    }
    let as_array = keys.len() > 1 || matches!(keys.first(), Some(Value::Array(_)));
    let orig_len = keys.len();
    let titles: Vec<Value> = flatten(&keys)
        .into_iter()
        .filter(|k| !k.is_undef())
        .collect();
    if titles.is_empty() && orig_len > 0 {
        return Ok(if as_array {
            Value::array(Vec::new())
        } else {
            Value::Undef
        });
    }
    if titles.is_empty() {
        return Ok(Value::from_type(PType::Resource {
            type_name: Some(type_name),
            title: None,
        }));
    }
    let mut refs = Vec::with_capacity(titles.len());
    for t in &titles {
        let Value::String(title) = t else {
            return Err(format!(
                "Error creating type specialization of {}, Cannot use {} where a resource title String is expected",
                a_an(&format!("{base}-Type")),
                bad_key_type_name(t)
            ));
        };
        refs.push(Value::from_type(PType::Resource {
            type_name: Some(type_name.clone()),
            title: Some(title.to_string()),
        }));
    }
    Ok(if as_array {
        Value::array(refs)
    } else {
        refs.pop().unwrap_or(Value::Undef)
    })
}

/// Puppet's `capitalize_segments`: `file` → `File`, `foo::bar` → `Foo::Bar`;
/// a name that already starts with a capital letter is kept as is.
pub fn capitalize_segments(name: &str) -> String {
    if name.starts_with(|c: char| c.is_ascii_uppercase()) {
        return name.to_string();
    }
    name.split("::")
        .map(crate::ruby::ruby_capitalize)
        .collect::<Vec<_>>()
        .join("::")
}

/// `\A((::){0,1}[A-Z][\w]*)+\z`
fn is_classref_ext(name: &str) -> bool {
    let mut rest = name;
    if rest.is_empty() {
        return false;
    }
    while !rest.is_empty() {
        rest = rest.strip_prefix("::").unwrap_or(rest);
        let mut chars = rest.chars();
        match chars.next() {
            Some(c) if c.is_ascii_uppercase() => {}
            _ => return false,
        }
        let word_len = rest[1..]
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len() - 1);
        rest = &rest[1 + word_len..];
        if !rest.is_empty() && !rest.starts_with("::") {
            // `A:B` or other characters.
            if !rest.starts_with(|c: char| c.is_ascii_uppercase()) {
                return false;
            }
        }
    }
    true
}

/// `\A((::)?[a-z]\w*)(::[a-z]\w*)*\z`
fn is_name(name: &str) -> bool {
    let name = name.strip_prefix("::").unwrap_or(name);
    !name.is_empty()
        && name.split("::").all(|seg| {
            let mut chars = seg.chars();
            matches!(chars.next(), Some(c) if c.is_ascii_lowercase())
                && chars.all(|c| c.is_alphanumeric() || c == '_')
        })
}

fn one_type(keys: &[Value], label: &str) -> Result<PType, String> {
    if keys.len() != 1 {
        return Err(arity_msg(label, 1, None, keys.len()));
    }
    match &keys[0] {
        Value::Type(t) => Ok((**t).clone()),
        other => Err(slice_type_msg(label, other)),
    }
}

fn types_of(keys: &[Value]) -> Vec<PType> {
    keys.iter()
        .filter_map(|k| match k {
            Value::Type(t) => Some((**t).clone()),
            _ => None,
        })
        .collect()
}

/// `Variant[...]` as Puppet builds it: nested variants flattened, duplicates
/// removed, a single type stands for itself.
pub(crate) fn variant_of(types: Vec<PType>) -> PType {
    let mut flat: Vec<PType> = Vec::with_capacity(types.len());
    for t in types {
        match t {
            PType::Variant(inner) if !inner.is_empty() => {
                for i in inner {
                    if !flat.contains(&i) {
                        flat.push(i);
                    }
                }
            }
            other => {
                if !flat.contains(&other) {
                    flat.push(other);
                }
            }
        }
    }
    if flat.len() == 1 {
        flat.pop().unwrap_or(PType::Any)
    } else {
        PType::Variant(flat)
    }
}

/// An Enum with its values sorted and unique, as Puppet keeps them.
pub(crate) fn enum_type(mut values: Vec<String>, case_insensitive: bool) -> PType {
    values.sort();
    values.dedup();
    PType::Enum {
        values,
        case_insensitive,
    }
}

/// The type of exactly one string.
pub(crate) fn string_value(s: &str) -> PType {
    PType::String {
        size: None,
        value: Some(Rc::from(s)),
    }
}

fn int_range(min: i64, max: i64) -> Result<PType, String> {
    if min > max {
        return Err(format!(
            "{EVAL_PREFIX}'from' must be less or equal to 'to'. Got ({}, {}",
            bound_str(min, false),
            bound_str(max, true)
        ));
    }
    Ok(PType::Integer { min, max })
}

fn bound_str(v: i64, is_max: bool) -> String {
    match v {
        i64::MIN if !is_max => "-Infinity".into(),
        i64::MAX if is_max => "Infinity".into(),
        v => v.to_string(),
    }
}

fn checked_size(min: i64, max: i64) -> Result<Size, String> {
    int_range(min, max)?;
    Ok(Size::new(min, max))
}

fn array_sized(elem: PType, size: Size) -> PType {
    if size.min == 0 && size.max == 0 {
        PType::Array {
            elem: Box::new(PType::Unit),
            size: Some(size),
        }
    } else {
        PType::Array {
            elem: Box::new(elem),
            size: Some(size),
        }
    }
}

fn hash_sized(key: PType, value: PType, size: Option<Size>) -> PType {
    if matches!(size, Some(Size { min: 0, max: 0 })) {
        PType::Hash {
            key: Box::new(PType::Unit),
            value: Box::new(PType::Unit),
            size,
        }
    } else {
        PType::Hash {
            key: Box::new(key),
            value: Box::new(value),
            size,
        }
    }
}

/// The size arguments of a collection type: one `Integer[...]` type, or one
/// or two integers (or `default`).
fn size_arg(keys: &[Value]) -> Result<Size, String> {
    if keys.len() == 1
        && let Value::Type(t) = &keys[0]
        && let PType::Integer { min, max } = &**t
    {
        return Ok(Size::new(*min, *max));
    }
    let mut bounds = [i64::MIN, i64::MAX];
    for (i, k) in keys.iter().enumerate().take(2) {
        match k {
            Value::Integer(n) => bounds[i] = *n,
            Value::Default => {}
            other => return Err(collection_slice_msg(other)),
        }
    }
    checked_size(bounds[0], bounds[1])
}

fn is_range_param(v: &Value) -> bool {
    match v {
        Value::Integer(_) | Value::Default => true,
        Value::String(s) => &**s == "default",
        _ => false,
    }
}

/// A range bound argument: an integer, or `default` (`i64::MIN` as a lower
/// bound, `i64::MAX` as an upper one).
fn range_value(v: &Value, upper: bool) -> i64 {
    match v {
        Value::Integer(n) => *n,
        _ if upper => i64::MAX,
        _ => i64::MIN,
    }
}

fn compile_regex(source: &str) -> Result<Rc<RegexValue>, String> {
    RegexValue::new(source)
        .map(Rc::new)
        .map_err(|e| format!("{EVAL_PREFIX}{e}"))
}

fn struct_type(hash: &indexmap::IndexMap<Value, Value>) -> Result<PType, String> {
    let mut members = Vec::with_capacity(hash.len());
    for (k, v) in hash {
        let value = match v {
            Value::Type(t) => (**t).clone(),
            Value::String(_) => PType::Runtime,
            other => infer_generic(other),
        };
        let (key, optional_key) = match k {
            Value::String(s) => {
                if s.is_empty() {
                    return Err(format!(
                        "{EVAL_PREFIX}Struct element key cannot be an empty String"
                    ));
                }
                (s.to_string(), is_assignable(&value, &PType::Undef))
            }
            Value::Type(t) => {
                let (inner, optional) = match &**t {
                    PType::NotUndef(Some(inner)) => ((**inner).clone(), false),
                    PType::Optional(Some(inner)) => ((**inner).clone(), true),
                    other => (other.clone(), false),
                };
                let name = match &inner {
                    PType::String { value: Some(v), .. } => v.to_string(),
                    PType::Enum { values, .. } if values.len() == 1 => values[0].clone(),
                    _ => {
                        let what = match &**t {
                            PType::NotUndef(_)
                            | PType::Optional(_)
                            | PType::String { .. }
                            | PType::Enum { .. } => {
                                return Err(format!(
                                    "{EVAL_PREFIX}Unable to extract a non-empty literal string from Struct member key type {t}"
                                ));
                            }
                            other => ruby_type_class(other),
                        };
                        return Err(format!(
                            "{EVAL_PREFIX}Illegal Struct member key type. Expected NotUndef, Optional, String, or Enum. Got: {what}"
                        ));
                    }
                };
                (name, optional)
            }
            other => {
                return Err(format!(
                    "{EVAL_PREFIX}Illegal Struct member key type. Expected NotUndef, Optional, String, or Enum. Got: {}",
                    ruby_class(other)
                ));
            }
        };
        members.push(StructMember {
            key,
            optional_key,
            value,
        });
    }
    Ok(PType::Struct(members))
}

fn callable_type(args: &[Value]) -> Result<PType, String> {
    let mut params: Vec<Value> = args.to_vec();
    let mut ret = None;
    if params.len() == 2
        && let Value::Array(first) = &params[0]
    {
        ret = match &params[1] {
            Value::Type(t) => Some((**t).clone()),
            other => Some(infer_generic(other)),
        };
        params = first.to_vec();
    } else if matches!(params.first(), Some(Value::Array(_))) {
        return Err(arity_msg("A Callable-Type", 2, Some(2), params.len()));
    }
    let mut block = None;
    if let Some(Value::Type(t)) = params.last()
        && is_callable_kind(t)
    {
        block = Some((**t).clone());
        params.pop();
    }
    let n = params.len();
    let mut size = None;
    if n >= 2 && is_range_param(&params[n - 2]) && is_range_param(&params[n - 1]) {
        size = Some(Size::new(
            range_value(&params[n - 2], false),
            range_value(&params[n - 1], true),
        ));
        params.truncate(n - 2);
    } else if n >= 1 && is_range_param(&params[n - 1]) {
        size = Some(Size::new(range_value(&params[n - 1], false), i64::MAX));
        params.truncate(n - 1);
    }
    let mut types: Vec<PType> = params
        .iter()
        .map(|p| match p {
            Value::Type(t) => (**t).clone(),
            other => infer_generic(other),
        })
        .collect();
    if types.is_empty() && size.is_some_and(|s| s.max > 0) {
        types.push(PType::Unit);
    }
    Ok(PType::Callable(Some(Rc::new(CallableSig {
        params: PType::Tuple { types, size },
        block,
        ret,
    }))))
}

fn is_callable_kind(t: &PType) -> bool {
    match t {
        PType::Callable(_) => true,
        PType::Optional(Some(inner)) => is_callable_kind(inner),
        PType::Variant(ts) => !ts.is_empty() && ts.iter().all(is_callable_kind),
        _ => false,
    }
}

fn assert_keys(
    base: &PType,
    keys: &[Value],
    min: usize,
    max: Option<usize>,
    expected: &str,
    ok: impl Fn(&Value) -> bool,
) -> Result<(), String> {
    if keys.len() < min || max.is_some_and(|m| keys.len() > m) {
        return Err(arity_msg(
            &type_label_uc(base),
            1,
            Some(max.unwrap_or(usize::MAX)),
            keys.len(),
        ));
    }
    for k in keys {
        if !ok(k) {
            return Err(specialization_msg(base, k, expected));
        }
    }
    Ok(())
}

fn specialization_msg(base: &PType, key: &Value, expected: &str) -> String {
    format!(
        "Error creating type specialization of {}, Cannot use {} where {expected} is expected",
        a_an(&format!("{base}-Type")),
        bad_key_type_name(key)
    )
}

/// Puppet's BAD_TYPE_SLICE_ARITY text; `max` `None` is Puppet's nil,
/// `Some(usize::MAX)` its infinity.
fn arity_msg(label: &str, min: usize, max: Option<usize>, actual: usize) -> String {
    match max {
        Some(usize::MAX) => format!("{label}[] accepts {min} or more arguments. Got {actual}"),
        Some(m) if m != min => format!("{label}[] accepts {min} to {m} arguments. Got {actual}"),
        _ => format!(
            "{label}[] accepts {min} argument{}. Got {actual}",
            if min == 1 { "" } else { "s" }
        ),
    }
}

fn slice_type_msg(label: &str, actual: &Value) -> String {
    format!(
        "{label}[] arguments must be types. Got {}",
        ruby_class(actual)
    )
}

fn collection_slice_msg(actual: &Value) -> String {
    let class = match actual {
        Value::Type(t) => format!("{}-Type", t.simple_name()),
        other => ruby_class(other),
    };
    format!(
        "A Type's size constraint arguments must be a single Integer type, or 1-2 integers (or default). Got {}",
        a_an(&class)
    )
}

/// "A Tuple-Type" for an unparameterized base type (label of a type object).
fn type_label_uc(base: &PType) -> String {
    a_an_uc(&format!("{base}-Type"))
}

fn unreachable_type<T>(base: &PType) -> Result<T, String> {
    Err(format!("{EVAL_PREFIX}unexpected arguments for {base}"))
}

/// The English indefinite article and the text.
pub(crate) fn a_an(text: &str) -> String {
    let vowel = text
        .chars()
        .next()
        .is_some_and(|c| "aeiouAEIOU".contains(c));
    format!("{} {text}", if vowel { "an" } else { "a" })
}

/// Like [`a_an`], capitalized.
pub(crate) fn a_an_uc(text: &str) -> String {
    let s = a_an(text);
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => s,
    }
}

/// Puppet's `bad_key_type_name`: the generalized inferred type of a value.
pub fn bad_key_type_name(v: &Value) -> String {
    match v {
        Value::Undef => "Undef".into(),
        Value::Default => "Default".into(),
        other => infer_generic(other).to_string(),
    }
}

/// The Ruby class of a value, as some of Puppet's messages show it.
pub fn ruby_class(v: &Value) -> String {
    match v {
        Value::Undef => "NilClass".into(),
        Value::Default => "Symbol".into(),
        Value::Bool(true) => "TrueClass".into(),
        Value::Bool(false) => "FalseClass".into(),
        Value::Integer(_) => "Integer".into(),
        Value::Float(_) => "Float".into(),
        Value::String(_) => "String".into(),
        Value::Regex(_) => "Regexp".into(),
        Value::Array(_) => "Array".into(),
        Value::Hash(_) => "Hash".into(),
        Value::Type(t) => ruby_type_class(t),
        Value::Sensitive(_) => "Puppet::Pops::Types::PSensitiveType::Sensitive".into(),
        Value::Timespan(_) => "Puppet::Pops::Time::Timespan".into(),
        Value::Timestamp(_) => "Puppet::Pops::Time::Timestamp".into(),
        Value::SemVer(_) => "SemanticPuppet::Version".into(),
        Value::SemVerRange(_) => "SemanticPuppet::VersionRange".into(),
        Value::Binary(_) => "Puppet::Pops::Types::PBinaryType::Binary".into(),
    }
}

fn ruby_type_class(t: &PType) -> String {
    let name = match t {
        PType::Alias(_) | PType::Data | PType::RichData => "TypeAlias".to_string(),
        PType::Uri => "URI".to_string(),
        other => other.simple_name(),
    };
    format!("Puppet::Pops::Types::P{name}Type")
}

/// The label Puppet's model label provider gives a value in messages.
fn value_label(v: &Value) -> String {
    match v {
        Value::Integer(_) => "Integer".into(),
        Value::Float(_) => "Float".into(),
        Value::Bool(_) => "Boolean".into(),
        Value::String(_) => "String".into(),
        Value::Regex(_) => "Regexp".into(),
        Value::Array(_) => "Array".into(),
        Value::Hash(_) => "Hash".into(),
        Value::Type(t) => format!("{t}-Type"),
        Value::Undef => "Undef".into(),
        Value::Default | Value::Sensitive(_) => "Object".into(),
        Value::Timespan(_) => "Timespan".into(),
        Value::Timestamp(_) => "Timestamp".into(),
        Value::SemVer(_) => "Semver".into(),
        Value::SemVerRange(_) => "SemverRange".into(),
        Value::Binary(_) => "Binary".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(name: &str) -> Value {
        Value::from_type(PType::from_name(name).expect("built-in type"))
    }
    fn s(x: &str) -> Value {
        Value::string(x)
    }
    fn i(n: i64) -> Value {
        Value::Integer(n)
    }
    fn p(name: &str, args: &[Value]) -> String {
        match parameterize(&PType::from_name(name).expect("built-in"), args) {
            Ok(t) => t.to_string(),
            Err(e) => format!("Error: {e}"),
        }
    }
    fn res(base: PType, args: &[Value]) -> String {
        match resource_access(&base, args) {
            Ok(v) => v.to_display(),
            Err(e) => format!("Error: {e}"),
        }
    }

    // Expected strings: notice(...) of the same expressions in Puppet 7.
    #[test]
    fn prints_parameterized_types_like_puppet() {
        assert_eq!(p("Integer", &[i(1), i(10)]), "Integer[1, 10]");
        assert_eq!(p("Integer", &[Value::Default, i(5)]), "Integer[default, 5]");
        assert_eq!(p("Integer", &[Value::Default]), "Integer");
        assert_eq!(p("Integer", &[Value::Default, Value::Default]), "Integer");
        assert_eq!(p("Integer", &[i(0)]), "Integer[0]");
        assert_eq!(p("Float", &[i(1)]), "Float[1.0]");
        assert_eq!(
            p("Float", &[Value::Float(1.5), Value::Default]),
            "Float[1.5]"
        );
        assert_eq!(p("Float", &[Value::Default, i(2)]), "Float[default, 2.0]");
        assert_eq!(p("String", &[i(0)]), "String[0]");
        assert_eq!(p("String", &[Value::Default]), "String[0]");
        assert_eq!(p("String", &[i(1), i(1)]), "String[1, 1]");
        let int12 = Value::from_type(PType::Integer { min: 1, max: 2 });
        assert_eq!(p("String", std::slice::from_ref(&int12)), "String[1, 2]");
        assert_eq!(p("Array", &[t("String"), i(0)]), "Array[String, 0]");
        assert_eq!(
            p("Array", &[t("String"), Value::Default]),
            "Array[String, 0]"
        );
        assert_eq!(p("Array", &[t("String"), i(-5)]), "Array[String, 0]");
        assert_eq!(p("Array", &[t("String"), i(-5), i(-2)]), "Array[0, 0]");
        assert_eq!(
            p("Array", &[t("String"), i(1), Value::Default]),
            "Array[String, 1]"
        );
        assert_eq!(p("Array", &[t("Any"), i(1)]), "Array[Any, 1]");
        assert_eq!(p("Array", &[i(0), i(0)]), "Array[0, 0]");
        assert_eq!(p("Array", &[i(1), i(2)]), "Array[Any, 1, 2]");
        assert_eq!(
            p("Hash", &[t("String"), t("Integer"), i(0)]),
            "Hash[String, Integer, 0]"
        );
        assert_eq!(p("Hash", &[t("Any"), t("Any")]), "Hash");
        assert_eq!(p("Hash", &[i(0), i(0)]), "Hash[0, 0]");
        assert_eq!(p("Hash", &[i(1), i(2)]), "Hash[Any, Any, 1, 2]");
        assert_eq!(
            p("Hash", &[t("String"), t("Integer"), int12.clone()]),
            "Hash[String, Integer, 1, 2]"
        );
        assert_eq!(p("Collection", &[Value::Default]), "Collection[0]");
        assert_eq!(p("Collection", &[i(1), i(2)]), "Collection[1, 2]");
        assert_eq!(p("Tuple", &[t("String"), i(1)]), "Tuple[String, 1]");
        assert_eq!(
            p("Tuple", &[t("String"), t("Integer"), i(1), i(5)]),
            "Tuple[String, Integer, 1, 5]"
        );
        assert_eq!(
            p("Tuple", &[t("String"), i(0), Value::Default]),
            "Tuple[String, 0]"
        );
        assert_eq!(
            p("Tuple", &[t("String"), Value::Default, i(3)]),
            "Tuple[String, 0, 3]"
        );
        assert_eq!(p("Enum", &[s("b"), s("a"), s("b")]), "Enum['a', 'b']");
        assert_eq!(
            p("Enum", &[s("b"), s("a"), Value::Bool(true)]),
            "Enum['a', 'b', true]"
        );
        assert_eq!(
            p("Enum", &[s("b"), s("a"), Value::Bool(false)]),
            "Enum['a', 'b']"
        );
        let nested = Value::array(vec![s("b"), Value::array(vec![s("c")])]);
        assert_eq!(p("Enum", &[s("a"), nested]), "Enum['a', 'b', 'c']");
        assert_eq!(p("Regexp", &[s("a/b")]), "Regexp[/a\\/b/]");
        assert_eq!(
            p("Variant", &[t("String"), t("Integer"), t("String")]),
            "Variant[String, Integer]"
        );
        assert_eq!(p("Variant", &[t("String")]), "String");
        assert_eq!(p("Optional", &[s("a")]), "Optional['a']");
        assert_eq!(p("NotUndef", &[s("a")]), "NotUndef['a']");
        assert_eq!(p("NotUndef", &[t("Any")]), "NotUndef");
        assert_eq!(p("Sensitive", &[t("Any")]), "Sensitive");
        let str1 = parameterize(&PType::string(), &[i(1)])
            .map(Value::from_type)
            .expect("ok");
        assert_eq!(p("Sensitive", &[str1]), "Sensitive[String]");
        assert_eq!(p("Boolean", &[Value::Bool(true)]), "Boolean[true]");
        assert_eq!(
            p("Callable", &[t("String"), t("Integer")]),
            "Callable[String, Integer]"
        );
        assert_eq!(
            p("Callable", &[Value::array(vec![t("String")]), t("Integer")]),
            "Callable[[String], Integer]"
        );
        assert_eq!(p("Callable", &[i(1)]), "Callable[1]");
    }

    #[test]
    fn prints_structs_like_puppet() {
        let mut h = indexmap::IndexMap::new();
        let opt = |x: &str| Value::from_type(PType::optional(string_value(x)));
        let not_undef =
            |x: &str| Value::from_type(PType::NotUndef(Some(Box::new(string_value(x)))));
        let opt_string = Value::from_type(PType::optional(PType::string()));
        h.insert(s("a"), t("Integer"));
        h.insert(opt("b"), t("String"));
        h.insert(s("c"), opt_string.clone());
        h.insert(opt("d"), opt_string.clone());
        h.insert(not_undef("e"), opt_string);
        h.insert(not_undef("f"), t("Integer"));
        assert_eq!(
            p("Struct", &[Value::hash(h)]),
            "Struct[{'a' => Integer, Optional['b'] => String, 'c' => Optional[String], \
             'd' => Optional[String], NotUndef['e'] => Optional[String], 'f' => Integer}]"
        );
        let mut h = indexmap::IndexMap::new();
        h.insert(s("a"), i(1));
        assert_eq!(p("Struct", &[Value::hash(h)]), "Struct[{'a' => Integer}]");
    }

    #[test]
    fn references_resources_and_classes() {
        let resource = PType::from_name("Resource").expect("built-in");
        let class = PType::Class { name: None };
        let file = PType::resource_type("file");
        assert_eq!(res(class.clone(), &[s("::Foo::Bar")]), "Class[foo::bar]");
        assert_eq!(
            res(class.clone(), &[s("foo"), s("bar")]),
            "[Class[foo], Class[bar]]"
        );
        assert_eq!(
            res(class.clone(), &[Value::array(vec![s("a")])]),
            "[Class[a]]"
        );
        assert_eq!(res(resource.clone(), &[s("file")]), "File");
        assert_eq!(res(resource.clone(), &[s("file"), s("/x")]), "File['/x']");
        assert_eq!(
            res(resource.clone(), &[s("foo::bar"), s("a")]),
            "Foo::Bar['a']"
        );
        assert_eq!(
            res(resource.clone(), &[Value::from_type(file.clone()), s("/x")]),
            "File['/x']"
        );
        assert_eq!(res(resource.clone(), &[s("foo::Bar")]), "Foo::Bar");
        assert_eq!(
            res(resource.clone(), &[s("file"), s("a"), s("b")]),
            "[File['a'], File['b']]"
        );
        assert_eq!(
            res(file.clone(), &[s("/x"), s("/y")]),
            "[File['/x'], File['/y']]"
        );
        assert_eq!(
            res(file.clone(), &[Value::array(vec![s("/x")])]),
            "[File['/x']]"
        );
        assert_eq!(res(file.clone(), &[s("it'")]), "File['it\\'']");
        assert_eq!(res(file.clone(), &[s("a\nb")]), "File[\"a\\nb\"]");
        assert_eq!(
            res(file.clone(), &[s("a"), Value::array(vec![s("b"), s("c")])]),
            "[File['a'], File['b'], File['c']]"
        );
        assert_eq!(res(file.clone(), &[Value::array(vec![])]), "[]");
        assert!(matches!(
            resource_access(&file, &[Value::Undef]),
            Ok(Value::Undef)
        ));
    }

    #[test]
    fn refuses_bad_arguments_with_puppets_messages() {
        assert_eq!(
            p("Integer", &[s("a")]),
            "Error: Integer-Type [] requires all arguments to be integers (or default). Got String"
        );
        assert_eq!(
            p("Integer", &[i(1), i(2), i(3)]),
            "Error: Integer-Type supports [] with one or two arguments (from, to). Got 3"
        );
        assert_eq!(
            p("Float", &[s("a")]),
            "Error: Float-Type [] requires all arguments to be floats, or integers (or default). Got String"
        );
        assert_eq!(
            p("String", &[i(1), i(2), i(3)]),
            "Error: String supports [] with one or two arguments. Got 3"
        );
        assert_eq!(
            p("String", &[s("a")]),
            "Error: A Type's size constraint arguments must be a single Integer type, or 1-2 integers (or default). Got a String"
        );
        assert_eq!(
            p("Array", &[i(1), i(2), i(3), i(4)]),
            "Error: Array-Type[] accepts 1 to 3 arguments. Got 4"
        );
        assert_eq!(
            p("Array", &[s("a")]),
            "Error: Array-Type[] arguments must be types. Got String"
        );
        assert_eq!(
            p("Array", &[t("String"), s("a")]),
            "Error: A Type's size constraint arguments must be a single Integer type, or 1-2 integers (or default). Got a String"
        );
        assert_eq!(
            p("Hash", &[i(1)]),
            "Error: Hash-Type[] arguments must be types. Got Integer"
        );
        assert_eq!(
            p("Hash", &[t("String")]),
            "Error: Hash-Type[] accepts 2 to 4 arguments. Got 1"
        );
        assert_eq!(
            p("Hash", &[s("a"), t("String")]),
            "Error: Hash-Type[] arguments must be types. Got String"
        );
        assert_eq!(
            p("Hash", &[t("String"), t("Integer"), i(1), i(2), i(3)]),
            "Error: Hash-Type[] accepts 2 to 4 arguments. Got 5"
        );
        assert_eq!(
            p("Enum", &[i(1)]),
            "Error: Error creating type specialization of an Enum-Type, Cannot use Integer where String is expected"
        );
        assert_eq!(
            p("Pattern", &[i(1)]),
            "Error: Error creating type specialization of a Pattern-Type, Cannot use Integer where String or Regexp or Pattern-Type or Regexp-Type is expected"
        );
        assert_eq!(
            p("Variant", &[i(1)]),
            "Error: Error creating type specialization of a Variant-Type, Cannot use Integer where Any-Type is expected"
        );
        assert_eq!(
            p("Optional", &[i(1)]),
            "Error: Optional-Type[] arguments must be types. Got Integer"
        );
        assert_eq!(
            p("Optional", &[t("String"), t("Integer")]),
            "Error: Optional-Type[] accepts 1 argument. Got 2"
        );
        assert_eq!(
            p("NotUndef", &[i(1)]),
            "Error: NotUndef-Type[] argument must be a Type or a String. Got Integer"
        );
        assert_eq!(
            p("Type", &[i(1)]),
            "Error: Type-Type[] arguments must be types. Got Integer"
        );
        assert_eq!(
            p("Struct", &[s("a")]),
            "Error: Error creating type specialization of a Struct-Type, Cannot use String where Hash is expected"
        );
        assert_eq!(
            p("Tuple", &[i(1)]),
            "Error: A Tuple-Type[] accepts 1 or more arguments. Got 0"
        );
        assert_eq!(
            p("Regexp", &[i(1)]),
            "Error: Error creating type specialization of a Regexp-Type, Cannot use Integer where String or Regexp is expected"
        );
        assert_eq!(
            p("Regexp", &[s("a"), s("b")]),
            "Error: A Regexp-Type[] accepts 1 argument. Got 2"
        );
        assert_eq!(
            p("Boolean", &[i(1)]),
            "Error: Error creating type specialization of a Boolean-Type, Cannot use Integer where TrueClass or FalseClass is expected"
        );
        assert_eq!(
            p("Boolean", &[Value::Bool(true), Value::Bool(false)]),
            "Error: A Boolean-Type[] accepts 1 argument. Got 2"
        );
        assert_eq!(
            p("Collection", &[s("a")]),
            "Error: A Type's size constraint arguments must be a single Integer type, or 1-2 integers (or default). Got a String"
        );
        assert_eq!(
            p("Iterable", &[i(1)]),
            "Error: Iterable-Type[] arguments must be types. Got Integer"
        );
        assert_eq!(
            p("Sensitive", &[i(1)]),
            "Error: Sensitive-Type[] arguments must be types. Got Integer"
        );
        assert_eq!(
            p("Integer", &[i(5), i(1)]),
            "Error: Error while evaluating a '[]' expression, 'from' must be less or equal to 'to'. Got (5, 1"
        );
        assert_eq!(
            p("Array", &[t("String"), i(5), i(1)]),
            "Error: Error while evaluating a '[]' expression, 'from' must be less or equal to 'to'. Got (5, 1"
        );
        assert_eq!(
            p("Any", &[i(1)]),
            "Error: Operator '[]' is not applicable to an Any-Type."
        );
        assert_eq!(
            p("Data", &[i(1)]),
            "Error: Operator '[]' is not applicable to a Data-Type."
        );
        assert_eq!(
            p("Undef", &[i(1)]),
            "Error: Operator '[]' is not applicable to an Undef-Type."
        );
        assert_eq!(
            p("ScalarData", &[i(1)]),
            "Error: Operator '[]' is not applicable to a ScalarData-Type."
        );
        let mut h = indexmap::IndexMap::new();
        h.insert(s(""), t("Integer"));
        assert_eq!(
            p("Struct", &[Value::hash(h)]),
            "Error: Error while evaluating a '[]' expression, Struct element key cannot be an empty String"
        );
        let mut h = indexmap::IndexMap::new();
        h.insert(i(1), t("Integer"));
        assert_eq!(
            p("Struct", &[Value::hash(h)]),
            "Error: Error while evaluating a '[]' expression, Illegal Struct member key type. Expected NotUndef, Optional, String, or Enum. Got: Integer"
        );

        let class = PType::Class { name: None };
        let resource = PType::from_name("Resource").expect("built-in");
        assert_eq!(
            res(class.clone(), &[i(1)]),
            "Error: Illegal Class name in class reference. An Integer cannot be used where a String is expected"
        );
        assert_eq!(
            res(class.clone(), &[Value::Bool(true)]),
            "Error: Illegal Class name in class reference. A Boolean cannot be used where a String is expected"
        );
        assert_eq!(
            res(class, &[s("Foo-bar")]),
            "Error: Illegal name. The given name 'Foo-bar' does not conform to the naming rule /^((::)?[a-z_]\\w*)(::[a-z]\\w*)*$/"
        );
        assert_eq!(
            res(resource.clone(), &[i(1)]),
            "Error: First argument to Resource[] must be a resource type or a String. Got Integer."
        );
        assert_eq!(
            res(resource.clone(), &[s("foo bar")]),
            "Error: Illegal type reference. The given name 'Foo bar' does not conform to the naming rule"
        );
        assert_eq!(
            res(resource, &[s("Foo::bar")]),
            "Error: Illegal type reference. The given name 'Foo::bar' does not conform to the naming rule"
        );
        assert_eq!(
            res(PType::resource_type("file"), &[i(1)]),
            "Error: Error creating type specialization of a File-Type, Cannot use Integer where a resource title String is expected"
        );
    }
}
