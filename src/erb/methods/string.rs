//! `String`'s methods: operators, case and whitespace, searching and
//! slicing by character, splitting, regexp substitution (`gsub`, `sub`,
//! `scan`, `match`), padding, `tr`, conversions to numbers and symbols.
//! Bang methods change the receiver in place (and fail on frozen strings).

use super::super::format;
use super::super::interp::{Blk, Interp, R, max_size};
use super::super::regex::{self, Found};
use super::super::value::{RClass, RRange, RRegexp, RString, RValue};
use std::rc::Rc;

/// Ruby's whitespace for `strip`: space, \t, \n, \v, \f, \r and NUL.
fn is_strip_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r' | '\0')
}

/// Ruby's `[start, length]` of a range over `len` items, or None when it
/// starts outside.
pub(crate) fn range_span(r: &RRange, len: usize) -> Option<(usize, usize)> {
    let len_i = len as i64;
    let mut start = match r.start {
        RValue::Int(i) => i,
        RValue::Nil => 0,
        RValue::Float(f) => f as i64,
        _ => return None,
    };
    let mut end = match r.end {
        RValue::Int(i) => i,
        RValue::Nil => len_i,
        RValue::Float(f) => f as i64,
        _ => return None,
    };
    let endless = r.end.is_nil();
    if start < 0 {
        start += len_i;
        if start < 0 {
            return None;
        }
    }
    if start > len_i {
        return None;
    }
    if !endless {
        if end < 0 {
            end += len_i;
        }
        if !r.exclusive {
            end = end.saturating_add(1);
        }
    }
    let end = end.min(len_i);
    Some((start as usize, (end - start).max(0) as usize))
}

