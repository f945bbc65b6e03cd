//! Assignability (`T1 >= T2`: every instance of `T2` is an instance of
//! `T1`), normalization, generalization and the common type of two types —
//! Puppet's `assignable?`, `normalize`, `generalize` and `common_type`.

use super::parameterize::{enum_type, variant_of};
use super::{CallableSig, PType, Size, StructMember, data_variant, rich_data_variant};
use std::rc::Rc;

/// Recursion limit for self-referencing aliases; past it, types are taken
/// as assignable (Puppet's recursion guard does the same once it sees the
/// recursion on both sides).
const MAX_DEPTH: usize = 64;

/// Whether every instance of `other` is an instance of `t`.
pub(crate) fn is_assignable(t: &PType, other: &PType) -> bool {
    assignable(t, other, 0)
}

fn alias_name(t: &PType) -> Option<String> {
    match t {
        PType::Alias(a) => Some(a.name.clone()),
        PType::Data => Some("Data".into()),
        PType::RichData => Some("RichData".into()),
        _ => None,
    }
}

fn resolve_alias(t: &PType) -> PType {
    match t {
        PType::Alias(a) => a.resolved_type().clone(),
        PType::Data => data_variant(),
        PType::RichData => rich_data_variant(),
        other => other.clone(),
    }
}

/// Puppet's `PAnyType#assignable?`: the dispatch on the other type's kind
/// before the type-specific rules.
fn assignable(t: &PType, o: &PType, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return true;
    }
    let d = depth + 1;
    if matches!(t, PType::Unit) {
        return true;
    }
    if let (Some(a), Some(b)) = (alias_name(t), alias_name(o))
        && a == b
    {
        return true;
    }
    if let PType::Variant(ts) = t {
        // PVariantType#assignable? overrides the dispatch.
        if matches!(o, PType::Undef) && ts.is_empty() {
            return false;
        }
        if let PType::Variant(os) = o {
            if ts.is_empty() {
                return true;
            }
            return !os.is_empty() && os.iter().all(|vt| dispatch(t, vt, d));
        }
    }
    dispatch(t, o, d)
}

fn dispatch(t: &PType, o: &PType, d: usize) -> bool {
    match o {
        PType::Unit => true,
        PType::Alias(_) | PType::Data | PType::RichData => assignable(t, &resolve_alias(o), d),
        PType::Variant(os) => {
            if matches!(t, PType::Any) {
                return true;
            }
            if matches!(t, PType::NotUndef(_)) && os.is_empty() {
                return specific(t, o, d);
            }
            !os.is_empty() && os.iter().all(|vt| assignable(t, vt, d))
        }
        PType::Optional(inner) => {
            assignable(t, &PType::Undef, d) && inner.as_ref().is_none_or(|i| assignable(t, i, d))
        }
        PType::NotUndef(inner) => match inner {
            Some(i) if !assignable(i, &PType::Undef, d) => assignable(t, i, d),
            _ => specific(t, o, d),
        },
        _ => specific(t, o, d),
    }
}

fn int_covers(min: i64, max: i64, omin: i64, omax: i64) -> bool {
    min <= omin && max >= omax
}

fn size_or_default(s: &Option<Size>) -> Size {
    s.unwrap_or(Size::ANY)
}

fn is_scalar_data_kind(o: &PType) -> bool {
    matches!(
        o,
        PType::ScalarData
            | PType::Enum { .. }
            | PType::Numeric
            | PType::Integer { .. }
            | PType::Float { .. }
            | PType::String { .. }
            | PType::Pattern(_)
            | PType::Boolean(_)
    )
}

fn is_scalar_kind(o: &PType) -> bool {
    is_scalar_data_kind(o)
        || matches!(
            o,
            PType::Scalar
                | PType::Regexp(_)
                | PType::SemVer(_)
                | PType::SemVerRange
                | PType::Timespan { .. }
                | PType::Timestamp { .. }
        )
}

/// The size range of a tuple type: its size constraint, or its type count.
fn tuple_size(types: &[PType], size: &Option<Size>) -> Size {
    match size {
        Some(s) => *s,
        None if types.is_empty() => Size::ANY,
        None => Size::exact(types.len() as i64),
    }
}

fn string_matches(t: &PType, value: &str) -> bool {
    super::is_instance(t, &super::super::value::Value::string(value))
}

