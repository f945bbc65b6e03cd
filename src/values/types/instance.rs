//! Instance checks: is a value of a type (`$x =~ T`, parameter checks,
//! `assert_type`)? Puppet's `instance?` for each type.

use super::super::value::Value;
use super::{PType, Size, infer, is_assignable};

/// Whether `v` is an instance of `t`.
pub fn is_instance(t: &PType, v: &Value) -> bool {
    is_instance_depth(t, v, 0)
}

/// Deep enough for any real value; stops runaway self-recursive aliases.
const MAX_DEPTH: usize = 200;

fn size_ok(size: &Option<Size>, n: usize) -> bool {
    size.is_none_or(|s| s.contains(n as i64))
}

fn is_instance_depth(t: &PType, v: &Value, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    let inst = |t: &PType, v: &Value| is_instance_depth(t, v, depth + 1);
    match t {
        PType::Any | PType::Unit => true,
        PType::Undef => v.is_undef(),
        PType::Default => matches!(v, Value::Default),
        PType::NotUndef(inner) => !v.is_undef() && inner.as_ref().is_none_or(|i| inst(i, v)),
        PType::Boolean(b) => match v {
            Value::Bool(x) => b.is_none_or(|b| b == *x),
            _ => false,
        },
        PType::Integer { min, max } => matches!(v, Value::Integer(i) if i >= min && i <= max),
        PType::Float { min, max } => matches!(v, Value::Float(f) if f >= min && f <= max),
        PType::Numeric => matches!(v, Value::Integer(_) | Value::Float(_)),
        PType::String { size, value } => match v {
            Value::String(s) => match value {
                Some(val) => **val == **s,
                None => size.is_none_or(|sz| sz.contains(s.chars().count() as i64)),
            },
            _ => false,
        },
        PType::Enum {
            values,
            case_insensitive,
        } => match v {
            Value::String(s) => {
                if *case_insensitive {
                    values.iter().any(|e| e.eq_ignore_ascii_case(s))
                } else {
                    values.iter().any(|e| **e == **s)
                }
            }
            _ => false,
        },
        PType::Pattern(patterns) => match v {
            Value::String(s) => patterns.is_empty() || patterns.iter().any(|p| p.is_match(s)),
            _ => false,
        },
        PType::Regexp(r) => match v {
            Value::Regex(x) => r.as_ref().is_none_or(|r| r.source == x.source),
            _ => false,
        },
        PType::Scalar => matches!(
            v,
            Value::String(_)
                | Value::Integer(_)
                | Value::Float(_)
                | Value::Bool(_)
                | Value::Regex(_)
        ),
        PType::ScalarData => matches!(
            v,
            Value::String(_) | Value::Integer(_) | Value::Float(_) | Value::Bool(_)
        ),
        PType::Data => is_data(v, depth),
        PType::RichData => is_rich_data(v, depth),
        PType::Collection { size } => match v {
            Value::Array(a) => size_ok(size, a.len()),
            Value::Hash(h) => size_ok(size, h.len()),
            _ => false,
        },
        PType::Array { elem, size } => match v {
            Value::Array(a) => a.iter().all(|e| inst(elem, e)) && size_ok(size, a.len()),
            _ => false,
        },
        PType::Hash { key, value, size } => match v {
            Value::Hash(h) => {
                h.iter().all(|(k, x)| inst(key, k) && inst(value, x)) && size_ok(size, h.len())
            }
            _ => false,
        },
        PType::Tuple { types, size } => match v {
            Value::Array(a) => {
                let size_fits = match size {
                    Some(s) => s.contains(a.len() as i64),
                    None => types.is_empty() || types.len() == a.len(),
                };
                size_fits
                    && (types.is_empty()
                        || a.iter().enumerate().all(|(i, e)| {
                            let t = types.get(i).or(types.last());
                            t.is_some_and(|t| inst(t, e))
                        }))
            }
            _ => false,
        },
        PType::Struct(members) => match v {
            Value::Hash(h) => {
                let mut matched = 0;
                let all = members.iter().all(|m| {
                    match h.iter().find(|(k, _)| k.as_str() == Some(m.key.as_str())) {
                        None => m.optional_key,
                        Some((_, x)) => {
                            matched += 1;
                            inst(&m.value, x)
                        }
                    }
                });
                all && matched == h.len()
            }
            _ => false,
        },
        PType::Optional(inner) => v.is_undef() || inner.as_ref().is_some_and(|i| inst(i, v)),
        PType::Variant(types) => types.iter().any(|t| inst(t, v)),
        PType::Type(inner) => match v {
            Value::Type(x) => inner.as_ref().is_none_or(|i| is_assignable(i, x)),
            _ => false,
        },
        PType::Iterable(elem) => {
            if elem.as_ref().is_none_or(|e| is_assignable(e, &PType::Any)) {
                match v {
                    Value::String(_) | Value::Array(_) | Value::Hash(_) => true,
                    Value::Integer(i) => *i >= 0,
                    Value::Type(t) => match &**t {
                        PType::Enum { .. } => true,
                        PType::Integer { min, max } => *min != i64::MIN && *max != i64::MAX,
                        _ => false,
                    },
                    _ => false,
                }
            } else {
                is_assignable(t, &infer(v))
            }
        }
        PType::Sensitive(inner) => match v {
            Value::Sensitive(x) => inner.as_ref().is_none_or(|i| inst(i, x)),
            _ => false,
        },
        PType::Alias(a) => inst(a.resolved_type(), v),
        // Catalog entries are Puppet's resource objects, which are not values
        // of the language: references (`File['x']`) are types.
        PType::Resource { .. } | PType::Class { .. } | PType::CatalogEntry => false,
        PType::SemVer(ranges) => match v {
            Value::SemVer(ver) => ranges.is_empty() || ranges.iter().any(|r| r.includes(ver)),
            _ => false,
        },
        PType::SemVerRange => matches!(v, Value::SemVerRange(_)),
        PType::Binary => matches!(v, Value::Binary(_)),
        PType::Timespan { from, to } => match v {
            Value::Timespan(ns) => from.is_none_or(|f| *ns >= f) && to.is_none_or(|t| *ns <= t),
            _ => false,
        },
        PType::Timestamp { from, to } => match v {
            Value::Timestamp(ns) => from.is_none_or(|f| *ns >= f) && to.is_none_or(|t| *ns <= t),
            _ => false,
        },
        PType::Iterator(_)
        | PType::Callable(_)
        | PType::Runtime
        | PType::Object
        | PType::Init
        | PType::Uri
        | PType::Error
        | PType::TypeSet
        | PType::Deferred => false,
    }
}

