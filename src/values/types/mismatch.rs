//! The "expects ... got ..." messages: Puppet's `TypeMismatchDescriber`,
//! which explains why a value does not match a type (parameter checks,
//! `assert_type`), down to the entry, index or variant that fails.

use super::super::value::Value;
use super::assignable::struct_key_type;
use super::parameterize::a_an;
use super::{PType, Size, generalize, infer_set, is_assignable, normalize};

/// One step of the path to the failing part of a value.
#[derive(Debug, Clone, PartialEq)]
enum PathElem {
    /// A label shown as is (`parameter 'port'`, a subject name).
    Label(String),
    Entry(String),
    EntryKey(String),
    Index(usize),
    Variant(usize),
    /// `parameter 'name'`.
    Parameter(String),
    /// Which signature of a function (a kind of variant: not in the canonical path).
    Signature(usize),
}

impl PathElem {
    fn text(&self) -> String {
        match self {
            PathElem::Label(s) => s.clone(),
            PathElem::Entry(k) => format!("entry '{k}'"),
            PathElem::EntryKey(k) => format!("key of entry '{k}'"),
            PathElem::Index(i) => format!("index {i}"),
            PathElem::Variant(i) => format!("variant {i}"),
            PathElem::Parameter(n) => format!("parameter '{n}'"),
            PathElem::Signature(i) => format!("{}.", i + 1),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    Type,
    Pattern,
}

#[derive(Debug, Clone)]
enum Mismatch {
    /// `kind` Pattern is Puppet's PatternMismatch (a subclass of TypeMismatch).
    Type {
        kind: Kind,
        path: Vec<PathElem>,
        expected: PType,
        actual: PType,
    },
    Size {
        path: Vec<PathElem>,
        expected: Size,
        actual: Size,
    },
    /// Wrong number of arguments (Puppet's CountMismatch, a size mismatch).
    Count {
        path: Vec<PathElem>,
        expected: Size,
        actual: Size,
    },
    MissingKey {
        path: Vec<PathElem>,
        key: String,
    },
    ExtraneousKey {
        path: Vec<PathElem>,
        key: String,
    },
    /// A function signature needs a block and none was given.
    MissingBlock {
        path: Vec<PathElem>,
    },
}

impl Mismatch {
    fn type_mismatch(kind: Kind, path: &[PathElem], expected: &PType, actual: &PType) -> Mismatch {
        Mismatch::Type {
            kind,
            path: path.to_vec(),
            expected: normalize(expected),
            actual: normalize(actual),
        }
    }

    fn path(&self) -> &[PathElem] {
        match self {
            Mismatch::Type { path, .. }
            | Mismatch::Size { path, .. }
            | Mismatch::Count { path, .. }
            | Mismatch::MissingKey { path, .. }
            | Mismatch::ExtraneousKey { path, .. }
            | Mismatch::MissingBlock { path } => path,
        }
    }

    fn path_mut(&mut self) -> &mut Vec<PathElem> {
        match self {
            Mismatch::Type { path, .. }
            | Mismatch::Size { path, .. }
            | Mismatch::Count { path, .. }
            | Mismatch::MissingKey { path, .. }
            | Mismatch::ExtraneousKey { path, .. }
            | Mismatch::MissingBlock { path } => path,
        }
    }

    fn canonical_path(&self) -> Vec<&PathElem> {
        self.path()
            .iter()
            .filter(|e| !matches!(e, PathElem::Variant(_) | PathElem::Signature(_)))
            .collect()
    }

    fn chop_path(mut self, index: usize) -> Mismatch {
        let path = self.path_mut();
        if index < path.len() {
            path.remove(index);
        }
        self
    }

    /// Puppet's `format`: the path, then the message, with a leading space.
    fn format(&self) -> String {
        let mut path = self.path();
        let mut variant = String::new();
        if let Some(first @ PathElem::Signature(_)) = path.first() {
            variant = format!(" {}", first.text());
            path = &path[1..];
        }
        let position = if path.is_empty() {
            variant
        } else {
            format!(
                "{variant} {}",
                path.iter()
                    .map(PathElem::text)
                    .collect::<Vec<_>>()
                    .join(" ")
            )
        };
        match self {
            Mismatch::Type {
                kind: Kind::Type,
                expected,
                actual,
                ..
            } => type_message(&position, expected, actual),
            Mismatch::Type {
                kind: Kind::Pattern,
                expected,
                actual,
                ..
            } => {
                let (e, pfx) = match expected {
                    PType::Optional(Some(inner)) => ((**inner).clone(), "an undef value or "),
                    other => (other.clone(), ""),
                };
                let actual_s = match actual {
                    PType::String { value: Some(v), .. } => format!("'{v}'"),
                    other => short_name(other),
                };
                format!(
                    "{position} expects {pfx}a match for {}, got {actual_s}",
                    e.to_alias_expanded_string()
                )
            }
            Mismatch::Size {
                expected, actual, ..
            } => format!(
                "{position} expects size to be {}, got {}",
                range_to_s(expected),
                range_to_s(actual)
            ),
            Mismatch::Count {
                expected, actual, ..
            } => {
                let (min, max) = (expected.min, expected.max);
                let suffix =
                    if (min == 1 && (max == 1 || max == i64::MAX)) || (min == 0 && max == 1) {
                        ""
                    } else {
                        "s"
                    };
                format!(
                    "{position} expects {} argument{suffix}, got {}",
                    range_to_s_zero(expected, "no"),
                    range_to_s_zero(actual, "none")
                )
            }
            Mismatch::MissingKey { key, .. } => {
                format!("{position} expects a value for key '{key}'")
            }
            Mismatch::ExtraneousKey { key, .. } => format!("{position} unrecognized key '{key}'"),
            Mismatch::MissingBlock { .. } => format!("{position} expects a block"),
        }
    }
}

fn range_to_s(r: &Size) -> String {
    range_to_s_zero(r, "0")
}

fn range_to_s_zero(r: &Size, zero: &str) -> String {
    let (min, max) = (r.min, r.max);
    if min == max {
        if min == 0 {
            zero.into()
        } else {
            min.to_string()
        }
    } else if min == 0 {
        if max == i64::MAX {
            "unlimited".into()
        } else {
            format!("at most {max}")
        }
    } else if max == i64::MAX {
        format!("at least {min}")
    } else {
        format!("between {min} and {max}")
    }
}

fn contained(t: &PType) -> Option<&PType> {
    match t {
        PType::NotUndef(i)
        | PType::Type(i)
        | PType::Iterable(i)
        | PType::Iterator(i)
        | PType::Optional(i)
        | PType::Sensitive(i) => i.as_deref(),
        _ => None,
    }
}

fn short_name(t: &PType) -> String {
    match contained(t) {
        Some(inner) if !matches!(inner, PType::Any) => {
            format!("{}[{}]", t.simple_name(), inner.simple_name())
        }
        _ => t.simple_name(),
    }
}

/// Puppet's type "class" for the describer's same-kind test.
fn same_class(a: &PType, b: &PType) -> bool {
    std::mem::discriminant(a) == std::mem::discriminant(b)
}

fn always_fully_detailed(e: &[PType], a: &PType) -> bool {
    e.iter().any(|t| {
        same_class(t, a)
            || t.is_alias()
            || a.is_alias()
            || matches!(
                (t, a),
                (PType::Struct(_), PType::Hash { .. }) | (PType::Tuple { .. }, PType::Array { .. })
            )
    })
}

/// The unparameterized form of a type (Puppet's `e.class::DEFAULT`).
fn default_of(t: &PType) -> PType {
    match t {
        PType::Alias(_) | PType::Data | PType::RichData => {
            t.resolved().map(|r| default_of(&r)).unwrap_or(PType::Any)
        }
        PType::Resource { .. } => PType::Resource {
            type_name: None,
            title: None,
        },
        PType::Class { .. } => PType::Class { name: None },
        other => PType::from_name(&other.simple_name()).unwrap_or(PType::Any),
    }
}

fn assignable_to_default(e: &[PType], a: &PType) -> bool {
    e.iter().any(|t| is_assignable(&default_of(t), a))
}

fn resolve_all(t: &PType) -> PType {
    match t.resolved() {
        Some(r) if t.is_alias() => resolve_all(&r),
        _ => t.clone(),
    }
}

fn type_message(position: &str, expected: &PType, actual: &PType) -> String {
    let (e, optional) = match expected {
        PType::Optional(Some(inner)) => ((**inner).clone(), true),
        other => (other.clone(), false),
    };
    let (list, is_list) = match &e {
        PType::Variant(ts) => (ts.clone(), true),
        other => (vec![other.clone()], false),
    };
    let detailed = always_fully_detailed(&list, actual) || assignable_to_default(&list, actual);
    let (mut names, a): (Vec<String>, String) = if detailed {
        let resolved: Vec<PType> = list.iter().map(resolve_all).collect();
        let a = if always_fully_detailed(&resolved, actual)
            || resolved
                .iter()
                .any(|t| is_assignable(t, &generalize(actual)))
        {
            actual.to_alias_expanded_string()
        } else {
            actual.simple_name()
        };
        (
            list.iter().map(PType::to_alias_expanded_string).collect(),
            a,
        )
    } else {
        let mut names: Vec<String> = Vec::new();
        for t in &list {
            let n = short_name(t);
            if !names.contains(&n) {
                names.push(n);
            }
        }
        (names, short_name(actual))
    };
    let multi;
    let e_text = if is_list {
        if optional {
            names.insert(0, "Undef".into());
        }
        multi = names.len() > 1;
        match names.len() {
            1 => names.remove(0),
            2 => format!("{} or {}", names[0], names[1]),
            n => format!("{}, or {}", names[..n - 1].join(", "), names[n - 1]),
        }
    } else {
        let n = names.remove(0);
        multi = optional;
        if optional { format!("Undef or {n}") } else { n }
    };
    if multi {
        format!("{position} expects a value of type {e_text}, got {a}")
    } else {
        format!("{position} expects {} value, got {a}", a_an(&e_text))
    }
}

fn join_path(path: &[PathElem], e: PathElem) -> Vec<PathElem> {
    let mut p = path.to_vec();
    p.push(e);
    p
}

/// Puppet's `describe`: why `actual` (a type inferred from a value) does
/// not fit `expected`.
fn describe(expected: &PType, actual: &PType, path: &[PathElem]) -> Vec<Mismatch> {
    internal_describe(&normalize(expected), expected, actual, path)
}

fn internal_describe(
    expected: &PType,
    original: &PType,
    actual: &PType,
    path: &[PathElem],
) -> Vec<Mismatch> {
    match expected {
        PType::Variant(ts) => describe_variant(ts, original, actual, path),
        PType::Struct(_) => describe_struct(expected, original, actual, path),
        PType::Hash { .. } => describe_hash(expected, original, actual, path),
        PType::Tuple { .. } => describe_tuple(expected, original, actual, path),
        PType::Array { .. } => describe_array(expected, original, actual, path),
        PType::Optional(inner) => {
            if matches!(actual, PType::Undef) {
                return Vec::new();
            }
            match inner {
                None => Vec::new(),
                Some(i) => {
                    let orig = if original.is_alias() {
                        original
                    } else {
                        expected
                    };
                    internal_describe(i, orig, actual, path)
                }
            }
        }
        PType::Pattern(_) | PType::Enum { .. } => vec![Mismatch::type_mismatch(
            Kind::Pattern,
            path,
            original,
            actual,
        )],
        PType::Alias(_) | PType::Data | PType::RichData => {
            let resolved = expected.resolved().unwrap_or(PType::Any);
            internal_describe(&normalize(&resolved), expected, actual, path)
        }
        _ => {
            if is_assignable(expected, actual) {
                Vec::new()
            } else {
                vec![Mismatch::type_mismatch(Kind::Type, path, original, actual)]
            }
        }
    }
}

fn describe_variant(
    types: &[PType],
    original: &PType,
    actual: &PType,
    path: &[PathElem],
) -> Vec<Mismatch> {
    let mut all: Vec<PType> = Vec::with_capacity(types.len() + 1);
    if matches!(original, PType::Optional(_)) {
        all.push(PType::Undef);
    }
    all.extend(types.iter().cloned());
    let mut variant_descriptions = Vec::with_capacity(all.len());
    for (i, vt) in all.iter().enumerate() {
        let d = describe(vt, actual, &join_path(path, PathElem::Variant(i)));
        if d.is_empty() {
            return Vec::new();
        }
        variant_descriptions.push(d);
    }
    let descriptions = merge_descriptions(path.len(), variant_descriptions);
    if original.is_alias() && descriptions.len() == 1 {
        vec![Mismatch::type_mismatch(Kind::Type, path, original, actual)]
    } else {
        descriptions
    }
}

fn merge_descriptions(varying: usize, variant_descriptions: Vec<Vec<Mismatch>>) -> Vec<Mismatch> {
    let count = variant_descriptions.len();
    let mut descriptions: Vec<Mismatch> = variant_descriptions.into_iter().flatten().collect();
    // Size mismatches first, then type mismatches (block mismatches do not occur here).
    for class in 0..3 {
        let selected: Vec<&Mismatch> = descriptions
            .iter()
            .filter(|d| match class {
                0 => matches!(d, Mismatch::Size { .. } | Mismatch::Count { .. }),
                1 => matches!(d, Mismatch::MissingBlock { .. }),
                _ => matches!(d, Mismatch::Type { .. }),
            })
            .collect();
        if selected.len() != count || count == 0 {
            continue;
        }
        let mut merged: Option<Mismatch> = Some(selected[0].clone());
        for curr in &selected[1..] {
            let Some(prev) = merged.take() else { break };
            if prev.canonical_path() != curr.canonical_path() {
                break;
            }
            merged = Some(merge(prev, curr));
        }
        if let Some(m) = merged {
            descriptions = vec![m];
            break;
        }
    }
    if descriptions.len() == 1 {
        let only = descriptions.remove(0);
        vec![only.chop_path(varying)]
    } else {
        descriptions
    }
}

fn merge(prev: Mismatch, curr: &Mismatch) -> Mismatch {
    match (prev, curr) {
        (
            Mismatch::Size {
                path,
                expected,
                actual,
            },
            Mismatch::Size { expected: oe, .. },
        ) => Mismatch::Size {
            path,
            expected: Size {
                min: expected.min.min(oe.min),
                max: expected.max.max(oe.max),
            },
            actual,
        },
        (
            Mismatch::Type {
                kind,
                path,
                expected,
                actual,
            },
            Mismatch::Type { expected: oe, .. },
        ) => {
            let mut types = vec![expected];
            if !types.contains(oe) {
                types.push(oe.clone());
            }
            let e = super::parameterize::variant_of(types);
            Mismatch::type_mismatch(kind, &path, &e, &actual)
        }
        (
            Mismatch::Count {
                path,
                expected,
                actual,
            },
            Mismatch::Count { expected: oe, .. } | Mismatch::Size { expected: oe, .. },
        ) => Mismatch::Count {
            path,
            expected: Size {
                min: expected.min.min(oe.min),
                max: expected.max.max(oe.max),
            },
            actual,
        },
        (prev, _) => prev,
    }
}

fn collection_size(size: &Option<Size>) -> Size {
    size.unwrap_or(Size::ANY)
}

fn describe_array(
    expected: &PType,
    original: &PType,
    actual: &PType,
    path: &[PathElem],
) -> Vec<Mismatch> {
    let PType::Array { elem, size } = expected else {
        return Vec::new();
    };
    match actual {
        PType::Tuple { types, size: asize } => {
            let expected_size = collection_size(size);
            let actual_size = asize.unwrap_or(Size::exact(types.len() as i64));
            if expected_size.covers(&actual_size) {
                let mut out = Vec::new();
                for (i, t) in types.iter().enumerate() {
                    if !is_assignable(elem, t) {
                        out.extend(describe(elem, t, &join_path(path, PathElem::Index(i))));
                    }
                }
                out
            } else {
                vec![Mismatch::Size {
                    path: path.to_vec(),
                    expected: expected_size,
                    actual: actual_size,
                }]
            }
        }
        PType::Array {
            elem: aelem,
            size: asize,
        } => {
            let actual_size = collection_size(asize);
            match size {
                Some(es) if !es.covers(&actual_size) => vec![Mismatch::Size {
                    path: path.to_vec(),
                    expected: *es,
                    actual: actual_size,
                }],
                _ => vec![Mismatch::type_mismatch(
                    Kind::Type,
                    path,
                    original,
                    &PType::array_of((**aelem).clone()),
                )],
            }
        }
        _ => vec![Mismatch::type_mismatch(Kind::Type, path, original, actual)],
    }
}

fn describe_hash(
    expected: &PType,
    original: &PType,
    actual: &PType,
    path: &[PathElem],
) -> Vec<Mismatch> {
    let PType::Hash { key, value, size } = expected else {
        return Vec::new();
    };
    match actual {
        PType::Struct(members) => {
            let expected_size = collection_size(size);
            let required = members.iter().filter(|m| !m.optional_key).count() as i64;
            let actual_size = Size {
                min: required,
                max: members.len() as i64,
            };
            if expected_size.covers(&actual_size) {
                let mut out = Vec::new();
                for m in members {
                    let kt = struct_key_type(m);
                    if !is_assignable(key, &kt) {
                        out.extend(describe(
                            key,
                            &kt,
                            &join_path(path, PathElem::EntryKey(m.key.clone())),
                        ));
                    }
                    if !is_assignable(value, &m.value) {
                        out.extend(describe(
                            value,
                            &m.value,
                            &join_path(path, PathElem::Entry(m.key.clone())),
                        ));
                    }
                }
                out
            } else {
                vec![Mismatch::Size {
                    path: path.to_vec(),
                    expected: expected_size,
                    actual: actual_size,
                }]
            }
        }
        PType::Hash {
            key: akey,
            value: avalue,
            size: asize,
        } => {
            let actual_size = collection_size(asize);
            match size {
                Some(es) if !es.covers(&actual_size) => vec![Mismatch::Size {
                    path: path.to_vec(),
                    expected: *es,
                    actual: actual_size,
                }],
                _ => vec![Mismatch::type_mismatch(
                    Kind::Type,
                    path,
                    original,
                    &PType::hash_of((**akey).clone(), (**avalue).clone()),
                )],
            }
        }
        _ => vec![Mismatch::type_mismatch(Kind::Type, path, original, actual)],
    }
}

fn describe_struct(
    expected: &PType,
    original: &PType,
    actual: &PType,
    path: &[PathElem],
) -> Vec<Mismatch> {
    let PType::Struct(members) = expected else {
        return Vec::new();
    };
    match actual {
        PType::Struct(amembers) => {
            let mut rest: Vec<&super::StructMember> = amembers.iter().collect();
            let mut out = Vec::new();
            for e1 in members {
                match rest.iter().position(|m| m.key == e1.key) {
                    None => {
                        if !e1.optional_key {
                            out.push(Mismatch::MissingKey {
                                path: path.to_vec(),
                                key: e1.key.clone(),
                            });
                        }
                    }
                    Some(pos) => {
                        let e2 = rest.remove(pos);
                        let (k1, k2) = (struct_key_type(e1), struct_key_type(e2));
                        if !is_assignable(&k1, &k2) {
                            out.extend(describe(
                                &k1,
                                &k2,
                                &join_path(path, PathElem::EntryKey(e1.key.clone())),
                            ));
                        }
                        if !is_assignable(&e1.value, &e2.value) {
                            out.extend(describe(
                                &e1.value,
                                &e2.value,
                                &join_path(path, PathElem::Entry(e1.key.clone())),
                            ));
                        }
                    }
                }
            }
            for m in rest {
                out.push(Mismatch::ExtraneousKey {
                    path: path.to_vec(),
                    key: m.key.clone(),
                });
            }
            out
        }
        PType::Hash {
            key: akey,
            value: avalue,
            size: asize,
        } => {
            let actual_size = collection_size(asize);
            let required = members.iter().filter(|m| !m.optional_key).count() as i64;
            let expected_size = Size {
                min: required,
                max: members.len() as i64,
            };
            if expected_size.covers(&actual_size) {
                vec![Mismatch::type_mismatch(
                    Kind::Type,
                    path,
                    original,
                    &PType::hash_of((**akey).clone(), (**avalue).clone()),
                )]
            } else {
                vec![Mismatch::Size {
                    path: path.to_vec(),
                    expected: expected_size,
                    actual: actual_size,
                }]
            }
        }
        _ => vec![Mismatch::type_mismatch(Kind::Type, path, original, actual)],
    }
}

/// A tuple's size range (`size_range` in Puppet).
fn tuple_range(types: &[PType], size: &Option<Size>) -> Size {
    match size {
        Some(s) => *s,
        None if types.is_empty() => Size::ANY,
        None => Size::exact(types.len() as i64),
    }
}

fn describe_tuple(
    expected: &PType,
    original: &PType,
    actual: &PType,
    path: &[PathElem],
) -> Vec<Mismatch> {
    let PType::Tuple { types, size } = expected else {
        return Vec::new();
    };
    if expected == actual || (types.is_empty() && matches!(actual, PType::Array { .. })) {
        return Vec::new();
    }
    let expected_size = tuple_range(types, size);
    match actual {
        PType::Tuple {
            types: atypes,
            size: asize,
        } => {
            let actual_size = tuple_range(atypes, asize);
            if !expected_size.covers(&actual_size) {
                return vec![Mismatch::Size {
                    path: path.to_vec(),
                    expected: expected_size,
                    actual: actual_size,
                }];
            }
            let mut out = Vec::new();
            if !types.is_empty() {
                for (i, at) in atypes.iter().enumerate() {
                    let adx = i.min(types.len() - 1);
                    out.extend(describe(
                        &types[adx],
                        at,
                        &join_path(path, PathElem::Index(adx)),
                    ));
                }
            }
            out
        }
        PType::Array { elem, size: asize } => {
            let actual_size = collection_size(asize);
            if !expected_size.covers(&actual_size) {
                return vec![Mismatch::Size {
                    path: path.to_vec(),
                    expected: expected_size,
                    actual: actual_size,
                }];
            }
            let mut out = Vec::new();
            for (i, et) in types.iter().enumerate() {
                out.extend(describe(et, elem, &join_path(path, PathElem::Index(i))));
            }
            out
        }
        _ => vec![Mismatch::type_mismatch(Kind::Type, path, original, actual)],
    }
}

/// Why `value` does not match `expected`, as Puppet words it: "expects an
/// Integer value, got String", "index 0 expects ...", "entry 'a' expects
/// ...", "expects size to be at least 1, got 0" ... Several problems are
/// joined with "\n " as Puppet does. Empty when Puppet finds nothing to
/// report (then it accepts the value, even if it is not an instance).
pub fn describe_mismatch(expected: &PType, value: &Value) -> String {
    let errors = describe(expected, &infer_set(value), &[]);
    match errors.len() {
        0 => String::new(),
        1 => errors[0].format().trim().to_string(),
        _ => errors
            .iter()
            .map(Mismatch::format)
            .collect::<Vec<_>>()
            .join("\n "),
    }
}

/// The mismatches of `value` against `expected` under a path label such as
/// `parameter 'port'`, each formatted as Puppet's `format` does (with a
/// leading space: " parameter 'port' expects an Integer value, got String").
/// Empty when Puppet reports nothing. Combine them with
/// [`format_subject_errors`].
pub fn describe_mismatch_at(label: &str, expected: &PType, value: &Value) -> Vec<String> {
    describe(
        expected,
        &infer_set(value),
        &[PathElem::Label(label.to_string())],
    )
    .iter()
    .map(Mismatch::format)
    .collect()
}

/// " expects a value for parameter 'name'" (a required parameter without value).
pub fn missing_parameter(name: &str) -> String {
    format!(" expects a value for parameter '{name}'")
}

/// " has no parameter named 'name'".
pub fn unknown_parameter(name: &str) -> String {
    format!(" has no parameter named '{name}'")
}

/// Puppet's parameter validation message: `Class[C]: parameter 'p' expects
/// ...` for one error, `Class[C]:\n  error\n  error` for several.
pub fn format_subject_errors(subject: &str, errors: &[String]) -> String {
    match errors {
        [] => subject.to_string(),
        [one] => format!("{subject}:{one}"),
        many => format!("{subject}:\n {}", many.join("\n ")),
    }
}

/// A function signature, for Puppet's "expects ... arguments" and
/// "rejected: parameter ..." messages.
#[derive(Debug, Clone)]
pub struct Signature {
    /// Parameter names, in order.
    pub names: Vec<String>,
    /// Parameter types, in order (the last one repeats when `max` is `None`).
    pub types: Vec<PType>,
    /// How many arguments are required.
    pub min: usize,
    /// How many are accepted; `None` when the last parameter repeats.
    pub max: Option<usize>,
    /// The block parameter: its name, its type, and whether it is optional.
    pub block: Option<(String, PType, bool)>,
}

impl Signature {
    fn size(&self) -> Size {
        Size {
            min: self.min as i64,
            max: self.max.map_or(i64::MAX, |m| m as i64),
        }
    }

    /// Whether the arguments fit (count and types).
    pub fn accepts(&self, args: &[Value]) -> bool {
        self.size().contains(args.len() as i64)
            && args.iter().enumerate().all(|(i, a)| {
                let t = self.types.get(i).or(self.types.last());
                t.is_some_and(|t| super::is_instance(t, a))
            })
    }

    /// Puppet's `signature_string`: `Array array_value, Callable[2, 2] block?`.
    fn display(&self) -> String {
        let size = self.size();
        if size.min == 0 && size.max == 0 {
            return String::new();
        }
        let last = self.names.len().saturating_sub(1);
        let mut parts: Vec<String> = self
            .names
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let mut t = self
                    .types
                    .get(i)
                    .or(self.types.last())
                    .cloned()
                    .unwrap_or(PType::Any);
                let indicator = if size.max == i64::MAX && i == last {
                    if size.min as usize == self.names.len() {
                        "+"
                    } else {
                        "*"
                    }
                } else if i + 1 > self.min {
                    if let PType::Optional(Some(inner)) = t {
                        t = *inner;
                    }
                    "?"
                } else {
                    ""
                };
                format!("{t} {name}{indicator}")
            })
            .collect();
        if let Some((name, t, optional)) = &self.block {
            if *optional {
                parts.push(format!("{t} {name}?"));
            } else {
                parts.push(format!("{t} {name}"));
            }
        }
        parts.join(", ")
    }