/// The type-specific rules (`_assignable?`).
fn specific(t: &PType, o: &PType, d: usize) -> bool {
    let a = |x: &PType, y: &PType| assignable(x, y, d);
    match t {
        PType::Any | PType::Unit => true,
        PType::Undef => matches!(o, PType::Undef),
        PType::Default => matches!(o, PType::Default),
        PType::NotUndef(inner) => !a(o, &PType::Undef) && inner.as_ref().is_none_or(|i| a(i, o)),
        PType::Boolean(v) => match o {
            PType::Boolean(ov) => v.is_none() || v == ov,
            _ => false,
        },
        PType::Integer { min, max } => match o {
            PType::Integer {
                min: omin,
                max: omax,
            } => int_covers(*min, *max, *omin, *omax),
            _ => false,
        },
        PType::Float { min, max } => match o {
            PType::Float {
                min: omin,
                max: omax,
            } => min <= omin && max >= omax,
            _ => false,
        },
        PType::Numeric => matches!(
            o,
            PType::Numeric | PType::Integer { .. } | PType::Float { .. }
        ),
        PType::Scalar => is_scalar_kind(o),
        PType::ScalarData => is_scalar_data_kind(o),
        PType::Enum {
            values,
            case_insensitive,
        } => {
            if t == o {
                return true;
            }
            if values.is_empty()
                && matches!(
                    o,
                    PType::String { .. } | PType::Enum { .. } | PType::Pattern(_)
                )
            {
                return true;
            }
            match o {
                PType::String { value: Some(v), .. } => string_matches(t, v),
                PType::Enum {
                    values: ovalues,
                    case_insensitive: oci,
                } => {
                    !ovalues.is_empty()
                        && (*case_insensitive || !*oci)
                        && ovalues.iter().all(|s| string_matches(t, s))
                }
                _ => false,
            }
        }
        PType::String { size, value } => match (size, value) {
            (Some(sz), _) => match o {
                PType::String {
                    size: osize,
                    value: ovalue,
                } => {
                    let derived = match (osize, ovalue) {
                        (Some(s), _) => *s,
                        (None, Some(v)) => Size::exact(v.chars().count() as i64),
                        (None, None) => Size::ANY,
                    };
                    sz.covers(&derived)
                }
                PType::Enum { values, .. } => {
                    if values.is_empty() {
                        sz.covers(&Size::ANY)
                    } else {
                        let lens = values.iter().map(|v| v.chars().count() as i64);
                        let omin = lens.clone().min().unwrap_or(0);
                        let omax = lens.max().unwrap_or(0);
                        sz.min <= omin && sz.max >= omax
                    }
                }
                PType::Pattern(_) => sz.covers(&Size::ANY),
                _ => false,
            },
            (None, None) => matches!(
                o,
                PType::String { .. } | PType::Enum { .. } | PType::Pattern(_)
            ),
            (None, Some(v)) => match o {
                PType::String {
                    size: osize,
                    value: ovalue,
                } => osize.is_none() && ovalue.as_deref() == Some(&**v),
                PType::Enum {
                    values,
                    case_insensitive,
                } => values.len() == 1 && !case_insensitive,
                _ => false,
            },
        },
        PType::Pattern(ps) => {
            if t == o {
                return true;
            }
            match o {
                PType::String { value, .. } => match value {
                    None => ps.is_empty(),
                    Some(v) => ps.is_empty() || ps.iter().any(|p| p.is_match(v)),
                },
                PType::Enum { values, .. } => {
                    if values.is_empty() {
                        ps.is_empty()
                    } else {
                        ps.is_empty() || values.iter().all(|s| ps.iter().any(|p| p.is_match(s)))
                    }
                }
                PType::Pattern(_) => ps.is_empty(),
                _ => false,
            }
        }
        PType::Regexp(r) => match o {
            PType::Regexp(or) => match (r, or) {
                (None, _) => true,
                (Some(x), Some(y)) => x.source == y.source,
                (Some(_), None) => false,
            },
            _ => false,
        },
        PType::Collection { size } => {
            let s = size_or_default(size);
            match o {
                PType::Collection { size: os }
                | PType::Array { size: os, .. }
                | PType::Hash { size: os, .. } => s.covers(&size_or_default(os)),
                PType::Tuple { types, size: os } => s.covers(&tuple_size_for_collection(types, os)),
                PType::Struct(members) => s.covers(&Size::exact(members.len() as i64)),
                _ => false,
            }
        }
        PType::Array { elem, size } => match o {
            PType::Tuple { types, size: os } => {
                size_or_default(size).covers(&tuple_size_for_collection(types, os))
                    && types.iter().all(|ot| a(elem, ot))
            }
            PType::Array {
                elem: oelem,
                size: os,
            } => size_or_default(size).covers(&size_or_default(os)) && a(elem, oelem),
            _ => false,
        },
        PType::Hash { key, value, size } => match o {
            PType::Hash {
                key: okey,
                value: ovalue,
                size: os,
            } => {
                if size.is_none_or(|s| s.min == 0) && is_empty_hash_type(o) {
                    return true;
                }
                a(key, okey)
                    && a(value, ovalue)
                    && size_or_default(size).covers(&size_or_default(os))
            }
            PType::Struct(members) => {
                size_or_default(size).contains(members.len() as i64)
                    && members
                        .iter()
                        .all(|m| string_matches(key, &m.key) && a(value, &m.value))
            }
            _ => false,
        },
        PType::Tuple { types, size } => {
            if t == o {
                return true;
            }
            let size_s = tuple_size(types, size);
            match o {
                PType::Tuple {
                    types: otypes,
                    size: osize,
                } => {
                    if !size_s.covers(&tuple_size(otypes, osize)) {
                        return false;
                    }
                    if !types.is_empty() {
                        if otypes.is_empty() {
                            return size_s.min == 0;
                        }
                        for (i, ot) in otypes.iter().enumerate() {
                            let st = types.get(i).or(types.last());
                            if !st.is_some_and(|st| a(st, ot)) {
                                return false;
                            }
                        }
                    }
                    true
                }
                PType::Array { elem, size: osize } => {
                    let size_o = size_or_default(osize);
                    if !size_s.covers(&size_o) {
                        return false;
                    }
                    let n = (types.len() as i64).min(size_o.max).max(0) as usize;
                    (0..n).all(|i| {
                        let st = types.get(i).or(types.last());
                        st.is_some_and(|st| a(st, elem))
                    })
                }
                _ => false,
            }
        }
        PType::Struct(members) => match o {
            PType::Struct(omembers) => {
                let mut matched = 0;
                let all =
                    members
                        .iter()
                        .all(|m| match omembers.iter().find(|om| om.key == m.key) {
                            None => m.optional_key,
                            Some(om) => {
                                matched += 1;
                                (m.optional_key || !om.optional_key) && a(&m.value, &om.value)
                            }
                        });
                all && matched == omembers.len()
            }
            PType::Hash {
                key: okey,
                value: ovalue,
                size: osize,
            } => {
                let mut required = 0;
                let ok = members.iter().all(|m| {
                    if m.optional_key {
                        true
                    } else {
                        required += 1;
                        a(&m.value, ovalue) && a(&PType::string(), okey)
                    }
                });
                ok && Size {
                    min: required,
                    max: members.len() as i64,
                }
                .covers(&size_or_default(osize))
            }
            _ => false,
        },
        PType::Optional(inner) => {
            if matches!(o, PType::Undef) {
                return true;
            }
            match inner {
                None => true,
                Some(i) => match o {
                    PType::Optional(Some(oi)) => a(i, oi),
                    _ => a(i, o),
                },
            }
        }
        PType::Variant(ts) => ts.iter().any(|vt| a(vt, o)),
        PType::Type(inner) => match o {
            PType::Type(oinner) => match (inner, oinner) {
                (None, _) => true,
                (Some(_), None) => false,
                (Some(i), Some(oi)) => a(i, oi),
            },
            _ => false,
        },
        PType::Iterable(elem) => match elem {
            Some(e) if !a(e, &PType::Any) => match iterable_type(o) {
                Some(Some(oe)) => a(e, &oe),
                _ => false,
            },
            _ => is_iterable(o),
        },
        PType::Iterator(elem) => match o {
            PType::Iterator(oelem) => match elem {
                None => true,
                Some(e) => a(e, oelem.as_deref().unwrap_or(&PType::Any)),
            },
            _ => false,
        },
        PType::Callable(sig) => match o {
            PType::Callable(osig) => match (sig, osig) {
                (None, _) => true,
                (Some(_), None) => false,
                (Some(x), Some(y)) => callable_assignable(x, y, d),
            },
            _ => false,
        },
        PType::CatalogEntry => matches!(
            o,
            PType::CatalogEntry | PType::Resource { .. } | PType::Class { .. }
        ),
        PType::Class { name } => match o {
            PType::Class { name: oname } => name.is_none() || name == oname,
            _ => false,
        },
        PType::Resource { type_name, title } => match o {
            PType::Resource {
                type_name: otype,
                title: otitle,
            } => match type_name {
                None => true,
                Some(tn) => {
                    otype.as_ref().is_some_and(|ot| ot.eq_ignore_ascii_case(tn))
                        && (title.is_none() || title == otitle)
                }
            },
            _ => false,
        },
        PType::Sensitive(inner) => match o {
            PType::Sensitive(oinner) => a(
                inner.as_deref().unwrap_or(&PType::Any),
                oinner.as_deref().unwrap_or(&PType::Any),
            ),
            _ => false,
        },
        PType::Alias(_) | PType::Data | PType::RichData => a(&resolve_alias(t), o),
        PType::SemVer(ranges) => match o {
            PType::SemVer(others) => {
                ranges.is_empty()
                    || (!others.is_empty() && others.iter().all(|x| ranges.contains(x)))
            }
            _ => false,
        },
        PType::Timespan { from, to } => match o {
            PType::Timespan { from: f2, to: t2 } => time_range_covers(*from, *to, *f2, *t2),
            _ => false,
        },
        PType::Timestamp { from, to } => match o {
            PType::Timestamp { from: f2, to: t2 } => time_range_covers(*from, *to, *f2, *t2),
            _ => false,
        },
        PType::Runtime
        | PType::Object
        | PType::Init
        | PType::SemVerRange
        | PType::Binary
        | PType::Uri
        | PType::Error
        | PType::TypeSet
        | PType::Deferred => std::mem::discriminant(t) == std::mem::discriminant(o),
    }
}

