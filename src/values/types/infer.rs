//! Type inference: the type Puppet gives a value — `infer` (what
//! `type($x, reduced)` shows), `infer_set` (the detailed form `type($x)`
//! shows: tuples and structs) and `infer_generic` (`type($x, generalized)`).

use super::super::value::Value;
use super::parameterize::{string_value, variant_of};
use super::{PType, Size, StructMember, common_type, generalize};

/// Puppet's `TypeCalculator#infer`: `Integer[5, 5]`, `Array[Integer[1, 2], 2, 2]`,
/// `Hash[Enum['a', 'b'], Integer[1, 2], 2, 2]` ...
pub fn infer(v: &Value) -> PType {
    match v {
        Value::Undef => PType::Undef,
        Value::Default => PType::Default,
        Value::Bool(b) => PType::Boolean(Some(*b)),
        Value::Integer(i) => PType::Integer { min: *i, max: *i },
        Value::Float(f) => PType::Float { min: *f, max: *f },
        Value::String(s) => string_value(s),
        Value::Regex(r) => PType::Regexp(Some(r.clone())),
        Value::Array(items) => {
            if items.is_empty() {
                empty_array()
            } else {
                PType::Array {
                    elem: Box::new(reduce(items.iter().map(infer))),
                    size: Some(Size::exact(items.len() as i64)),
                }
            }
        }
        Value::Hash(map) => {
            if map.is_empty() {
                empty_hash()
            } else {
                PType::Hash {
                    key: Box::new(reduce(map.keys().map(infer))),
                    value: Box::new(reduce(map.values().map(infer))),
                    size: Some(Size::exact(map.len() as i64)),
                }
            }
        }
        Value::Type(t) => PType::Type(Some(Box::new((**t).clone()))),
        Value::Sensitive(inner) => sensitive_of(infer(inner)),
        Value::Timespan(ns) => PType::Timespan {
            from: Some(*ns),
            to: Some(*ns),
        },
        Value::Timestamp(ns) => PType::Timestamp {
            from: Some(*ns),
            to: Some(*ns),
        },
        Value::SemVer(v) => PType::SemVer(vec![std::rc::Rc::new(
            super::super::semver::VersionRange::exact(v),
        )]),
        Value::SemVerRange(_) => PType::SemVerRange,
        Value::Binary(_) => PType::Binary,
    }
}

/// Puppet's `infer_set`: like [`infer`], but arrays give tuples and hashes
/// with non-empty string keys give structs (`type($x)` prints this).
pub fn infer_set(v: &Value) -> PType {
    match v {
        Value::Array(items) => {
            if items.is_empty() {
                empty_array()
            } else {
                PType::Tuple {
                    types: items.iter().map(infer_set).collect(),
                    size: None,
                }
            }
        }
        Value::Hash(map) => {
            if map.is_empty() {
                empty_hash()
            } else if map
                .keys()
                .all(|k| matches!(k, Value::String(s) if !s.is_empty()))
            {
                PType::Struct(
                    map.iter()
                        .map(|(k, v)| StructMember {
                            key: k.as_str().unwrap_or_default().to_string(),
                            optional_key: false,
                            value: infer_set(v),
                        })
                        .collect(),
                )
            } else {
                PType::Hash {
                    key: Box::new(variant_of(map.keys().map(infer_set).collect())),
                    value: Box::new(variant_of(map.values().map(infer_set).collect())),
                    size: Some(Size::exact(map.len() as i64)),
                }
            }
        }
        other => infer(other),
    }
}

/// `type($x, generalized)`: the inferred type without value details.
pub fn infer_generic(v: &Value) -> PType {
    generalize(&infer(v))
}

fn reduce(types: impl Iterator<Item = PType>) -> PType {
    types
        .reduce(|memo, t| common_type(&memo, &t))
        .unwrap_or(PType::Undef)
}

fn empty_array() -> PType {
    PType::Array {
        elem: Box::new(PType::Unit),
        size: Some(Size::exact(0)),
    }
}

