//! `Hash`'s methods: lookup (`[]` with the default, `fetch`, `dig`, `key?`),
//! keys and values, the methods Hash defines itself (`select`, `reject`,
//! `merge`, `transform_values` ... yield key and value as two arguments),
//! changes in place, and Enumerable (over `[key, value]` pairs) for the rest.

use super::super::format;
use super::super::interp::{Blk, Interp, R};
use super::super::value::{RClass, RHash, RValue, req};
use std::rc::Rc;

impl Interp<'_> {
    fn mutate_hash(&self, recv: &RValue, h: &Rc<RHash>) -> R<()> {
        if h.frozen.get() {
            return self.frozen_error(recv);
        }
        Ok(())
    }

    /// `h[k]`: the value, else the default (or what the default block gives).
    fn hash_get(&mut self, recv: &RValue, h: &RHash, k: &RValue) -> R<RValue> {
        if let Some(v) = h.get(k) {
            return Ok(v);
        }
        let block = h.default_proc.borrow().clone();
        match block {
            Some(b) => self.yield_blk(&Blk::Block(b), vec![recv.clone(), k.clone()]),
            None => Ok(h.default.borrow().clone().unwrap_or(RValue::Nil)),
        }
    }

    pub(super) fn hash_method(
        &mut self,
        recv: &RValue,
        name: &str,
        args: &[RValue],
        blk: Option<&Blk>,
    ) -> R<Option<RValue>> {
        let RValue::Hash(h) = recv else {
            return Ok(None);
        };
        let v = match name {
            "[]" => {
                self.argc(args, 1, 1)?;
                self.hash_get(recv, h, &args[0])?
            }
            "[]=" | "store" => {
                self.argc(args, 2, 2)?;
                self.mutate_hash(recv, h)?;
                h.insert(args[0].clone(), args[1].clone());
                args[1].clone()
            }
            "fetch" => {
                self.argc(args, 1, 2)?;
                match h.get(&args[0]) {
                    Some(v) => v,
                    None => match (blk, args.get(1)) {
                        (Some(b), _) => self.yield1(b, args[0].clone())?,
                        (None, Some(d)) => d.clone(),
                        (None, None) => {
                            return self.raise(
                                RClass::KeyError,
                                format!("key not found: {}", format::inspect(&args[0])),
                            );
                        }
                    },
                }
            }
            "dig" => {
                self.argc(args, 1, usize::MAX)?;
                let first = self.hash_get(recv, h, &args[0])?;
                if args.len() == 1 || first.is_nil() {
                    first
                } else {
                    self.send(first, "dig", args[1..].to_vec(), None)?
                }
            }
            "key?" | "has_key?" | "include?" | "member?" => {
                self.argc(args, 1, 1)?;
                RValue::Bool(h.contains(&args[0]))
            }
            "value?" | "has_value?" => {
                self.argc(args, 1, 1)?;
                RValue::Bool(h.values().iter().any(|v| req(v, &args[0])))
            }
            "key" => {
                self.argc(args, 1, 1)?;
                h.entries()
                    .into_iter()
                    .find(|(_, v)| req(v, &args[0]))
                    .map_or(RValue::Nil, |(k, _)| k)
            }
            "keys" => RValue::array(h.keys()),
            "values" => RValue::array(h.values()),
            "values_at" => {
                let mut out = Vec::with_capacity(args.len());
                for k in args {
                    out.push(self.hash_get(recv, h, k)?);
                }
                RValue::array(out)
            }
            "length" | "size" => RValue::Int(h.len() as i64),
            "count" if args.is_empty() && blk.is_none() => RValue::Int(h.len() as i64),
            "empty?" => RValue::Bool(h.len() == 0),
            "each" | "each_pair" => {
                let b = self.need_block(blk, name)?;
                for (k, v) in h.entries() {
                    self.yield1(&b, RValue::array(vec![k, v]))?;
                }
                recv.clone()
            }
            "each_key" | "each_value" => {
                let b = self.need_block(blk, name)?;
                for (k, v) in h.entries() {
                    self.yield1(&b, if name == "each_key" { k } else { v })?;
                }
                recv.clone()
            }
            "select" | "filter" | "reject" => {
                let b = self.need_block(blk, name)?;
                let keep = name != "reject";
                let out = RHash::default();
                for (k, v) in h.entries() {
                    if self.yield_blk(&b, vec![k.clone(), v.clone()])?.truthy() == keep {
                        out.insert(k, v);
                    }
                }
                RValue::hash(out)
            }
            "select!" | "filter!" | "keep_if" | "reject!" | "delete_if" => {
                self.mutate_hash(recv, h)?;
                let b = self.need_block(blk, name)?;
                let keep = matches!(name, "select!" | "filter!" | "keep_if");
                let mut changed = false;
                for (k, v) in h.entries() {
                    if self.yield_blk(&b, vec![k.clone(), v])?.truthy() != keep {
                        h.remove(&k);
                        changed = true;
                    }
                }
                if changed || matches!(name, "keep_if" | "delete_if") {
                    recv.clone()
                } else {
                    RValue::Nil
                }
            }
            "merge" | "merge!" | "update" => {
                let target = if name == "merge" {
                    let n = RHash::from_pairs(h.entries());
                    *n.default.borrow_mut() = h.default.borrow().clone();
                    Rc::new(n)
                } else {
                    self.mutate_hash(recv, h)?;
                    h.clone()
                };
                for a in args {
                    let RValue::Hash(o) = a else {
                        return self.raise(
                            RClass::TypeError,
                            format!(
                                "no implicit conversion of {} into Hash",
                                super::type_desc(a)
                            ),
                        );
                    };
                    for (k, v) in o.entries() {
                        let v = match (blk, target.get(&k)) {
                            (Some(b), Some(old)) => self.yield_blk(b, vec![k.clone(), old, v])?,
                            _ => v,
                        };
                        target.insert(k, v);
                    }
                }
                RValue::Hash(target)
            }
            "delete" => {
                self.argc(args, 1, 1)?;
                self.mutate_hash(recv, h)?;
                match h.remove(&args[0]) {
                    Some(v) => v,
                    None => match blk {
                        Some(b) => self.yield1(b, args[0].clone())?,
                        None => RValue::Nil,
                    },
                }
            }
            "to_h" if blk.is_none() => recv.clone(),
            "to_hash" => recv.clone(),
            "to_a" | "entries" => RValue::array(self.items(recv)?),
            "to_s" | "inspect" => RValue::str(self.inspect_value(recv)?),
            "invert" => RValue::hash(RHash::from_pairs(
                h.entries().into_iter().map(|(k, v)| (v, k)),
            )),
            "transform_values" | "transform_keys" => {
                let b = self.need_block(blk, name)?;
                let out = RHash::default();
                for (k, v) in h.entries() {
                    if name == "transform_values" {
                        let nv = self.yield1(&b, v)?;
                        out.insert(k, nv);
                    } else {
                        let nk = self.yield1(&b, k)?;
                        out.insert(nk, v);
                    }
                }
                RValue::hash(out)
            }
            "compact" => RValue::hash(RHash::from_pairs(
                h.entries().into_iter().filter(|(_, v)| !v.is_nil()),
            )),
            "slice" => {
                let out = RHash::default();
                for k in args {
                    if let Some(v) = h.get(k) {
                        out.insert(k.clone(), v);
                    }
                }
                RValue::hash(out)
            }
            "except" => {
                let out = RHash::from_pairs(h.entries());
                for k in args {
                    out.remove(k);
                }
                RValue::hash(out)
            }
            "default" => h.default.borrow().clone().unwrap_or(RValue::Nil),
            "default=" => {
                self.argc(args, 1, 1)?;
                self.mutate_hash(recv, h)?;
                *h.default.borrow_mut() = Some(args[0].clone());
                args[0].clone()
            }
            "clear" => {
                self.mutate_hash(recv, h)?;
                h.map.borrow_mut().clear();
                recv.clone()
            }
            "any?" if blk.is_some() && args.is_empty() => {
                let Some(b) = blk else {
                    return Ok(None);
                };
                let mut hit = false;
                for (k, v) in h.entries() {
                    if self.yield1(b, RValue::array(vec![k, v]))?.truthy() {
                        hit = true;
                        break;
                    }
                }
                RValue::Bool(hit)
            }
            "sort" | "min" | "max" | "first" | "map" | "collect" | "flat_map" | "sort_by"
            | "min_by" | "max_by" | "sum" | "group_by" | "partition" | "inject" | "reduce"
            | "each_with_index" | "each_with_object" | "find" | "detect" | "find_all"
            | "filter_map" | "count" | "any?" | "all?" | "none?" | "one?" | "to_h" | "zip"
            | "uniq" | "each_slice" | "take" | "drop" | "tally" | "include_pair?" | "sort!"
            | "reverse_each" | "minmax" | "take_while" | "drop_while" | "chunk_while"
            | "slice_when" | "find_index" | "collect_concat" => {
                let items = self.items(recv)?;
                return self.enum_method(recv, items, name, args, blk);
            }
            _ => return Ok(None),
        };
        Ok(Some(v))
    }
}