/// The size a collection type sees in a tuple: its constraint, or exactly
/// its type count (Puppet's Collection/Array rule, which differs from the
/// tuple's own `size_range` for an empty tuple).
fn tuple_size_for_collection(types: &[PType], size: &Option<Size>) -> Size {
    size.unwrap_or(Size::exact(types.len() as i64))
}

fn is_empty_hash_type(t: &PType) -> bool {
    matches!(t, PType::Hash { key, value, size: Some(Size { min: 0, max: 0 }) }
        if matches!(**key, PType::Unit) && matches!(**value, PType::Unit))
}

fn callable_assignable(t: &CallableSig, o: &CallableSig, d: usize) -> bool {
    // Parameters are contravariant: the other callable must accept what
    // this one is called with.
    assignable(&o.params, &t.params, d)
        && match (&t.ret, &o.ret) {
            (None, _) => true,
            (Some(r), Some(or)) => assignable(r, or, d),
            (Some(r), None) => assignable(r, &PType::Any, d),
        }
}

/// Whether instances of the type can be iterated (`each` over them).
pub(crate) fn is_iterable(t: &PType) -> bool {
    match t {
        // An Integer iterates its `0...n`: a negative one does not
        // (`(-1).map` is refused as Puppet refuses it, not run empty).
        PType::Integer { min, .. } => *min >= 0,
        PType::Enum { .. }
        | PType::String { .. }
        | PType::Collection { .. }
        | PType::Array { .. }
        | PType::Hash { .. }
        | PType::Tuple { .. }
        | PType::Struct(_)
        | PType::Iterable(_)
        | PType::Iterator(_) => true,
        PType::Type(Some(inner)) => match &**inner {
            PType::Enum { .. } => true,
            PType::Integer { min, max } => *min != i64::MIN && *max != i64::MAX,
            _ => false,
        },
        PType::Alias(_) | PType::Data | PType::RichData => is_iterable(&resolve_alias(t)),
        _ => false,
    }
}