/// The set of characters a `tr`/`delete`/`count` argument names (`a-z`, `^x`).
fn char_set(spec: &str) -> (Vec<char>, bool) {
    let chars: Vec<char> = spec.chars().collect();
    let (negate, body) = if chars.len() > 1 && chars[0] == '^' {
        (true, &chars[1..])
    } else {
        (false, &chars[..])
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < body.len() {
        if body[i] == '\\' && i + 1 < body.len() {
            out.push(body[i + 1]);
            i += 2;
            continue;
        }
        if i + 2 < body.len() && body[i + 1] == '-' {
            let (a, b) = (body[i] as u32, body[i + 2] as u32);
            if a <= b {
                out.extend((a..=b).filter_map(char::from_u32));
            }
            i += 3;
            continue;
        }
        out.push(body[i]);
        i += 1;
    }
    (out, negate)
}

fn in_set(c: char, set: &(Vec<char>, bool)) -> bool {
    set.0.contains(&c) != set.1
}

impl Interp<'_> {
    fn mutate(&self, recv: &RValue, s: &Rc<RString>) -> R<()> {
        if s.frozen.get() {
            return self.frozen_error(recv);
        }
        Ok(())
    }

    /// A pattern argument: a regexp, or a string matched literally.
    fn pattern(&mut self, v: &RValue) -> R<Rc<RRegexp>> {
        match v {
            RValue::Regexp(r) => Ok(r.clone()),
            RValue::Str(s) => {
                let escaped = regex::escape(&s.s.borrow());
                self.regexp(&escaped, "")
            }
            other => self.raise(
                RClass::TypeError,
                format!(
                    "wrong argument type {} (expected Regexp)",
                    super::type_desc(other)
                ),
            ),
        }
    }

    pub(super) fn string_method(
        &mut self,
        recv: &RValue,
        name: &str,
        args: &[RValue],
        blk: Option<&Blk>,
    ) -> R<Option<RValue>> {
        let RValue::Str(rs) = recv else {
            return Ok(None);
        };
        let s = rs.s.borrow().clone();
        let v = match name {
            "+" => {
                self.argc(args, 1, 1)?;
                let o = self.str_arg(&args[0])?;
                if s.len() + o.len() > max_size() {
                    return self.too_large("A string");
                }
                RValue::str(s + &o)
            }
            "*" => {
                self.argc(args, 1, 1)?;
                let n = self.int_arg(&args[0])?;
                if n < 0 {
                    return self.raise(RClass::ArgumentError, "negative argument");
                }
                if (n as u128) * (s.len() as u128) > max_size() as u128 {
                    return self.too_large("A string");
                }
                RValue::str(s.repeat(n as usize))
            }
            "%" => {
                self.argc(args, 1, 1)?;
                let (list, named) = match &args[0] {
                    RValue::Array(a) => (a.v.borrow().clone(), None),
                    h @ RValue::Hash(_) => (vec![], Some(h)),
                    other => (vec![other.clone()], None),
                };
                match super::super::sprintf::sprintf(&s, &list, named) {
                    Ok(out) => RValue::str(out),
                    Err((class, msg)) => return self.raise(class, msg),
                }
            }
            "<<" | "concat" => {
                self.mutate(recv, rs)?;
                for a in args {
                    let piece = match a {
                        RValue::Int(i) => u32::try_from(*i)
                            .ok()
                            .and_then(char::from_u32)
                            .map(String::from)
                            .ok_or(())
                            .or_else(|()| {
                                self.raise(RClass::RangeError, format!("{i} out of char range"))
                            })?,
                        other => self.str_arg(other)?,
                    };
                    if rs.s.borrow().len() + piece.len() > max_size() {
                        return self.too_large("A string");
                    }
                    rs.s.borrow_mut().push_str(&piece);
                }
                recv.clone()
            }
            "<=>" => {
                self.argc(args, 1, 1)?;
                match &args[0] {
                    RValue::Str(o) => {
                        RValue::Int(match s.as_bytes().cmp(o.s.borrow().as_bytes()) {
                            std::cmp::Ordering::Less => -1,
                            std::cmp::Ordering::Equal => 0,
                            std::cmp::Ordering::Greater => 1,
                        })
                    }
                    _ => RValue::Nil,
                }
            }
            "<" | ">" | "<=" | ">=" => {
                self.argc(args, 1, 1)?;
                let o = self.compare(recv, &args[0])?;
                RValue::Bool(match name {
                    "<" => o.is_lt(),
                    ">" => o.is_gt(),
                    "<=" => o.is_le(),
                    _ => o.is_ge(),
                })
            }
            "between?" => {
                self.argc(args, 2, 2)?;
                let lo = self.compare(recv, &args[0])?;
                let hi = self.compare(recv, &args[1])?;
                RValue::Bool(lo.is_ge() && hi.is_le())
            }
            "=~" => {
                self.argc(args, 1, 1)?;
                let RValue::Regexp(re) = &args[0] else {
                    if let RValue::Str(_) = &args[0] {
                        return self.raise(
                            RClass::TypeError,
                            "wrong argument type String (expected Regexp)",
                        );
                    }
                    return self
                        .send(args[0].clone(), "=~", vec![recv.clone()], None)
                        .map(Some);
                };
                match self.regex_search(re, &s, 0) {
                    Some(m) => RValue::Int(m.begin as i64),
                    None => RValue::Nil,
                }
            }
            "match" | "match?" => {
                self.argc(args, 1, 2)?;
                let re = match &args[0] {
                    RValue::Str(p) => {
                        let src = p.s.borrow().clone();
                        self.regexp(&src, "")?
                    }
                    RValue::Regexp(r) => r.clone(),
                    other => {
                        return self.raise(
                            RClass::TypeError,
                            format!(
                                "wrong argument type {} (expected Regexp)",
                                super::type_desc(other)
                            ),
                        );
                    }
                };
                let from = match args.get(1) {
                    Some(p) => {
                        let p = self.int_arg(p)?;
                        let len = s.chars().count() as i64;
                        let p = if p < 0 { p + len } else { p };
                        if p < 0 || p > len {
                            return Ok(Some(if name == "match" {
                                RValue::Nil
                            } else {
                                RValue::Bool(false)
                            }));
                        }
                        p as usize
                    }
                    None => 0,
                };
                if name == "match?" {
                    let saved = self.last_match.clone();
                    let hit = self.regex_search(&re, &s, from).is_some();
                    self.last_match = saved;
                    RValue::Bool(hit)
                } else {
                    match self.regex_search(&re, &s, from) {
                        Some(m) => {
                            let r = RValue::Match(m);
                            if let Some(b) = blk {
                                self.yield1(b, r)?
                            } else {
                                r
                            }
                        }
                        None => RValue::Nil,
                    }
                }
            }
            "[]" | "slice" => self.str_index(&s, args)?,
            "length" | "size" => RValue::Int(s.chars().count() as i64),
            "bytesize" => RValue::Int(s.len() as i64),
            "empty?" => RValue::Bool(s.is_empty()),
            "upcase" => RValue::str(s.to_uppercase()),
            "downcase" => RValue::str(s.to_lowercase()),
            "capitalize" => RValue::str(kuppet_values::ruby::ruby_capitalize(&s)),
            "swapcase" => RValue::str(swapcase(&s)),
            "upcase!" | "downcase!" | "capitalize!" | "swapcase!" | "strip!" | "lstrip!"
            | "rstrip!" | "chomp!" | "squeeze!" => {
                self.mutate(recv, rs)?;
                let plain = &name[..name.len() - 1];
                let new = self.string_method(recv, plain, args, None)?;
                let new = new.and_then(|v| v.as_string()).unwrap_or_else(|| s.clone());
                if new == s {
                    RValue::Nil
                } else {
                    *rs.s.borrow_mut() = new;
                    recv.clone()
                }
            }
            "strip" => RValue::str(s.trim_matches(is_strip_space)),
            "lstrip" => RValue::str(s.trim_start_matches(is_strip_space)),
            "rstrip" => RValue::str(s.trim_end_matches(is_strip_space)),
            "chomp" => {
                self.argc(args, 0, 1)?;
                let out = match args.first() {
                    None => s
                        .strip_suffix("\r\n")
                        .or_else(|| s.strip_suffix('\n'))
                        .or_else(|| s.strip_suffix('\r'))
                        .unwrap_or(&s)
                        .to_string(),
                    Some(RValue::Nil) => s.clone(),
                    Some(a) => {
                        let suffix = self.str_arg(a)?;
                        if suffix.is_empty() {
                            s.trim_end_matches(['\n'])
                                .trim_end_matches("\r\n")
                                .to_string()
                        } else {
                            s.strip_suffix(suffix.as_str()).unwrap_or(&s).to_string()
                        }
                    }
                };
                RValue::str(out)
            }
            "chop" => {
                let out = if let Some(p) = s.strip_suffix("\r\n") {
                    p.to_string()
                } else {
                    let mut c = s.clone();
                    c.pop();
                    c
                };
                RValue::str(out)
            }
            "chr" => RValue::str(s.chars().next().map(String::from).unwrap_or_default()),
            "chars" => RValue::array(s.chars().map(|c| RValue::str(c.to_string())).collect()),
            "bytes" => RValue::array(s.bytes().map(|b| RValue::Int(i64::from(b))).collect()),
            "each_char" => {
                let b = self.need_block(blk, name)?;
                for c in s.chars() {
                    self.yield1(&b, RValue::str(c.to_string()))?;
                }
                recv.clone()
            }
            "lines" | "each_line" => {
                let (sep, chomp) = self.lines_args(args)?;
                let lines = split_lines(&s, &sep, chomp);
                if let (true, Some(b)) = (name == "each_line", blk.cloned()) {
                    for l in lines {
                        self.yield1(&b, RValue::str(l))?;
                    }
                    recv.clone()
                } else {
                    RValue::array(lines.into_iter().map(RValue::str).collect())
                }
            }
            "split" => self.split(&s, args)?,
            "gsub" | "gsub!" | "sub" | "sub!" => {
                let global = name.starts_with('g');
                let bang = name.ends_with('!');
                if bang {
                    self.mutate(recv, rs)?;
                }
                let (out, changed) = self.substitute(&s, args, blk, global)?;
                if bang {
                    if changed {
                        *rs.s.borrow_mut() = out;
                        recv.clone()
                    } else {
                        RValue::Nil
                    }
                } else {
                    RValue::str(out)
                }
            }
            "tr" => {
                self.argc(args, 2, 2)?;
                let from = char_set(&self.str_arg(&args[0])?);
                let to: Vec<char> = char_set(&self.str_arg(&args[1])?).0;
                let out: String = s
                    .chars()
                    .filter_map(|c| {
                        if !in_set(c, &from) {
                            return Some(c);
                        }
                        if from.1 {
                            return to.last().copied();
                        }
                        let idx = from.0.iter().position(|x| *x == c).unwrap_or(0);
                        if to.is_empty() {
                            None
                        } else {
                            Some(*to.get(idx).unwrap_or(&to[to.len() - 1]))
                        }
                    })
                    .collect();
                RValue::str(out)
            }
            "delete" => {
                self.argc(args, 1, usize::MAX)?;
                let sets: Vec<_> = args
                    .iter()
                    .map(|a| self.str_arg(a).map(|x| char_set(&x)))
                    .collect::<R<_>>()?;
                RValue::str(
                    s.chars()
                        .filter(|c| !sets.iter().all(|set| in_set(*c, set)))
                        .collect::<String>(),
                )
            }
            "count" => {
                self.argc(args, 1, usize::MAX)?;
                let sets: Vec<_> = args
                    .iter()
                    .map(|a| self.str_arg(a).map(|x| char_set(&x)))
                    .collect::<R<_>>()?;
                RValue::Int(
                    s.chars()
                        .filter(|c| sets.iter().all(|set| in_set(*c, set)))
                        .count() as i64,
                )
            }
            "squeeze" => {
                let sets: Vec<_> = args
                    .iter()
                    .map(|a| self.str_arg(a).map(|x| char_set(&x)))
                    .collect::<R<_>>()?;
                let mut out = String::new();
                let mut last = None;
                for c in s.chars() {
                    if Some(c) == last && sets.iter().all(|set| in_set(c, set)) {
                        continue;
                    }
                    out.push(c);
                    last = Some(c);
                }
                RValue::str(out)
            }
            "start_with?" | "end_with?" => {
                let mut hit = false;
                for a in args {
                    let ok = match a {
                        RValue::Regexp(re) if name == "start_with?" => {
                            let re = re.clone();
                            matches!(self.regex_search(&re, &s, 0), Some(m) if m.begin == 0)
                        }
                        other => {
                            let p = self.str_arg(other)?;
                            if name == "start_with?" {
                                s.starts_with(&p)
                            } else {
                                s.ends_with(&p)
                            }
                        }
                    };
                    if ok {
                        hit = true;
                        break;
                    }
                }
                RValue::Bool(hit)
            }
            "include?" => {
                self.argc(args, 1, 1)?;
                let p = self.str_arg(&args[0])?;
                RValue::Bool(s.contains(&p))
            }
            "index" | "rindex" => {
                self.argc(args, 1, 2)?;
                let chars: Vec<char> = s.chars().collect();
                let len = chars.len() as i64;
                let start = match args.get(1) {
                    Some(a) => {
                        let i = self.int_arg(a)?;
                        let i = if i < 0 { i + len } else { i };
                        if i < 0 || (name == "index" && i > len) {
                            return Ok(Some(RValue::Nil));
                        }
                        Some(i.min(len) as usize)
                    }
                    None => None,
                };
                self.str_find(&s, &chars, &args[0], start, name == "rindex")?
            }
            "to_s" | "to_str" => recv.clone(),
            "to_sym" | "intern" => RValue::Sym(Rc::from(s.as_str())),
            "to_i" => {
                self.argc(args, 0, 1)?;
                let base = match args.first() {
                    Some(b) => self.int_arg(b)?,
                    None => 10,
                };
                let base = if base == 0 {
                    // Base 0: the prefix decides.
                    let t = s
                        .trim_start()
                        .trim_start_matches(['-', '+'])
                        .to_ascii_lowercase();
                    if t.starts_with("0x") {
                        16
                    } else if t.starts_with("0b") {
                        2
                    } else if t.starts_with("0o") || (t.starts_with('0') && t.len() > 1) {
                        8
                    } else {
                        10
                    }
                } else {
                    base
                };
                if !(2..=36).contains(&base) {
                    return self.raise(RClass::ArgumentError, format!("invalid radix {base}"));
                }
                match lenient_int(&s, base as u32) {
                    Some(i) => RValue::Int(i),
                    None => return self.unsupported("integers beyond 64 bits are not supported"),
                }
            }
            "hex" => RValue::Int(lenient_int(&s, 16).unwrap_or(0)),
            "oct" => RValue::Int(lenient_int(&s, 8).unwrap_or(0)),
            "to_f" => RValue::Float(lenient_float(&s)),
            "reverse" => RValue::str(s.chars().rev().collect::<String>()),
            "ljust" | "rjust" | "center" => {
                self.argc(args, 1, 2)?;
                let width = self.int_arg(&args[0])?;
                let pad = match args.get(1) {
                    Some(p) => self.str_arg(p)?,
                    None => " ".to_string(),
                };
                if pad.is_empty() {
                    return self.raise(RClass::ArgumentError, "zero width padding");
                }
                let len = s.chars().count() as i64;
                if width <= len {
                    RValue::str(s)
                } else {
                    if width as u64 > max_size() as u64 {
                        return self.too_large("A string");
                    }
                    let total = (width - len) as usize;
                    let (left, right) = match name {
                        "ljust" => (0, total),
                        "rjust" => (total, 0),
                        _ => (total / 2, total - total / 2),
                    };
                    let fill = |n: usize| pad.chars().cycle().take(n).collect::<String>();
                    RValue::str(format!("{}{s}{}", fill(left), fill(right)))
                }
            }
            "ord" => match s.chars().next() {
                Some(c) => RValue::Int(i64::from(c as u32)),
                None => return self.raise(RClass::ArgumentError, "empty string"),
            },
            "scan" => {
                self.argc(args, 1, 1)?;
                let re = self.pattern(&args[0])?;
                let found = regex::find_all(&re, &s);
                let mut results = Vec::new();
                for f in &found {
                    self.set_match(&re, &s, f);
                    let item = if f.groups.len() > 1 {
                        RValue::array(
                            f.groups[1..]
                                .iter()
                                .map(|g| g.clone().map_or(RValue::Nil, RValue::str))
                                .collect(),
                        )
                    } else {
                        RValue::str(f.groups[0].clone().unwrap_or_default())
                    };
                    match blk {
                        Some(b) => {
                            self.yield1(b, item)?;
                        }
                        None => results.push(item),
                    }
                }
                if blk.is_some() {
                    recv.clone()
                } else {
                    RValue::array(results)
                }
            }
            "replace" => {
                self.argc(args, 1, 1)?;
                self.mutate(recv, rs)?;
                let o = self.str_arg(&args[0])?;
                *rs.s.borrow_mut() = o;
                recv.clone()
            }
            "clear" => {
                self.mutate(recv, rs)?;
                rs.s.borrow_mut().clear();
                recv.clone()
            }
            "prepend" => {
                self.mutate(recv, rs)?;
                let mut pre = String::new();
                for a in args {
                    pre.push_str(&self.str_arg(a)?);
                }
                *rs.s.borrow_mut() = pre + &s;
                recv.clone()
            }
            "insert" => {
                self.argc(args, 2, 2)?;
                self.mutate(recv, rs)?;
                let idx = self.int_arg(&args[0])?;
                let piece = self.str_arg(&args[1])?;
                let mut chars: Vec<char> = s.chars().collect();
                let len = chars.len() as i64;
                let at = if idx < 0 { idx + len + 1 } else { idx };
                if at < 0 || at > len {
                    return self.raise(RClass::IndexError, format!("index {idx} out of string"));
                }
                let tail = chars.split_off(at as usize);
                let out: String = chars.into_iter().chain(piece.chars()).chain(tail).collect();
                *rs.s.borrow_mut() = out;
                recv.clone()
            }
            "delete_prefix" => {
                self.argc(args, 1, 1)?;
                let p = self.str_arg(&args[0])?;
                RValue::str(s.strip_prefix(p.as_str()).unwrap_or(&s))
            }
            "delete_suffix" => {
                self.argc(args, 1, 1)?;
                let p = self.str_arg(&args[0])?;
                RValue::str(s.strip_suffix(p.as_str()).unwrap_or(&s))
            }
            "partition" | "rpartition" => {
                self.argc(args, 1, 1)?;
                let parts = match &args[0] {
                    RValue::Str(p) => {
                        let p = p.s.borrow().clone();
                        let at = if name == "partition" {
                            s.find(&p)
                        } else {
                            s.rfind(&p)
                        };
                        at.map(|i| (s[..i].to_string(), p.clone(), s[i + p.len()..].to_string()))
                    }
                    RValue::Regexp(re) => {
                        let re = re.clone();
                        if name == "rpartition" {
                            return self.unsupported("rpartition with a regexp is not supported");
                        }
                        regex::find_at(&re, &s, 0).map(|f| {
                            (
                                s[..f.start].to_string(),
                                s[f.start..f.end].to_string(),
                                s[f.end..].to_string(),
                            )
                        })
                    }
                    other => {
                        return self.raise(
                            RClass::TypeError,
                            format!(
                                "wrong argument type {} (expected Regexp)",
                                super::type_desc(other)
                            ),
                        );
                    }
                };
                let (a, b, c) = parts.unwrap_or_else(|| {
                    if name == "partition" {
                        (s.clone(), String::new(), String::new())
                    } else {
                        (String::new(), String::new(), s.clone())
                    }
                });
                RValue::array(vec![RValue::str(a), RValue::str(b), RValue::str(c)])
            }
            "casecmp" | "casecmp?" => {
                self.argc(args, 1, 1)?;
                let RValue::Str(o) = &args[0] else {
                    return self.raise(
                        RClass::TypeError,
                        format!(
                            "no implicit conversion of {} into String",
                            super::type_desc(&args[0])
                        ),
                    );
                };
                let o = o.s.borrow().clone();
                if name == "casecmp?" {
                    RValue::Bool(s.to_lowercase() == o.to_lowercase())
                } else {
                    let a = s.to_ascii_lowercase();
                    let b = o.to_ascii_lowercase();
                    RValue::Int(match a.as_bytes().cmp(b.as_bytes()) {
                        std::cmp::Ordering::Less => -1,
                        std::cmp::Ordering::Equal => 0,
                        std::cmp::Ordering::Greater => 1,
                    })
                }
            }
            "force_encoding" | "encode" | "unicode_normalize" | "scrub" => {
                let ok = args.iter().all(|a| {
                    matches!(
                        format::to_s(a).to_ascii_uppercase().as_str(),
                        "UTF-8" | "UTF8" | "NFC"
                    )
                });
                if !ok {
                    return self
                        .unsupported(format!("String#{name} to other encodings is not supported"));
                }
                RValue::str(s)
            }
            "+@" => {
                if rs.frozen.get() {
                    RValue::str(s)
                } else {
                    recv.clone()
                }
            }
            "-@" => {
                if rs.frozen.get() {
                    recv.clone()
                } else {
                    RValue::frozen_str(s)
                }
            }
            "dump" => RValue::str(format::str_inspect(&s)),
            "succ" | "next" => match succ(&s) {
                Some(n) => RValue::str(n),
                None => {
                    return self.unsupported("String#succ of a string without letters or digits");
                }
            },
            "each_with_index" => return self.no_method(recv, name),
            _ => return Ok(None),
        };
        Ok(Some(v))
    }

    fn lines_args(&mut self, args: &[RValue]) -> R<(String, bool)> {
        let mut sep = "\n".to_string();
        let mut chomp = false;
        for a in args {
            match a {
                RValue::Str(s) => sep = s.s.borrow().clone(),
                RValue::Hash(h) => chomp = h.get(&RValue::sym("chomp")).is_some_and(|v| v.truthy()),
                other => {
                    return self.raise(
                        RClass::TypeError,
                        format!(
                            "no implicit conversion of {} into String",
                            super::type_desc(other)
                        ),
                    );
                }
            }
        }
        Ok((sep, chomp))
    }

    /// Sets `$~` from a match found by the regex helpers.
    fn set_match(&mut self, re: &RRegexp, s: &str, f: &Found) {
        self.last_match = Some(Rc::new(super::super::value::MatchData {
            groups: f.groups.clone(),
            names: regex::names(re),
            pre: s[..f.start].to_string(),
            post: s[f.end..].to_string(),
            begin: s[..f.start].chars().count(),
        }));
    }

    /// `s[...]` / `s.slice(...)`.
    fn str_index(&mut self, s: &str, args: &[RValue]) -> R<RValue> {
        self.argc(args, 1, 2)?;
        let chars: Vec<char> = s.chars().collect();
        let len = chars.len() as i64;
        let sub = |a: usize, n: usize| -> RValue {
            RValue::str(
                chars[a..a.saturating_add(n).min(chars.len())]
                    .iter()
                    .collect::<String>(),
            )
        };
        Ok(match (&args[0], args.get(1)) {
            (RValue::Int(_) | RValue::Float(_), None) => {
                let i = self.int_arg(&args[0])?;
                let i = if i < 0 { i + len } else { i };
                if i < 0 || i >= len {
                    RValue::Nil
                } else {
                    sub(i as usize, 1)
                }
            }
            (RValue::Int(_) | RValue::Float(_), Some(n)) => {
                let i = self.int_arg(&args[0])?;
                let n = self.int_arg(n)?;
                let i = if i < 0 { i + len } else { i };
                if i < 0 || i > len || n < 0 {
                    RValue::Nil
                } else {
                    sub(i as usize, n as usize)
                }
            }
            (RValue::Range(r), None) => match range_span(r, chars.len()) {
                Some((a, n)) => sub(a, n),
                None => RValue::Nil,
            },
            (RValue::Regexp(re), group) => {
                let re = re.clone();
                match self.regex_search(&re, s, 0) {
                    Some(m) => {
                        let idx = match group {
                            None => 0,
                            Some(RValue::Int(i)) => *i as usize,
                            Some(RValue::Str(name)) => {
                                let name = name.s.borrow().clone();
                                match m.names.iter().find(|(n, _)| *n == name) {
                                    Some((_, i)) => *i,
                                    None => {
                                        return self.raise(
                                            RClass::IndexError,
                                            format!("undefined group name reference: {name}"),
                                        );
                                    }
                                }
                            }
                            Some(other) => self.int_arg(other)? as usize,
                        };
                        m.groups
                            .get(idx)
                            .cloned()
                            .flatten()
                            .map_or(RValue::Nil, RValue::str)
                    }
                    None => RValue::Nil,
                }
            }
            (RValue::Str(p), None) => {
                let p = p.s.borrow().clone();
                if s.contains(&p) {
                    RValue::str(p)
                } else {
                    RValue::Nil
                }
            }
            (other, _) => {
                return self.raise(
                    RClass::TypeError,
                    format!(
                        "no implicit conversion of {} into Integer",
                        super::type_desc(other)
                    ),
                );
            }
        })
    }

    /// `index` / `rindex` of a string or regexp, in characters.
    fn str_find(
        &mut self,
        s: &str,
        chars: &[char],
        pat: &RValue,
        start: Option<usize>,
        reverse: bool,
    ) -> R<RValue> {
        let byte_of = |ci: usize| -> usize {
            chars[..ci.min(chars.len())]
                .iter()
                .map(|c| c.len_utf8())
                .sum()
        };
        match pat {
            RValue::Str(p) => {
                let p = p.s.borrow().clone();
                let found = if reverse {
                    let limit = byte_of(start.unwrap_or(chars.len()));
                    let hay_end = (limit + p.len()).min(s.len());
                    let hay_end = (0..=hay_end)
                        .rev()
                        .find(|b| s.is_char_boundary(*b))
                        .unwrap_or(0);
                    s[..hay_end].rfind(&p)
                } else {
                    let from = byte_of(start.unwrap_or(0));
                    s[from..].find(&p).map(|i| i + from)
                };
                Ok(found.map_or(RValue::Nil, |b| RValue::Int(s[..b].chars().count() as i64)))
            }
            RValue::Regexp(re) => {
                let re = re.clone();
                if reverse {
                    let limit = start.unwrap_or(chars.len());
                    let mut best = None;
                    for f in regex::find_all(&re, s) {
                        let ci = s[..f.start].chars().count();
                        if ci > limit {
                            break;
                        }
                        best = Some(ci);
                    }
                    Ok(best.map_or(RValue::Nil, |c| RValue::Int(c as i64)))
                } else {
                    Ok(match self.regex_search(&re, s, start.unwrap_or(0)) {
                        Some(m) => RValue::Int(m.begin as i64),
                        None => RValue::Nil,
                    })
                }
            }
            other => self.raise(
                RClass::TypeError,
                format!(
                    "no implicit conversion of {} into String",
                    super::type_desc(other)
                ),
            ),
        }
    }

    /// `split(pattern = nil, limit = 0)`.
    fn split(&mut self, s: &str, args: &[RValue]) -> R<RValue> {
        self.argc(args, 0, 2)?;
        let limit = match args.get(1) {
            Some(l) => self.int_arg(l)?,
            None => 0,
        };
        if s.is_empty() {
            return Ok(RValue::array(vec![]));
        }
        let mut parts: Vec<String> = Vec::new();
        let awk = match args.first() {
            None | Some(RValue::Nil) => true,
            Some(RValue::Str(p)) => *p.s.borrow() == " ",
            _ => false,
        };
        if awk {
            let mut rest =
                s.trim_start_matches(|c: char| c.is_ascii_whitespace() || c == '\0' || c == '\x0b');
            loop {
                if limit > 0 && parts.len() as i64 == limit - 1 {
                    if !rest.is_empty() {
                        parts.push(rest.to_string());
                    }
                    break;
                }
                match rest.find(|c: char| c.is_ascii_whitespace() || c == '\x0b') {
                    Some(i) => {
                        parts.push(rest[..i].to_string());
                        rest = rest[i..]
                            .trim_start_matches(|c: char| c.is_ascii_whitespace() || c == '\x0b');
                        if rest.is_empty() {
                            if limit < 0 {
                                parts.push(String::new());
                            }
                            break;
                        }
                    }
                    None => {
                        if !rest.is_empty() {
                            parts.push(rest.to_string());
                        }
                        break;
                    }
                }
            }
        } else {
            let re = match &args[0] {
                RValue::Str(p) if p.s.borrow().is_empty() => {
                    let mut chars: Vec<String> = s.chars().map(String::from).collect();
                    if limit > 0 && chars.len() as i64 > limit {
                        let rest: String = chars[(limit - 1) as usize..].concat();
                        chars.truncate((limit - 1) as usize);
                        chars.push(rest);
                    }
                    return Ok(RValue::array(chars.into_iter().map(RValue::str).collect()));
                }
                other => self.pattern(other)?,
            };
            let mut start = 0;
            for f in regex::find_all(&re, s) {
                if limit > 0 && parts.len() as i64 == limit - 1 {
                    break;
                }
                if f.end == 0 && f.start == 0 {
                    continue;
                }
                if f.start == f.end {
                    if f.start >= s.len() {
                        break;
                    }
                    // An empty match splits between characters.
                    if f.start == start {
                        let next = s[start..]
                            .chars()
                            .next()
                            .map_or(s.len(), |c| start + c.len_utf8());
                        if next >= s.len() {
                            break;
                        }
                        parts.push(s[start..next].to_string());
                        start = next;
                        continue;
                    }
                }
                parts.push(s[start..f.start].to_string());
                for g in f.groups.iter().skip(1).flatten() {
                    parts.push(g.clone());
                }
                start = f.end;
            }
            parts.push(s[start..].to_string());
        }
        if limit == 0 {
            while parts.last().is_some_and(String::is_empty) {
                parts.pop();
            }
        }
        Ok(RValue::array(parts.into_iter().map(RValue::str).collect()))
    }

    /// `gsub` / `sub`: (result, whether anything matched).
    fn substitute(
        &mut self,
        s: &str,
        args: &[RValue],
        blk: Option<&Blk>,
        global: bool,
    ) -> R<(String, bool)> {
        if args.len() == 1 && blk.is_none() {
            return self
                .unsupported("gsub/sub without a replacement (an Enumerator) is not supported");
        }
        self.argc(args, 1, 2)?;
        let re = self.pattern(&args[0])?;
        let literal = matches!(args[0], RValue::Str(_));
        let mut found = regex::find_all(&re, s);
        if !global {
            found.truncate(1);
        }
        if found.is_empty() {
            self.last_match = None;
            return Ok((s.to_string(), false));
        }
        let names = regex::names(&re);
        let mut out = String::with_capacity(s.len());
        let mut pos = 0;
        for f in &found {
            // One step of the budget per replacement: a loop of `gsub`s
            // over a growing string ends in it (or in the size cap).
            self.step()?;
            out.push_str(&s[pos..f.start]);
            let matched = f.groups[0].clone().unwrap_or_default();
            let piece = match args.get(1) {
                Some(RValue::Str(r)) => {
                    let r = r.s.borrow().clone();
                    let _ = literal;
                    regex::expand(&r, s, f, &names)
                }
                Some(RValue::Hash(h)) => {
                    let v = h.get(&RValue::str(matched.clone())).unwrap_or(RValue::Nil);
                    self.stringify(&v)?
                }
                Some(other) => self.str_arg(other)?,
                None => {
                    self.set_match(&re, s, f);
                    let b = self.need_block(blk, "gsub")?;
                    let v = self.yield1(&b, RValue::str(matched))?;
                    self.stringify(&v)?
                }
            };
            out.push_str(&piece);
            if out.len() > max_size() {
                return self.too_large("A string");
            }
            pos = f.end;
        }
        out.push_str(&s[pos..]);
        if let Some(last) = found.last() {
            self.set_match(&re, s, last);
        }
        Ok((out, true))
    }
}

