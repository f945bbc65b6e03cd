//! `Enumerable`'s methods, shared by arrays, hashes (whose items are
//! `[key, value]` pairs) and ranges: iteration, mapping and filtering,
//! folding (`inject`, `sum`), ordering (`sort`, `sort_by`, `min`, `max`),
//! grouping and slicing. Iteration methods called without a block give an
//! Enumerator before they get here (see `enumerator.rs`).

use super::super::interp::{Blk, Interp, R};
use super::super::value::{HKey, RClass, RHash, RValue, req};
use indexmap::IndexMap;
use std::cmp::Ordering;

impl Interp<'_> {
    pub(super) fn enum_method(
        &mut self,
        recv: &RValue,
        items: Vec<RValue>,
        name: &str,
        args: &[RValue],
        blk: Option<&Blk>,
    ) -> R<Option<RValue>> {
        let v = match name {
            "each" | "each_entry" => {
                let b = self.need_block(blk, name)?;
                for item in items {
                    self.yield1(&b, item)?;
                }
                recv.clone()
            }
            "reverse_each" => {
                let b = self.need_block(blk, name)?;
                for item in items.into_iter().rev() {
                    self.yield1(&b, item)?;
                }
                recv.clone()
            }
            "each_with_index" => {
                let b = self.need_block(blk, name)?;
                for (i, item) in items.into_iter().enumerate() {
                    self.yield_blk(&b, vec![item, RValue::Int(i as i64)])?;
                }
                recv.clone()
            }
            "each_with_object" => {
                self.argc(args, 1, 1)?;
                let b = self.need_block(blk, name)?;
                let memo = args[0].clone();
                for item in items {
                    self.yield_blk(&b, vec![item, memo.clone()])?;
                }
                memo
            }
            "each_slice" | "each_cons" => {
                self.argc(args, 1, 1)?;
                let n = self.int_arg(&args[0])?;
                if n <= 0 {
                    let message = if name == "each_slice" {
                        "invalid slice size"
                    } else {
                        "invalid size"
                    };
                    return self.raise(RClass::ArgumentError, message);
                }
                let n = n as usize;
                let groups: Vec<RValue> = if name == "each_slice" {
                    items.chunks(n).map(|c| RValue::array(c.to_vec())).collect()
                } else {
                    items
                        .windows(n)
                        .map(|c| RValue::array(c.to_vec()))
                        .collect()
                };
                let b = self.need_block(blk, name)?;
                for g in groups {
                    self.yield1(&b, g)?;
                }
                // Ruby 3.1 returns the receiver from both.
                recv.clone()
            }
            "map" | "collect" | "flat_map" | "collect_concat" => {
                let b = self.need_block(blk, name)?;
                let mut out = Vec::with_capacity(items.len());
                for item in items {
                    let v = self.yield1(&b, item)?;
                    match (&v, name) {
                        (RValue::Array(a), "flat_map" | "collect_concat") => {
                            out.extend(a.v.borrow().iter().cloned())
                        }
                        _ => out.push(v),
                    }
                }
                RValue::array(out)
            }
            "select" | "filter" | "find_all" | "reject" => {
                let b = self.need_block(blk, name)?;
                let keep = name != "reject";
                let mut out = Vec::new();
                for item in items {
                    if self.yield1(&b, item.clone())?.truthy() == keep {
                        out.push(item);
                    }
                }
                RValue::array(out)
            }
            "filter_map" => {
                let b = self.need_block(blk, name)?;
                let mut out = Vec::new();
                for item in items {
                    let v = self.yield1(&b, item)?;
                    if v.truthy() {
                        out.push(v);
                    }
                }
                RValue::array(out)
            }
            "find" | "detect" => {
                let b = self.need_block(blk, name)?;
                for item in items {
                    if self.yield1(&b, item.clone())?.truthy() {
                        return Ok(Some(item));
                    }
                }
                RValue::Nil
            }
            "find_index" | "index" => {
                for (i, item) in items.into_iter().enumerate() {
                    let hit = match (args.first(), blk) {
                        (Some(x), _) => req(&item, x),
                        (None, Some(b)) => self.yield1(b, item)?.truthy(),
                        (None, None) => {
                            return self
                                .unsupported(format!("`{name}' without a block is not supported"));
                        }
                    };
                    if hit {
                        return Ok(Some(RValue::Int(i as i64)));
                    }
                }
                RValue::Nil
            }
            "partition" => {
                let b = self.need_block(blk, name)?;
                let (mut yes, mut no) = (Vec::new(), Vec::new());
                for item in items {
                    if self.yield1(&b, item.clone())?.truthy() {
                        yes.push(item);
                    } else {
                        no.push(item);
                    }
                }
                RValue::array(vec![RValue::array(yes), RValue::array(no)])
            }
            "group_by" => {
                let b = self.need_block(blk, name)?;
                let h = RHash::default();
                for item in items {
                    let k = self.yield1(&b, item.clone())?;
                    match h.get(&k) {
                        Some(RValue::Array(a)) => a.v.borrow_mut().push(item),
                        _ => h.insert(k, RValue::array(vec![item])),
                    }
                }
                RValue::hash(h)
            }
            "tally" => {
                let h = RHash::default();
                for item in items {
                    let n = match h.get(&item) {
                        Some(RValue::Int(n)) => n + 1,
                        _ => 1,
                    };
                    h.insert(item, RValue::Int(n));
                }
                RValue::hash(h)
            }
            "inject" | "reduce" => self.inject(items, args, blk)?,
            "sum" => {
                self.argc(args, 0, 1)?;
                let init = args.first().cloned().unwrap_or(RValue::Int(0));
                let mut values = items;
                if let Some(b) = blk {
                    let mut mapped = Vec::with_capacity(values.len());
                    for item in values {
                        mapped.push(self.yield1(b, item)?);
                    }
                    values = mapped;
                }
                self.sum(init, values)?
            }
            "count" => match (args.first(), blk) {
                (Some(x), _) => RValue::Int(items.iter().filter(|i| req(i, x)).count() as i64),
                (None, Some(b)) => {
                    let mut n = 0;
                    for item in items {
                        if self.yield1(b, item)?.truthy() {
                            n += 1;
                        }
                    }
                    RValue::Int(n)
                }
                (None, None) => RValue::Int(items.len() as i64),
            },
            "any?" | "all?" | "none?" | "one?" => {
                self.argc(args, 0, 1)?;
                let mut hits = 0usize;
                let total = items.len();
                for item in items {
                    let t = match (args.first(), blk) {
                        (Some(p), _) => self.case_eq(p, &item)?,
                        (None, Some(b)) => self.yield1(b, item)?.truthy(),
                        (None, None) => item.truthy(),
                    };
                    if t {
                        hits += 1;
                        if name == "any?" || name == "none?" {
                            break;
                        }
                    } else if name == "all?" {
                        return Ok(Some(RValue::Bool(false)));
                    }
                }
                RValue::Bool(match name {
                    "any?" => hits > 0,
                    "all?" => hits == total,
                    "none?" => hits == 0,
                    _ => hits == 1,
                })
            }
            "include?" | "member?" => {
                self.argc(args, 1, 1)?;
                RValue::Bool(items.iter().any(|i| req(i, &args[0])))
            }
            "first" | "take" => {
                if args.is_empty() && name == "first" {
                    return Ok(Some(items.into_iter().next().unwrap_or(RValue::Nil)));
                }
                self.argc(args, 1, 1)?;
                let n = self.int_arg(&args[0])?;
                if n < 0 {
                    return self.raise(RClass::ArgumentError, "attempt to take negative size");
                }
                RValue::array(items.into_iter().take(n as usize).collect())
            }
            "drop" => {
                self.argc(args, 1, 1)?;
                let n = self.int_arg(&args[0])?;
                if n < 0 {
                    return self.raise(RClass::ArgumentError, "attempt to drop negative size");
                }
                RValue::array(items.into_iter().skip(n as usize).collect())
            }
            "take_while" | "drop_while" => {
                let b = self.need_block(blk, name)?;
                let mut cut = items.len();
                for (i, item) in items.iter().enumerate() {
                    if !self.yield1(&b, item.clone())?.truthy() {
                        cut = i;
                        break;
                    }
                }
                let (a, rest) = items.split_at(cut);
                RValue::array(if name == "take_while" {
                    a.to_vec()
                } else {
                    rest.to_vec()
                })
            }
            "to_a" | "entries" => RValue::array(items),
            "to_h" => {
                let h = RHash::default();
                for item in items {
                    let pair = match blk {
                        Some(b) => self.yield1(b, item)?,
                        None => item,
                    };
                    let RValue::Array(p) = &pair else {
                        return self.raise(
                            RClass::TypeError,
                            format!(
                                "wrong element type {} (expected array)",
                                pair.class().name()
                            ),
                        );
                    };
                    let p = p.v.borrow().clone();
                    if p.len() != 2 {
                        return self.raise(
                            RClass::ArgumentError,
                            format!("wrong array length (expected 2, was {})", p.len()),
                        );
                    }
                    h.insert(p[0].clone(), p[1].clone());
                }
                RValue::hash(h)
            }
            "sort" => RValue::array(self.sort_items(items, blk)?),
            "sort_by" => {
                let b = self.need_block(blk, name)?;
                let mut keyed = Vec::with_capacity(items.len());
                for item in items {
                    let k = self.yield1(&b, item.clone())?;
                    keyed.push((k, item));
                }
                // Sort the keys' positions, comparing keys as Ruby does.
                let keys: Vec<RValue> = keyed.iter().map(|(k, _)| k.clone()).collect();
                let mut order: Vec<RValue> =
                    (0..keyed.len()).map(|i| RValue::Int(i as i64)).collect();
                let mut cmp = |me: &mut Self, a: &RValue, b: &RValue| -> R<Ordering> {
                    let (RValue::Int(x), RValue::Int(y)) = (a, b) else {
                        return Ok(Ordering::Equal);
                    };
                    me.compare(&keys[*x as usize], &keys[*y as usize])
                };
                self.merge_sort(&mut order, &mut cmp)?;
                let keyed: Vec<(RValue, RValue)> = order
                    .iter()
                    .filter_map(|i| match i {
                        RValue::Int(i) => keyed.get(*i as usize).cloned(),
                        _ => None,
                    })
                    .collect();
                RValue::array(keyed.into_iter().map(|(_, v)| v).collect())
            }
            "min" | "max" => {
                self.argc(args, 0, 1)?;
                if let Some(n) = args.first() {
                    let n = self.int_arg(n)?;
                    let mut sorted = self.sort_items(items, blk)?;
                    if name == "max" {
                        sorted.reverse();
                    }
                    return Ok(Some(RValue::array(
                        sorted.into_iter().take(n.max(0) as usize).collect(),
                    )));
                }
                // Ruby keeps the first extreme: it replaces the result only
                // when `item <=> result` says the item is beyond it.
                let mut it = items.into_iter();
                let Some(mut best) = it.next() else {
                    return Ok(Some(RValue::Nil));
                };
                for v in it {
                    let o = match blk {
                        Some(b) => {
                            let r = self.yield_blk(b, vec![v.clone(), best.clone()])?;
                            self.block_ordering(&r, &v, &best)?
                        }
                        None => self.compare(&v, &best)?,
                    };
                    if (name == "max" && o.is_gt()) || (name == "min" && o.is_lt()) {
                        best = v;
                    }
                }
                best
            }
            "minmax" => {
                let min = self
                    .enum_method(recv, items.clone(), "min", &[], blk)?
                    .unwrap_or(RValue::Nil);
                let max = self
                    .enum_method(recv, items, "max", &[], blk)?
                    .unwrap_or(RValue::Nil);
                RValue::array(vec![min, max])
            }
            "min_by" | "max_by" => {
                let b = self.need_block(blk, name)?;
                let mut best: Option<(RValue, RValue)> = None;
                for item in items {
                    let k = self.yield1(&b, item.clone())?;
                    let better = match &best {
                        None => true,
                        Some((bk, _)) => {
                            let o = self.compare(&k, bk)?;
                            if name == "min_by" {
                                o.is_lt()
                            } else {
                                o.is_gt()
                            }
                        }
                    };
                    if better {
                        best = Some((k, item));
                    }
                }
                best.map_or(RValue::Nil, |(_, v)| v)
            }
            "uniq" => {
                let mut seen: IndexMap<HKey, RValue> = IndexMap::new();
                for item in items {
                    let key = match blk {
                        Some(b) => self.yield1(b, item.clone())?.hkey(),
                        None => item.hkey(),
                    };
                    seen.entry(key).or_insert(item);
                }
                RValue::array(seen.into_values().collect())
            }
            "zip" => {
                let others: Vec<Vec<RValue>> =
                    args.iter().map(|a| self.items(a)).collect::<R<_>>()?;
                let rows: Vec<RValue> = items
                    .into_iter()
                    .enumerate()
                    .map(|(i, x)| {
                        let mut row = vec![x];
                        for o in &others {
                            row.push(o.get(i).cloned().unwrap_or(RValue::Nil));
                        }
                        RValue::array(row)
                    })
                    .collect();
                match blk {
                    Some(b) => {
                        for r in rows {
                            self.yield1(b, r)?;
                        }
                        RValue::Nil
                    }
                    None => RValue::array(rows),
                }
            }
            "chunk_while" | "slice_when" => {
                let b = self.need_block(blk, name)?;
                let mut out: Vec<Vec<RValue>> = Vec::new();
                for item in items {
                    let split = match out.last().and_then(|c| c.last()) {
                        None => true,
                        Some(prev) => {
                            let t = self
                                .yield_blk(&b, vec![prev.clone(), item.clone()])?
                                .truthy();
                            if name == "chunk_while" { !t } else { t }
                        }
                    };
                    if split {
                        out.push(vec![item]);
                    } else if let Some(c) = out.last_mut() {
                        c.push(item);
                    }
                }
                RValue::array(out.into_iter().map(RValue::array).collect())
            }
            "lazy" | "cycle" | "to_set" | "each_entry_with" => {
                return self.unsupported(format!("Enumerable#{name} is not supported"));
            }
            _ => return Ok(None),
        };
        Ok(Some(v))
    }

    /// Sorts by `<=>` or by a comparator block, comparing the same pairs in
    /// the same order as Ruby (glibc's merge sort behind Ruby's `sort`), so
    /// that errors and blocks see what they see in Ruby.
    pub(super) fn sort_items(&mut self, items: Vec<RValue>, blk: Option<&Blk>) -> R<Vec<RValue>> {
        let mut cmp = |me: &mut Self, a: &RValue, b: &RValue| -> R<Ordering> {
            match blk {
                Some(blk) => {
                    let v = me.yield_blk(blk, vec![a.clone(), b.clone()])?;
                    me.block_ordering(&v, a, b)
                }
                None => me.compare(a, b),
            }
        };
        let mut items = items;
        self.merge_sort(&mut items, &mut cmp)?;
        Ok(items)
    }

    /// glibc's `msort_with_tmp`: sort halves, merge taking the left item
    /// while `cmp(left, right) <= 0`.
    pub(super) fn merge_sort(
        &mut self,
        items: &mut [RValue],
        cmp: &mut dyn FnMut(&mut Self, &RValue, &RValue) -> R<Ordering>,
    ) -> R<()> {
        let n = items.len();
        if n <= 1 {
            return Ok(());
        }
        let n1 = n / 2;
        self.merge_sort(&mut items[..n1], cmp)?;
        self.merge_sort(&mut items[n1..], cmp)?;
        let mut merged = Vec::with_capacity(n);
        let (mut i, mut j) = (0, n1);
        while i < n1 && j < n {
            if cmp(self, &items[i], &items[j])?.is_le() {
                merged.push(items[i].clone());
                i += 1;
            } else {
                merged.push(items[j].clone());
                j += 1;
            }
        }
        merged.extend_from_slice(&items[i..n1]);
        merged.extend_from_slice(&items[j..]);
        items.clone_from_slice(&merged);
        Ok(())
    }

    fn inject(&mut self, items: Vec<RValue>, args: &[RValue], blk: Option<&Blk>) -> R<RValue> {
        self.argc(args, 0, 2)?;
        let (init, op) = match (args.len(), blk) {
            (2, _) => (
                Some(args[0].clone()),
                Some(super::super::format::to_s(&args[1])),
            ),
            (1, None) => (None, Some(super::super::format::to_s(&args[0]))),
            (1, Some(_)) => (Some(args[0].clone()), None),
            _ => (None, None),
        };
        let mut it = items.into_iter();
        let mut acc = match init {
            Some(v) => v,
            None => match it.next() {
                Some(v) => v,
                None => return Ok(RValue::Nil),
            },
        };
        for item in it {
            acc = match (&op, blk) {
                (Some(op), _) => self.send(acc, op, vec![item], None)?,
                (None, Some(b)) => self.yield_blk(b, vec![acc, item])?,
                (None, None) => return self.unsupported("inject without a block or operator"),
            };
        }
        Ok(acc)
    }

    /// `sum`: integers exactly, floats with Kahan-Babuska compensation (as
    /// Ruby), anything else with `+`.
    fn sum(&mut self, init: RValue, values: Vec<RValue>) -> R<RValue> {
        let mut acc = init;
        let mut it = values.into_iter().peekable();
        while let Some(v) = it.next() {
            match (&acc, &v) {
                (RValue::Int(a), RValue::Int(b)) => match a.checked_add(*b) {
                    Some(s) => acc = RValue::Int(s),
                    None => return self.unsupported("integers beyond 64 bits are not supported"),
                },
                (RValue::Int(_) | RValue::Float(_), RValue::Float(_))
                | (RValue::Float(_), RValue::Int(_)) => {
                    let mut f = match acc {
                        RValue::Int(a) => a as f64,
                        RValue::Float(a) => a,
                        _ => 0.0,
                    };
                    let mut c = 0.0;
                    let mut pending = Some(v);
                    while let Some(x) = pending
                        .take()
                        .or_else(|| it.next_if(|n| matches!(n, RValue::Int(_) | RValue::Float(_))))
                    {
                        let x = match x {
                            RValue::Int(i) => i as f64,
                            RValue::Float(f) => f,
                            _ => 0.0,
                        };
                        let t = f + x;
                        if t.is_finite() {
                            if f.abs() >= x.abs() {
                                c += (f - t) + x;
                            } else {
                                c += (x - t) + f;
                            }
                        }
                        f = t;
                    }
                    acc = RValue::Float(f + c);
                }
                _ => acc = self.send(acc, "+", vec![v], None)?,
            }
        }
        Ok(acc)
    }
}
