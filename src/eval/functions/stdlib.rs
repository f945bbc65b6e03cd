//! Functions of puppetlabs-stdlib 8.5 that touch the catalog, the scope,
//! the facts or lambdas, implemented natively: `ensure_resource`,
//! `ensure_resources`, `ensure_packages`, `defined_with_params`,
//! `getparam`, `assert_private`, `validate_legacy`, `merge` with a block,
//! `fqdn_rotate`, `fqdn_rand_string` (and core `fqdn_rand`, which it calls),
//! `fact`, `deprecation`, stdlib 9's `stdlib::ensure_packages` and
//! `stdlib::has_function` and `stdlib::str2resource`, and `stdlib::ensure` (used when stdlib's own
//! `functions/ensure.pp` is not on the modulepath). Pure stdlib functions
//! live in the function library (`functions/library/stdlib_*.rs`). Each is
//! registered by name in [`lookup`].
//!
//! Puppet hands 3.x functions converted arguments (see `args3x`); these
//! do the same where stdlib's function is a 3.x one.

use super::library::stdlib_random::deterministic_rand;
use super::library::stdlib_signatures::check_stdlib_args;
use super::library::stdlib_validate;
use super::{Call, CompilerFn};
use crate::compiler::{Compiler, ResKind, capitalize_name};
use crate::error::{EResult, Flow};
use crate::scope::{Frame, ResId, ScopeId, TOP};
use indexmap::IndexMap;
use kuppet_syntax::Manifest;
use kuppet_syntax::ast::{Expr, Lambda};
use kuppet_values::names::QualifiedName;
use kuppet_values::ruby::{args3x, rb_class, rb_eq, rb_to_s, static_regex};
use kuppet_values::types::PType;
use kuppet_values::value::Value;
use std::path::Path;

/// The stdlib function `name` that needs the compiler, if it is one
/// (`merge` only with a block: without one it is a pure function).
pub(super) fn lookup(name: &str, has_lambda: bool) -> Option<CompilerFn> {
    Some(match name {
        "ensure_resource" => |c, call| {
            let Call {
                args,
                expr: e,
                frame: f,
                manifest: m,
                ..
            } = call;
            c.ensure_resource(&args3x(&args), e, f, m)
                .map(|()| Value::Undef)
        },
        "ensure_resources" => |c, call| {
            let Call {
                args,
                expr: e,
                frame: f,
                manifest: m,
                ..
            } = call;
            c.ensure_resources(&args3x(&args), e, f, m)
                .map(|()| Value::Undef)
        },
        "ensure_packages" => |c, call| {
            let Call {
                args,
                expr: e,
                frame: f,
                manifest: m,
                ..
            } = call;
            c.ensure_packages(&args, e, f, m).map(|()| Value::Undef)
        },
        "stdlib::ensure_packages" => |c, call| {
            let Call {
                args,
                expr: e,
                frame: f,
                manifest: m,
                ..
            } = call;
            c.ensure_packages9(&args, e, f, m).map(|()| Value::Undef)
        },
        "stdlib::has_function" => |c, call| {
            let name = call.args.first().and_then(Value::as_str).unwrap_or("");
            Ok(Value::Bool(c.function_exists(name)))
        },
        "stdlib::str2resource" => |c, call| {
            let text = call.args.first().and_then(Value::as_str).unwrap_or("");
            c.str2resource(text)
                .map_err(|msg| c.call_error(msg, call.expr, call.manifest))
        },
        "defined_with_params" => |c, call| {
            let a = args3x(&call.args);
            let reference = a.first().cloned().unwrap_or(Value::Undef);
            let params = a.get(1).cloned().unwrap_or(Value::Undef);
            c.defined_with_params(&reference, &params, call.frame)
                .map(Value::Bool)
                .map_err(|msg| c.call_error(msg, call.expr, call.manifest))
        },
        "getparam" => |c, call| {
            c.getparam(&args3x(&call.args))
                .map_err(|msg| c.call_error(msg, call.expr, call.manifest))
        },
        "assert_private" => |c, call| {
            c.assert_private(&args3x(&call.args), call.frame)
                .map(|()| Value::Undef)
                .map_err(|msg| c.call_error(msg, call.expr, call.manifest))
        },
        "validate_legacy" => |c, call| {
            c.validate_legacy(&call.args, call.expr, call.manifest)
                .map(|()| Value::Undef)
        },
        "merge" if has_lambda => |c, call| {
            let Call {
                args,
                lambda,
                expr: e,
                frame: f,
                manifest: m,
                ..
            } = call;
            let Some(l) = lambda else {
                return Ok(Value::Undef);
            };
            c.merge_with_block(&args, l, e, f, m)
        },
        "fqdn_rand" => |c, call| {
            c.fqdn_rand(&args3x(&call.args))
                .map_err(|msg| c.call_error(msg, call.expr, call.manifest))
        },
        "fqdn_rand_string" => |c, call| {
            c.fqdn_rand_string(&args3x(&call.args))
                .map_err(|msg| c.call_error(msg, call.expr, call.manifest))
        },
        "fqdn_rotate" => |c, call| {
            c.fqdn_rotate(&args3x(&call.args))
                .map_err(|msg| c.call_error(msg, call.expr, call.manifest))
        },
        "fact" => |c, call| {
            c.fact(&call.args)
                .map_err(|msg| c.call_error(msg, call.expr, call.manifest))
        },
        "os_version_gte" => |c, call| Ok(c.os_version_gte(&call.args)),
        "deprecation" => |_, _| Ok(Value::Undef),
        "stdlib::ensure" => |c, call| {
            stdlib_ensure(&call.args).map_err(|msg| c.call_error(msg, call.expr, call.manifest))
        },
        _ => return None,
    })
}