/// The element type iterating over the type's instances gives: `None` when
/// not iterable, `Some(None)` for "any element".
fn iterable_type(t: &PType) -> Option<Option<PType>> {
    let pair = |k: PType, v: PType| PType::Tuple {
        types: vec![k, v],
        size: Some(Size::exact(2)),
    };
    Some(match t {
        PType::Integer { .. } => Some(PType::integer()),
        PType::Enum { .. } | PType::String { .. } => Some(PType::String {
            size: Some(Size::exact(1)),
            value: None,
        }),
        PType::Array { elem, .. } => match **elem {
            PType::Any => None,
            ref e => Some(e.clone()),
        },
        PType::Hash { key, value, size } => {
            if (matches!(**key, PType::Any) && matches!(**value, PType::Any) && size.is_none())
                || is_empty_hash_type(t)
            {
                Some(pair(PType::Unit, PType::Unit))
            } else {
                Some(pair((**key).clone(), (**value).clone()))
            }
        }
        PType::Tuple { types, .. } => Some(variant_of(types.clone())),
        PType::Struct(members) => {
            if members.is_empty() {
                Some(pair(PType::Unit, PType::Unit))
            } else {
                let keys = members.iter().map(struct_key_type).collect();
                let values = members.iter().map(|m| m.value.clone()).collect();
                Some(pair(variant_of(keys), variant_of(values)))
            }
        }
        PType::Type(Some(inner)) => match &**inner {
            PType::Enum { .. } => Some((**inner).clone()),
            PType::Integer { min, max } if *min != i64::MIN && *max != i64::MAX => {
                Some((**inner).clone())
            }
            _ => return None,
        },
        PType::Iterable(e) | PType::Iterator(e) => e.as_deref().cloned(),
        PType::Alias(_) | PType::Data | PType::RichData => return iterable_type(&resolve_alias(t)),
        _ => return None,
    })
}

/// A struct member's key as a type: the key string, `Optional` when the key
/// may be absent.
pub(crate) fn struct_key_type(m: &StructMember) -> PType {
    let k = super::parameterize::string_value(&m.key);
    if m.optional_key {
        PType::optional(k)
    } else {
        k
    }
}

fn boxed(t: PType) -> Option<Box<PType>> {
    Some(Box::new(t))
}

/// Puppet's `generalize`: drops value-specific details (`Integer[1, 1]` →
/// `Integer`, a string's value, collection sizes).
pub(crate) fn generalize(t: &PType) -> PType {
    match t {
        PType::NotUndef(i) => PType::NotUndef(i.as_ref().and_then(|i| boxed(generalize(i)))),
        PType::Type(i) => PType::Type(i.as_ref().and_then(|i| boxed(generalize(i)))),
        PType::Iterable(i) => PType::Iterable(i.as_ref().and_then(|i| boxed(generalize(i)))),
        PType::Iterator(i) => PType::Iterator(i.as_ref().and_then(|i| boxed(generalize(i)))),
        PType::Optional(i) => PType::Optional(i.as_ref().and_then(|i| boxed(generalize(i)))),
        PType::Sensitive(i) => PType::Sensitive(i.as_ref().and_then(|i| boxed(generalize(i)))),
        PType::Enum { values, .. } => {
            if values.is_empty() {
                PType::string()
            } else {
                let lens = values.iter().map(|v| v.chars().count() as i64);
                let min = lens.clone().min().unwrap_or(0);
                let max = lens.max().unwrap_or(0);
                PType::String {
                    size: Some(Size::new(min, max)),
                    value: None,
                }
            }
        }
        PType::Integer { .. } => PType::integer(),
        PType::Float { .. } => PType::float(),
        PType::String { .. } => PType::string(),
        PType::Boolean(_) => PType::boolean(),
        PType::Collection { .. } => PType::Collection { size: None },
        PType::Array { elem, .. } => match **elem {
            PType::Any => PType::array(),
            ref e => PType::array_of(generalize(e)),
        },
        PType::Hash { key, value, size } => {
            if (matches!(**key, PType::Any) && matches!(**value, PType::Any) && size.is_none())
                || is_empty_hash_type(t)
            {
                t.clone()
            } else {
                PType::hash_of(generalize(key), generalize(value))
            }
        }
        PType::Tuple { types, size } => PType::Tuple {
            types: types.iter().map(generalize).collect(),
            size: *size,
        },
        PType::Struct(members) => PType::Struct(
            members
                .iter()
                .map(|m| StructMember {
                    key: m.key.clone(),
                    optional_key: m.optional_key,
                    value: generalize(&m.value),
                })
                .collect(),
        ),
        PType::Variant(ts) => {
            if ts.is_empty() {
                t.clone()
            } else {
                variant_of(ts.iter().map(generalize).collect())
            }
        }
        PType::Callable(Some(sig)) => PType::Callable(Some(Rc::new(CallableSig {
            params: generalize(&sig.params),
            block: sig.block.as_ref().map(generalize),
            ret: sig.ret.as_ref().map(generalize),
        }))),
        other => other.clone(),
    }
}

