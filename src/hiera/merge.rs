//! Merge strategies of `lookup()`: `first`, `unique`, `hash` and `deep`
//! (with its options), and Hiera 3's `deeper`/`deep` behaviours, combining
//! the values found at every level of every layer as Puppet does.

use super::error::LookupError;
use indexmap::IndexMap;
use kuppet_values::value::Value;
use std::rc::Rc;

/// How the values found for one key are combined.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Merge {
    /// The value of the highest priority (the default).
    #[default]
    First,
    /// Arrays (and scalars) flattened into one array without duplicates.
    Unique,
    /// Hashes merged on their top-level keys; higher priority wins.
    Hash,
    /// Hashes merged recursively, arrays joined.
    Deep(DeepOptions),
}

/// Options of the `deep` strategy.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DeepOptions {
    /// Values starting with it remove what lower priorities gave (`--x`).
    pub knockout_prefix: Option<String>,
    /// Arrays of hashes are merged element by element.
    pub merge_hash_arrays: bool,
    /// Merged arrays are sorted.
    pub sort_merged_arrays: bool,
    /// Hiera 3's `merge_behavior: deep`: lower priorities win.
    pub reverse: bool,
}

impl Merge {
    /// The strategy a `merge` argument or `lookup_options` entry names: a
    /// string, or a hash with `strategy` and the strategy's options.
    pub fn from_value(v: &Value) -> Result<Merge, LookupError> {
        match v {
            Value::String(s) => Merge::named(s, None),
            Value::Hash(h) => {
                let Some(Value::String(name)) = h.get(&Value::string("strategy")) else {
                    return Err(LookupError::Merge(
                        "The hash given as 'merge' must contain the name of a strategy in string form for the key 'strategy'".into(),
                    ));
                };
                Merge::named(name, Some(h))
            }
            other => Err(LookupError::Merge(format!(
                "Unknown merge strategy: '{}'",
                other.to_display()
            ))),
        }
    }

    fn named(name: &str, options: Option<&IndexMap<Value, Value>>) -> Result<Merge, LookupError> {
        let opt = |k: &str| options.and_then(|h| h.get(&Value::string(k)));
        let flag = |k: &str| opt(k).is_some_and(Value::is_truthy);
        let deep = |reverse: bool| {
            Merge::Deep(DeepOptions {
                knockout_prefix: opt("knockout_prefix")
                    .and_then(|v| v.as_str())
                    .map(str::to_string),
                merge_hash_arrays: flag("merge_hash_arrays"),
                sort_merged_arrays: flag("sort_merged_arrays"),
                reverse,
            })
        };
        Ok(match name {
            "first" | "default" => Merge::First,
            "unique" => Merge::Unique,
            "hash" => Merge::Hash,
            "deep" | "unconstrained_deep" => deep(false),
            "reverse_deep" => deep(true),
            other => {
                return Err(LookupError::Merge(format!(
                    "Unknown merge strategy: '{other}'"
                )));
            }
        })
    }

    pub(crate) fn is_first(&self) -> bool {
        matches!(self, Merge::First)
    }

    /// Combines the values found, highest priority first (at least one).
    pub(crate) fn combine(&self, found: Vec<Value>) -> Result<Value, LookupError> {
        let mut it = found.into_iter();
        let Some(first) = it.next() else {
            return Ok(Value::Undef);
        };
        match self {
            Merge::First => Ok(first),
            Merge::Unique => {
                let mut out: Vec<Value> = Vec::new();
                for v in std::iter::once(first).chain(it) {
                    let mut flat = Vec::new();
                    flatten_into(&v, &mut flat);
                    for x in flat {
                        if !out.contains(&x) {
                            out.push(x);
                        }
                    }
                }
                Ok(Value::array(out))
            }
            Merge::Hash => {
                let mut memo = first;
                for v in it {
                    let (Value::Hash(higher), Value::Hash(lower)) = (&memo, &v) else {
                        return Err(LookupError::Merge(format!(
                            "The {} element of the merge has wrong type, expects a Hash value, got {}",
                            if matches!(memo, Value::Hash(_)) {
                                "second"
                            } else {
                                "first"
                            },
                            if matches!(memo, Value::Hash(_)) {
                                v.type_name()
                            } else {
                                memo.type_name()
                            }
                        )));
                    };
                    let mut merged = (**lower).clone();
                    for (k, val) in higher.iter() {
                        merged.insert(k.clone(), val.clone());
                    }
                    memo = Value::Hash(Rc::new(merged));
                }
                Ok(memo)
            }
            Merge::Deep(opts) => {
                let mut memo = first;
                for v in it {
                    memo = if opts.reverse {
                        deep_merge(v, memo, opts)
                    } else {
                        deep_merge(memo, v, opts)
                    };
                }
                Ok(memo)
            }
        }
    }
}

