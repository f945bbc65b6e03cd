//! Hiera's `%{...}` interpolation in hierarchy paths and data values
//! (`%{facts.os.family}`, `%{::fqdn}`, `%{lookup('k')}`, `%{alias('k')}`,
//! `%{literal('%')}`, `%{scope('x')}`), and dotted keys (`a.b.0`) that dig
//! into the value found.

use super::error::LookupError;
use kuppet_values::ruby::rb_to_s;
use kuppet_values::value::Value;

/// One part of a dotted key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Segment {
    Key(String),
    Index(i64),
}

impl Segment {
    fn label(&self) -> String {
        match self {
            Segment::Key(k) => k.clone(),
            Segment::Index(i) => i.to_string(),
        }
    }
}

/// Splits a key at the dots outside quotes: `a.'b.c'.0` → `a`, `b.c`, `0`.
/// The first segment is the root key; `None` means a syntax error.
pub(crate) fn split_key(key: &str) -> Option<Vec<Segment>> {
    if !key.contains(['.', '\'', '"']) {
        return Some(vec![Segment::Key(key.to_string())]);
    }
    let mut out = Vec::new();
    let chars: Vec<char> = key.chars().collect();
    let mut i = 0;
    loop {
        // One segment: optionally spaced quoted text, or unquoted text.
        let start = i;
        while i < chars.len() && chars[i].is_whitespace() {
            i += 1;
        }
        if i < chars.len() && (chars[i] == '"' || chars[i] == '\'') {
            let q = chars[i];
            let close = chars[i + 1..].iter().position(|&c| c == q)? + i + 1;
            if close == i + 1 {
                return None;
            }
            out.push(Segment::Key(chars[i + 1..close].iter().collect()));
            i = close + 1;
            while i < chars.len() && chars[i].is_whitespace() {
                i += 1;
            }
        } else {
            i = start;
            let s = i;
            while i < chars.len() && !matches!(chars[i], '.' | '\'' | '"') {
                i += 1;
            }
            if i == s {
                return None;
            }
            let text: String = chars[s..i].iter().collect();
            let t = text.trim();
            let numeric = {
                let digits = t.strip_prefix(['+', '-']).unwrap_or(t);
                !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
            };
            match (numeric, t.parse::<i64>()) {
                (true, Ok(n)) => out.push(Segment::Index(n)),
                _ => out.push(Segment::Key(t.to_string())),
            }
        }
        if i == chars.len() {
            break;
        }
        if chars[i] != '.' {
            return None;
        }
        i += 1;
        if i == chars.len() {
            return None;
        }
    }
    // The root key is always a name.
    if let Some(Segment::Index(n)) = out.first() {
        out[0] = Segment::Key(n.to_string());
    }
    Some(out)
}

/// Digs into a found value along the segments after the root key;
/// `Ok(None)` when a segment is missing.
pub fn dig(key: &str, value: Value, segments: &[Segment]) -> Result<Option<Value>, LookupError> {
    let mut v = value;
    for seg in segments {
        if v.is_undef() {
            return Ok(None);
        }
        v = match (seg, &v) {
            (Segment::Index(i), Value::Array(items)) => {
                match usize::try_from(*i).ok().and_then(|i| items.get(i)) {
                    Some(x) => x.clone(),
                    None => return Ok(None),
                }
            }
            (_, Value::Hash(h)) => {
                let k = match seg {
                    Segment::Key(k) => Value::string(k.as_str()),
                    Segment::Index(i) => Value::Integer(*i),
                };
                match h.get(&k) {
                    Some(x) => x.clone(),
                    None => return Ok(None),
                }
            }
            (_, other) => {
                return Err(LookupError::Invalid(format!(
                    "Data Provider type mismatch: Got {} when a hash-like object was expected to access value using '{}' from key '{key}'",
                    ruby_class(other),
                    seg.label()
                )));
            }
        };
    }
    Ok(Some(v))
}

fn ruby_class(v: &Value) -> &'static str {
    match v {
        Value::Undef => "NilClass",
        Value::Bool(true) => "TrueClass",
        Value::Bool(false) => "FalseClass",
        Value::Integer(_) => "Integer",
        Value::Float(_) => "Float",
        Value::String(_) => "String",
        Value::Array(_) => "Array",
        Value::Hash(_) => "Hash",
        _ => "Object",
    }
}