/// Checks the arguments of a stdlib function against stdlib's signatures.
pub(crate) fn check_args(name: &str, args: &[Value]) -> Result<(), String> {
    check_stdlib_args(super::stdlib9_alias(name), args)
}

/// The type and title a resource reference names, as the compiler keys
/// resources (`Package`, `foo`; `Class`, `Foo::Bar`). A missing title
/// means every resource of the type.
struct Target {
    type_name: String,
    title: Option<String>,
}

impl<'a> Compiler<'a> {
    // ----- resources

    /// The resource a class or define scope evaluates (Class[main] at top).
    fn scope_resource(&self, scope: ScopeId) -> Option<ResId> {
        let mut s = Some(scope);
        while let Some(id) = s {
            if let Some(r) = self.scopes[id].resource {
                return Some(r);
            }
            s = self.scopes[id].parent;
        }
        Some(self.main_resource)
    }

    /// What a reference names: `'Type[title]'` strings, resource and class
    /// references, or a resource type (all its resources).
    fn reference_target(&mut self, reference: &Value) -> Result<Option<Target>, String> {
        let (type_name, title) = match reference {
            Value::String(s) => {
                let Some((t, title)) = kuppet_catalog::split_reference(s) else {
                    return Err(format!(
                        "No title provided and {} is not a valid resource reference",
                        kuppet_values::convert::ruby_inspect(reference)
                    ));
                };
                (t.to_string(), Some(title.to_string()))
            }
            Value::Type(t) => match &**t {
                PType::Resource {
                    type_name: Some(tn),
                    title,
                } => (tn.clone(), title.clone()),
                PType::Class { name: Some(n) } => ("class".into(), Some(n.clone())),
                _ => {
                    return Err(format!(
                        "Reference is not understood: '{}'",
                        rb_class(reference)
                    ));
                }
            },
            other => {
                return Err(format!(
                    "Reference is not understood: '{}'",
                    rb_class(other)
                ));
            }
        };
        let lower = type_name.trim_top().to_ascii_lowercase();
        if lower == "class" {
            return Ok(title.map(|t| Target {
                type_name: "Class".into(),
                title: Some(capitalize_name(&t.trim_top().to_ascii_lowercase())),
            }));
        }
        let cap = match self.resource_type(&lower) {
            Some(t) => t.cap().to_string(),
            None if self.find_define(&lower).is_some() => capitalize_name(&lower),
            None => return Ok(None),
        };
        Ok(Some(Target {
            type_name: cap,
            title: title.filter(|t| !t.is_empty()),
        }))
    }