/// Puppet's `normalize`: the same set of values in canonical form (Optional
/// and NotUndef folded, variants of enums/patterns/ranges merged).
pub fn normalize(t: &PType) -> PType {
    match t {
        PType::NotUndef(None) => t.clone(),
        PType::NotUndef(Some(i)) => {
            let n = normalize(i);
            match n {
                PType::Optional(Some(inner)) => normalize(&PType::NotUndef(Some(inner))),
                PType::Optional(None) => PType::NotUndef(None),
                n if !is_assignable(&n, &PType::Undef) => n,
                n => PType::NotUndef(boxed(n)),
            }
        }
        PType::Optional(None) => t.clone(),
        PType::Optional(Some(i)) => {
            let n = normalize(i);
            match n {
                PType::NotUndef(inner) => match inner {
                    Some(inner) => normalize(&PType::Optional(Some(inner))),
                    None => PType::Optional(None),
                },
                n if is_assignable(&n, &PType::Undef) => n,
                n => PType::Optional(boxed(n)),
            }
        }
        PType::Type(i) => PType::Type(i.as_ref().map(|i| Box::new(normalize(i)))),
        PType::Iterable(i) => PType::Iterable(i.as_ref().map(|i| Box::new(normalize(i)))),
        PType::Iterator(i) => PType::Iterator(i.as_ref().map(|i| Box::new(normalize(i)))),
        PType::Sensitive(i) => PType::Sensitive(i.as_ref().map(|i| Box::new(normalize(i)))),
        PType::Collection { .. } => PType::Collection { size: None },
        PType::Array { elem, size } => match **elem {
            PType::Any => PType::array(),
            ref e => PType::Array {
                elem: Box::new(normalize(e)),
                size: *size,
            },
        },
        PType::Hash { key, value, size } => {
            if (matches!(**key, PType::Any) && matches!(**value, PType::Any) && size.is_none())
                || is_empty_hash_type(t)
            {
                t.clone()
            } else {
                PType::Hash {
                    key: Box::new(normalize(key)),
                    value: Box::new(normalize(value)),
                    size: *size,
                }
            }
        }
        PType::Tuple { types, size } => PType::Tuple {
            types: types.iter().map(normalize).collect(),
            size: *size,
        },
        PType::Struct(members) => PType::Struct(
            members
                .iter()
                .map(|m| StructMember {
                    key: m.key.clone(),
                    optional_key: m.optional_key,
                    value: normalize(&m.value),
                })
                .collect(),
        ),
        PType::Variant(ts) => normalize_variant(t, ts),
        other => other.clone(),
    }
}

fn normalize_variant(original: &PType, ts: &[PType]) -> PType {
    if ts.is_empty() {
        return original.clone();
    }
    let normalized: Vec<PType> = ts.iter().map(normalize).collect();
    let modified = normalized.iter().zip(ts).any(|(n, o)| n != o);
    let types = if modified { normalized } else { ts.to_vec() };
    if types.len() == 1 {
        return types.into_iter().next().unwrap_or(PType::Any);
    }
    if types
        .iter()
        .any(|t| matches!(t, PType::Undef | PType::Optional(_)))
    {
        let inner: Vec<PType> = types
            .into_iter()
            .filter(|t| !matches!(t, PType::Undef))
            .map(|t| match t {
                PType::Optional(Some(i)) => *i,
                PType::Optional(None) => PType::Any,
                other => other,
            })
            .collect();
        return normalize(&PType::Optional(boxed(variant_of(inner))));
    }
    let mut types = flatten_variants(types);
    let size_before = types.len();
    types = swap_not_undefs(types);
    types = merge_enums(types);
    types = merge_patterns(types);
    types = merge_numbers(types, true);
    types = merge_numbers(types, false);
    if types.len() == 1 {
        types.into_iter().next().unwrap_or(PType::Any)
    } else if modified || types.len() != size_before {
        variant_of(types)
    } else {
        original.clone()
    }
}

fn flatten_variants(types: Vec<PType>) -> Vec<PType> {
    let mut out = Vec::with_capacity(types.len());
    for t in types {
        match t {
            PType::Variant(inner) => out.extend(inner),
            other => out.push(other),
        }
    }
    out
}