/// What interpolation asks of the lookup it serves.
pub trait Resolver {
    /// A variable of the scope the lookup runs in (`facts`, `::fqdn`, `x::y`).
    fn scope_var(&mut self, name: &str) -> Option<Value>;
    /// The same variable, which interpolation then digs into by `keys`
    /// (`%{facts.os.family}`: `facts`, `["os", "family"]`): the scope may
    /// note that only that part is read.
    fn scope_var_at(&mut self, name: &str, keys: &[String]) -> Option<Value> {
        let _ = keys;
        self.scope_var(name)
    }
    /// `%{lookup('key')}`: a lookup of another key (first found).
    fn lookup(&mut self, key: &str) -> Result<Option<Value>, LookupError>;
    /// Marks `name` as being resolved (a recursive lookup is an error) ...
    fn enter(&mut self, name: &str) -> Result<(), LookupError>;
    /// ... and no longer.
    fn leave(&mut self);
}

/// Interpolates strings (and the keys and values of arrays and hashes).
/// `allow_methods` permits `lookup()`, `alias()` ... (data values do, paths don't).
pub fn interpolate(
    v: &Value,
    allow_methods: bool,
    r: &mut dyn Resolver,
) -> Result<Value, LookupError> {
    match v {
        Value::String(s) if s.contains("%{") => {
            if kuppet_values::budget::stack_low() {
                return Err(LookupError::Interpolation(
                    "Interpolation is nested too deeply; look for data that interpolates itself"
                        .into(),
                ));
            }
            interpolate_string(s, allow_methods, r)
        }
        Value::Array(items) => {
            let mut out = Vec::with_capacity(items.len());
            for i in items.iter() {
                out.push(interpolate(i, allow_methods, r)?);
            }
            Ok(Value::array(out))
        }
        Value::Hash(h) => {
            let mut out = indexmap::IndexMap::with_capacity(h.len());
            for (k, val) in h.iter() {
                out.insert(
                    interpolate(k, allow_methods, r)?,
                    interpolate(val, allow_methods, r)?,
                );
            }
            Ok(Value::hash(out))
        }
        other => Ok(other.clone()),
    }
}

/// Interpolates a string to a string (the usual case).
pub(crate) fn interpolate_str(
    s: &str,
    allow_methods: bool,
    r: &mut dyn Resolver,
) -> Result<String, LookupError> {
    if !s.contains("%{") {
        return Ok(s.to_string());
    }
    Ok(match interpolate_string(s, allow_methods, r)? {
        Value::String(x) => x.to_string(),
        other => rb_to_s(&other),
    })
}

#[derive(Debug, PartialEq)]
enum Method {
    Scope,
    Lookup,
    Alias,
    Literal,
}

fn interpolate_string(
    subject: &str,
    allow_methods: bool,
    r: &mut dyn Resolver,
) -> Result<Value, LookupError> {
    let mut out = String::with_capacity(subject.len());
    let mut rest = subject;
    while let Some(start) = rest.find("%{") {
        let Some(len) = rest[start + 2..].find('}') else {
            break;
        };
        out.push_str(&rest[..start]);
        let whole = &rest[start..start + 2 + len + 1];
        let expr = rest[start + 2..start + 2 + len].trim();
        rest = &rest[start + 2 + len + 1..];
        if matches!(expr, "" | "::" | "\"\"" | "''" | "\"::\"" | "'::'") {
            continue;
        }
        // One step of the compile's budget per interpolation: data that
        // interpolates itself twice per level ends.
        kuppet_values::budget::tick().map_err(LookupError::Budget)?;
        let (method, key) = method_and_key(expr, allow_methods)?;
        if method == Method::Alias && whole != subject {
            return Err(LookupError::Interpolation(
                "'alias' interpolation is only permitted if the expression is equal to the entire string".into(),
            ));
        }
        let value = match method {
            Method::Literal => Some(Value::string(key.as_str())),
            Method::Lookup | Method::Alias => r.lookup(&key)?,
            Method::Scope => scope_lookup(&key, subject, r)?,
        };
        if method == Method::Alias {
            return Ok(value.unwrap_or(Value::Undef));
        }
        let value = match value {
            Some(v) if method != Method::Literal => {
                let name = if method == Method::Scope {
                    format!("scope:{key}")
                } else {
                    key.clone()
                };
                r.enter(&name)?;
                let x = interpolate(&v, allow_methods, r);
                r.leave();
                x?
            }
            other => other.unwrap_or(Value::Undef),
        };
        match value {
            Value::String(s) => out.push_str(&s),
            Value::Undef => {}
            other => out.push_str(&rb_to_s(&other)),
        }
        // The per-value cap: data that doubles per level ends.
        kuppet_values::budget::check_size("The interpolated string", out.len())
            .map_err(LookupError::Budget)?;
    }
    out.push_str(rest);
    Ok(Value::string(out))
}

