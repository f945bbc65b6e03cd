//! `Array`'s methods: indexing and slicing, `join` and `flatten`, set
//! operators, the methods that change the array in place (`<<`, `push`,
//! `compact!`, `delete` ...; frozen arrays refuse them), `each` over the live
//! array, and the Enumerable methods for everything else.

use super::super::interp::{Blk, Interp, R, max_size};
use super::super::value::{HKey, RArray, RClass, RValue, req};
use super::string::range_span;
use indexmap::IndexSet;
use std::rc::Rc;

fn flatten_into(
    items: &[RValue],
    depth: i64,
    out: &mut Vec<RValue>,
    seen: &mut Vec<usize>,
) -> Result<(), ()> {
    for item in items {
        match item {
            RValue::Array(a) if depth != 0 => {
                let id = Rc::as_ptr(a) as *const () as usize;
                if seen.contains(&id) {
                    return Err(());
                }
                seen.push(id);
                let inner = a.v.borrow().clone();
                flatten_into(&inner, depth - 1, out, seen)?;
                seen.pop();
            }
            other => out.push(other.clone()),
        }
    }
    Ok(())
}

impl Interp<'_> {
    fn mutate_array(&self, recv: &RValue, a: &Rc<RArray>) -> R<()> {
        if a.frozen.get() {
            return self.frozen_error(recv);
        }
        Ok(())
    }

    /// `join`: nested arrays join recursively; other items by `to_s`.
    pub(super) fn join(&mut self, items: &[RValue], sep: &str, depth: u32) -> R<String> {
        if depth > 100 {
            return self.raise(RClass::ArgumentError, "recursive array join");
        }
        let mut out = String::new();
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                out.push_str(sep);
            }
            match item {
                RValue::Array(a) => {
                    let inner = a.v.borrow().clone();
                    out.push_str(&self.join(&inner, sep, depth + 1)?);
                }
                other => out.push_str(&self.stringify(other)?),
            }
            if out.len() > max_size() {
                return self.too_large("A string");
            }
        }
        Ok(out)
    }

    pub(super) fn array_method(
        &mut self,
        recv: &RValue,
        name: &str,
        args: &[RValue],
        blk: Option<&Blk>,
    ) -> R<Option<RValue>> {
        let RValue::Array(ra) = recv else {
            return Ok(None);
        };
        let items = ra.v.borrow().clone();
        let len = items.len() as i64;
        let v = match name {
            "[]" | "slice" => {
                self.argc(args, 1, 2)?;
                match (&args[0], args.get(1)) {
                    (RValue::Range(r), None) => match range_span(r, items.len()) {
                        Some((a, n)) => {
                            RValue::array(items[a..a.saturating_add(n).min(items.len())].to_vec())
                        }
                        None => RValue::Nil,
                    },
                    (i, None) => {
                        let i = self.int_arg(i)?;
                        let i = if i < 0 { i + len } else { i };
                        if i < 0 || i >= len {
                            RValue::Nil
                        } else {
                            items[i as usize].clone()
                        }
                    }
                    (i, Some(n)) => {
                        let i = self.int_arg(i)?;
                        let n = self.int_arg(n)?;
                        let i = if i < 0 { i + len } else { i };
                        if i < 0 || i > len || n < 0 {
                            RValue::Nil
                        } else {
                            let end = i.saturating_add(n).min(len) as usize;
                            RValue::array(items[i as usize..end].to_vec())
                        }
                    }
                }
            }
            "at" => {
                self.argc(args, 1, 1)?;
                return self.array_method(recv, "[]", args, None);
            }
            "[]=" => {
                self.mutate_array(recv, ra)?;
                if args.len() != 2 {
                    return self.unsupported("Array#[]= with a range or length is not supported");
                }
                let i = self.int_arg(&args[0])?;
                let idx = if i < 0 { i + len } else { i };
                if idx < 0 {
                    return self.raise(
                        RClass::IndexError,
                        format!("index {i} too small for array; minimum: -{len}"),
                    );
                }
                if idx as usize > max_size() {
                    return self.too_large("An array");
                }
                let mut v = ra.v.borrow_mut();
                if idx as usize >= v.len() {
                    v.resize(idx as usize + 1, RValue::Nil);
                }
                v[idx as usize] = args[1].clone();
                args[1].clone()
            }
            "fetch" => {
                self.argc(args, 1, 2)?;
                let i = self.int_arg(&args[0])?;
                let idx = if i < 0 { i + len } else { i };
                if idx >= 0 && idx < len {
                    items[idx as usize].clone()
                } else if let Some(b) = blk {
                    self.yield1(b, args[0].clone())?
                } else if let Some(d) = args.get(1) {
                    d.clone()
                } else {
                    return self.raise(
                        RClass::IndexError,
                        format!("index {i} outside of array bounds: {}...{len}", -len),
                    );
                }
            }
            "dig" => {
                self.argc(args, 1, usize::MAX)?;
                let first = self
                    .array_method(recv, "[]", &args[..1], None)?
                    .unwrap_or(RValue::Nil);
                if args.len() == 1 || first.is_nil() {
                    first
                } else {
                    self.send(first, "dig", args[1..].to_vec(), None)?
                }
            }
            "last" => {
                if args.is_empty() {
                    items.last().cloned().unwrap_or(RValue::Nil)
                } else {
                    self.argc(args, 1, 1)?;
                    let n = self.int_arg(&args[0])?;
                    if n < 0 {
                        return self.raise(RClass::ArgumentError, "negative array size");
                    }
                    let n = (n as usize).min(items.len());
                    RValue::array(items[items.len() - n..].to_vec())
                }
            }
            "length" | "size" => RValue::Int(len),
            "empty?" => RValue::Bool(items.is_empty()),
            "join" => {
                self.argc(args, 0, 1)?;
                let sep = match args.first() {
                    None | Some(RValue::Nil) => String::new(),
                    Some(s) => self.str_arg(s)?,
                };
                RValue::str(self.join(&items, &sep, 0)?)
            }
            "to_s" | "inspect" => RValue::str(self.inspect_value(recv)?),
            "flatten" | "flatten!" => {
                self.argc(args, 0, 1)?;
                let depth = match args.first() {
                    None | Some(RValue::Nil) => -1,
                    Some(d) => self.int_arg(d)?,
                };
                let mut out = Vec::new();
                let mut seen = vec![Rc::as_ptr(ra) as *const () as usize];
                if flatten_into(&items, depth, &mut out, &mut seen).is_err() {
                    return self.raise(RClass::ArgumentError, "tried to flatten recursive array");
                }
                if name == "flatten!" {
                    self.mutate_array(recv, ra)?;
                    let changed = out.len() != items.len()
                        || items.iter().any(|i| matches!(i, RValue::Array(_)));
                    *ra.v.borrow_mut() = out;
                    if changed { recv.clone() } else { RValue::Nil }
                } else {
                    RValue::array(out)
                }
            }
            "compact" => RValue::array(items.into_iter().filter(|i| !i.is_nil()).collect()),
            "compact!" => {
                self.mutate_array(recv, ra)?;
                let out: Vec<RValue> = items.iter().filter(|i| !i.is_nil()).cloned().collect();
                let changed = out.len() != items.len();
                *ra.v.borrow_mut() = out;
                if changed { recv.clone() } else { RValue::Nil }
            }
            "uniq!" | "reverse!" | "sort!" | "sort_by!" | "map!" | "collect!" | "select!"
            | "filter!" | "reject!" | "keep_if" | "delete_if" | "shuffle!" => {
                self.mutate_array(recv, ra)?;
                let plain = match name {
                    "keep_if" => "select",
                    "delete_if" => "reject",
                    other => &other[..other.len() - 1],
                };
                let out = match self.array_method(recv, plain, args, blk)? {
                    Some(RValue::Array(a)) => a.v.borrow().clone(),
                    _ => return self.unsupported(format!("Array#{name} is not supported")),
                };
                let changed = out.len() != items.len()
                    || !out.iter().zip(items.iter()).all(|(a, b)| a.same(b));
                *ra.v.borrow_mut() = out;
                if changed
                    || matches!(
                        name,
                        "keep_if"
                            | "delete_if"
                            | "map!"
                            | "collect!"
                            | "sort!"
                            | "sort_by!"
                            | "reverse!"
                    )
                {
                    recv.clone()
                } else {
                    RValue::Nil
                }
            }
            "reverse" => RValue::array(items.into_iter().rev().collect()),
            "rotate" => {
                self.argc(args, 0, 1)?;
                let n = match args.first() {
                    Some(n) => self.int_arg(n)?,
                    None => 1,
                };
                let mut out = items;
                if !out.is_empty() {
                    let k = n.rem_euclid(out.len() as i64) as usize;
                    out.rotate_left(k);
                }
                RValue::array(out)
            }
            "push" | "append" | "<<" => {
                self.mutate_array(recv, ra)?;
                if name == "<<" {
                    self.argc(args, 1, 1)?;
                }
                if ra.v.borrow().len() + args.len() > max_size() {
                    return self.too_large("An array");
                }
                ra.v.borrow_mut().extend(args.iter().cloned());
                recv.clone()
            }
            "pop" | "shift" => {
                self.mutate_array(recv, ra)?;
                self.argc(args, 0, 1)?;
                let mut v = ra.v.borrow_mut();
                match args.first() {
                    None => {
                        if v.is_empty() {
                            RValue::Nil
                        } else if name == "pop" {
                            v.pop().unwrap_or(RValue::Nil)
                        } else {
                            v.remove(0)
                        }
                    }
                    Some(n) => {
                        let n = match n {
                            RValue::Int(n) if *n >= 0 => (*n as usize).min(v.len()),
                            _ => {
                                drop(v);
                                return self.raise(RClass::ArgumentError, "negative array size");
                            }
                        };
                        let taken: Vec<RValue> = if name == "pop" {
                            let at = v.len() - n;
                            v.split_off(at)
                        } else {
                            v.drain(..n).collect()
                        };
                        RValue::array(taken)
                    }
                }
            }
            "unshift" | "prepend" => {
                self.mutate_array(recv, ra)?;
                let mut v = ra.v.borrow_mut();
                let rest = std::mem::take(&mut *v);
                v.extend(args.iter().cloned());
                v.extend(rest);
                drop(v);
                recv.clone()
            }
            "insert" => {
                self.mutate_array(recv, ra)?;
                self.argc(args, 1, usize::MAX)?;
                let i = self.int_arg(&args[0])?;
                let at = if i < 0 { i + len + 1 } else { i };
                if at < 0 {
                    return self.raise(
                        RClass::IndexError,
                        format!("index {i} too small for array; minimum: -{}", len + 1),
                    );
                }
                if at as usize > max_size() {
                    return self.too_large("An array");
                }
                let mut v = ra.v.borrow_mut();
                if at as usize > v.len() {
                    v.resize(at as usize, RValue::Nil);
                }
                let tail = v.split_off(at as usize);
                v.extend(args[1..].iter().cloned());
                v.extend(tail);
                drop(v);
                recv.clone()
            }
            "concat" => {
                self.mutate_array(recv, ra)?;
                let mut more = Vec::new();
                for a in args {
                    match a {
                        RValue::Array(o) => more.extend(o.v.borrow().iter().cloned()),
                        other => {
                            return self.raise(
                                RClass::TypeError,
                                format!(
                                    "no implicit conversion of {} into Array",
                                    super::type_desc(other)
                                ),
                            );
                        }
                    }
                }
                ra.v.borrow_mut().extend(more);
                recv.clone()
            }
            "delete" => {
                self.argc(args, 1, 1)?;
                self.mutate_array(recv, ra)?;
                let found = items.iter().rev().find(|i| req(i, &args[0])).cloned();
                ra.v.borrow_mut().retain(|i| !req(i, &args[0]));
                match found {
                    Some(f) => f,
                    None => match blk {
                        Some(b) => self.yield1(b, args[0].clone())?,
                        None => RValue::Nil,
                    },
                }
            }
            "delete_at" => {
                self.argc(args, 1, 1)?;
                self.mutate_array(recv, ra)?;
                let i = self.int_arg(&args[0])?;
                let idx = if i < 0 { i + len } else { i };
                if idx < 0 || idx >= len {
                    RValue::Nil
                } else {
                    ra.v.borrow_mut().remove(idx as usize)
                }
            }
            "clear" => {
                self.mutate_array(recv, ra)?;
                ra.v.borrow_mut().clear();
                recv.clone()
            }
            "replace" => {
                self.argc(args, 1, 1)?;
                self.mutate_array(recv, ra)?;
                let RValue::Array(o) = &args[0] else {
                    return self.raise(RClass::TypeError, "no implicit conversion into Array");
                };
                let new = o.v.borrow().clone();
                *ra.v.borrow_mut() = new;
                recv.clone()
            }
            "+" => {
                self.argc(args, 1, 1)?;
                let RValue::Array(o) = &args[0] else {
                    return self.raise(
                        RClass::TypeError,
                        format!(
                            "no implicit conversion of {} into Array",
                            super::type_desc(&args[0])
                        ),
                    );
                };
                if items.len() + o.v.borrow().len() > max_size() / 16 {
                    return self.too_large("An array");
                }
                let mut out = items;
                out.extend(o.v.borrow().iter().cloned());
                RValue::array(out)
            }
            "-" | "&" | "|" | "difference" | "union" | "intersection" => {
                self.argc(args, 1, usize::MAX)?;
                let mut out = items;
                for a in args {
                    let RValue::Array(o) = a else {
                        return self.raise(
                            RClass::TypeError,
                            format!(
                                "no implicit conversion of {} into Array",
                                super::type_desc(a)
                            ),
                        );
                    };
                    let other: Vec<RValue> = o.v.borrow().clone();
                    let keys: IndexSet<HKey> = other.iter().map(RValue::hkey).collect();
                    out = match name {
                        "-" | "difference" => out
                            .into_iter()
                            .filter(|x| !keys.contains(&x.hkey()))
                            .collect(),
                        "&" | "intersection" => {
                            let mut seen = IndexSet::new();
                            out.into_iter()
                                .filter(|x| keys.contains(&x.hkey()) && seen.insert(x.hkey()))
                                .collect()
                        }
                        _ => {
                            let mut seen = IndexSet::new();
                            out.into_iter()
                                .chain(other)
                                .filter(|x| seen.insert(x.hkey()))
                                .collect()
                        }
                    };
                }
                RValue::array(out)
            }
            "*" => {
                self.argc(args, 1, 1)?;
                match &args[0] {
                    RValue::Str(sep) => {
                        let sep = sep.s.borrow().clone();
                        RValue::str(self.join(&items, &sep, 0)?)
                    }
                    n => {
                        let n = self.int_arg(n)?;
                        if n < 0 {
                            return self.raise(RClass::ArgumentError, "negative argument");
                        }
                        if (n as u128) * (items.len() as u128) > max_size() as u128 {
                            return self.too_large("An array");
                        }
                        let mut out = Vec::with_capacity(items.len() * n as usize);
                        for _ in 0..n {
                            out.extend(items.iter().cloned());
                        }
                        RValue::array(out)
                    }
                }
            }
            "<=>" => {
                self.argc(args, 1, 1)?;
                match super::super::value::rcmp(recv, &args[0]) {
                    Some(o) => RValue::Int(o as i64),
                    None => RValue::Nil,
                }
            }
            "values_at" => {
                let mut out = Vec::new();
                for a in args {
                    out.push(
                        self.array_method(recv, "[]", std::slice::from_ref(a), None)?
                            .unwrap_or(RValue::Nil),
                    );
                }
                RValue::array(out)
            }
            "transpose" => {
                let rows: Vec<Vec<RValue>> = items
                    .iter()
                    .map(|r| match r {
                        RValue::Array(a) => Ok(a.v.borrow().clone()),
                        other => self.raise(
                            RClass::TypeError,
                            format!(
                                "no implicit conversion of {} into Array",
                                super::type_desc(other)
                            ),
                        ),
                    })
                    .collect::<R<_>>()?;
                let width = rows.first().map_or(0, Vec::len);
                if rows.iter().any(|r| r.len() != width) {
                    return self.raise(RClass::IndexError, "element size differs");
                }
                RValue::array(
                    (0..width)
                        .map(|c| RValue::array(rows.iter().map(|r| r[c].clone()).collect()))
                        .collect(),
                )
            }
            "to_a" | "to_ary" | "entries" => recv.clone(),
            "each" => {
                let b = self.need_block(blk, name)?;
                // The live array: items added while iterating are visited.
                let mut i = 0;
                loop {
                    let item = {
                        let v = ra.v.borrow();
                        match v.get(i) {
                            Some(x) => x.clone(),
                            None => break,
                        }
                    };
                    self.yield1(&b, item)?;
                    i += 1;
                }
                recv.clone()
            }
            "each_index" => {
                let b = self.need_block(blk, name)?;
                for i in 0..items.len() {
                    self.yield1(&b, RValue::Int(i as i64))?;
                }
                recv.clone()
            }
            "rindex" => {
                for (i, item) in items.iter().enumerate().rev() {
                    let hit = match (args.first(), blk) {
                        (Some(x), _) => req(item, x),
                        (None, Some(b)) => self.yield1(b, item.clone())?.truthy(),
                        (None, None) => {
                            return self.unsupported("rindex without a block is not supported");
                        }
                    };
                    if hit {
                        return Ok(Some(RValue::Int(i as i64)));
                    }
                }
                RValue::Nil
            }
            "sum" | "min" | "max" | "first" => {
                return self.enum_method(recv, items, name, args, blk);
            }
            "fill" if args.len() == 1 && blk.is_none() => {
                self.mutate_array(recv, ra)?;
                let n = ra.v.borrow().len();
                *ra.v.borrow_mut() = vec![args[0].clone(); n];
                recv.clone()
            }
            "assoc" | "rassoc" => {
                self.argc(args, 1, 1)?;
                let at = usize::from(name == "rassoc");
                items
                    .into_iter()
                    .find(|i| matches!(i, RValue::Array(p) if p.v.borrow().get(at).is_some_and(|x| req(x, &args[0]))))
                    .unwrap_or(RValue::Nil)
            }
            "sample" | "shuffle" | "pack" | "product" | "combination" | "permutation"
            | "bsearch" => {
                return self.unsupported(format!("Array#{name} is not supported"));
            }
            "hash" | "frozen?" | "freeze" | "==" | "eql?" | "dup" | "clone" => return Ok(None),
            _ => return self.enum_method(recv, items, name, args, blk),
        };
        Ok(Some(v))
    }
}
