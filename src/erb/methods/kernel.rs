//! The template's own methods (`self` is Puppet's TemplateWrapper): `scope`,
//! `file`, `has_variable?`, Kernel's conversion functions (`Array()`,
//! `Integer()`, `Float()`, `String()`, `Hash()`), `format`, `raise`, `loop`,
//! output to the console (ignored, as it never reaches the template), and
//! the path functions of `File`.

use super::super::format;
use super::super::interp::{Blk, Interp, R};
use super::super::value::{RClass, RHash, RValue};
use super::{parse_float_strict, parse_integer_strict};

/// The methods implemented here (for `respond_to?` and `defined?`).
pub const NAMES: &[&str] = &[
    "scope",
    "file",
    "has_variable?",
    "Array",
    "Integer",
    "Float",
    "String",
    "Hash",
    "format",
    "sprintf",
    "raise",
    "fail",
    "puts",
    "print",
    "p",
    "pp",
    "warn",
    "require",
    "loop",
    "instance_variable_get",
    "instance_variable_defined?",
    "instance_variables",
    "block_given?",
    "debug",
    "info",
    "notice",
    "warning",
    "err",
];

impl Interp<'_> {
    pub(super) fn kernel_method(
        &mut self,
        name: &str,
        args: &[RValue],
        blk: Option<&Blk>,
    ) -> R<Option<RValue>> {
        let v = match name {
            "scope" => {
                self.argc(args, 0, 0)?;
                RValue::Scope
            }
            "file" => {
                if self.file.as_ref() == "inline template" {
                    RValue::Nil
                } else {
                    RValue::frozen_str(self.file.to_string())
                }
            }
            "has_variable?" => {
                self.argc(args, 1, 1)?;
                let n = format::to_s(&args[0]);
                RValue::Bool(self.host.lookupvar(&n).is_some())
            }
            "Array" => {
                self.argc(args, 1, 1)?;
                match &args[0] {
                    RValue::Nil => RValue::array(vec![]),
                    RValue::Array(_) => args[0].clone(),
                    RValue::Hash(_) | RValue::Range(_) => RValue::array(self.items(&args[0])?),
                    other => RValue::array(vec![other.clone()]),
                }
            }
            "Integer" => {
                self.argc(args, 1, 3)?;
                let exception = !matches!(args.last(), Some(RValue::Hash(h)) if h.get(&RValue::sym("exception")).is_some_and(|v| !v.truthy()));
                let r = match (&args[0], args.get(1)) {
                    (RValue::Str(s), Some(RValue::Int(base))) => {
                        let t = s.s.borrow().trim().replace('_', "");
                        i64::from_str_radix(&t, *base as u32).ok().map(RValue::Int)
                    }
                    (RValue::Int(i), _) => Some(RValue::Int(*i)),
                    (RValue::Float(f), _) => {
                        if !f.is_finite() {
                            return self.raise(RClass::FloatDomainError, format::float_to_s(*f));
                        }
                        Some(RValue::Int(f.trunc() as i64))
                    }
                    (RValue::Str(s), _) => parse_integer_strict(&s.s.borrow()).map(RValue::Int),
                    (RValue::Nil, _) => {
                        if !exception {
                            return Ok(Some(RValue::Nil));
                        }
                        return self.raise(RClass::TypeError, "can't convert nil into Integer");
                    }
                    (other, _) => {
                        return self.raise(
                            RClass::TypeError,
                            format!("can't convert {} into Integer", other.class().name()),
                        );
                    }
                };
                match r {
                    Some(v) => v,
                    None if !exception => RValue::Nil,
                    None => {
                        return self.raise(
                            RClass::ArgumentError,
                            format!("invalid value for Integer(): {}", format::inspect(&args[0])),
                        );
                    }
                }
            }
            "Float" => {
                self.argc(args, 1, 2)?;
                match &args[0] {
                    RValue::Int(i) => RValue::Float(*i as f64),
                    RValue::Float(_) => args[0].clone(),
                    RValue::Str(s) => match parse_float_strict(&s.s.borrow()) {
                        Some(f) => RValue::Float(f),
                        None => {
                            return self.raise(
                                RClass::ArgumentError,
                                format!("invalid value for Float(): {}", format::inspect(&args[0])),
                            );
                        }
                    },
                    RValue::Nil => {
                        return self.raise(RClass::TypeError, "can't convert nil into Float");
                    }
                    other => {
                        return self.raise(
                            RClass::TypeError,
                            format!("can't convert {} into Float", other.class().name()),
                        );
                    }
                }
            }
            "String" => {
                self.argc(args, 1, 1)?;
                RValue::str(self.stringify(&args[0])?)
            }
            "Hash" => {
                self.argc(args, 1, 1)?;
                match &args[0] {
                    RValue::Nil => RValue::hash(RHash::default()),
                    RValue::Array(a) if a.v.borrow().is_empty() => RValue::hash(RHash::default()),
                    RValue::Hash(_) => args[0].clone(),
                    other => {
                        return self.raise(
                            RClass::TypeError,
                            format!("can't convert {} into Hash", other.class().name()),
                        );
                    }
                }
            }
            "format" | "sprintf" => {
                self.argc(args, 1, usize::MAX)?;
                let fmt = self.str_arg(&args[0])?;
                let named = match args.get(1) {
                    Some(h @ RValue::Hash(_)) if args.len() == 2 => Some(h),
                    _ => None,
                };
                match super::super::sprintf::sprintf(&fmt, &args[1..], named) {
                    Ok(s) => RValue::str(s),
                    Err((class, msg)) => return self.raise(class, msg),
                }
            }
            "raise" | "fail" => {
                let (class, message) = match args {
                    [] => (RClass::RuntimeError, "unhandled exception".to_string()),
                    [RValue::Class(c)] => (*c, c.name().to_string()),
                    [RValue::Class(c), m, ..] => (*c, self.stringify(m)?),
                    [RValue::Exception(e), ..] => (e.class, e.message.clone()),
                    [m, ..] => (RClass::RuntimeError, self.stringify(m)?),
                };
                if !class.is_subclass_of(RClass::Exception) {
                    return self.raise(RClass::TypeError, "exception class/object expected");
                }
                return self.raise(class, message);
            }
            "puts" | "print" | "warn" | "printf" | "putc" => RValue::Nil,
            "p" | "pp" => match args {
                [] => RValue::Nil,
                [one] => one.clone(),
                many => RValue::array(many.to_vec()),
            },
            "require" | "require_relative" => RValue::Bool(false),
            "loop" => {
                let b = self.need_block(blk, name)?;
                loop {
                    match self.yield_blk(&b, vec![]) {
                        Ok(_) => {}
                        Err(super::super::interp::Ctl::Error(e))
                            if matches!(
                                e.kind,
                                super::super::ErrorKind::Raised(RClass::StopIteration)
                            ) =>
                        {
                            break RValue::Nil;
                        }
                        Err(e) => return Err(e),
                    }
                }
            }
            "instance_variable_get" | "instance_variable_defined?" => {
                self.argc(args, 1, 1)?;
                let n = format::to_s(&args[0]);
                let Some(n) = n.strip_prefix('@') else {
                    return self.raise(
                        RClass::NameError,
                        format!("'{n}' is not allowed as an instance variable name"),
                    );
                };
                let v = self.ivar(n);
                if name == "instance_variable_get" {
                    v
                } else {
                    RValue::Bool(!v.is_nil())
                }
            }
            "instance_variables" => {
                let names: Vec<RValue> = self
                    .host
                    .variables()
                    .into_iter()
                    .map(|(n, _)| RValue::sym(&format!("@{n}")))
                    .collect();
                RValue::array(names)
            }
            "block_given?" => RValue::Bool(false),
            "debug" | "info" | "notice" | "warning" | "err" => {
                let msg = args.iter().map(format::to_s).collect::<Vec<_>>().join(" ");
                if let Err(e) = self
                    .host
                    .call_function(name, vec![kuppet_values::value::Value::string(msg)])
                {
                    return self.raise(RClass::PuppetParseError, e);
                }
                RValue::Nil
            }
            "tags" => return self.raise(RClass::RuntimeError, "Call 'all_tags' instead."),
            _ => return Ok(None),
        };
        Ok(Some(v))
    }

    /// `File.join`, `File.basename`, `File.dirname`, `File.extname`.
    pub(super) fn file_method(&mut self, name: &str, args: &[RValue]) -> R<Option<RValue>> {
        let v = match name {
            "join" => {
                let mut parts = Vec::new();
                for a in args {
                    match a {
                        RValue::Array(x) => {
                            for i in x.v.borrow().iter() {
                                parts.push(self.str_arg(i)?);
                            }
                        }
                        other => parts.push(self.str_arg(other)?),
                    }
                }
                let mut out = String::new();
                for (i, p) in parts.iter().enumerate() {
                    if i == 0 {
                        out.push_str(p);
                        continue;
                    }
                    match (out.ends_with('/'), p.starts_with('/')) {
                        (true, true) => out.push_str(&p[1..]),
                        (false, false) => {
                            out.push('/');
                            out.push_str(p);
                        }
                        _ => out.push_str(p),
                    }
                }
                RValue::str(out)
            }
            "basename" => {
                self.argc(args, 1, 2)?;
                let p = self.str_arg(&args[0])?;
                let trimmed = p.trim_end_matches('/');
                let mut base = if trimmed.is_empty() && p.starts_with('/') {
                    "/".to_string()
                } else {
                    trimmed.rsplit('/').next().unwrap_or("").to_string()
                };
                if let Some(s) = args.get(1) {
                    let suffix = self.str_arg(s)?;
                    if suffix == ".*" {
                        if let Some(i) = base.rfind('.').filter(|i| *i > 0) {
                            base.truncate(i);
                        }
                    } else if base != suffix && base.ends_with(&suffix) {
                        base.truncate(base.len() - suffix.len());
                    }
                }
                RValue::str(base)
            }
            "dirname" => {
                self.argc(args, 1, 1)?;
                let p = self.str_arg(&args[0])?;
                let trimmed = p.trim_end_matches('/');
                let dir = match trimmed.rfind('/') {
                    Some(0) => "/".to_string(),
                    Some(i) => trimmed[..i].trim_end_matches('/').to_string(),
                    None if p.starts_with('/') => "/".to_string(),
                    None => ".".to_string(),
                };
                RValue::str(if dir.is_empty() { "/".to_string() } else { dir })
            }
            "extname" => {
                self.argc(args, 1, 1)?;
                let p = self.str_arg(&args[0])?;
                let base = p.rsplit('/').next().unwrap_or("");
                let ext = match base.rfind('.') {
                    Some(i) if i > 0 && i + 1 < base.len() => base[i..].to_string(),
                    _ => String::new(),
                };
                RValue::str(ext)
            }
            _ => {
                return self.unsupported(format!(
                    "File.{name} is not supported (templates do not read files)"
                ));
            }
        };
        Ok(Some(v))
    }
}