fn flatten_into(v: &Value, out: &mut Vec<Value>) {
    match v {
        Value::Array(items) => items.iter().for_each(|i| flatten_into(i, out)),
        other => out.push(other.clone()),
    }
}

/// Ruby's truthiness: only `nil` and `false` are false.
fn rb_truthy(v: &Value) -> bool {
    !matches!(v, Value::Undef | Value::Bool(false))
}

/// The deep_merge gem's `deep_merge!(source, dest)` as Puppet calls it
/// (unmergeable values overwritten): `source` wins over `dest`.
fn deep_merge(source: Value, dest: Value, opts: &DeepOptions) -> Value {
    if source.is_undef() {
        return dest;
    }
    if !rb_truthy(&dest) {
        return source;
    }
    match source {
        Value::Hash(src) => {
            let mut dest = dest;
            for (k, sv) in src.iter() {
                match &dest {
                    Value::Hash(d) => {
                        let mut d = (**d).clone();
                        let merged = match d.get(k) {
                            Some(existing) if rb_truthy(existing) => {
                                deep_merge(sv.clone(), existing.clone(), opts)
                            }
                            _ => deep_merge(sv.clone(), sv.clone(), opts),
                        };
                        d.insert(k.clone(), merged);
                        dest = Value::Hash(Rc::new(d));
                    }
                    _ => dest = overwrite(Value::Hash(src.clone()), opts),
                }
            }
            dest
        }
        Value::Array(src) => {
            let mut src: Vec<Value> = (*src).clone();
            let mut dest = dest;
            if let Some(ko) = &opts.knockout_prefix {
                let marker = Value::string(ko.as_str());
                if src.contains(&marker) {
                    dest = match dest {
                        Value::Array(_) => Value::array(Vec::new()),
                        Value::Hash(_) => Value::hash(IndexMap::new()),
                        Value::String(_) => Value::string(""),
                        _ => Value::Undef,
                    };
                    src.retain(|x| *x != marker);
                }
            }
            let Value::Array(d) = &dest else {
                return overwrite(Value::array(src), opts);
            };
            let mut d: Vec<Value> = (**d).clone();
            if let Some(ko) = &opts.knockout_prefix {
                src.retain(|item| {
                    let Some(s) = item.as_str() else {
                        return true;
                    };
                    match s.strip_prefix(ko.as_str()) {
                        Some(plain) => {
                            d.retain(|x| x.as_str() != Some(plain) && x.as_str() != Some(s));
                            false
                        }
                        None => true,
                    }
                });
            }
            let all_hashes = |v: &[Value]| v.iter().all(|i| matches!(i, Value::Hash(_)));
            let mut merged = if opts.merge_hash_arrays && all_hashes(&src) && all_hashes(&d) {
                let mut list: Vec<Value> = d
                    .iter()
                    .enumerate()
                    .map(|(i, dv)| {
                        let sv = src
                            .get(i)
                            .cloned()
                            .unwrap_or_else(|| Value::hash(IndexMap::new()));
                        deep_merge(sv, dv.clone(), opts)
                    })
                    .collect();
                if src.len() > d.len() {
                    list.extend(src[d.len()..].iter().cloned());
                }
                list
            } else {
                let mut out: Vec<Value> = Vec::with_capacity(d.len() + src.len());
                for x in d.into_iter().chain(src) {
                    if !out.contains(&x) {
                        out.push(x);
                    }
                }
                out
            };
            if opts.sort_merged_arrays {
                merged.sort_by(|a, b| {
                    kuppet_values::compare::sort_compare(a, b).unwrap_or(std::cmp::Ordering::Equal)
                });
            }
            Value::array(merged)
        }
        other => overwrite(other, opts),
    }
}