fn swap_not_undefs(types: Vec<PType>) -> Vec<PType> {
    if types.len() < 2 {
        return types;
    }
    let (not_undefs, mut others): (Vec<PType>, Vec<PType>) = types
        .into_iter()
        .partition(|t| matches!(t, PType::NotUndef(_)));
    if not_undefs.len() > 1 {
        let inner = not_undefs
            .into_iter()
            .map(|t| match t {
                PType::NotUndef(Some(i)) => *i,
                _ => PType::Any,
            })
            .collect();
        others.push(PType::NotUndef(boxed(normalize(&variant_of(inner)))));
        others
    } else {
        others.extend(not_undefs);
        others
    }
}

fn merge_enums(types: Vec<PType>) -> Vec<PType> {
    let mut types = types;
    if types.len() > 1 {
        let is_cs = |t: &PType| match t {
            PType::Enum {
                values,
                case_insensitive,
            } => !values.is_empty() && !case_insensitive,
            PType::String { value: Some(_), .. } => true,
            _ => false,
        };
        let (enums, mut others): (Vec<PType>, Vec<PType>) =
            types.iter().cloned().partition(|t| is_cs(t));
        if enums.len() > 1 {
            let mut values = Vec::new();
            for e in enums {
                match e {
                    PType::Enum { values: v, .. } => values.extend(v),
                    PType::String { value: Some(v), .. } => values.push(v.to_string()),
                    _ => {}
                }
            }
            others.push(enum_type(values, false));
            types = others;
        }
    }
    if types.len() > 1 {
        let is_ci = |t: &PType| matches!(t, PType::Enum { values, case_insensitive: true } if !values.is_empty());
        let (enums, mut others): (Vec<PType>, Vec<PType>) =
            types.iter().cloned().partition(|t| is_ci(t));
        if enums.len() > 1 {
            let mut values = Vec::new();
            for e in enums {
                if let PType::Enum { values: v, .. } = e {
                    values.extend(v.into_iter().map(|s| s.to_lowercase()));
                }
            }
            others.push(enum_type(values, true));
            types = others;
        }
    }
    types
}

fn merge_patterns(types: Vec<PType>) -> Vec<PType> {
    if types.len() < 2 {
        return types;
    }
    let (patterns, mut others): (Vec<PType>, Vec<PType>) = types
        .iter()
        .cloned()
        .partition(|t| matches!(t, PType::Pattern(_)));
    if patterns.len() > 1 {
        let mut all: Vec<Rc<super::super::value::RegexValue>> = Vec::new();
        for p in patterns {
            if let PType::Pattern(ps) = p {
                for r in ps {
                    if !all.iter().any(|x| x.source == r.source) {
                        all.push(r);
                    }
                }
            }
        }
        others.push(PType::Pattern(all));
        others
    } else {
        types
    }
}

/// Merges intersecting (and, for integers, adjacent) ranges; the merged
/// ranges come first, as in Puppet.
fn merge_numbers(types: Vec<PType>, integers: bool) -> Vec<PType> {
    if types.len() < 2 {
        return types;
    }
    let is_kind = |t: &PType| {
        if integers {
            matches!(t, PType::Integer { .. })
        } else {
            matches!(t, PType::Float { .. })
        }
    };
    let (mut ranges, others): (Vec<PType>, Vec<PType>) =
        types.iter().cloned().partition(|t| is_kind(t));
    if ranges.len() < 2 {
        return types;
    }
    let mut result = Vec::new();
    while let Some(x) = ranges.pop() {
        let mut memo = x;
        let mut unmerged = Vec::new();
        for y in ranges.drain(..) {
            match merge_range(&memo, &y) {
                Some(m) => memo = m,
                None => unmerged.push(y),
            }
        }
        result.push(memo);
        ranges = unmerged;
    }
    result.extend(others);
    result
}

fn merge_range(a: &PType, b: &PType) -> Option<PType> {
    match (a, b) {
        (PType::Integer { min: f1, max: t1 }, PType::Integer { min: f2, max: t2 }) => {
            let intersect = !(t1 < f2 || t2 < f1);
            let adjacent = t1.checked_add(1) == Some(*f2) || t2.checked_add(1) == Some(*f1);
            (intersect || adjacent).then(|| PType::Integer {
                min: *f1.min(f2),
                max: *t1.max(t2),
            })
        }
        (PType::Float { min: f1, max: t1 }, PType::Float { min: f2, max: t2 }) => {
            let intersect = !(t1 < f2 || t2 < f1);
            intersect.then(|| PType::Float {
                min: f1.min(*f2),
                max: t1.max(*t2),
            })
        }
        _ => None,
    }
}

