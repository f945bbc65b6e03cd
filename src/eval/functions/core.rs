//! The functions of Puppet's core that evaluate in the compiler: they touch
//! the catalog (`include`, `realize`, `tag`, `create_resources`), the scope
//! (`defined`, `getvar`), control flow (`break`, `next`, `return`), logging,
//! templates, Hiera, or call lambdas (`each`, `slice`, `sort` with a block
//! ...). One function each, registered by name in [`super::lookup`].

use super::Call;
use crate::classes::Declare;
use crate::compiler::Compiler;
use crate::error::{EResult, EvalError, Flow};
use kuppet_values::types::PType;
use kuppet_values::value::Value;

/// `include`, `require`, `contain`: declare classes (and relate or contain them).
pub(crate) fn declare<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let Call {
        name,
        args,
        expr: e,
        frame: f,
        manifest: m,
        ..
    } = call;
    let how = match name {
        "include" => Declare::Include,
        "require" => Declare::Require,
        _ => Declare::Contain,
    };
    let names = class_names(&args).map_err(|msg| c.call_error(msg, e, m))?;
    if names.is_empty() {
        return Err(c.call_error(
            format!("'{name}' expects at least 1 argument, got none"),
            e,
            m,
        ));
    }
    let refs = c.declare_classes(&names, how, f, m, e.span)?;
    Ok(Value::array(refs))
}

/// `realize`: makes virtual resources real.
pub(crate) fn realize<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let Call {
        args,
        expr: e,
        frame: f,
        manifest: m,
        ..
    } = call;
    let mut refs = Vec::new();
    for a in &args {
        crate::compiler::collect_refs(a, &mut refs);
    }
    let line = m.line_of(e.span) as u32;
    c.realize(refs, f, m, line);
    Ok(Value::Undef)
}

/// `tag`: adds tags to the resource (class, define) whose code calls it.
pub(crate) fn tag<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let Call { args, frame: f, .. } = call;
    if let Some(owner) = c.scopes[f.scope].resource {
        for a in &args {
            crate::declarations::add_tag_values(&mut c.resources[owner].tags, a);
        }
    }
    Ok(Value::Undef)
}

/// `tagged`: whether the calling resource or the catalog has every tag.
pub(crate) fn tagged<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let Call { args, frame: f, .. } = call;
    let owner = c.scopes[f.scope].resource;
    let mut all = true;
    for a in &args {
        // Each argument is one tag (an array is its Ruby text).
        let names = vec![kuppet_values::convert::ruby_to_s(a)];
        for n in names {
            let n = n.to_lowercase();
            let in_scope = owner.is_some_and(|o| c.resource_tagged(o, &n));
            // The catalog's tags: those of every class and node in it.
            let in_catalog = c.catalog_tags.contains(n.as_str());
            if !in_scope && !in_catalog {
                all = false;
            }
        }
    }
    Ok(Value::Bool(all))
}

/// `defined`: whether a class, type, resource or variable is defined.
pub(crate) fn defined<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let Call {
        args,
        expr: e,
        frame: f,
        manifest: m,
        ..
    } = call;
    // Puppet's signature: one or more of Variant[String, Type[CatalogEntry],
    // Type[Type]] (`defined(Package[$unset])` is `defined(undef)`: an error).
    if args.is_empty() {
        return Err(c.call_error("'defined' expects at least 1 argument, got none", e, m));
    }
    if let Err(msg) = super::library::signature::check(
        "defined",
        || {
            vec![super::library::signature::sig(&[
                super::library::signature::P::Rep(
                    "Variant[String, Type[CatalogEntry], Type[Type]]",
                    "vals",
                ),
            ])]
        },
        &args,
    ) {
        return Err(c.call_error(msg, e, m));
    }
    let mut result = false;
    for a in &args {
        if c.is_defined(a, f, m, e) {
            result = true;
            break;
        }
    }
    Ok(Value::Bool(result))
}

/// `create_resources`: declares resources from a hash.
pub(crate) fn create_resources<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let Call {
        args,
        expr: e,
        frame: f,
        manifest: m,
        ..
    } = call;
    c.create_resources_fn(args, e, f, m)
}

/// `fail`: stops the compile with the message.
pub(crate) fn fail<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let Call {
        args,
        expr: e,
        manifest: m,
        ..
    } = call;
    let msg: Vec<String> = args.iter().map(|a| a.to_display()).collect();
    Err(c.call_error(msg.join(" "), e, m))
}