    /// A resource by type and title as Puppet's catalog finds it: by title,
    /// or by the uniqueness key a resource with that name would have (a
    /// package whose `name` is the title, with no provider or command).
    fn find_resource_as_catalog(&self, type_name: &str, title: &str) -> Option<ResId> {
        self.find_resource(type_name, title).or_else(|| {
            (type_name == "Package")
                .then(|| self.find_resource(type_name, &format!("\u{0}{title}\u{0}\u{0}")))
                .flatten()
        })
    }

    /// A parameter of a resource as set so far (resource defaults included).
    fn set_param(&self, id: ResId, key: &str) -> Option<Value> {
        self.resources[id].param(key).cloned()
    }

    fn defined_with_params(
        &mut self,
        reference: &Value,
        params: &Value,
        f: &Frame,
    ) -> Result<bool, String> {
        if !reference.is_truthy() {
            return Err("Must specify a reference".into());
        }
        let params: IndexMap<Value, Value> = match params {
            Value::Hash(h) => (**h).clone(),
            _ => IndexMap::new(),
        };
        let Some(target) = self.reference_target(reference)? else {
            return Ok(false);
        };
        let candidates: Vec<ResId> = match &target.title {
            Some(title) => self
                .find_resource_as_catalog(&target.type_name, title)
                .into_iter()
                .collect(),
            None => (0..self.resources.len())
                .filter(|&i| *self.resources[i].type_name == *target.type_name)
                .collect(),
        };
        let current = self.scope_resource(f.scope);
        for id in candidates {
            if Some(id) == current {
                continue;
            }
            let all = params.iter().all(|(k, want)| {
                let have = self.set_param(id, &rb_to_s(k));
                match have {
                    None => want.is_undef(),
                    Some(have) => rb_eq(&have, want),
                }
            });
            if all {
                return Ok(true);
            }
        }
        Ok(false)
    }