/// Puppet's `common_type`: the narrowest type both types are assignable to,
/// by its rules (used when inferring a collection's element type).
pub(crate) fn common_type(t1: &PType, t2: &PType) -> PType {
    if matches!(t1, PType::Undef) {
        return t2.clone();
    }
    if matches!(t2, PType::Undef) {
        return t1.clone();
    }
    if matches!(t1, PType::Unit) {
        return t2.clone();
    }
    if matches!(t2, PType::Unit) {
        return t1.clone();
    }
    if is_assignable(t1, t2) {
        return t1.clone();
    }
    if is_assignable(t2, t1) {
        return t2.clone();
    }
    match (t1, t2) {
        (PType::Array { elem: e1, .. }, PType::Array { elem: e2, .. }) => {
            return PType::array_of(common_type(e1, e2));
        }
        (
            PType::Hash {
                key: k1, value: v1, ..
            },
            PType::Hash {
                key: k2, value: v2, ..
            },
        ) => return PType::hash_of(common_type(k1, k2), common_type(v1, v2)),
        (PType::Class { .. }, PType::Class { .. }) => return PType::Class { name: None },
        (PType::Resource { type_name: n1, .. }, PType::Resource { type_name: n2, .. }) => {
            return if n1 == n2 {
                PType::Resource {
                    type_name: n1.clone(),
                    title: None,
                }
            } else {
                PType::Resource {
                    type_name: None,
                    title: None,
                }
            };
        }
        (PType::Integer { min: f1, max: t1 }, PType::Integer { min: f2, max: t2 }) => {
            return PType::Integer {
                min: *f1.min(f2),
                max: *t1.max(t2),
            };
        }
        (PType::Float { min: f1, max: t1 }, PType::Float { min: f2, max: t2 }) => {
            return PType::Float {
                min: f1.min(*f2),
                max: t1.max(*t2),
            };
        }
        (
            PType::String {
                size: s1,
                value: v1,
            },
            PType::String {
                size: s2,
                value: v2,
            },
        ) => {
            if s1.is_none() || s2.is_none() {
                return match (v1, v2) {
                    (Some(a), Some(b)) => enum_type(vec![a.to_string(), b.to_string()], false),
                    _ => PType::string(),
                };
            }
            let (a, b) = (s1.unwrap_or(Size::ANY), s2.unwrap_or(Size::ANY));
            return PType::String {
                size: Some(Size::new(a.min.min(b.min), a.max.max(b.max))),
                value: None,
            };
        }
        (PType::String { value, .. }, PType::Enum { values, .. })
        | (PType::Enum { values, .. }, PType::String { value, .. }) => {
            return match value {
                None => PType::Enum {
                    values: Vec::new(),
                    case_insensitive: false,
                },
                Some(v) => {
                    let mut all = values.clone();
                    all.push(v.to_string());
                    enum_type(all, false)
                }
            };
        }
        (PType::Pattern(p1), PType::Pattern(p2)) => {
            let mut all = p1.clone();
            for p in p2 {
                if !all.iter().any(|x| x.source == p.source) {
                    all.push(p.clone());
                }
            }
            return PType::Pattern(all);
        }
        (PType::Enum { values: v1, .. }, PType::Enum { values: v2, .. }) => {
            let mut all = v1.clone();
            all.extend(v2.iter().cloned());
            return enum_type(all, false);
        }
        (PType::Variant(a), PType::Variant(b)) => {
            let mut all = a.clone();
            all.extend(b.iter().cloned());
            return variant_of(all);
        }
        (PType::Regexp(_), PType::Regexp(_)) => return PType::Regexp(None),
        (PType::Callable(_), PType::Callable(_)) => return PType::Callable(None),
        _ => {}
    }
    let both = |t: &PType| is_assignable(t, t1) && is_assignable(t, t2);
    if both(&PType::Numeric) {
        return PType::Numeric;
    }
    if both(&PType::ScalarData) {
        return PType::ScalarData;
    }
    if both(&PType::Scalar) {
        return PType::Scalar;
    }
    if both(&PType::Data) {
        return PType::Data;
    }
    if let (PType::Type(a), PType::Type(b)) = (t1, t2) {
        let a = a.as_deref().unwrap_or(&PType::Any);
        let b = b.as_deref().unwrap_or(&PType::Any);
        return PType::Type(boxed(common_type(a, b)));
    }
    if both(&PType::RichData) {
        return PType::RichData;
    }
    PType::Any
}

/// Whether the time range `[from, to]` covers `[f2, t2]` (`None` unbounded).
fn time_range_covers(from: Option<i64>, to: Option<i64>, f2: Option<i64>, t2: Option<i64>) -> bool {
    let lo = |x: Option<i64>| x.unwrap_or(i64::MIN);
    let hi = |x: Option<i64>| x.unwrap_or(i64::MAX);
    lo(from) <= lo(f2) && hi(to) >= hi(t2)
}

#[cfg(test)]
mod tests {
    use super::super::super::value::Value;
    use super::super::parameterize;
    use super::*;

    fn ty(name: &str, args: &[Value]) -> PType {
        let base = PType::from_name(name).expect("built-in");
        if args.is_empty() {
            base
        } else {
            parameterize(&base, args).expect("valid type")
        }
    }
    fn t(name: &str) -> Value {
        Value::from_type(ty(name, &[]))
    }
    fn i(n: i64) -> Value {
        Value::Integer(n)
    }
    fn s(x: &str) -> Value {
        Value::string(x)
    }

