//! The smaller core classes: `Range` (with Enumerable over its members),
//! `Symbol`, `Regexp`, `MatchData`, exceptions, and class objects (`Hash.new`,
//! `Regexp.escape`, `JSON.parse`, `File.join` ...).

use super::super::format;
use super::super::interp::{Blk, Interp, R};
use super::super::value::{RClass, RHash, RRange, RValue, rcmp};
use std::rc::Rc;

/// The most members a range may list.
const MAX_RANGE_ITEMS: i64 = 10_000_000;

/// `range === v` / `range.cover?(v)`.
pub(crate) fn range_cover(r: &RRange, v: &RValue) -> bool {
    let above = match rcmp(&r.start, v) {
        Some(o) => o.is_le(),
        None => r.start.is_nil(),
    };
    let below = match (&r.end, rcmp(v, &r.end)) {
        (RValue::Nil, _) => true,
        (_, Some(o)) => {
            if r.exclusive {
                o.is_lt()
            } else {
                o.is_le()
            }
        }
        (_, None) => false,
    };
    above
        && below
        && !matches!(
            (v, &r.start),
            (RValue::Str(_), RValue::Int(_) | RValue::Float(_))
        )
}

/// The members of an integer range.
pub(crate) fn range_items(me: &Interp<'_>, r: &RRange) -> R<Vec<RValue>> {
    match (&r.start, &r.end) {
        (RValue::Int(a), RValue::Int(b)) => {
            let end = if r.exclusive { *b } else { b.saturating_add(1) };
            if end.saturating_sub(*a) > MAX_RANGE_ITEMS {
                return me.limit("a range is too large to list");
            }
            Ok((*a..end.max(*a)).map(RValue::Int).collect())
        }
        (RValue::Int(_), RValue::Nil) => me.limit("an endless range cannot be listed"),
        (RValue::Str(a), RValue::Str(b)) => {
            let (a, b) = (a.s.borrow().clone(), b.s.borrow().clone());
            // Single characters, as `('a'..'e')`.
            let (ca, cb) = (a.chars().collect::<Vec<_>>(), b.chars().collect::<Vec<_>>());
            if ca.len() == 1 && cb.len() == 1 {
                let (x, y) = (ca[0] as u32, cb[0] as u32);
                let end = if r.exclusive { y } else { y + 1 };
                return Ok((x..end.max(x))
                    .filter_map(char::from_u32)
                    .map(|c| RValue::str(c.to_string()))
                    .collect());
            }
            me.unsupported("ranges of multi-character strings are not supported")
        }
        (a, _) => me.raise(
            RClass::TypeError,
            format!("can't iterate from {}", a.class().name()),
        ),
    }
}