/// `notice`, `info`, `warning`, `err`, `debug`, `alert`, `crit`, `emerg`: log a message under the scope's name.
pub(crate) fn log<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let Call {
        name,
        args,
        frame: f,
        ..
    } = call;
    let msg: Vec<String> = args.iter().map(|a| a.to_display()).collect();
    let label = c.scope_label(f.scope);
    let level = match name {
        "notice" => "Notice",
        "warning" => "Warning",
        "err" => "Error",
        "info" => "Info",
        "debug" => "Debug",
        "alert" => "Alert",
        "crit" => "Critical",
        _ => "Emergency",
    };
    c.logs
        .push((level, format!("Scope({label}): {}", msg.join(" "))));
    Ok(Value::Undef)
}

/// `break`: leaves the iteration.
pub(crate) fn break_<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let Call {
        expr: e,
        manifest: m,
        ..
    } = call;
    c.flow_origin = Some(EvalError::new("").at(m, e.span));
    Err(Flow::Break)
}

/// `next`: leaves the lambda with a value.
pub(crate) fn next<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let Call {
        args,
        expr: e,
        manifest: m,
        ..
    } = call;
    c.flow_origin = Some(EvalError::new("").at(m, e.span));
    Err(Flow::Next(args.into_iter().next().unwrap_or(Value::Undef)))
}

/// `return`: leaves the function or lambda with a value.
pub(crate) fn return_<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let Call {
        args,
        expr: e,
        manifest: m,
        ..
    } = call;
    c.flow_origin = Some(EvalError::new("").at(m, e.span));
    Err(Flow::Return(
        args.into_iter().next().unwrap_or(Value::Undef),
    ))
}

/// The functions that iterate with a lambda: `each`, `map`, `filter`, `reduce`, `reverse_each`, `step`, `with`, `lest`, `then`, `any`, `all`, `partition`, `group_by`, `tree_each`, `index` with a lambda.
pub(crate) fn iterate<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let Call {
        name,
        args,
        lambda,
        expr: e,
        frame: f,
        manifest: m,
    } = call;
    c.iteration(name, args, lambda, e, f, m)
}

/// `lookup`: Hiera 5 data.
pub(crate) fn lookup<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let Call {
        args,
        lambda,
        expr: e,
        frame: f,
        manifest: m,
        ..
    } = call;
    c.lookup_function(args, lambda, e, f, m)
}

/// `hiera`, `hiera_array`, `hiera_hash`, `hiera_include`: the global Hiera layer.
pub(crate) fn hiera<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let Call {
        name,
        args,
        lambda,
        expr: e,
        frame: f,
        manifest: m,
    } = call;
    c.hiera_function(name, args, lambda, e, f, m)
}

/// The text of an EPP template (the call its compiled form makes).
pub(crate) fn epp_text<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let Call { args, .. } = call;
    if let Some(out) = c.epp_out.last_mut() {
        for a in &args {
            out.push_str(&a.to_display());
        }
    }
    Ok(Value::Undef)
}

/// `inline_epp`: renders an EPP template given as a string.
pub(crate) fn inline_epp<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let Call {
        args,
        expr: e,
        frame: f,
        manifest: m,
        ..
    } = call;
    let Some(template) = args.first().and_then(|a| a.as_str()) else {
        return Err(c.call_error("'inline_epp' expects a String template", e, m));
    };
    let template = template.to_string();
    c.render_epp("inlined-epp-text", &template, args.get(1), true, f)
        .map_err(|fl| match fl {
            // An error of the template's own code is Puppet's as it is,
            // located in `inlined-epp-text`.
            Flow::Error(err)
                if err
                    .location
                    .as_ref()
                    .is_some_and(|l| l.file == "inlined-epp-text") =>
            {
                Flow::Error(err)
            }
            fl => c.wrap_flow(fl, "inline_epp", e, m),
        })
}

/// `epp`: renders a module's EPP template file.
pub(crate) fn epp<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let Call {
        args,
        expr: e,
        frame: f,
        manifest: m,
        ..
    } = call;
    let Some(path) = args.first().and_then(|a| a.as_str()) else {
        return Err(c.call_error("'epp' expects a template path", e, m));
    };
    let (label, template) = c
        .epp_file(path)
        .map_err(|msg| c.call_error(format!("epp(): {msg}"), e, m))?;
    c.render_epp(&label, &template, args.get(1), false, f)
        .map_err(|fl| c.wrap_flow(fl, "epp", e, m))
}