fn method_and_key(expr: &str, allow_methods: bool) -> Result<(Method, String), LookupError> {
    let call = expr.find('(').and_then(|open| {
        let name = &expr[..open];
        let arg = expr[open + 1..].strip_suffix(')')?;
        let quoted = (arg.len() >= 3
            && ((arg.starts_with('"') && arg.ends_with('"'))
                || (arg.starts_with('\'') && arg.ends_with('\''))))
        .then(|| &arg[1..arg.len() - 1])?;
        (!name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_'))
            .then_some((name, quoted))
    });
    let Some((name, key)) = call else {
        return Ok((Method::Scope, expr.to_string()));
    };
    if !allow_methods {
        return Err(LookupError::Interpolation(
            "Interpolation using method syntax is not allowed in this context".into(),
        ));
    }
    let m = match name {
        "lookup" | "hiera" => Method::Lookup,
        "alias" => Method::Alias,
        "scope" => Method::Scope,
        "literal" => Method::Literal,
        other => {
            return Err(LookupError::Interpolation(format!(
                "Unknown interpolation method '{other}'"
            )));
        }
    };
    Ok((m, key.to_string()))
}

/// `%{x.y}`: a scope variable, dug into.
fn scope_lookup(
    key: &str,
    subject: &str,
    r: &mut dyn Resolver,
) -> Result<Option<Value>, LookupError> {
    let Some(segments) = split_key(key) else {
        return Err(LookupError::Interpolation(format!(
            "Syntax error in string: {subject}"
        )));
    };
    let Some(Segment::Key(root)) = segments.first() else {
        return Ok(None);
    };
    let Some(v) = r.scope_var_at(root, &leading_keys(&segments[1..])) else {
        return Ok(None);
    };
    dig(key, v, &segments[1..])
}

/// The string keys a dig starts with (up to the first index).
pub(crate) fn leading_keys(segments: &[Segment]) -> Vec<String> {
    segments
        .iter()
        .map_while(|s| match s {
            Segment::Key(k) => Some(k.clone()),
            Segment::Index(_) => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use indexmap::IndexMap;

    struct Vars(IndexMap<String, Value>, Vec<String>);

    impl Resolver for Vars {
        fn scope_var(&mut self, name: &str) -> Option<Value> {
            self.0.get(name.trim_start_matches("::")).cloned()
        }
        fn lookup(&mut self, key: &str) -> Result<Option<Value>, LookupError> {
            Ok(Some(Value::string(format!("<{key}>"))))
        }
        fn enter(&mut self, name: &str) -> Result<(), LookupError> {
            if self.1.iter().any(|n| n == name) {
                return Err(LookupError::Recursive(self.1.clone()));
            }
            self.1.push(name.to_string());
            Ok(())
        }
        fn leave(&mut self) {
            self.1.pop();
        }
    }

    fn vars() -> Vars {
        let mut os = IndexMap::new();
        os.insert(Value::string("family"), Value::string("Debian"));
        let mut facts = IndexMap::new();
        facts.insert(Value::string("os"), Value::hash(os));
        let mut m = IndexMap::new();
        m.insert("facts".to_string(), Value::hash(facts));
        m.insert("fqdn".to_string(), Value::string("n.example.com"));
        m.insert("count".to_string(), Value::Integer(2));
        Vars(m, Vec::new())
    }

    #[test]
    fn splits_dotted_keys() {
        assert_eq!(
            split_key("a.'b.c'.0").unwrap(),
            vec![
                Segment::Key("a".into()),
                Segment::Key("b.c".into()),
                Segment::Index(0)
            ]
        );
        assert_eq!(
            split_key("mod::x").unwrap(),
            vec![Segment::Key("mod::x".into())]
        );
        assert!(split_key("a..b").is_none());
        assert!(split_key("a.").is_none());
    }

    #[test]
    fn interpolates_scope_and_methods() {
        let mut v = vars();
        let s = |x: &str, v: &mut Vars| interpolate_str(x, true, v).unwrap();
        assert_eq!(
            s("%{facts.os.family}-family.yaml", &mut v),
            "Debian-family.yaml"
        );
        assert_eq!(s("nodes/%{::fqdn}", &mut v), "nodes/n.example.com");
        assert_eq!(s("%{facts.nope.x}/%{}x", &mut v), "/x");
        assert_eq!(s("n=%{count}", &mut v), "n=2");
        assert_eq!(s("%{lookup('k')} %{literal('%')}", &mut v), "<k> %");
        assert!(interpolate_str("%{lookup('k')}", false, &mut v).is_err());
        assert!(interpolate_str("x %{alias('k')}", true, &mut v).is_err());
    }

    #[test]
    fn digs_and_reports_mismatches() {
        let v = Value::array(vec![Value::string("a")]);
        assert_eq!(
            dig("k", v.clone(), &[Segment::Index(0)]).unwrap(),
            Some(Value::string("a"))
        );
        assert_eq!(dig("k", v.clone(), &[Segment::Index(3)]).unwrap(), None);
        assert!(dig("k", v, &[Segment::Key("x".into())]).is_err());
    }
}