impl Interp<'_> {
    pub(super) fn misc_method(
        &mut self,
        recv: &RValue,
        name: &str,
        args: &[RValue],
        blk: Option<&Blk>,
    ) -> R<Option<RValue>> {
        match recv {
            RValue::Range(r) => self.range_method(recv, r, name, args, blk),
            RValue::Sym(s) => self.symbol_method(s, name, args),
            RValue::Regexp(re) => {
                let v = match name {
                    "source" => RValue::str(re.source.clone()),
                    "to_s" => RValue::str(format::to_s(recv)),
                    "inspect" => RValue::str(format::inspect(recv)),
                    "match" | "=~" | "match?" | "===" => {
                        self.argc(args, 1, 1)?;
                        let s = match &args[0] {
                            RValue::Str(s) => s.s.borrow().clone(),
                            RValue::Sym(s) => s.to_string(),
                            RValue::Nil => {
                                if name == "match?" || name == "===" {
                                    return Ok(Some(RValue::Bool(false)));
                                }
                                self.last_match = None;
                                return Ok(Some(RValue::Nil));
                            }
                            other => {
                                if name == "===" {
                                    return Ok(Some(RValue::Bool(false)));
                                }
                                return self.raise(
                                    RClass::TypeError,
                                    format!(
                                        "no implicit conversion of {} into String",
                                        super::type_desc(other)
                                    ),
                                );
                            }
                        };
                        let re = re.clone();
                        let saved = self.last_match.clone();
                        let m = self.regex_search(&re, &s, 0);
                        match name {
                            "match" => m.map_or(RValue::Nil, RValue::Match),
                            "=~" => m.map_or(RValue::Nil, |m| RValue::Int(m.begin as i64)),
                            "match?" => {
                                self.last_match = saved;
                                RValue::Bool(m.is_some())
                            }
                            _ => RValue::Bool(m.is_some()),
                        }
                    }
                    "names" => RValue::array(
                        super::super::regex::names(re)
                            .into_iter()
                            .map(|(n, _)| RValue::str(n))
                            .collect(),
                    ),
                    "casefold?" => RValue::Bool(re.flags.contains('i')),
                    _ => return Ok(None),
                };
                Ok(Some(v))
            }
            RValue::Match(m) => {
                let v = match name {
                    "[]" if args.len() == 2 || matches!(args.first(), Some(RValue::Range(_))) => {
                        // `md[1..3]`, `md[1, 2]`: slices of the groups.
                        let groups = RValue::array(
                            m.groups
                                .iter()
                                .map(|g| g.clone().map_or(RValue::Nil, RValue::str))
                                .collect(),
                        );
                        return self.send(groups, "[]", args.to_vec(), None).map(Some);
                    }
                    "[]" => {
                        self.argc(args, 1, 1)?;
                        let idx = match &args[0] {
                            RValue::Int(i) => {
                                let len = m.groups.len() as i64;
                                let i = if *i < 0 { i + len } else { *i };
                                if i < 0 {
                                    return Ok(Some(RValue::Nil));
                                }
                                i as usize
                            }
                            RValue::Str(_) | RValue::Sym(_) => {
                                let n = format::to_s(&args[0]);
                                match m.names.iter().find(|(x, _)| *x == n) {
                                    Some((_, i)) => *i,
                                    None => {
                                        return self.raise(
                                            RClass::IndexError,
                                            format!("undefined group name reference: {n}"),
                                        );
                                    }
                                }
                            }
                            other => self.int_arg(other)? as usize,
                        };
                        m.groups
                            .get(idx)
                            .cloned()
                            .flatten()
                            .map_or(RValue::Nil, RValue::str)
                    }
                    "captures" => RValue::array(
                        m.groups[1..]
                            .iter()
                            .map(|g| g.clone().map_or(RValue::Nil, RValue::str))
                            .collect(),
                    ),
                    "to_a" => RValue::array(
                        m.groups
                            .iter()
                            .map(|g| g.clone().map_or(RValue::Nil, RValue::str))
                            .collect(),
                    ),
                    "named_captures" => {
                        RValue::hash(RHash::from_pairs(m.names.iter().map(|(n, i)| {
                            (
                                RValue::str(n.clone()),
                                m.groups
                                    .get(*i)
                                    .cloned()
                                    .flatten()
                                    .map_or(RValue::Nil, RValue::str),
                            )
                        })))
                    }
                    "names" => RValue::array(
                        m.names
                            .iter()
                            .map(|(n, _)| RValue::str(n.clone()))
                            .collect(),
                    ),
                    "pre_match" => RValue::str(m.pre.clone()),
                    "post_match" => RValue::str(m.post.clone()),
                    "to_s" => RValue::str(m.groups[0].clone().unwrap_or_default()),
                    "size" | "length" => RValue::Int(m.groups.len() as i64),
                    "begin" => {
                        self.argc(args, 1, 1)?;
                        if !matches!(args[0], RValue::Int(0)) {
                            return self.unsupported("MatchData#begin of a group is not supported");
                        }
                        RValue::Int(m.begin as i64)
                    }
                    "values_at" => {
                        let mut out = Vec::new();
                        for a in args {
                            let i = self.int_arg(a)?;
                            out.push(
                                usize::try_from(i)
                                    .ok()
                                    .and_then(|i| m.groups.get(i).cloned().flatten())
                                    .map_or(RValue::Nil, RValue::str),
                            );
                        }
                        RValue::array(out)
                    }
                    _ => return Ok(None),
                };
                Ok(Some(v))
            }
            RValue::Exception(e) => {
                let v = match name {
                    "message" | "to_s" => RValue::str(e.message.clone()),
                    "full_message" => RValue::str(format!("{} ({})", e.message, e.class.name())),
                    "backtrace" => RValue::Nil,
                    _ => return Ok(None),
                };
                Ok(Some(v))
            }
            RValue::Class(c) => self.class_method(*c, name, args, blk),
            _ => Ok(None),
        }
    }

    fn range_method(
        &mut self,
        recv: &RValue,
        r: &Rc<RRange>,
        name: &str,
        args: &[RValue],
        blk: Option<&Blk>,
    ) -> R<Option<RValue>> {
        let v = match name {
            "first" | "begin" | "min" if args.is_empty() && blk.is_none() => {
                if name == "begin" {
                    r.start.clone()
                } else {
                    let items = range_items(self, r)?;
                    items.into_iter().next().unwrap_or(RValue::Nil)
                }
            }
            "last" | "end" if args.is_empty() => r.end.clone(),
            "max" if args.is_empty() && blk.is_none() => {
                let items = range_items(self, r)?;
                items.into_iter().last().unwrap_or(RValue::Nil)
            }
            "include?" | "member?" | "cover?" | "===" => {
                self.argc(args, 1, 1)?;
                RValue::Bool(range_cover(r, &args[0]))
            }
            "exclude_end?" => RValue::Bool(r.exclusive),
            "size" | "count" | "length" if args.is_empty() && blk.is_none() => {
                if name == "length" {
                    return self.no_method(recv, name);
                }
                RValue::Int(range_items(self, r)?.len() as i64)
            }
            "to_s" => RValue::str(format::to_s(recv)),
            "inspect" => RValue::str(format::inspect(recv)),
            "step" => {
                self.argc(args, 1, 1)?;
                let st = self.int_arg(&args[0])?;
                if st <= 0 {
                    return self.raise(RClass::ArgumentError, "step can't be negative");
                }
                let items: Vec<RValue> = range_items(self, r)?
                    .into_iter()
                    .step_by(st as usize)
                    .collect();
                let b = self.need_block(blk, name)?;
                for i in items {
                    self.yield1(&b, i)?;
                }
                recv.clone()
            }
            "hash" | "==" | "eql?" | "frozen?" | "dup" | "clone" => return Ok(None),
            _ => {
                let items = range_items(self, r)?;
                return self.enum_method(recv, items, name, args, blk);
            }
        };
        Ok(Some(v))
    }

    fn symbol_method(&mut self, s: &Rc<str>, name: &str, args: &[RValue]) -> R<Option<RValue>> {
        let v = match name {
            "to_s" | "id2name" | "name" => RValue::str(s.to_string()),
            "to_sym" => RValue::Sym(s.clone()),
            "inspect" => RValue::str(format::sym_inspect(s)),
            "length" | "size" => RValue::Int(s.chars().count() as i64),
            "upcase" | "downcase" | "capitalize" | "swapcase" | "succ" => {
                let as_str = RValue::str(s.to_string());
                match self.send(as_str, name, args.to_vec(), None)? {
                    RValue::Str(out) => RValue::sym(&out.s.borrow()),
                    other => other,
                }
            }
            "<=>" => {
                self.argc(args, 1, 1)?;
                match &args[0] {
                    RValue::Sym(o) => RValue::Int(s.as_bytes().cmp(o.as_bytes()) as i64),
                    _ => RValue::Nil,
                }
            }
            "[]" | "start_with?" | "end_with?" | "empty?" | "=~" | "match" | "match?" => {
                let as_str = RValue::str(s.to_string());
                self.send(as_str, name, args.to_vec(), None)?
            }
            "to_proc" => return self.unsupported("Symbol#to_proc outside &:name is not supported"),
            _ => return Ok(None),
        };
        Ok(Some(v))
    }

    /// Methods of class objects: constructors and module functions.
    fn class_method(
        &mut self,
        c: RClass,
        name: &str,
        args: &[RValue],
        blk: Option<&Blk>,
    ) -> R<Option<RValue>> {
        if c == RClass::File
            && !matches!(name, "name" | "to_s" | "inspect" | "===" | "==" | "class")
        {
            return self.file_method(name, args);
        }
        let v = match (c, name) {
            (_, "name" | "to_s" | "inspect") => RValue::str(c.name()),
            (_, "===") => {
                self.argc(args, 1, 1)?;
                RValue::Bool(args[0].class().is_subclass_of(c))
            }
            (_, "<=" | "<") => {
                self.argc(args, 1, 1)?;
                let RValue::Class(o) = &args[0] else {
                    return self.raise(RClass::TypeError, "compared with non class/module");
                };
                RValue::Bool(c.is_subclass_of(*o) && (name == "<=" || c != *o))
            }
            (_, "superclass") => c.superclass().map_or(RValue::Nil, RValue::Class),
            (RClass::Hash, "new") => {
                self.argc(args, 0, 1)?;
                let h = RHash::default();
                match blk {
                    Some(Blk::Block(b)) => *h.default_proc.borrow_mut() = Some(b.clone()),
                    Some(_) => {
                        return self.unsupported("Hash.new(&:name) is not supported");
                    }
                    None => {}
                }
                if let Some(d) = args.first() {
                    *h.default.borrow_mut() = Some(d.clone());
                }
                RValue::hash(h)
            }
            (RClass::Hash, "[]") => match args {
                [RValue::Hash(h)] => RValue::hash(RHash::from_pairs(h.entries())),
                [RValue::Array(a)] => {
                    let items = a.v.borrow().clone();
                    let arr = RValue::array(items);
                    return self.send(arr, "to_h", vec![], None).map(Some);
                }
                _ => return self.unsupported("Hash[] with these arguments is not supported"),
            },
            (RClass::Array, "new") => {
                self.argc(args, 0, 2)?;
                let n = match args.first() {
                    Some(n) => self.int_arg(n)?,
                    None => 0,
                };
                if n < 0 {
                    return self.raise(RClass::ArgumentError, "negative array size");
                }
                if n > 10_000_000 {
                    return self.too_large("An array");
                }
                let mut out = Vec::with_capacity(n as usize);
                for i in 0..n {
                    out.push(match (blk, args.get(1)) {
                        (Some(b), _) => self.yield1(b, RValue::Int(i))?,
                        (None, Some(v)) => v.clone(),
                        (None, None) => RValue::Nil,
                    });
                }
                RValue::array(out)
            }
            (RClass::String, "new") => {
                self.argc(args, 0, 1)?;
                match args.first() {
                    Some(s) => RValue::str(self.str_arg(s)?),
                    None => RValue::str(""),
                }
            }
            (RClass::Regexp, "new" | "compile") => {
                self.argc(args, 1, 2)?;
                let src = match &args[0] {
                    RValue::Regexp(r) => r.source.clone(),
                    other => self.str_arg(other)?,
                };
                let flags = match args.get(1) {
                    Some(RValue::Bool(true)) => "i".to_string(),
                    Some(RValue::Int(o)) => {
                        let mut f = String::new();
                        if o & 1 != 0 {
                            f.push('i');
                        }
                        if o & 2 != 0 {
                            f.push('x');
                        }
                        if o & 4 != 0 {
                            f.push('m');
                        }
                        f
                    }
                    Some(RValue::Str(s)) => s.s.borrow().clone(),
                    _ => String::new(),
                };
                RValue::Regexp(self.regexp(&src, &flags)?)
            }
            (RClass::Regexp, "escape" | "quote") => {
                self.argc(args, 1, 1)?;
                let s = match &args[0] {
                    RValue::Sym(s) => s.to_string(),
                    other => self.str_arg(other)?,
                };
                RValue::str(super::super::regex::escape(&s))
            }
            (RClass::Regexp, "union") => {
                let mut parts = Vec::new();
                let list = match args {
                    [RValue::Array(a)] => a.v.borrow().clone(),
                    other => other.to_vec(),
                };
                for p in list {
                    parts.push(match p {
                        RValue::Regexp(r) => format::to_s(&RValue::Regexp(r)),
                        other => super::super::regex::escape(&self.str_arg(&other)?),
                    });
                }
                let src = parts.join("|");
                RValue::Regexp(self.regexp(&src, "")?)
            }
            (RClass::Json, "parse") => {
                self.argc(args, 1, 2)?;
                let text = self.str_arg(&args[0])?;
                match serde_json::from_str::<serde_json::Value>(&text) {
                    Ok(j) => json_to_ruby(&j),
                    Err(e) => {
                        return self.raise(
                            RClass::JsonParserError,
                            format!("unexpected token in '{text}' ({e})"),
                        );
                    }
                }
            }
            (RClass::Json, "generate" | "dump" | "pretty_generate") => {
                self.argc(args, 1, 2)?;
                let j = match ruby_to_json(&args[0], 0) {
                    Some(j) => j,
                    None => return self.unsupported("JSON of this value is not supported"),
                };
                let out = if name == "pretty_generate" {
                    serde_json::to_string_pretty(&j)
                } else {
                    serde_json::to_string(&j)
                };
                match out {
                    Ok(s) => RValue::str(s),
                    Err(e) => return self.raise(RClass::ArgumentError, e.to_string()),
                }
            }
            (RClass::IpAddr, "new") => {
                self.argc(args, 1, 2)?;
                let text = self.str_arg(&args[0])?;
                if !valid_ip(&text) {
                    return self.raise(RClass::IpAddrInvalid, format!("invalid address: {text}"));
                }
                RValue::Opaque(Rc::new(super::super::value::RException {
                    class: RClass::IpAddr,
                    message: text,
                }))
            }
            (RClass::Integer | RClass::Float, "new") => {
                return self.unsupported(format!("{}.new is not supported", c.name()));
            }
            _ => return Ok(None),
        };
        Ok(Some(v))
    }
}