/// `template`: renders a module's ERB template file.
pub(crate) fn template<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let Call {
        args,
        expr: e,
        frame: f,
        manifest: m,
        ..
    } = call;
    c.erb_call(crate::erb::TemplateKind::File, &args, e, f, m)
}

/// `inline_template`: renders an ERB template given as a string.
pub(crate) fn inline_template<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let Call {
        args,
        expr: e,
        frame: f,
        manifest: m,
        ..
    } = call;
    c.erb_call(crate::erb::TemplateKind::Inline, &args, e, f, m)
}

/// `shellquote`: quotes words for a shell.
pub(crate) fn shellquote<'a>(_c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let Call { args, .. } = call;
    let mut words = Vec::new();
    for a in &args {
        flatten_strings(a, &mut words);
    }
    Ok(Value::string(
        words
            .iter()
            .map(|w| shell_word(w))
            .collect::<Vec<_>>()
            .join(" "),
    ))
}

/// `slice`: the collection in slices of a size, given to the lambda if there is one.
pub(crate) fn slice<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let Call {
        args,
        lambda,
        expr: e,
        frame: f,
        manifest: m,
        ..
    } = call;
    let (Some(subject), Some(Value::Integer(n))) = (args.first(), args.get(1)) else {
        return Err(c.call_error("'slice' expects a collection and a slice size", e, m));
    };
    if *n < 1 {
        return Err(c.call_error("slice(): the slice size must be a positive Integer", e, m));
    }
    let (items, _) = c
        .iterable_items(subject)
        .map_err(|msg| c.call_error(format!("'slice' {msg}"), e, m))?;
    let items = c.items_vec(items, e, m)?;
    let slices: Vec<Value> = items
        .chunks(usize::try_from(*n).unwrap_or(usize::MAX))
        .map(|c| Value::array(c.to_vec()))
        .collect();
    match lambda {
        None => Ok(Value::array(slices)),
        Some(l) => {
            let spread = l.params.len() > 1;
            for s in slices {
                let call_args = match (&s, spread) {
                    // A short last slice is filled up with undef.
                    (Value::Array(items), true) => {
                        let mut v = items.to_vec();
                        if v.len() < l.params.len() {
                            v.resize(l.params.len(), Value::Undef);
                        }
                        v
                    }
                    _ => vec![s.clone()],
                };
                match c.call_lambda(l, call_args, f, m) {
                    Err(Flow::Break) => break,
                    r => {
                        r?;
                    }
                }
            }
            Ok(subject.clone())
        }
    }
}

/// `call`: calls a function by name.
pub(crate) fn call_by_name<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let Call {
        args,
        lambda,
        expr: e,
        frame: f,
        manifest: m,
        ..
    } = call;
    let Some(fname) = args.first().and_then(|a| a.as_str()).map(str::to_string) else {
        return Err(c.call_error("'call' expects a function name", e, m));
    };
    let rest = args[1..].to_vec();
    c.call_function(&fname, rest, lambda, e, f, m)
}

/// `getvar`: a variable by name, with a dotted path into it.
pub(crate) fn getvar<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let Call {
        args,
        expr: e,
        frame: f,
        manifest: m,
        ..
    } = call;
    let Some(path) = args.first().and_then(|a| a.as_str()) else {
        return Err(c.call_error("'getvar' expects a String variable name", e, m));
    };
    let (var, rest) = match path.split_once('.') {
        Some((v, r)) => (v.to_string(), Some(r.to_string())),
        None => (path.to_string(), None),
    };
    let mut v = c.lookup_var(var.trim_start_matches('$'), f, m, e);
    if let Some(rest) = rest {
        v = dig_path(&v, &rest);
    }
    if v.is_undef()
        && let Some(d) = args.get(1)
    {
        return Ok(d.clone());
    }
    Ok(v)
}