/// `String#succ`: the rightmost letter or digit increments, carrying left
/// through letters and digits ("az" → "ba", "zz" → "aaa", "a9" → "b0").
fn succ(s: &str) -> Option<String> {
    let mut chars: Vec<char> = s.chars().collect();
    let alnum = |c: char| c.is_ascii_alphanumeric();
    let mut i = chars.iter().rposition(|c| alnum(*c))?;
    loop {
        let (next, carry, first) = match chars[i] {
            'z' => ('a', true, 'a'),
            'Z' => ('A', true, 'A'),
            '9' => ('0', true, '1'),
            c => (char::from_u32(c as u32 + 1).unwrap_or(c), false, c),
        };
        chars[i] = next;
        if !carry {
            return Some(chars.into_iter().collect());
        }
        match chars[..i].iter().rposition(|c| alnum(*c)) {
            Some(j) => i = j,
            None => {
                chars.insert(i, first);
                return Some(chars.into_iter().collect());
            }
        }
    }
}

fn swapcase(s: &str) -> String {
    s.chars()
        .flat_map(|c| {
            if c.is_uppercase() {
                c.to_lowercase().collect::<Vec<_>>()
            } else {
                c.to_uppercase().collect::<Vec<_>>()
            }
        })
        .collect()
}

/// `lines`: pieces ending with the separator (kept unless `chomp`).
fn split_lines(s: &str, sep: &str, chomp: bool) -> Vec<String> {
    if sep.is_empty() {
        return vec![s.to_string()];
    }
    let mut out = Vec::new();
    let mut rest = s;
    while !rest.is_empty() {
        match rest.find(sep) {
            Some(i) => {
                let end = i + sep.len();
                out.push(if chomp {
                    rest[..i].to_string()
                } else {
                    rest[..end].to_string()
                });
                rest = &rest[end..];
            }
            None => {
                out.push(rest.to_string());
                break;
            }
        }
    }
    out
}