/// What `IPAddr.new` accepts: an IPv4 or IPv6 address, optionally with a
/// `/prefix` or `/netmask`.
fn valid_ip(text: &str) -> bool {
    let (addr, mask) = match text.split_once('/') {
        Some((a, m)) => (a, Some(m)),
        None => (text, None),
    };
    let addr = addr.trim_start_matches('[').trim_end_matches(']');
    let (v4, ok) = match addr.parse::<std::net::IpAddr>() {
        Ok(std::net::IpAddr::V4(_)) => (true, true),
        Ok(std::net::IpAddr::V6(_)) => (false, true),
        Err(_) => (false, false),
    };
    ok && match mask {
        None => true,
        Some(m) => match m.parse::<u32>() {
            Ok(p) => p <= if v4 { 32 } else { 128 },
            Err(_) => v4 && m.parse::<std::net::Ipv4Addr>().is_ok(),
        },
    }
}

/// JSON → Ruby (`JSON.parse`: objects become hashes with string keys).
pub(crate) fn json_to_ruby(j: &serde_json::Value) -> RValue {
    use serde_json::Value as J;
    match j {
        J::Null => RValue::Nil,
        J::Bool(b) => RValue::Bool(*b),
        J::Number(n) => match n.as_i64() {
            Some(i) => RValue::Int(i),
            None => RValue::Float(n.as_f64().unwrap_or(0.0)),
        },
        J::String(s) => RValue::str(s.clone()),
        J::Array(a) => RValue::array(a.iter().map(json_to_ruby).collect()),
        J::Object(o) => RValue::hash(RHash::from_pairs(
            o.iter()
                .map(|(k, v)| (RValue::str(k.clone()), json_to_ruby(v))),
        )),
    }
}

/// Ruby → JSON (`JSON.generate`, `to_json`).
pub(crate) fn ruby_to_json(v: &RValue, depth: u32) -> Option<serde_json::Value> {
    use serde_json::Value as J;
    if depth > 100 {
        return None;
    }
    Some(match v {
        RValue::Nil => J::Null,
        RValue::Bool(b) => J::Bool(*b),
        RValue::Int(i) => J::from(*i),
        RValue::Float(f) => serde_json::Number::from_f64(*f).map(J::Number)?,
        RValue::Str(s) => J::String(s.s.borrow().clone()),
        RValue::Sym(s) => J::String(s.to_string()),
        RValue::Array(a) => J::Array(
            a.v.borrow()
                .iter()
                .map(|x| ruby_to_json(x, depth + 1))
                .collect::<Option<_>>()?,
        ),
        RValue::Hash(h) => {
            let mut m = serde_json::Map::new();
            for (k, val) in h.entries() {
                m.insert(format::to_s(&k), ruby_to_json(&val, depth + 1)?);
            }
            J::Object(m)
        }
        _ => return None,
    })
}