    // Expected values: `notice(T1 >= T2)` / `notice(T =~ Type[...])` in Puppet 7.
    #[test]
    fn assignability_follows_puppet() {
        let int_1_10 = ty("Integer", &[i(1), i(10)]);
        assert!(is_assignable(&PType::integer(), &int_1_10));
        assert!(!is_assignable(&int_1_10, &PType::integer()));
        assert!(is_assignable(&PType::Numeric, &PType::float()));
        assert!(!is_assignable(&PType::float(), &PType::integer()));
        assert!(is_assignable(
            &ty("Optional", &[t("String")]),
            &PType::Undef
        ));
        assert!(is_assignable(
            &ty("Optional", &[t("String")]),
            &PType::string()
        ));
        assert!(!is_assignable(
            &PType::string(),
            &ty("Optional", &[t("String")])
        ));
        assert!(is_assignable(
            &ty("Variant", &[t("String"), t("Integer")]),
            &int_1_10
        ));
        assert!(is_assignable(
            &ty("Variant", &[t("String"), t("Integer")]),
            &ty("Variant", &[t("Integer"), t("String")])
        ));
        assert!(is_assignable(&PType::string(), &ty("Enum", &[s("a")])));
        assert!(is_assignable(
            &ty("String", &[i(1), i(2)]),
            &ty("Enum", &[s("a"), s("bb")])
        ));
        assert!(!is_assignable(
            &ty("String", &[i(2)]),
            &ty("Enum", &[s("a"), s("bb")])
        ));
        assert!(is_assignable(
            &ty("Pattern", &[s("^a")]),
            &ty("Enum", &[s("ab"), s("ac")])
        ));
        assert!(is_assignable(
            &ty("Array", &[t("Numeric")]),
            &ty("Array", &[t("Integer")])
        ));
        assert!(!is_assignable(
            &ty("Array", &[t("Integer"), i(2)]),
            &ty("Array", &[t("Integer")])
        ));
        assert!(is_assignable(
            &ty("Array", &[t("Integer")]),
            &ty("Tuple", &[t("Integer"), t("Integer")])
        ));
        assert!(is_assignable(&ty("Collection", &[]), &ty("Hash", &[])));
        assert!(is_assignable(&PType::Data, &ty("Array", &[t("String")])));
        assert!(!is_assignable(
            &PType::Data,
            &ty("Hash", &[t("Integer"), t("String")])
        ));
        assert!(is_assignable(&PType::Data, &PType::Data));
        assert!(is_assignable(&PType::RichData, &PType::Data));
        assert!(is_assignable(&PType::Any, &PType::RichData));
        assert!(is_assignable(&PType::Scalar, &PType::ScalarData));
        assert!(!is_assignable(&PType::ScalarData, &PType::Scalar));
        assert!(is_assignable(&ty("NotUndef", &[]), &PType::string()));
        assert!(!is_assignable(
            &ty("NotUndef", &[]),
            &ty("Optional", &[t("String")])
        ));
        assert!(is_assignable(
            &ty("Type", &[]),
            &ty("Type", &[t("Integer")])
        ));
        assert!(is_assignable(
            &PType::resource_type("file"),
            &PType::resource_ref("File", "/x")
        ));
        assert!(!is_assignable(
            &PType::resource_ref("File", "/x"),
            &PType::resource_type("file")
        ));
        assert!(is_assignable(
            &ty("Iterable", &[t("Integer")]),
            &ty("Array", &[t("Integer")])
        ));
        assert!(!is_assignable(
            &ty("Iterable", &[t("String")]),
            &ty("Array", &[t("Integer")])
        ));
        assert!(is_assignable(
            &ty("Hash", &[t("String"), t("Integer")]),
            &PType::Hash {
                key: Box::new(PType::Unit),
                value: Box::new(PType::Unit),
                size: Some(Size::exact(0)),
            }
        ));
    }

    #[test]
    fn normalizes_variants_like_puppet() {
        let v = ty(
            "Variant",
            &[
                Value::from_type(ty("Enum", &[s("a")])),
                Value::from_type(ty("Enum", &[s("b")])),
            ],
        );
        assert_eq!(normalize(&v).to_string(), "Enum['a', 'b']");
        let v = ty(
            "Variant",
            &[
                Value::from_type(ty("Integer", &[i(1), i(2)])),
                Value::from_type(ty("Integer", &[i(5), i(6)])),
            ],
        );
        assert_eq!(
            normalize(&v).to_string(),
            "Variant[Integer[1, 2], Integer[5, 6]]"
        );
        let v = ty(
            "Variant",
            &[
                Value::from_type(ty("Integer", &[i(1), i(2)])),
                Value::from_type(ty("Integer", &[i(3), i(6)])),
            ],
        );
        assert_eq!(normalize(&v).to_string(), "Integer[1, 6]");
        let v = ty("Variant", &[t("String"), t("Undef")]);
        assert_eq!(normalize(&v).to_string(), "Optional[String]");
        let o = ty(
            "Optional",
            &[Value::from_type(ty("NotUndef", &[t("String")]))],
        );
        assert_eq!(normalize(&o).to_string(), "Optional[String]");
        assert_eq!(
            normalize(&ty("NotUndef", &[t("String")])).to_string(),
            "String"
        );
    }

    #[test]
    fn generalizes_like_puppet() {
        assert_eq!(
            generalize(&ty("Enum", &[s("a"), s("bb")])).to_string(),
            "String[1, 2]"
        );
        assert_eq!(
            generalize(&ty("Integer", &[i(1), i(2)])).to_string(),
            "Integer"
        );
        assert_eq!(
            generalize(&ty("Array", &[t("Integer"), i(1), i(2)])).to_string(),
            "Array[Integer]"
        );
        assert_eq!(
            generalize(&ty(
                "Tuple",
                &[Value::from_type(ty("Integer", &[i(1)])), i(1), i(2)]
            ))
            .to_string(),
            "Tuple[Integer, 1, 2]"
        );
    }
}