/// `get`: a value at a dotted path.
pub(crate) fn get<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let Call {
        args,
        lambda,
        frame: f,
        manifest: m,
        ..
    } = call;
    let v = args.first().cloned().unwrap_or(Value::Undef);
    let path = args.get(1).map(|p| p.to_display()).unwrap_or_default();
    let r = if path.is_empty() {
        v
    } else {
        dig_path(&v, &path)
    };
    if r.is_undef() {
        if let Some(l) = lambda {
            return c.call_lambda(l, Vec::new(), f, m);
        }
        if let Some(d) = args.get(2) {
            return Ok(d.clone());
        }
    }
    Ok(r)
}

/// `sort` with a lambda that compares.
pub(crate) fn sort_with<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let Call {
        args,
        lambda,
        expr: e,
        frame: f,
        manifest: m,
        ..
    } = call;
    let l = lambda.expect("checked");
    let Some(Value::Array(items)) = args.first() else {
        return Err(c.call_error("'sort' expects an Array", e, m));
    };
    let mut items = items.to_vec();
    // Insertion sort through the lambda (stable, errors propagate).
    let mut i = 1;
    while i < items.len() {
        let mut j = i;
        while j > 0 {
            let c = c.call_lambda(l, vec![items[j - 1].clone(), items[j].clone()], f, m)?;
            if matches!(c, Value::Integer(n) if n > 0) {
                items.swap(j - 1, j);
                j -= 1;
            } else {
                break;
            }
        }
        i += 1;
    }
    Ok(Value::array(items))
}

/// `index` of a value (without a lambda).
pub(crate) fn index_of<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let Call {
        args,
        expr: e,
        manifest: m,
        ..
    } = call;
    let (Some(subject), Some(want)) = (args.first(), args.get(1)) else {
        return Err(c.call_error("'index' expects a value or a block", e, m));
    };
    Ok(match subject {
        Value::String(s) => match want.as_str().and_then(|w| s.find(w)) {
            Some(b) => Value::Integer(s[..b].chars().count() as i64),
            None => Value::Undef,
        },
        Value::Array(items) => items
            .iter()
            .position(|x| x.puppet_eq(want))
            .map(|i| Value::Integer(i as i64))
            .unwrap_or(Value::Undef),
        Value::Hash(h) => h
            .iter()
            .find(|(_, v)| v.puppet_eq(want))
            .map(|(k, _)| k.clone())
            .unwrap_or(Value::Undef),
        _ => Value::Undef,
    })
}

/// `max` and `min` with a lambda that compares.
pub(crate) fn max_min_with<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let Call {
        name,
        args,
        lambda,
        frame: f,
        manifest: m,
        ..
    } = call;
    let Some(l) = lambda else {
        return Ok(Value::Undef);
    };
    let values: Vec<Value> = match args.as_slice() {
        [Value::Array(items)] => items.to_vec(),
        other => other.to_vec(),
    };
    let mut best: Option<Value> = None;
    for v in values {
        best = Some(match best {
            None => v,
            Some(b) => {
                let c = c.call_lambda(l, vec![v.clone(), b.clone()], f, m)?;
                let n = match c {
                    Value::Integer(n) => n,
                    Value::Float(x) => x as i64,
                    _ => 0,
                };
                if (name == "max" && n > 0) || (name == "min" && n < 0) {
                    v
                } else {
                    b
                }
            }
        });
    }
    Ok(best.unwrap_or(Value::Undef))
}

/// `unwrap` with a lambda that receives the value.
pub(crate) fn unwrap_with<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let Call {
        name,
        args,
        lambda,
        expr: e,
        frame: f,
        manifest: m,
    } = call;
    let v = c.call_pure(name, &args, e, m)?;
    match lambda {
        Some(l) => c.call_lambda(l, vec![v], f, m),
        None => Ok(v),
    }
}

/// `assert_type`: the value if it has the type, else the lambda's value or an error.
pub(crate) fn assert_type<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let Call {
        args,
        lambda,
        expr: e,
        frame: f,
        manifest: m,
        ..
    } = call;
    if args.len() < 2 {
        return Err(c.call_error("'assert_type' expects 2 arguments", e, m));
    }
    let t = match &args[0] {
        Value::Type(t) => (**t).clone(),
        Value::String(s) => c
            .resolve_type_name(s)
            .map_err(|msg| c.call_error(msg, e, m))?,
        _ => return Err(c.call_error("'assert_type' expects a Type", e, m)),
    };
    if kuppet_values::types::is_instance(&t, &args[1]) {
        return Ok(args[1].clone());
    }
    if let Some(l) = lambda {
        let actual = Value::from_type(kuppet_values::types::infer(&args[1]));
        return c.call_lambda(l, vec![Value::from_type(t), actual], f, m);
    }
    Err(c.call_error(
        format!(
            "assert_type(): {}",
            kuppet_values::types::describe_mismatch(&t, &args[1])
        ),
        e,
        m,
    ))
}