    fn ensure_resource(
        &mut self,
        args: &[Value],
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<()> {
        let ty = args.first().cloned().unwrap_or(Value::Undef);
        let title = args.get(1).cloned().unwrap_or(Value::Undef);
        if !ty.is_truthy() {
            return Err(self.call_error("Must specify a type", e, m));
        }
        if !title.is_truthy() {
            return Err(self.call_error("Must specify a title", e, m));
        }
        let params = match args.get(2) {
            Some(Value::Hash(h)) => Value::Hash(h.clone()),
            _ => Value::hash(IndexMap::new()),
        };
        let mut items = Vec::new();
        flatten_into(&title, &mut items);
        let type_s = rb_to_s(&ty);
        for item in items {
            let reference = Value::string(format!("{type_s}[{}]", rb_to_s(&item)));
            let defined = self
                .defined_with_params(&reference, &params, f)
                .map_err(|msg| self.call_error(msg, e, m))?;
            if defined {
                continue;
            }
            let mut instance = IndexMap::new();
            instance.insert(item, params.clone());
            self.call_function(
                "create_resources",
                vec![
                    Value::string(kuppet_values::ruby::ruby_capitalize(&type_s)),
                    Value::hash(instance),
                ],
                None,
                e,
                f,
                m,
            )?;
        }
        Ok(())
    }

    fn ensure_resources(
        &mut self,
        args: &[Value],
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<()> {
        let ty = args.first().cloned().unwrap_or(Value::Undef);
        let titles = args.get(1).cloned().unwrap_or(Value::Undef);
        if !ty.is_truthy() {
            return Err(self.call_error("Must specify a type", e, m));
        }
        if !titles.is_truthy() {
            return Err(self.call_error("Must specify a title", e, m));
        }
        let defaults = match args.get(2) {
            Some(Value::Hash(h)) => (**h).clone(),
            _ => IndexMap::new(),
        };
        let Value::Hash(resources) = titles else {
            return Err(self.call_error(
                "ensure_resources(): Requires second argument to be a Hash",
                e,
                m,
            ));
        };
        for (name, own) in resources.iter() {
            let mut merged = defaults.clone();
            match own {
                Value::Hash(h) => {
                    for (k, v) in h.iter() {
                        merged.insert(k.clone(), v.clone());
                    }
                }
                v if !v.is_truthy() => {}
                other => {
                    return Err(self.call_error(
                        format!("no implicit conversion of {} into Hash", rb_class(other)),
                        e,
                        m,
                    ));
                }
            }
            self.ensure_resource(&[ty.clone(), name.clone(), Value::hash(merged)], e, f, m)?;
        }
        Ok(())
    }

    fn ensure_packages(
        &mut self,
        args: &[Value],
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<()> {
        let mut defaults = IndexMap::new();
        defaults.insert(Value::string("ensure"), Value::string("installed"));
        match args.get(1) {
            None => {}
            Some(Value::Hash(h)) => {
                for (k, v) in h.iter() {
                    defaults.insert(k.clone(), v.clone());
                }
                let key = Value::string("ensure");
                if defaults.get(&key).and_then(Value::as_str) == Some("present") {
                    defaults.insert(key, Value::string("installed"));
                }
            }
            Some(_) => {}
        }
        let defaults = Value::hash(defaults);
        let package = Value::string("package");
        match &args[0] {
            Value::Hash(h) => {
                let a = args3x(&[package, Value::Hash(h.clone()), defaults]);
                self.ensure_resources(&a, e, f, m)
            }
            other => {
                let mut names = Vec::new();
                flatten_into(other, &mut names);
                for n in names {
                    let a = args3x(&[package.clone(), n, defaults.clone()]);
                    self.ensure_resource(&a, e, f, m)?;
                }
                Ok(())
            }
        }
    }

    /// stdlib 9's `stdlib::ensure_packages(packages, default_attributes)`:
    /// unlike stdlib 8's, an `ensure` of `present` or `installed` becomes
    /// `present` when the package is already declared with
    /// `ensure => present` (so the two calls agree) and `installed`
    /// otherwise, and a hash of packages merges each package's attributes
    /// over the defaults, package by package.
    fn ensure_packages9(
        &mut self,
        args: &[Value],
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<()> {
        let defaults = match args.get(1) {
            Some(Value::Hash(h)) => (**h).clone(),
            _ => IndexMap::new(),
        };
        match args.first() {
            Some(Value::Hash(h)) => {
                for (package, attributes) in h.iter() {
                    let mut merged = defaults.clone();
                    if let Value::Hash(a) = attributes {
                        for (k, v) in a.iter() {
                            merged.insert(k.clone(), v.clone());
                        }
                    }
                    self.ensure_package9(package, &merged, e, f, m)?;
                }
            }
            Some(Value::Array(names)) => {
                for n in names.iter() {
                    self.ensure_package9(n, &defaults, e, f, m)?;
                }
            }
            Some(name) => self.ensure_package9(name, &defaults, e, f, m)?,
            None => {}
        }
        Ok(())
    }

    /// One package of `stdlib::ensure_packages`.
    fn ensure_package9(
        &mut self,
        name: &Value,
        attributes: &IndexMap<Value, Value>,
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<()> {
        let key = Value::string("ensure");
        let mut params = IndexMap::new();
        params.insert(key.clone(), Value::string("installed"));
        for (k, v) in attributes {
            params.insert(k.clone(), v.clone());
        }
        if matches!(
            params.get(&key).and_then(Value::as_str),
            Some("present" | "installed")
        ) {
            let reference = Value::string(format!("Package[{}]", rb_to_s(name)));
            let mut wanted = IndexMap::new();
            wanted.insert(key.clone(), Value::string("present"));
            let present = self
                .defined_with_params(&reference, &Value::hash(wanted), f)
                .map_err(|msg| self.call_error(msg, e, m))?;
            let ensure = if present { "present" } else { "installed" };
            params.insert(key, Value::string(ensure));
        }
        let a = args3x(&[Value::string("package"), name.clone(), Value::hash(params)]);
        self.ensure_resource(&a, e, f, m)
    }

    /// stdlib 9's `stdlib::str2resource('Type[title]')`: a reference to
    /// that resource when it is already declared (virtual or not).
    fn str2resource(&self, text: &str) -> Result<Value, String> {
        let found = text
            .strip_suffix(']')
            .and_then(|r| r.split_once('['))
            .and_then(|(t, title)| {
                let type_name = capitalize_name(t);
                let title = if type_name == "Class" {
                    capitalize_name(title)
                } else {
                    title.to_string()
                };
                self.find_resource(&type_name, &title)
                    .map(|_| (type_name, title))
            });
        match found {
            Some((type_name, title)) => {
                Ok(Value::from_type(PType::resource_ref(&type_name, &title)))
            }
            None => Err(format!(
                "stdlib::str2resource(): could not find {text}, this is parse order dependent and values should not be quoted"
            )),
        }
    }

    fn getparam(&mut self, args: &[Value]) -> Result<Value, String> {
        let reference = args.first().cloned().unwrap_or(Value::Undef);
        if !reference.is_truthy() {
            return Err("Must specify a reference".into());
        }
        let Some(Value::String(param)) = args.get(1) else {
            return Err("Must specify name of a parameter".into());
        };
        if param.is_empty() {
            return Ok(Value::string(""));
        }
        let target = match &reference {
            Value::String(s) => match kuppet_catalog::split_reference(s) {
                Some(_) => self.reference_target(&reference).ok().flatten(),
                None => None,
            },
            other => self.reference_target(other).ok().flatten(),
        };
        let Some(Target {
            type_name,
            title: Some(title),
        }) = target
        else {
            return Ok(Value::string(""));
        };
        let Some(id) = self.find_resource_as_catalog(&type_name, &title) else {
            return Ok(Value::string(""));
        };
        if &**param == "title" {
            return Ok(Value::string(&*self.resources[id].title));
        }
        Ok(self
            .set_param(id, param)
            .filter(|v| !v.is_undef())
            .unwrap_or_else(|| Value::string("")))
    }

    // ----- scope

    /// The module a definition comes from: `mod` for a file under
    /// `<modulepath>/mod/`, `""` for the main manifests.
    fn module_of(&self, manifest: &Manifest) -> String {
        let path = Path::new(&manifest.path);
        self.modulepath
            .iter()
            .find_map(|dir| {
                let rest = path.strip_prefix(dir).ok()?;
                let mut parts = rest.components();
                let module = parts.next()?.as_os_str().to_str()?.to_string();
                parts.next()?;
                Some(module)
            })
            .unwrap_or_default()
    }

    /// The nearest scope evaluating a class, define or node (lambdas and
    /// functions have none of their own), or top scope.
    fn source_scope(&self, scope: ScopeId) -> ScopeId {
        let mut s = scope;
        while self.scopes[s].resource.is_none() && s != TOP {
            match self.scopes[s].parent {
                Some(p) => s = p,
                None => break,
            }
        }
        s
    }

    /// `$module_name` of a class, define, node or top scope: the module of
    /// its definition (`""` for the main manifests and top scope).
    fn scope_module(&self, scope: ScopeId) -> String {
        let kind = self.scopes[scope]
            .resource
            .map(|id| self.resources[id].kind);
        match kind {
            Some(ResKind::Class(Some(d))) => self.module_of(d.manifest),
            Some(ResKind::Define(d)) => self.module_of(d.manifest),
            Some(ResKind::Node(d)) => self.module_of(d.manifest),
            _ => String::new(),
        }
    }

    /// stdlib's `assert_private([message])`: fails unless `$module_name`
    /// equals `$caller_module_name` (the module of the scope that declared
    /// this class or define; unset at top scope, so top scope fails).
    fn assert_private(&mut self, args: &[Value], f: &Frame) -> Result<(), String> {
        if args.len() > 1 {
            return Err(format!(
                "assert_private(): Wrong number of arguments given ({}}}) for 0 or 1)",
                args.len()
            ));
        }
        let scope = self.source_scope(f.scope);
        let module = self.scope_module(scope);
        let caller = match self.scopes[scope].parent {
            Some(p) if scope != TOP => Some(self.scope_module(self.source_scope(p))),
            _ => None,
        };
        if Some(&module) == caller.as_ref() {
            return Ok(());
        }
        if let Some(Value::String(msg)) = args.first() {
            return Err(msg.to_string());
        }
        let kind = self.scopes[scope]
            .resource
            .map(|id| self.resources[id].kind);
        let (what, name) = match kind {
            Some(ResKind::Define(d)) => ("Definition", d.def.name.trim_top().to_ascii_lowercase()),
            Some(ResKind::Class(Some(d))) => ("Class", d.def.name.trim_top().to_ascii_lowercase()),
            Some(ResKind::Node(_)) => ("Class", String::new()),
            _ => ("Class", String::new()),
        };
        Err(format!("{what} {name} is private"))
    }

    // ----- validate_legacy and merge

    /// A type written as a string (`'Optional[String]'`), resolved here.
    pub(crate) fn parse_type_string(&mut self, text: &str) -> Result<PType, String> {
        let manifest = kuppet_syntax::parse("", text).map_err(|d| d.headline())?;
        let manifest: &'a Manifest = self.arena.alloc(manifest);
        let Some(expr) = manifest.program.body.first() else {
            return Err(format!(
                "The expression <{text}> is not a valid type specification."
            ));
        };
        let mut frame = Frame::new(TOP);
        match self.eval(expr, &mut frame, manifest) {
            Ok(Value::Type(t)) => Ok((*t).clone()),
            Ok(_) => Err(format!(
                "The expression <{text}> is not a valid type specification."
            )),
            Err(Flow::Error(err)) => Err(err.message),
            Err(_) => Err(format!(
                "The expression <{text}> is not a valid type specification."
            )),
        }
    }

    fn validate_legacy(&mut self, args: &[Value], e: &'a Expr, m: &'a Manifest) -> EResult<()> {
        let (t, function, value, rest) = match args {
            [
                t @ (Value::Type(_) | Value::String(_)),
                Value::String(func),
                value,
                rest @ ..,
            ] => (t, func.to_string(), value, rest),
            _ => {
                let got: Vec<String> = args
                    .iter()
                    .map(|a| kuppet_values::types::infer_set(a).to_string())
                    .collect();
                return Err(self.call_error(
                    format!(
                        "The function 'validate_legacy' was called with arguments it does not accept. It expects one of:\n  (Any scope, Type target_type, String function_name, Any value, Any args*)\n  (Any scope, String type_string, String function_name, Any value, Any args*)\n  got ({})",
                        got.join(", ")
                    ),
                    e,
                    m,
                ));
            }
        };
        let ty = match t {
            Value::Type(t) => (**t).clone(),
            Value::String(s) => self
                .parse_type_string(s)
                .map_err(|msg| self.call_error(msg, e, m))?,
            _ => PType::Any,
        };
        stdlib_validate::validate_legacy(&ty, &function, value, rest)
            .map_err(|msg| self.call_error(msg, e, m))
    }

    /// stdlib's `merge(iterable) |$memo, $value| { ... }` (or
    /// `|$memo, $key_or_index, $value|`): hashes the block returns are
    /// merged into the result.
    fn merge_with_block(
        &mut self,
        args: &[Value],
        l: &'a Lambda,
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<Value> {
        let three = match l.params.len() {
            2 => false,
            3 => true,
            n => {
                return Err(self.call_error(
                    format!("'merge' block expects 2 or 3 parameters, the block has {n}"),
                    e,
                    m,
                ));
            }
        };
        let [subject] = args else {
            return Err(self.call_error(
                format!(
                    "wrong number of arguments (given {}, expected 1)",
                    args.len()
                ),
                e,
                m,
            ));
        };
        let (items, hash_style): (Vec<Value>, bool) = match subject {
            Value::Array(items) => (items.to_vec(), false),
            Value::Hash(h) => (
                h.iter()
                    .map(|(k, v)| Value::array(vec![k.clone(), v.clone()]))
                    .collect(),
                true,
            ),
            Value::Integer(n) => ((0..(*n).max(0)).map(Value::Integer).collect(), false),
            Value::String(s) => (
                s.chars().map(|c| Value::string(c.to_string())).collect(),
                false,
            ),
            other => {
                return Err(self.call_error(
                    format!(
                        "'merge' parameter 'args' expects an Iterable value, got {}",
                        kuppet_values::types::infer_set(other)
                    ),
                    e,
                    m,
                ));
            }
        };
        let mut acc: IndexMap<Value, Value> = IndexMap::new();
        for (i, item) in items.into_iter().enumerate() {
            let memo = Value::hash(acc.clone());
            let call_args = match (three, hash_style, &item) {
                (true, true, Value::Array(pair)) => {
                    vec![memo, pair[0].clone(), pair[1].clone()]
                }
                (true, _, _) => vec![memo, Value::Integer(i as i64), item],
                (false, _, _) => vec![memo, item],
            };
            if let Value::Hash(r) = self.call_lambda(l, call_args, f, m)? {
                for (k, v) in r.iter() {
                    acc.insert(k.clone(), v.clone());
                }
            }
        }
        Ok(Value::hash(acc))
    }

    // ----- facts

    /// The `fqdn` fact as a top-scope variable (`''` when unset).
    fn fqdn_var(&self) -> String {
        self.lookup_in_scope(TOP, "fqdn")
            .map(|v| rb_to_s(&v))
            .unwrap_or_default()
    }

    /// Core Puppet's `fqdn_rand(max, seed, downcase)`.
    fn fqdn_rand(&mut self, args: &[Value]) -> Result<Value, String> {
        if args.is_empty() {
            return Err("fqdn_rand(): Wrong number of arguments given (0 for minimum 1)".into());
        }
        let max = match &args[0] {
            Value::Integer(i) => *i,
            Value::Float(x) => x.trunc() as i64,
            Value::String(s) => kuppet_values::ruby::str_to_i(s),
            other => {
                return Err(format!(
                    "undefined method `to_i' for {}",
                    kuppet_values::convert::ruby_inspect(other)
                ));
            }
        };
        let seed = args.get(1).map(rb_to_s).unwrap_or_default();
        let downcase = args.get(2).is_some_and(Value::is_truthy);
        self.reads.note(crate::reads::Input::Fact(vec![
            "networking".into(),
            "fqdn".into(),
        ]));
        let mut fqdn = match &self.facts {
            Value::Hash(h) => match h.get(&Value::string("networking")) {
                Some(Value::Hash(n)) => n
                    .get(&Value::string("fqdn"))
                    .map(rb_to_s)
                    .unwrap_or_default(),
                _ => String::new(),
            },
            _ => String::new(),
        };
        if downcase {
            fqdn = fqdn.to_lowercase();
        }
        if max <= 0 {
            return Err(format!("invalid argument - {max}"));
        }
        let text = format!("{fqdn}:{max}:{seed}");
        Ok(Value::Integer(deterministic_rand(&text, max as u64) as i64))
    }

    fn fqdn_rand_string(&mut self, args: &[Value]) -> Result<Value, String> {
        if args.is_empty() {
            return Err("fqdn_rand_string(): wrong number of arguments (0 for 1)".into());
        }
        let length_ok = match &args[0] {
            Value::Integer(i) => *i > 0,
            Value::String(s) => {
                static_regex(r"(?m)^-?(?:(?:[1-9]\d*)|0)$").is_match(s)
                    && kuppet_values::ruby::str_to_i(s) > 0
            }
            _ => false,
        };
        if !length_ok {
            return Err("fqdn_rand_string(): first argument must be a positive integer".into());
        }
        if !matches!(
            args.get(1),
            None | Some(Value::Undef) | Some(Value::String(_))
        ) {
            return Err("fqdn_rand_string(): second argument must be undef or a string".into());
        }
        let length = kuppet_values::ruby::rb_to_i(&args[0]).unwrap_or(0);
        let mut charset: Vec<char> = args
            .get(1)
            .map(rb_to_s)
            .unwrap_or_default()
            .chars()
            .collect();
        if charset.is_empty() {
            charset = ('0'..='9').chain('A'..='Z').chain('a'..='z').collect();
        }
        let seeds: Vec<String> = args.iter().skip(2).map(rb_to_s).collect();
        let mut out = String::new();
        for current in 1..=length {
            let mut parts = seeds.clone();
            parts.push(current.to_string());
            let r = self.fqdn_rand(&[
                Value::Integer(charset.len() as i64),
                Value::string(parts.join(":")),
            ])?;
            if let Value::Integer(i) = r {
                out.push(charset[i as usize % charset.len()]);
            }
        }
        Ok(Value::string(out))
    }

    fn fqdn_rotate(&mut self, args: &[Value]) -> Result<Value, String> {
        let Some((value, rest)) = args.split_first() else {
            return Err("fqdn_rotate(): Wrong number of arguments given (0 for 1)".into());
        };
        let mut items: Vec<Value> = match value {
            Value::Array(items) => items.to_vec(),
            Value::String(s) => s.chars().map(|c| Value::string(c.to_string())).collect(),
            _ => {
                return Err("fqdn_rotate(): Requires either array or string to work with".into());
            }
        };
        if items.len() <= 1 {
            return Ok(value.clone());
        }
        // `[fqdn, args].join(':')`, the remaining arguments an array.
        let text = format!("{}:{}", self.fqdn_var(), rb_join(rest, ":"));
        let offset = deterministic_rand(&text, items.len() as u64) as usize;
        let n = items.len();
        items.rotate_left(offset % n);
        Ok(match value {
            Value::String(_) => Value::string(items.iter().map(rb_to_s).collect::<String>()),
            _ => Value::array(items),
        })
    }

    /// stdlib's `os_version_gte(os, version)`: the `operatingsystem` fact
    /// is `os` and its major release at least `version`.
    fn os_version_gte(&self, args: &[Value]) -> Value {
        for name in ["operatingsystem", "operatingsystemmajrelease"] {
            self.reads
                .note(crate::reads::Input::Fact(vec![name.to_string()]));
        }
        let fact = |name: &str| match &self.facts {
            Value::Hash(h) => h.get(&Value::string(name)).cloned().unwrap_or(Value::Undef),
            _ => Value::Undef,
        };
        let (os, version) = (rb_to_s(&args[0]), rb_to_s(&args[1]));
        let same_os = fact("operatingsystem").as_str() == Some(os.as_str());
        let major = rb_to_s(&fact("operatingsystemmajrelease"));
        Value::Bool(
            same_os
                && super::library::version_compare(&major, &version, false)
                    != std::cmp::Ordering::Less,
        )
    }

    fn fact(&mut self, args: &[Value]) -> Result<Value, String> {
        let [Value::String(name)] = args else {
            return Err(match args.len() {
                1 => format!(
                    "'fact' parameter 'fact_name' expects a String value, got {}",
                    kuppet_values::types::infer_set(&args[0])
                ),
                n => format!("'fact' expects 1 argument, got {n}"),
            });
        };
        let re = static_regex(r#"([^."]+)|(?:")([^"]+)(?:")"#);
        // The first key's whole fact (the path may index arrays).
        let first = re
            .captures_iter(name)
            .next()
            .and_then(|c| c.get(1).or_else(|| c.get(2)))
            .map(|m| vec![m.as_str().to_string()])
            .unwrap_or_default();
        self.reads.note(crate::reads::Input::Fact(first));
        let mut cur = self.facts.clone();
        for c in re.captures_iter(name) {
            let Some(key) = c.get(1).or_else(|| c.get(2)).map(|m| m.as_str()) else {
                return Ok(Value::Undef);
            };
            cur = match &cur {
                Value::Hash(h) => h.get(&Value::string(key)).cloned().unwrap_or(Value::Undef),
                Value::Array(a) => match kuppet_values::convert::ruby_integer_of(key, None) {
                    Ok(i) => {
                        let at = if i < 0 { a.len() as i64 + i } else { i };
                        usize::try_from(at)
                            .ok()
                            .and_then(|i| a.get(i).cloned())
                            .unwrap_or(Value::Undef)
                    }
                    Err(_) => Value::Undef,
                },
                _ => Value::Undef,
            };
            if cur.is_undef() {
                return Ok(Value::Undef);
            }
        }
        Ok(cur)
    }
}

/// Ruby's `Array#join`: nested arrays joined recursively.
fn rb_join(items: &[Value], sep: &str) -> String {
    items
        .iter()
        .map(|i| match i {
            Value::Array(inner) => rb_join(inner, sep),
            other => rb_to_s(other),
        })
        .collect::<Vec<_>>()
        .join(sep)
}

fn flatten_into(v: &Value, out: &mut Vec<Value>) {
    match v {
        Value::Array(items) => items.iter().for_each(|i| flatten_into(i, out)),
        other => out.push(other.clone()),
    }
}

/// stdlib's `stdlib::ensure(ensure, resource)`: the ensure value a
/// resource type wants for present/absent (or a Boolean).
fn stdlib_ensure(args: &[Value]) -> Result<Value, String> {
    let ensure = match &args[0] {
        Value::Bool(true) => "present".to_string(),
        Value::Bool(false) => "absent".to_string(),
        other => rb_to_s(other),
    };
    let resource = rb_to_s(&args[1]);
    let present = ensure == "present";
    Ok(Value::string(match resource.as_str() {
        "package" => if present { "installed" } else { "absent" }.to_string(),
        "service" => if present { "running" } else { "stopped" }.to_string(),
        _ if present => resource,
        _ => ensure,
    }))
}
