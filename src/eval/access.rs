//! Access expressions (`x[...]`): array and string slices, hash lookups,
//! parameterized types, resource references (`File['a', 'b']`) and
//! attribute access (`File['x']['mode']`), with Puppet's `AccessOperator`
//! rules and messages.

use super::compiler::{Compiler, capitalize_name};
use super::error::{EResult, EvalError, Flow};
use super::reads::Input;
use super::scope::Frame;
use kuppet_syntax::Manifest;
use kuppet_syntax::ast::*;
use kuppet_values::names::QualifiedName;
use kuppet_values::types::PType;
use kuppet_values::value::Value;

impl<'a> Compiler<'a> {
    // ----- access

    pub(super) fn eval_access(
        &mut self,
        target: &'a Expr,
        keys: &'a [Expr],
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<Value> {
        let (v, path) = self.access_traced(target, keys, e, f, m)?;
        if let Some(path) = path {
            self.reads.note(Input::Fact(path));
        }
        Ok(v)
    }

    /// An access, and the path in the facts its value is at when it is a
    /// fact reached by string keys from `$facts` or a fact variable (not yet
    /// recorded: an enclosing access may narrow it further).
    fn access_traced(
        &mut self,
        target: &'a Expr,
        keys: &'a [Expr],
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<(Value, Option<Vec<String>>)> {
        let (t, base) = self.eval_traced(target, f, m)?;
        let args = match self.access_keys(keys, f, m) {
            Ok(args) => args,
            Err(flow) => {
                if let Some(path) = base {
                    self.reads.note(Input::Fact(path));
                }
                return Err(flow);
            }
        };
        if let Some(mut path) = base {
            // A hash with one string key answers its value or undef: the
            // value at the longer path is all this reads.
            if let (Value::Hash(h), [key @ Value::String(k)]) = (&t, args.as_slice()) {
                let v = h.get(key).cloned().unwrap_or(Value::Undef);
                path.push(String::from(&**k));
                return Ok((v, Some(path)));
            }
            self.reads.note(Input::Fact(path));
        }
        self.access_value(t, args, target, keys, e, f, m)
            .map(|v| (v, None))
    }

    /// Evaluates an access's target, tracing fact paths (see `access_traced`).
    fn eval_traced(
        &mut self,
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<(Value, Option<Vec<String>>)> {
        match &e.kind {
            ExprKind::Variable(name) => self.guarded(e, m, |c| {
                // The variable's own read stands unless it is a fact hash:
                // then the access narrows it to a path.
                let mark = c.reads.defer();
                let v = c.lookup_var(name, f, m, e);
                let path = match &v {
                    Value::Hash(h) => c.fact_path_of(name, h),
                    _ => None,
                };
                c.reads.undefer(mark, path.is_none());
                Ok((v, path))
            }),
            ExprKind::Access { target, keys } => {
                self.guarded(e, m, |c| c.access_traced(target, keys, e, f, m))
            }
            _ => self.eval(e, f, m).map(|v| (v, None)),
        }
    }

    /// The path in the facts of a hash a variable named `name` holds: `[]`
    /// for the `$facts` hash itself, `[name]` for a fact's own hash. Only the
    /// very same hash counts (the facts are never changed in place).
    pub(crate) fn fact_path_of(
        &self,
        name: &str,
        h: &std::rc::Rc<indexmap::IndexMap<Value, Value>>,
    ) -> Option<Vec<String>> {
        let Value::Hash(facts) = &self.facts else {
            return None;
        };
        if std::rc::Rc::ptr_eq(h, facts) {
            return Some(Vec::new());
        }
        let name = name.strip_prefix("::").unwrap_or(name);
        let fact = self.fact_hashes.get(&(std::rc::Rc::as_ptr(h) as usize))?;
        (**fact == *name).then(|| vec![name.to_string()])
    }

    /// The keys of an access, splats spread.
    fn access_keys(
        &mut self,
        keys: &'a [Expr],
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<Vec<Value>> {
        let mut args = Vec::with_capacity(keys.len());
        for k in keys {
            if let ExprKind::Unary {
                op: UnaryOp::Splat,
                expr,
            } = &k.kind
            {
                match self.eval(expr, f, m)? {
                    Value::Array(a) => args.extend(a.iter().cloned()),
                    other => args.push(other),
                }
            } else {
                args.push(self.eval(k, f, m)?);
            }
        }
        Ok(args)
    }

    /// The value of `t[args]`.
    #[allow(clippy::too_many_arguments)]
    fn access_value(
        &mut self,
        t: Value,
        args: Vec<Value>,
        target: &'a Expr,
        keys: &'a [Expr],
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<Value> {
        let err = |msg: String| -> Flow { EvalError::new(msg).at(m, e.span).into() };
        // Where the i-th key was written (after flattening, the last one).
        let key_at = |i: usize| -> &'a Expr { keys.get(i).or(keys.last()).unwrap_or(target) };
        let at = |msg: String, x: &Expr| -> Flow { EvalError::new(msg).at(m, x.loc()).into() };
        match &t {
            Value::Array(items) => {
                let mut flat = Vec::new();
                flatten_keys(&args, &mut flat);
                if flat.is_empty() || flat.len() > 2 {
                    return Err(at(
                        format!(
                            "Array supports [] with one or two arguments. Got {}",
                            flat.len()
                        ),
                        target,
                    ));
                }
                let mut ns = Vec::with_capacity(2);
                for (i, k) in flat.iter().enumerate() {
                    match self.coerce_numeric(k, key_at(i), m)? {
                        Value::Integer(n) => ns.push(n),
                        other => {
                            return Err(at(
                                format!(
                                    "An Array[] cannot use {} where Integer is expected",
                                    kuppet_values::types::bad_key_type_name(&other)
                                ),
                                key_at(i),
                            ));
                        }
                    }
                }
                Ok(match ns.as_slice() {
                    [i] => ruby_index(items.len(), *i)
                        .map(|i| items[i].clone())
                        .unwrap_or(Value::Undef),
                    [a, b] => Value::array(
                        ruby_slice(items.len(), *a, *b)
                            .map_err(|x| err(bignum(x)))?
                            .map(|(s, e)| items[s..e].to_vec())
                            .unwrap_or_default(),
                    ),
                    _ => Value::Undef,
                })
            }
            Value::Hash(map) => match args.len() {
                0 => Err(at(
                    "Hash supports [] with one or more arguments. Got 0".into(),
                    target,
                )),
                1 => Ok(map.get(&args[0]).cloned().unwrap_or(Value::Undef)),
                _ => Ok(Value::array(
                    args.iter().filter_map(|k| map.get(k).cloned()).collect(),
                )),
            },
            Value::String(s) => {
                let mut flat = Vec::new();
                flatten_keys(&args, &mut flat);
                if flat.is_empty() || flat.len() > 2 {
                    return Err(at(
                        format!(
                            "String supports [] with one or two arguments. Got {}",
                            flat.len()
                        ),
                        target,
                    ));
                }
                let mut ns = Vec::with_capacity(2);
                for (i, k) in flat.iter().enumerate() {
                    let n = match k {
                        Value::String(x) => super::arith::parse_number(x),
                        Value::Integer(_) | Value::Float(_) => Some(k.clone()),
                        _ => None,
                    };
                    match n {
                        Some(Value::Integer(n)) => ns.push(n),
                        other => {
                            let actual = kuppet_values::types::bad_key_type_name(
                                other.as_ref().unwrap_or(k),
                            );
                            return Err(at(
                                format!(
                                    "A substring operation does not accept {} as a character index. Expected an Integer",
                                    kuppet_values::labels::a_an(&actual)
                                ),
                                key_at(i),
                            ));
                        }
                    }
                }
                let chars: Vec<char> = s.chars().collect();
                let len = chars.len();
                let range = match ns.as_slice() {
                    [i] => ruby_index(len, *i).map(|i| (i, i + 1)),
                    [a, b] => ruby_slice(len, *a, *b).map_err(|x| err(bignum(x)))?,
                    _ => None,
                };
                Ok(Value::string(match range {
                    Some((a, b)) if a < b => chars[a..b].iter().collect::<String>(),
                    _ => String::new(),
                }))
            }
            Value::Binary(bytes) => {
                let ns: Vec<i64> = args
                    .iter()
                    .map(|a| match a {
                        Value::Integer(n) => Ok(*n),
                        _ => Err(err("A substring operation does not accept a String as a character index. Expected an Integer".into())),
                    })
                    .collect::<Result<_, _>>()?;
                let range = match ns.as_slice() {
                    [i] => ruby_index(bytes.len(), *i).map(|i| (i, i + 1)),
                    [a, b] => ruby_slice(bytes.len(), *a, *b).map_err(|x| err(bignum(x)))?,
                    _ => None,
                };
                Ok(Value::Binary(std::rc::Rc::new(match range {
                    Some((a, b)) if a < b => bytes[a..b].to_vec(),
                    _ => Vec::new(),
                })))
            }
            Value::Type(ty) => self.access_type(ty, &args, e, f, m),
            other => Err(at(
                format!(
                    "Operator '[]' is not applicable to {}.",
                    kuppet_values::labels::a_an_label(other)
                ),
                target,
            )),
        }
    }

    /// `Type[args]`: parameterized types, resource references, attribute access.
    fn access_type(
        &mut self,
        ty: &PType,
        args: &[Value],
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<Value> {
        let _ = f;
        let err = |msg: String| -> Flow { EvalError::new(msg).at(m, e.span).into() };
        match ty {
            PType::Resource {
                type_name: Some(tn),
                title: Some(title),
            } => {
                // Attribute access: File['x']['mode'].
                if args.len() != 1 {
                    return Err(err(
                        "A resource reference can only be accessed with one attribute name".into(),
                    ));
                }
                let Some(attr) = args[0].as_str() else {
                    return Err(err("An attribute name must be a String".into()));
                };
                self.resource_attribute(tn, title, attr).map_err(err)
            }
            PType::Resource {
                type_name: None, ..
            } => {
                // Resource['file'] / Resource['file', 'title', ...]
                if args.is_empty() {
                    return Err(err("Resource[] requires a type".into()));
                }
                let tn = match &args[0] {
                    Value::String(s) => self.resolve_resource_type_name(s),
                    Value::Type(t) => match &**t {
                        PType::Resource {
                            type_name: Some(n),
                            title: None,
                        } => n.clone(),
                        PType::Class { name: None } => "Class".to_string(),
                        other => return Err(err(format!("Resource[] does not accept {other}"))),
                    },
                    other => {
                        return Err(err(format!(
                            "Resource[] does not accept {}",
                            kuppet_values::labels::a_an_label(other)
                        )));
                    }
                };
                if args.len() == 1 {
                    if tn == "Class" {
                        return Ok(Value::from_type(PType::Class { name: None }));
                    }
                    return Ok(Value::from_type(PType::Resource {
                        type_name: Some(tn),
                        title: None,
                    }));
                }
                self.make_refs(&tn, &args[1..]).map_err(err)
            }
            PType::Resource {
                type_name: Some(tn),
                title: None,
            } => self.make_refs(tn, args).map_err(err),
            PType::Class { name: None } => self.make_refs("Class", args).map_err(err),
            PType::Class { name: Some(n) } => {
                // Attribute access on a class: its parameter.
                let [Value::String(attr)] = args else {
                    return Err(err(
                        "A class reference can only be accessed with one parameter name".into(),
                    ));
                };
                let cap = capitalize_name(n);
                self.resource_attribute("Class", &cap, attr).map_err(err)
            }
            _ => kuppet_values::types::parameterize(ty, args)
                .map(Value::from_type)
                .map_err(err),
        }
    }

    /// `File['a', 'b']` and `File[['a', 'b']]`: one reference or an array of them.
    fn make_refs(&mut self, type_name: &str, args: &[Value]) -> Result<Value, String> {
        let mut titles = Vec::new();
        fn flat(v: &Value, out: &mut Vec<Value>) {
            match v {
                Value::Array(items) => items.iter().for_each(|i| flat(i, out)),
                other => out.push(other.clone()),
            }
        }
        for a in args {
            flat(a, &mut titles);
        }
        let mut refs = Vec::with_capacity(titles.len());
        for t in &titles {
            let title = match t {
                Value::String(s) => String::from(&**s),
                Value::Type(ty) => match &**ty {
                    PType::Class { name: Some(n) } if type_name == "Class" => n.clone(),
                    PType::Resource {
                        type_name: Some(n),
                        title: None,
                    } if type_name == "Class" => n.to_ascii_lowercase(),
                    _ => return Err(format!("{type_name}[] does not accept {ty} as a title")),
                },
                // undef titles are dropped (Puppet compacts the keys).
                Value::Undef => continue,
                other => other.to_display(),
            };
            if type_name == "Class" {
                let name = title.trim_top().to_ascii_lowercase();
                refs.push(Value::from_type(PType::Class { name: Some(name) }));
            } else {
                let title = self.canonical_title(type_name, &title);
                refs.push(Value::from_type(PType::resource_ref(type_name, &title)));
            }
        }
        // One title not given in an array is one reference (or undef when
        // it was undef); anything else is an array.
        let array_result = args.len() > 1 || matches!(args.first(), Some(Value::Array(_)));
        if !array_result {
            return Ok(refs.pop().unwrap_or(Value::Undef));
        }
        Ok(Value::array(refs))
    }

    /// A type name string (`'file'`, `'apache::vhost'`) as a capitalized resource type name.
    pub(crate) fn resolve_resource_type_name(&self, s: &str) -> String {
        let lower = s.trim_top().to_ascii_lowercase();
        if lower == "class" {
            return "Class".to_string();
        }
        capitalize_name(&lower)
    }
}

/// Keys of an array or string access, nested arrays flattened.
fn flatten_keys(args: &[Value], out: &mut Vec<Value>) {
    for a in args {
        match a {
            Value::Array(items) => flatten_keys(items, out),
            other => out.push(other.clone()),
        }
    }
}

/// Ruby's `a[i]`: negative counts from the end; `None` outside. Any `i64`
/// (Ruby's integers do not overflow, so neither may this).
pub(crate) fn ruby_index(len: usize, i: i64) -> Option<usize> {
    let len = len as i128;
    let i = i as i128;
    let idx = if i < 0 { len + i } else { i };
    (0..len).contains(&idx).then_some(idx as usize)
}

/// Puppet's `[start, count]` slice (negative start from the end, negative
/// count up to that far from the end), as a byte range of Ruby's `a[s, n]`.
/// Any `i64`s: computed in `i128`, where they cannot overflow. A start or
/// count past an `i64` after Puppet's adjustment is Ruby's `RangeError`
/// (`[1,2,3][9223372036854775807, -9223372036854775807]`), [`LongOverflow`].
pub(crate) fn ruby_slice(
    len: usize,
    start: i64,
    count: i64,
) -> Result<Option<(usize, usize)>, LongOverflow> {
    let len = len as i128;
    let (start, count) = (start as i128, count as i128);
    let mut k1 = if start < 0 { len + start } else { start };
    let mut k2 = if count < 0 {
        len - k1 + count + 1
    } else {
        count
    };
    if k1 < 0 {
        k2 += k1;
        k1 = 0;
    }
    let long = i64::MIN as i128..=i64::MAX as i128;
    if !long.contains(&k1) || !long.contains(&k2) {
        return Err(LongOverflow);
    }
    if k1 > len || k2 < 0 {
        return Ok(None);
    }
    Ok(Some((k1 as usize, (k1 + k2).min(len) as usize)))
}

/// A slice's start or count that Ruby cannot convert to a C `long`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct LongOverflow;

/// Puppet's message for a [`LongOverflow`].
fn bignum(_: LongOverflow) -> String {
    "Error while evaluating a '[]' expression, bignum too big to convert into `long'".into()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Puppet 7.23's results for `[1,2,3][a, b]` (and `'abc'`) at the edges of
    /// Integer: `[1, max]` is `[2, 3]`, the rest empty.
    #[test]
    fn slices_of_extreme_integers_are_rubys() {
        const MAX: i64 = i64::MAX;
        assert_eq!(ruby_slice(3, 1, MAX), Ok(Some((1, 3))));
        assert_eq!(ruby_slice(3, -MAX, 2), Ok(None));
        assert_eq!(ruby_slice(3, -MAX, -MAX), Ok(None));
        assert_eq!(ruby_slice(3, -2, -MAX), Ok(None));
        assert_eq!(ruby_slice(3, i64::MIN, i64::MIN), Ok(None));
        assert_eq!(ruby_slice(3, MAX, MAX), Ok(None));
        // Puppet: "bignum too big to convert into `long'".
        assert_eq!(ruby_slice(3, MAX, -MAX), Err(LongOverflow));
        assert_eq!(ruby_index(3, MAX), None);
        assert_eq!(ruby_index(3, i64::MIN), None);
        assert_eq!(ruby_index(3, -3), Some(0));
    }
}