/// `type`: the type of a value (detailed, reduced or generalized).
pub(crate) fn type_<'a>(_c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let Call { args, .. } = call;
    let v = args.first().cloned().unwrap_or(Value::Undef);
    let t = match args.get(1).and_then(|a| a.as_str()) {
        Some("generalized") => kuppet_values::types::infer_generic(&v),
        Some("reduced") => kuppet_values::types::infer(&v),
        _ => kuppet_values::types::infer_set(&v),
    };
    Ok(Value::from_type(t))
}

/// `new`: a new value of a type.
pub(crate) fn new<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let Call {
        args,
        expr: e,
        manifest: m,
        ..
    } = call;
    let Some((t, rest)) = args.split_first() else {
        return Err(c.call_error("'new' expects at least 1 argument", e, m));
    };
    c.new_instance(t, rest.to_vec(), e, m)
}

/// `strftime`: formats a Timestamp or Timespan.
pub(crate) fn strftime<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let Call {
        args,
        expr: e,
        manifest: m,
        ..
    } = call;
    if matches!(args.first(), Some(Value::String(_))) {
        // A format alone formats the current time.
        c.reads.volatile("strftime() reads the clock");
    }
    kuppet_values::time::strftime(&args).map_err(|msg| c.call_error(msg, e, m))
}

/// One word quoted for a shell as Puppet's `shellquote` does.
fn shell_word(w: &str) -> String {
    const SAFE: &str = "@%_+=:,./-";
    const DANGEROUS: &str = "!\"`$\\";
    // The empty word (also undef's) is not safe: it falls to `""`.
    if !w.is_empty()
        && w.chars()
            .all(|c| c.is_ascii_alphanumeric() || SAFE.contains(c))
    {
        return w.to_string();
    }
    if !w.chars().any(|c| DANGEROUS.contains(c)) {
        return format!("\"{w}\"");
    }
    if !w.contains('\'') {
        return format!("'{w}'");
    }
    // Both kinds of quotes: double quotes, the dangerous characters
    // escaped with a backslash.
    let mut out = String::with_capacity(w.len() + 4);
    out.push('"');
    for c in w.chars() {
        if DANGEROUS.contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// Follows a dotted path (`a.b.1`) into hashes and arrays.
fn dig_path(v: &Value, path: &str) -> Value {
    let mut cur = v.clone();
    for seg in path.split('.') {
        cur = match &cur {
            Value::Hash(h) => h.get(&Value::string(seg)).cloned().unwrap_or(Value::Undef),
            Value::Array(a) => seg
                .parse::<usize>()
                .ok()
                .and_then(|i| a.get(i).cloned())
                .unwrap_or(Value::Undef),
            _ => Value::Undef,
        };
    }
    cur
}

fn flatten_strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Array(items) => items.iter().for_each(|i| flatten_strings(i, out)),
        other => out.push(other.to_display()),
    }
}

/// Class names from `include`-style arguments: strings, arrays, Class refs.
fn class_names(args: &[Value]) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    fn walk(v: &Value, out: &mut Vec<String>) -> Result<(), String> {
        match v {
            Value::String(s) => out.push(s.to_string()),
            Value::Array(items) => {
                for i in items.iter() {
                    walk(i, out)?;
                }
            }
            Value::Type(t) => match &**t {
                PType::Class { name: Some(n) } => out.push(n.clone()),
                PType::Resource {
                    type_name: Some(n),
                    title: None,
                } => out.push(n.to_ascii_lowercase()),
                other => return Err(format!("Cannot use {other} as a class name")),
            },
            Value::Undef => return Err("Cannot use undef as a class name".into()),
            other => {
                return Err(format!(
                    "Cannot use a {} as a class name",
                    other.type_name()
                ));
            }
        }
        Ok(())
    }
    for a in args {
        walk(a, &mut out)?;
    }
    Ok(out)
}