fn is_data(v: &Value, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    match v {
        Value::Undef | Value::String(_) | Value::Integer(_) | Value::Float(_) | Value::Bool(_) => {
            true
        }
        Value::Array(a) => a.iter().all(|e| is_data(e, depth + 1)),
        Value::Hash(h) => h
            .iter()
            .all(|(k, x)| matches!(k, Value::String(_)) && is_data(x, depth + 1)),
        _ => false,
    }
}

fn is_rich_data(v: &Value, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    match v {
        Value::Array(a) => a.iter().all(|e| is_rich_data(e, depth + 1)),
        Value::Hash(h) => h.iter().all(|(k, x)| {
            matches!(k, Value::String(_) | Value::Integer(_) | Value::Float(_))
                && is_rich_data(x, depth + 1)
        }),
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::super::parameterize;
    use super::*;
    use indexmap::IndexMap;

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

    // Expected values: `notice($v =~ T)` in Puppet 7.
    #[test]
    fn scalars() {
        assert!(is_instance(&ty("Integer", &[i(1), i(10)]), &i(10)));
        assert!(!is_instance(&ty("Integer", &[i(1), i(10)]), &i(11)));
        assert!(!is_instance(&ty("Integer", &[]), &Value::Float(1.0)));
        assert!(!is_instance(&ty("Float", &[]), &i(1)));
        assert!(is_instance(&ty("Numeric", &[]), &Value::Float(1.5)));
        assert!(is_instance(&ty("String", &[i(2)]), &s("ab")));
        assert!(!is_instance(&ty("String", &[i(2)]), &s("a")));
        assert!(is_instance(&ty("String", &[i(1), i(1)]), &s("é")));
        assert!(is_instance(&ty("Enum", &[s("a"), s("b")]), &s("a")));
        assert!(!is_instance(&ty("Enum", &[s("a"), s("b")]), &s("A")));
        assert!(is_instance(
            &ty("Enum", &[s("a"), Value::Bool(true)]),
            &s("A")
        ));
        assert!(!is_instance(&ty("Enum", &[]), &s("a")));
        assert!(is_instance(&ty("Pattern", &[s("^a")]), &s("abc")));
        assert!(!is_instance(&ty("Pattern", &[s("^a")]), &s("bac")));
        assert!(is_instance(&ty("Pattern", &[]), &s("x")));
        assert!(is_instance(&ty("Boolean", &[]), &Value::Bool(false)));
        assert!(!is_instance(
            &ty("Boolean", &[Value::Bool(true)]),
            &Value::Bool(false)
        ));
        assert!(is_instance(
            &ty("Scalar", &[]),
            &Value::Regex(std::rc::Rc::new(
                crate::value::RegexValue::new("x").expect("regex")
            ))
        ));
        assert!(!is_instance(&ty("Scalar", &[]), &Value::Undef));
        assert!(!is_instance(&ty("ScalarData", &[]), &Value::Default));
        assert!(is_instance(&ty("NotUndef", &[]), &s("")));
        assert!(!is_instance(&ty("NotUndef", &[]), &Value::Undef));
        assert!(is_instance(&ty("Optional", &[t("String")]), &Value::Undef));
        assert!(!is_instance(&ty("Optional", &[t("String")]), &i(1)));
        assert!(is_instance(
            &ty("Variant", &[t("String"), t("Integer")]),
            &i(1)
        ));
        assert!(is_instance(&ty("Default", &[]), &Value::Default));
    }

    #[test]
    fn collections() {
        let a = arr(vec![i(1), s("a")]);
        assert!(is_instance(&ty("Array", &[]), &a));
        assert!(!is_instance(&ty("Array", &[t("Integer")]), &a));
        assert!(is_instance(
            &ty("Array", &[t("Integer"), i(0), i(0)]),
            &arr(vec![])
        ));
        assert!(!is_instance(
            &ty("Array", &[t("String"), i(1)]),
            &arr(vec![])
        ));
        assert!(is_instance(&ty("Tuple", &[t("Integer"), t("String")]), &a));
        assert!(!is_instance(&ty("Tuple", &[t("Integer")]), &a));
        assert!(is_instance(
            &ty("Tuple", &[t("Integer"), t("String"), i(1), i(3)]),
            &arr(vec![i(1), s("a"), s("b")])
        ));
        assert!(is_instance(&ty("Collection", &[i(2)]), &a));
        let h = hash(vec![(s("a"), i(1))]);
        assert!(is_instance(&ty("Hash", &[t("String"), t("Integer")]), &h));
        assert!(!is_instance(&ty("Hash", &[t("Integer"), t("Integer")]), &h));
        assert!(is_instance(
            &ty("Data", &[]),
            &hash(vec![(s("a"), arr(vec![Value::Undef]))])
        ));
        assert!(!is_instance(&ty("Data", &[]), &hash(vec![(i(1), i(1))])));
        assert!(is_instance(
            &ty("RichData", &[]),
            &hash(vec![(i(1), Value::Default)])
        ));
    }

    #[test]
    fn structs() {
        let mut m = IndexMap::new();
        m.insert(s("a"), t("Integer"));
        m.insert(s("b"), Value::from_type(ty("Optional", &[t("String")])));
        let st = ty("Struct", &[Value::hash(m)]);
        assert!(is_instance(&st, &hash(vec![(s("a"), i(1))])));
        assert!(is_instance(
            &st,
            &hash(vec![(s("a"), i(1)), (s("b"), s("x"))])
        ));
        assert!(!is_instance(&st, &hash(vec![(s("b"), s("x"))])));
        assert!(!is_instance(
            &st,
            &hash(vec![(s("a"), i(1)), (s("c"), i(1))])
        ));
    }

    #[test]
    fn types_and_references() {
        let int_t = t("Integer");
        assert!(is_instance(&ty("Type", &[]), &int_t));
        assert!(is_instance(
            &ty("Type", &[t("Integer")]),
            &Value::from_type(PType::Integer { min: 1, max: 2 })
        ));
        assert!(!is_instance(&ty("Type", &[t("Integer")]), &t("String")));
        let file_x = Value::from_type(PType::resource_ref("file", "x"));
        assert!(is_instance(&ty("Type", &[t("Resource")]), &file_x));
        assert!(is_instance(
            &ty("Type", &[Value::from_type(PType::resource_type("file"))]),
            &file_x
        ));
        assert!(!is_instance(&ty("Resource", &[]), &file_x));
        let class_a = Value::from_type(PType::class_ref("a"));
        assert!(is_instance(
            &ty("Type", &[Value::from_type(PType::Class { name: None })]),
            &class_a
        ));
        assert!(!is_instance(&ty("Type", &[t("Resource")]), &class_a));
        assert!(is_instance(&ty("Iterable", &[]), &s("abc")));
        assert!(is_instance(&ty("Iterable", &[]), &i(3)));
        assert!(!is_instance(&ty("Iterable", &[]), &i(-3)));
        assert!(is_instance(
            &ty("Sensitive", &[]),
            &Value::Sensitive(std::rc::Rc::new(i(1)))
        ));
        assert!(is_instance(
            &ty("Sensitive", &[t("Integer")]),
            &Value::Sensitive(std::rc::Rc::new(i(1)))
        ));
        assert!(!is_instance(
            &ty("Sensitive", &[t("String")]),
            &Value::Sensitive(std::rc::Rc::new(i(1)))
        ));
    }
}