    fn describe_arguments(&self, index: usize, args: &[Value]) -> Vec<Mismatch> {
        let path = [PathElem::Signature(index)];
        let expected = self.size();
        let actual = Size::exact(args.len() as i64);
        if !expected.covers(&actual) {
            return vec![Mismatch::Count {
                path: path.to_vec(),
                expected,
                actual,
            }];
        }
        for (i, a) in args.iter().enumerate() {
            let adx = i.min(self.types.len().saturating_sub(1));
            let Some(etype) = self.types.get(adx) else {
                continue;
            };
            let atype = infer_set(a);
            if !is_assignable(etype, &atype) {
                let name = self.names.get(adx).cloned().unwrap_or_default();
                let d = describe(etype, &atype, &join_path(&path, PathElem::Parameter(name)));
                if !d.is_empty() {
                    return d;
                }
            }
        }
        Vec::new()
    }
}

/// Puppet's message for a call no signature of function `func` accepts:
/// "'join' expects between 1 and 2 arguments, got 3", "'upcase' parameter
/// 'arg' expects a value of type Numeric, String, Array, or Hash, got
/// Boolean", or the "was called with arguments it does not accept. It
/// expects one of:" listing.
pub fn describe_signatures(func: &str, sigs: &[Signature], args: &[Value]) -> String {
    let label = format!("'{func}'");
    let mut error_arrays: Vec<Vec<Mismatch>> = sigs
        .iter()
        .enumerate()
        .map(|(i, s)| s.describe_arguments(i, args))
        .collect();
    if error_arrays.iter().any(Vec::is_empty) {
        // Pure functions get no block: signatures that require one complain.
        let block_arrays: Vec<Vec<Mismatch>> = sigs
            .iter()
            .enumerate()
            .map(|(i, s)| match &s.block {
                Some((_, _, false)) => vec![Mismatch::MissingBlock {
                    path: vec![PathElem::Signature(i)],
                }],
                _ => Vec::new(),
            })
            .collect();
        let with_blocks = block_arrays.iter().filter(|a| !a.is_empty()).count();
        if with_blocks == block_arrays.len() {
            error_arrays = block_arrays;
        } else if with_blocks > 0 {
            for (errors, block) in error_arrays.iter_mut().zip(block_arrays) {
                if errors.is_empty() {
                    *errors = block;
                }
            }
        }
    }
    let errors = merge_descriptions(0, error_arrays.clone());
    if errors.len() == 1 {
        return format!("{label}{}", errors[0].format());
    }
    let mut lines = Vec::new();
    if sigs.len() == 1 {
        lines.push(format!("{label} expects ({})", sigs[0].display()));
        for e in &error_arrays[0] {
            lines.push(format!("  rejected:{}", e.clone().chop_path(0).format()));
        }
    } else {
        lines.push(format!(
            "The function {label} was called with arguments it does not accept. It expects one of:"
        ));
        for (sig, errs) in sigs.iter().zip(&error_arrays) {
            lines.push(format!("  ({})", sig.display()));
            for e in errs {
                lines.push(format!("    rejected:{}", e.clone().chop_path(0).format()));
            }
        }
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::super::parameterize;
    use super::*;
    use indexmap::IndexMap;
    use std::rc::Rc;

    fn ty(name: &str, args: &[Value]) -> PType {
        let base = PType::from_name(name).expect("built-in");
        if args.is_empty() {
            base
        } else {
            parameterize(&base, args).expect("valid type")
        }
    }
    fn tv(name: &str, args: &[Value]) -> Value {
        Value::from_type(ty(name, args))
    }
    fn t(name: &str) -> Value {
        tv(name, &[])
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
    /// What Puppet prints for `class c(T $p){} class {"c": p => v}` after "Class[C]:".
    fn param(t: &PType, v: &Value) -> String {
        format_subject_errors("Class[C]", &describe_mismatch_at("parameter 'p'", t, v))
    }

    #[test]
    fn scalar_mismatches() {
        assert_eq!(
            describe_mismatch(&PType::integer(), &s("x")),
            "expects an Integer value, got String"
        );
        assert_eq!(
            param(&PType::integer(), &s("x")),
            "Class[C]: parameter 'p' expects an Integer value, got String"
        );
        assert_eq!(
            param(&ty("Enum", &[s("a"), s("b")]), &s("c")),
            "Class[C]: parameter 'p' expects a match for Enum['a', 'b'], got 'c'"
        );
        assert_eq!(
            param(&ty("Enum", &[s("a"), s("b")]), &i(1)),
            "Class[C]: parameter 'p' expects a match for Enum['a', 'b'], got Integer"
        );
        assert_eq!(
            param(&ty("Optional", &[tv("Enum", &[s("a"), s("b")])]), &s("c")),
            "Class[C]: parameter 'p' expects an undef value or a match for Enum['a', 'b'], got 'c'"
        );
        assert_eq!(
            param(&ty("Optional", &[t("String")]), &i(1)),
            "Class[C]: parameter 'p' expects a value of type Undef or String, got Integer"
        );
        assert_eq!(
            param(
                &ty("Variant", &[t("String"), t("Integer")]),
                &Value::Bool(true)
            ),
            "Class[C]: parameter 'p' expects a value of type String or Integer, got Boolean"
        );
        assert_eq!(
            param(
                &ty("Variant", &[t("String"), t("Integer"), t("Boolean")]),
                &arr(vec![i(1)])
            ),
            "Class[C]: parameter 'p' expects a value of type String, Integer, or Boolean, got Tuple"
        );
        assert_eq!(
            param(&ty("Integer", &[i(1), i(10)]), &i(11)),
            "Class[C]: parameter 'p' expects an Integer[1, 10] value, got Integer[11, 11]"
        );
        assert_eq!(
            param(&ty("Integer", &[i(1), i(10)]), &Value::Float(1.5)),
            "Class[C]: parameter 'p' expects an Integer value, got Float"
        );
        assert_eq!(
            param(&ty("String", &[i(2)]), &s("a")),
            "Class[C]: parameter 'p' expects a String[2] value, got String"
        );
        assert_eq!(
            param(&ty("Pattern", &[s("^a")]), &s("b")),
            "Class[C]: parameter 'p' expects a match for Pattern[/^a/], got 'b'"
        );
        assert_eq!(
            param(&ty("Pattern", &[s("^a")]), &i(1)),
            "Class[C]: parameter 'p' expects a match for Pattern[/^a/], got Integer"
        );
        assert_eq!(
            param(&PType::boolean(), &s("true")),
            "Class[C]: parameter 'p' expects a Boolean value, got String"
        );
        assert_eq!(
            param(&PType::Numeric, &s("1")),
            "Class[C]: parameter 'p' expects a Numeric value, got String"
        );
        let re = Value::Regex(Rc::new(crate::value::RegexValue::new("x").expect("regex")));
        assert_eq!(
            param(&PType::Data, &re),
            "Class[C]: parameter 'p' expects a Data value, got Regexp"
        );
        assert_eq!(
            param(&PType::Undef, &i(1)),
            "Class[C]: parameter 'p' expects an Undef value, got Integer"
        );
        assert_eq!(
            param(&ty("NotUndef", &[]), &Value::Undef),
            "Class[C]: parameter 'p' expects a NotUndef value, got Undef"
        );
        assert_eq!(
            param(&ty("Type", &[t("Integer")]), &t("String")),
            "Class[C]: parameter 'p' expects a Type[Integer] value, got Type[String]"
        );
        assert_eq!(
            param(&PType::float(), &i(1)),
            "Class[C]: parameter 'p' expects a Float value, got Integer"
        );
        assert_eq!(
            param(&PType::Scalar, &arr(vec![i(1)])),
            "Class[C]: parameter 'p' expects a Scalar value, got Tuple"
        );
        assert_eq!(
            param(&PType::string(), &Value::Undef),
            "Class[C]: parameter 'p' expects a String value, got Undef"
        );
        assert_eq!(
            param(&PType::string(), &t("Integer")),
            "Class[C]: parameter 'p' expects a String value, got Type[Integer]"
        );
        assert_eq!(
            param(&PType::string(), &Value::Default),
            "Class[C]: parameter 'p' expects a String value, got Default"
        );
        assert_eq!(
            param(&ty("Sensitive", &[t("String")]), &i(1)),
            "Class[C]: parameter 'p' expects a Sensitive[String] value, got Integer"
        );
        assert_eq!(
            param(&PType::integer(), &Value::Sensitive(Rc::new(i(1)))),
            "Class[C]: parameter 'p' expects an Integer value, got Sensitive[Integer]"
        );
        assert_eq!(
            param(
                &ty("Variant", &[tv("Enum", &[s("a")]), tv("Enum", &[s("b")])]),
                &s("c")
            ),
            "Class[C]: parameter 'p' expects a match for Enum['a', 'b'], got 'c'"
        );
        assert_eq!(
            param(
                &ty(
                    "Variant",
                    &[tv("Integer", &[i(1), i(2)]), tv("Integer", &[i(5), i(6)])]
                ),
                &i(3)
            ),
            "Class[C]: parameter 'p' expects a value of type Integer[1, 2] or Integer[5, 6], got Integer[3, 3]"
        );
        assert_eq!(
            param(
                &ty("Variant", &[tv("Enum", &[s("a")]), t("Integer")]),
                &s("c")
            ),
            "Class[C]: parameter 'p' expects a match for Variant[Enum['a'], Integer], got 'c'"
        );
        assert_eq!(
            param(
                &ty("Variant", &[tv("String", &[i(3)]), t("Integer")]),
                &s("a")
            ),
            "Class[C]: parameter 'p' expects a value of type String[3] or Integer, got String"
        );
        assert_eq!(
            param(
                &ty("Float", &[Value::Float(1.0), Value::Float(2.0)]),
                &Value::Float(3.0)
            ),
            "Class[C]: parameter 'p' expects a Float[1.0, 2.0] value, got Float[3.0, 3.0]"
        );
        assert_eq!(
            param(
                &PType::Resource {
                    type_name: None,
                    title: None
                },
                &s("x")
            ),
            "Class[C]: parameter 'p' expects a Resource value, got String"
        );
        assert_eq!(
            param(&PType::resource_type("file"), &s("x")),
            "Class[C]: parameter 'p' expects a Resource value, got String"
        );
        assert_eq!(
            param(
                &ty("Type", &[Value::from_type(PType::resource_type("file"))]),
                &s("x")
            ),
            "Class[C]: parameter 'p' expects a Type[Resource] value, got String"
        );
        assert_eq!(
            param(
                &ty("Type", &[Value::from_type(PType::resource_type("file"))]),
                &Value::from_type(PType::resource_ref("exec", "x"))
            ),
            "Class[C]: parameter 'p' expects a Type[File] value, got Type[Exec['x']]"
        );
        assert_eq!(
            param(&PType::class_ref("a"), &i(1)),
            "Class[C]: parameter 'p' expects a Class value, got Integer"
        );
        assert_eq!(
            param(&ty("Iterable", &[t("String")]), &i(1)),
            "Class[C]: parameter 'p' expects an Iterable[String] value, got Integer"
        );
        assert_eq!(
            param(&PType::Callable(None), &i(1)),
            "Class[C]: parameter 'p' expects a Callable value, got Integer"
        );
    }

    #[test]
    fn collection_mismatches() {
        assert_eq!(
            param(&ty("Array", &[t("String"), i(1)]), &arr(vec![])),
            "Class[C]: parameter 'p' expects size to be at least 1, got 0"
        );
        assert_eq!(
            param(&ty("Array", &[t("String")]), &arr(vec![i(1)])),
            "Class[C]: parameter 'p' index 0 expects a String value, got Integer"
        );
        assert_eq!(
            param(&ty("Array", &[t("String")]), &arr(vec![s("a"), i(1), i(2)])),
            "Class[C]:\n  parameter 'p' index 1 expects a String value, got Integer\n  parameter 'p' index 2 expects a String value, got Integer"
        );
        assert_eq!(
            param(&ty("Array", &[t("String")]), &s("a")),
            "Class[C]: parameter 'p' expects an Array value, got String"
        );
        assert_eq!(
            param(
                &ty("Hash", &[t("String"), t("Integer")]),
                &hash(vec![(s("a"), s("x"))])
            ),
            "Class[C]: parameter 'p' entry 'a' expects an Integer value, got String"
        );
        assert_eq!(
            param(
                &ty("Hash", &[t("String"), t("Integer")]),
                &hash(vec![(i(1), i(1))])
            ),
            "Class[C]: parameter 'p' expects a Hash[String, Integer] value, got Hash[Integer[1, 1], Integer[1, 1]]"
        );
        assert_eq!(
            param(
                &ty("Hash", &[t("Integer"), t("String")]),
                &hash(vec![(s("a"), s("x"))])
            ),
            "Class[C]: parameter 'p' key of entry 'a' expects an Integer value, got String"
        );
        let st = |pairs: Vec<(Value, Value)>| ty("Struct", &[hash(pairs)]);
        assert_eq!(
            param(&st(vec![(s("a"), t("Integer"))]), &hash(vec![])),
            "Class[C]: parameter 'p' expects size to be 1, got 0"
        );
        assert_eq!(
            param(
                &st(vec![(s("a"), t("Integer"))]),
                &hash(vec![(s("a"), i(1)), (s("b"), i(2))])
            ),
            "Class[C]: parameter 'p' unrecognized key 'b'"
        );
        assert_eq!(
            param(
                &st(vec![(s("a"), t("Integer"))]),
                &hash(vec![(s("a"), s("x"))])
            ),
            "Class[C]: parameter 'p' entry 'a' expects an Integer value, got String"
        );
        assert_eq!(
            param(&st(vec![(s("a"), t("Integer"))]), &arr(vec![i(1)])),
            "Class[C]: parameter 'p' expects a Struct value, got Tuple"
        );
        assert_eq!(
            param(
                &st(vec![(s("a"), t("Integer")), (s("b"), t("String"))]),
                &hash(vec![(s("c"), i(1))])
            ),
            "Class[C]:\n  parameter 'p' expects a value for key 'a'\n  parameter 'p' expects a value for key 'b'\n  parameter 'p' unrecognized key 'c'"
        );
        assert_eq!(
            param(
                &st(vec![(s("a"), tv("Optional", &[t("Integer")]))]),
                &hash(vec![(s("a"), s("x"))])
            ),
            "Class[C]: parameter 'p' entry 'a' expects a value of type Undef or Integer, got String"
        );
        assert_eq!(
            param(
                &ty(
                    "Optional",
                    &[Value::from_type(st(vec![(s("a"), t("Integer"))]))]
                ),
                &hash(vec![])
            ),
            "Class[C]: parameter 'p' expects size to be 1, got 0"
        );
        assert_eq!(
            param(
                &ty("Tuple", &[t("String"), t("Integer")]),
                &arr(vec![s("a")])
            ),
            "Class[C]: parameter 'p' expects size to be 2, got 1"
        );
        assert_eq!(
            param(
                &ty("Tuple", &[t("String"), t("Integer")]),
                &arr(vec![s("a"), s("b")])
            ),
            "Class[C]: parameter 'p' index 1 expects an Integer value, got String"
        );
        assert_eq!(
            param(&ty("Tuple", &[t("Integer"), i(2)]), &hash(vec![])),
            "Class[C]: parameter 'p' expects a Tuple value, got Hash"
        );
        assert_eq!(
            param(
                &ty("Tuple", &[t("String"), t("Integer"), i(1), i(3)]),
                &arr(vec![i(1), i(2), s("x")])
            ),
            "Class[C]:\n  parameter 'p' index 0 expects a String value, got Integer\n  parameter 'p' index 1 expects an Integer value, got String"
        );
        assert_eq!(
            param(&ty("Hash", &[]), &arr(vec![i(1)])),
            "Class[C]: parameter 'p' expects a Hash value, got Tuple"
        );
        assert_eq!(
            param(&ty("Array", &[t("Integer")]), &hash(vec![(s("a"), i(1))])),
            "Class[C]: parameter 'p' expects an Array value, got Struct"
        );
        assert_eq!(
            param(
                &ty("Variant", &[tv("Array", &[t("String")]), t("String")]),
                &arr(vec![i(1)])
            ),
            "Class[C]:\n  parameter 'p' variant 0 index 0 expects a String value, got Integer\n  parameter 'p' variant 1 expects a String value, got Tuple"
        );
        assert_eq!(
            param(
                &ty("Optional", &[tv("Array", &[t("String")])]),
                &arr(vec![i(1)])
            ),
            "Class[C]: parameter 'p' index 0 expects a String value, got Integer"
        );
        assert_eq!(
            param(
                &ty("Hash", &[t("String"), t("String")]),
                &hash(vec![(s("a"), hash(vec![(s("b"), i(1))]))])
            ),
            "Class[C]: parameter 'p' entry 'a' expects a String value, got Struct"
        );
        assert_eq!(
            param(
                &ty("Array", &[tv("Array", &[t("String")])]),
                &arr(vec![arr(vec![i(1)])])
            ),
            "Class[C]: parameter 'p' index 0 index 0 expects a String value, got Integer"
        );
        assert_eq!(
            param(&ty("Enum", &[s("a"), s("b")]), &arr(vec![s("a")])),
            "Class[C]: parameter 'p' expects a match for Enum['a', 'b'], got Tuple"
        );
        assert_eq!(
            param(&ty("Array", &[t("Integer"), i(2), i(3)]), &arr(vec![i(1)])),
            "Class[C]: parameter 'p' expects size to be between 2 and 3, got 1"
        );
        assert_eq!(
            param(
                &ty("Hash", &[t("String"), t("Integer"), i(2)]),
                &hash(vec![(s("a"), i(1))])
            ),
            "Class[C]: parameter 'p' expects size to be at least 2, got 1"
        );
        assert_eq!(
            param(
                &ty(
                    "Variant",
                    &[
                        tv("Array", &[t("Integer"), i(2)]),
                        tv("Array", &[t("String"), i(3)])
                    ]
                ),
                &arr(vec![i(1)])
            ),
            "Class[C]: parameter 'p' expects size to be at least 2, got 1"
        );
        assert_eq!(
            param(
                &ty("Array", &[tv("Optional", &[t("String")])]),
                &arr(vec![i(1)])
            ),
            "Class[C]: parameter 'p' index 0 expects a value of type Undef or String, got Integer"
        );
        assert_eq!(
            param(
                &ty("Array", &[t("Data")]),
                &arr(vec![Value::Regex(Rc::new(
                    crate::value::RegexValue::new("x").expect("regex")
                ))])
            ),
            "Class[C]: parameter 'p' index 0 expects a Data value, got Regexp"
        );
        // Puppet finds nothing to report here and accepts the value.
        assert!(
            describe_mismatch_at(
                "parameter 'p'",
                &ty("Collection", &[i(2)]),
                &arr(vec![i(1)])
            )
            .is_empty()
        );
    }

    #[test]
    fn aliases_expand_in_messages() {
        let alias = |name: &str, t: PType| {
            let cell = std::cell::OnceCell::new();
            let _ = cell.set(t);
            PType::Alias(Rc::new(super::super::AliasType {
                name: name.to_string(),
                resolved: cell,
            }))
        };
        let myt = alias("MyT", ty("Integer", &[i(1), i(2)]));
        assert_eq!(
            param(&myt, &i(5)),
            "Class[C]: parameter 'p' expects a MyT = Integer[1, 2] value, got Integer[5, 5]"
        );
        assert_eq!(
            param(&myt, &s("x")),
            "Class[C]: parameter 'p' expects a MyT = Integer[1, 2] value, got String"
        );
        let myv = alias(
            "MyT",
            ty(
                "Variant",
                &[tv("Integer", &[i(1), i(2)]), tv("Enum", &[s("a")])],
            ),
        );
        assert_eq!(
            param(&myv, &s("x")),
            "Class[C]: parameter 'p' expects a MyT = Variant[Integer[1, 2], Enum['a']] value, got String"
        );
        assert_eq!(
            format_subject_errors(
                "Class[C]",
                &[unknown_parameter("z"), missing_parameter("port")]
            ),
            "Class[C]:\n  has no parameter named 'z'\n  expects a value for parameter 'port'"
        );
    }
}