fn empty_hash() -> PType {
    PType::Hash {
        key: Box::new(PType::Unit),
        value: Box::new(PType::Unit),
        size: Some(Size::exact(0)),
    }
}

fn sensitive_of(t: PType) -> PType {
    match generalize(&t) {
        PType::Any => PType::Sensitive(None),
        g => PType::Sensitive(Some(Box::new(g))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use indexmap::IndexMap;
    use std::rc::Rc;

    fn s(x: &str) -> Value {
        Value::string(x)
    }
    fn i(n: i64) -> Value {
        Value::Integer(n)
    }
    fn arr(items: Vec<Value>) -> Value {
        Value::array(items)
    }
    fn hash(pairs: Vec<(Value, Value)>) -> Value {
        Value::hash(pairs.into_iter().collect::<IndexMap<_, _>>())
    }
    fn detailed(v: &Value) -> String {
        infer_set(v).to_string()
    }
    fn reduced(v: &Value) -> String {
        infer(v).to_string()
    }
    fn generalized(v: &Value) -> String {
        infer_generic(v).to_string()
    }

    // Expected strings: notice(type($v)), type($v, reduced), type($v, generalized).
    #[test]
    fn detailed_types() {
        assert_eq!(detailed(&Value::Bool(true)), "Boolean[true]");
        assert_eq!(detailed(&Value::Float(1.5)), "Float[1.5, 1.5]");
        assert_eq!(detailed(&Value::Undef), "Undef");
        assert_eq!(detailed(&Value::Default), "Default");
        assert_eq!(detailed(&s("ab")), "String");
        assert_eq!(detailed(&arr(vec![])), "Array[0, 0]");
        assert_eq!(detailed(&hash(vec![])), "Hash[0, 0]");
        assert_eq!(
            detailed(&hash(vec![(s("a"), i(1)), (s("b"), s("x"))])),
            "Struct[{'a' => Integer[1, 1], 'b' => String}]"
        );
        assert_eq!(
            detailed(&hash(vec![(i(1), i(1)), (s("b"), s("x"))])),
            "Hash[Variant[Integer[1, 1], String], Variant[Integer[1, 1], String], 2, 2]"
        );
        assert_eq!(
            detailed(&hash(vec![(s("a"), i(1)), (s(""), i(2))])),
            "Hash[Variant[String, String], Variant[Integer[1, 1], Integer[2, 2]], 2, 2]"
        );
        assert_eq!(
            detailed(&arr(vec![i(1), i(2), i(3)])),
            "Tuple[Integer[1, 1], Integer[2, 2], Integer[3, 3]]"
        );
        assert_eq!(
            detailed(&Value::from_type(PType::integer())),
            "Type[Integer]"
        );
        assert_eq!(
            detailed(&Value::from_type(PType::resource_ref("File", "x"))),
            "Type[File['x']]"
        );
        assert_eq!(
            detailed(&Value::from_type(PType::class_ref("x"))),
            "Type[Class[x]]"
        );
        assert_eq!(
            detailed(&Value::Sensitive(Rc::new(i(1)))),
            "Sensitive[Integer]"
        );
        assert_eq!(
            detailed(&hash(vec![(s("a"), Value::Undef)])),
            "Struct[{NotUndef['a'] => Undef}]"
        );
        assert_eq!(
            detailed(&arr(vec![Value::Undef, i(1)])),
            "Tuple[Undef, Integer[1, 1]]"
        );
        assert_eq!(
            detailed(&hash(vec![(s("a"), arr(vec![i(1), i(2)]))])),
            "Struct[{'a' => Tuple[Integer[1, 1], Integer[2, 2]]}]"
        );
    }

    #[test]
    fn reduced_types() {
        assert_eq!(reduced(&s("abc")), "String");
        assert_eq!(
            reduced(&arr(vec![i(1), i(2), s("a")])),
            "Array[ScalarData, 3, 3]"
        );
        assert_eq!(
            reduced(&arr(vec![i(1), i(2), i(3)])),
            "Array[Integer[1, 3], 3, 3]"
        );
        assert_eq!(
            reduced(&hash(vec![(s("a"), i(1)), (s("b"), i(2))])),
            "Hash[Enum['a', 'b'], Integer[1, 2], 2, 2]"
        );
        assert_eq!(
            reduced(&arr(vec![s("a"), s("b"), s("a")])),
            "Array[Enum['a', 'b'], 3, 3]"
        );
        assert_eq!(
            reduced(&arr(vec![arr(vec![i(1)]), arr(vec![s("a")])])),
            "Array[Array[ScalarData], 2, 2]"
        );
        assert_eq!(
            reduced(&arr(vec![
                hash(vec![(s("a"), i(1))]),
                hash(vec![(s("b"), s("x"))])
            ])),
            "Array[Hash[Enum['a', 'b'], ScalarData], 2, 2]"
        );
        let ty = |t: PType| Value::from_type(t);
        assert_eq!(
            reduced(&arr(vec![ty(PType::integer()), ty(PType::string())])),
            "Array[Type[ScalarData], 2, 2]"
        );
        assert_eq!(
            reduced(&arr(vec![
                ty(PType::resource_ref("File", "a")),
                ty(PType::resource_ref("File", "b"))
            ])),
            "Array[Type[File], 2, 2]"
        );
        assert_eq!(
            reduced(&arr(vec![
                ty(PType::resource_ref("File", "a")),
                ty(PType::resource_ref("Exec", "b"))
            ])),
            "Array[Type[Resource], 2, 2]"
        );
        assert_eq!(
            reduced(&arr(vec![Value::Float(1.5), Value::Float(2.5)])),
            "Array[Float[1.5, 2.5], 2, 2]"
        );
        assert_eq!(
            reduced(&arr(vec![i(1), Value::Float(2.5)])),
            "Array[Numeric, 2, 2]"
        );
        assert_eq!(
            reduced(&arr(vec![Value::Bool(true), Value::Bool(false)])),
            "Array[ScalarData, 2, 2]"
        );
        assert_eq!(
            reduced(&arr(vec![Value::Default, i(1)])),
            "Array[RichData, 2, 2]"
        );
        assert_eq!(
            reduced(&arr(vec![arr(vec![i(1)]), i(1)])),
            "Array[Data, 2, 2]"
        );
        assert_eq!(
            reduced(&arr(vec![ty(PType::integer()), i(1)])),
            "Array[RichData, 2, 2]"
        );
        assert_eq!(
            reduced(&arr(vec![i(1), i(2), Value::Undef])),
            "Array[Integer[1, 2], 3, 3]"
        );
        assert_eq!(
            reduced(&arr(vec![Value::Sensitive(Rc::new(i(1))), i(1)])),
            "Array[RichData, 2, 2]"
        );
    }

    #[test]
    fn generalized_types() {
        assert_eq!(generalized(&arr(vec![i(1), i(2), i(3)])), "Array[Integer]");
        assert_eq!(
            generalized(&hash(vec![(s("a"), i(1))])),
            "Hash[String, Integer]"
        );
        assert_eq!(generalized(&arr(vec![i(1), s("a")])), "Array[ScalarData]");
        assert_eq!(
            generalized(&arr(vec![i(1), i(2), Value::Undef])),
            "Array[Integer]"
        );
        assert_eq!(
            generalized(&hash(vec![(s("a"), i(1)), (s("b"), Value::Undef)])),
            "Hash[String[1, 1], Integer]"
        );
        assert_eq!(
            generalized(&hash(vec![(s("a"), Value::Undef)])),
            "Hash[String, Undef]"
        );
        assert_eq!(
            generalized(&arr(vec![i(1), arr(vec![i(2)])])),
            "Array[Data]"
        );
        assert_eq!(
            generalized(&hash(vec![(s("a"), hash(vec![(s("b"), i(1))]))])),
            "Hash[String, Hash[String, Integer]]"
        );
        assert_eq!(
            generalized(&Value::from_type(PType::Enum {
                values: vec!["a".into(), "bb".into()],
                case_insensitive: false
            })),
            "Type[String[1, 2]]"
        );
    }
}