/// `String#to_i`: leading blanks, a sign, digits (single underscores between).
pub(crate) fn lenient_int(s: &str, base: u32) -> Option<i64> {
    let t = s.trim_start_matches(|c: char| c.is_ascii_whitespace());
    let (neg, t) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let t = match base {
        16 => t
            .strip_prefix("0x")
            .or_else(|| t.strip_prefix("0X"))
            .unwrap_or(t),
        2 => t
            .strip_prefix("0b")
            .or_else(|| t.strip_prefix("0B"))
            .unwrap_or(t),
        8 => t
            .strip_prefix("0o")
            .or_else(|| t.strip_prefix("0O"))
            .unwrap_or(t),
        _ => t,
    };
    let mut n: i64 = 0;
    let mut last_underscore = true;
    for c in t.chars() {
        if c == '_' {
            if last_underscore {
                break;
            }
            last_underscore = true;
            continue;
        }
        let Some(d) = c.to_digit(base) else {
            break;
        };
        last_underscore = false;
        n = n.checked_mul(i64::from(base))?.checked_add(i64::from(d))?;
    }
    Some(if neg { -n } else { n })
}

/// `String#to_f`: the longest leading float, else 0.0.
pub(crate) fn lenient_float(s: &str) -> f64 {
    let t = s.trim_start_matches(|c: char| c.is_ascii_whitespace());
    let b = t.as_bytes();
    let mut i = 0;
    let mut text = String::new();
    if i < b.len() && (b[i] == b'-' || b[i] == b'+') {
        text.push(b[i] as char);
        i += 1;
    }
    let digits = |i: &mut usize, text: &mut String| -> bool {
        let mut any = false;
        while *i < b.len() {
            if b[*i].is_ascii_digit() {
                text.push(b[*i] as char);
                any = true;
            } else if b[*i] == b'_' && any && *i + 1 < b.len() && b[*i + 1].is_ascii_digit() {
            } else {
                break;
            }
            *i += 1;
        }
        any
    };
    let mut int_part = digits(&mut i, &mut text);
    if i + 1 < b.len() && b[i] == b'.' && b[i + 1].is_ascii_digit() {
        int_part = true;
        text.push('.');
        i += 1;
        digits(&mut i, &mut text);
    }
    if int_part && i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        let mut exp = String::from("e");
        let mut j = i + 1;
        if j < b.len() && (b[j] == b'-' || b[j] == b'+') {
            exp.push(b[j] as char);
            j += 1;
        }
        let mut k = j;
        let mut e = String::new();
        if digits(&mut k, &mut e) {
            text.push_str(&exp);
            text.push_str(&e);
        }
    }
    if !int_part {
        return 0.0;
    }
    text.parse().unwrap_or(0.0)
}