/// deep_merge's `overwrite_unmergeables`: the source replaces the
/// destination, or empties it when it carries the knockout prefix.
fn overwrite(source: Value, opts: &DeepOptions) -> Value {
    let Some(ko) = &opts.knockout_prefix else {
        return source;
    };
    match &source {
        Value::String(s) if s.starts_with(ko.as_str()) => Value::string(""),
        Value::Array(items) => {
            let kept: Vec<Value> = items
                .iter()
                .filter(|i| !i.as_str().is_some_and(|s| s.starts_with(ko.as_str())))
                .cloned()
                .collect();
            if kept.len() == items.len() {
                source
            } else {
                Value::string("")
            }
        }
        _ => source,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(x: &str) -> Value {
        Value::string(x)
    }
    fn arr(items: &[Value]) -> Value {
        Value::array(items.to_vec())
    }
    fn hash(pairs: &[(&str, Value)]) -> Value {
        Value::hash(pairs.iter().map(|(k, v)| (s(k), v.clone())).collect())
    }

    #[test]
    fn unique_flattens_and_dedups() {
        let v = Merge::Unique
            .combine(vec![arr(&[s("a"), arr(&[s("b")])]), s("a"), arr(&[s("c")])])
            .unwrap();
        assert_eq!(v, arr(&[s("a"), s("b"), s("c")]));
    }

    #[test]
    fn hash_keeps_lower_priority_key_order() {
        let high = hash(&[("b", s("high")), ("c", s("c"))]);
        let low = hash(&[("a", s("a")), ("b", s("low"))]);
        let v = Merge::Hash.combine(vec![high, low]).unwrap();
        let Value::Hash(h) = v else { panic!() };
        let keys: Vec<String> = h.keys().map(|k| k.to_display()).collect();
        assert_eq!(keys, ["a", "b", "c"]);
        assert_eq!(h[&s("b")], s("high"));
    }

    #[test]
    fn deep_merges_nested_and_joins_arrays() {
        let high = hash(&[("x", hash(&[("a", s("1"))])), ("l", arr(&[s("h")]))]);
        let low = hash(&[("x", hash(&[("b", s("2"))])), ("l", arr(&[s("l")]))]);
        let v = Merge::Deep(DeepOptions::default())
            .combine(vec![high, low])
            .unwrap();
        assert_eq!(
            v,
            hash(&[
                ("x", hash(&[("b", s("2")), ("a", s("1"))])),
                ("l", arr(&[s("l"), s("h")]))
            ])
        );
    }

    #[test]
    fn deep_knockout() {
        let opts = DeepOptions {
            knockout_prefix: Some("--".into()),
            ..DeepOptions::default()
        };
        let high = hash(&[("l", arr(&[s("--b"), s("c")]))]);
        let low = hash(&[("l", arr(&[s("a"), s("b")]))]);
        let v = Merge::Deep(opts).combine(vec![high, low]).unwrap();
        assert_eq!(v, hash(&[("l", arr(&[s("a"), s("c")]))]));
    }

    #[test]
    fn strategies_by_name() {
        assert_eq!(Merge::from_value(&s("hash")).unwrap(), Merge::Hash);
        assert!(Merge::from_value(&s("bogus")).is_err());
        let opts = hash(&[
            ("strategy", s("deep")),
            ("merge_hash_arrays", Value::Bool(true)),
        ]);
        assert!(matches!(
            Merge::from_value(&opts).unwrap(),
            Merge::Deep(DeepOptions {
                merge_hash_arrays: true,
                ..
            })
        ));
    }
}
