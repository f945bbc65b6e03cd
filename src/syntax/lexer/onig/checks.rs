//! The checks Onigmo makes after parsing: back-references to existing groups,
//! subexpression calls, and look-behinds of fixed (or alternative fixed)
//! length without illegal contents.

use super::*;

impl Parser<'_> {
    /// Checks Onigmo makes when compiling the parsed pattern.
    pub(super) fn compile_checks(&self, tree: &Node) -> Result<(), String> {
        if self.num_named > 0 && self.numbered_refs {
            return err("numbered backref/call is not allowed. (use name)");
        }
        for call in &self.calls {
            match call {
                Ok(n) if *n > self.num_mem => {
                    return Err(format!("undefined group <{n}> reference"));
                }
                Err(name) if !self.names.contains(name) => {
                    return Err(format!(
                        "undefined name <{}> reference",
                        String::from_utf8_lossy(name)
                    ));
                }
                _ => {}
            }
        }
        if self.backrefs.iter().any(|n| *n > self.num_mem) {
            return err("invalid backref number/name");
        }
        look_behinds(tree)
    }
}

/// Onigmo's look-behind checks: allowed constructs and a computable length.
pub(super) fn look_behinds(node: &Node) -> Result<(), String> {
    match node {
        Node::Look {
            behind: true,
            not,
            inner,
        } => {
            if !allowed_in_look_behind(inner, *not) {
                return err("invalid pattern in look-behind");
            }
            look_behinds(inner)?;
            match char_length(inner, 1) {
                Length::Fixed(_) | Length::TopAltVar => Ok(()),
                Length::Var => err("invalid pattern in look-behind"),
            }
        }
        Node::Look { inner, .. } | Node::Group { inner, .. } | Node::Quant { inner, .. } => {
            look_behinds(inner)
        }
        Node::List(items) | Node::Alt(items) => items.iter().try_for_each(look_behinds),
        _ => Ok(()),
    }
}

pub(super) fn allowed_in_look_behind(node: &Node, not: bool) -> bool {
    match node {
        Node::Backref | Node::Special => false,
        Node::Group { kind, inner } => {
            let ok = match kind {
                GroupKind::Option => true,
                GroupKind::Capture => !not,
                _ => false,
            };
            ok && allowed_in_look_behind(inner, not)
        }
        Node::Look { behind, .. } => *behind,
        Node::Quant { inner, .. } => allowed_in_look_behind(inner, not),
        Node::List(items) | Node::Alt(items) => {
            items.iter().all(|n| allowed_in_look_behind(n, not))
        }
        _ => true,
    }
}

pub(super) enum Length {
    Fixed(u64),
    /// Alternatives of different lengths at the top of the look-behind (allowed).
    TopAltVar,
    Var,
}

pub(super) fn char_length(node: &Node, level: u32) -> Length {
    let level = level + 1;
    match node {
        Node::Empty | Node::Anchor | Node::Look { .. } => Length::Fixed(0),
        Node::Str(n) => Length::Fixed(u64::from(*n)),
        Node::One => Length::Fixed(1),
        Node::List(items) => {
            let mut total = 0;
            for i in items {
                match char_length(i, level) {
                    Length::Fixed(n) => total += n,
                    _ => return Length::Var,
                }
            }
            Length::Fixed(total)
        }
        Node::Alt(items) => {
            let mut first = None;
            let mut varlen = false;
            for i in items {
                match char_length(i, level) {
                    Length::Fixed(n) => match first {
                        None => first = Some(n),
                        Some(f) if f != n => varlen = true,
                        _ => {}
                    },
                    _ => return Length::Var,
                }
            }
            if varlen {
                if level == 2 {
                    Length::TopAltVar
                } else {
                    Length::Var
                }
            } else {
                Length::Fixed(first.unwrap_or(0))
            }
        }
        Node::Quant {
            lower,
            upper,
            inner,
        } => {
            if Some(*lower) == *upper {
                match char_length(inner, level) {
                    Length::Fixed(n) => Length::Fixed(n * lower),
                    _ => Length::Var,
                }
            } else {
                Length::Var
            }
        }
        Node::Group { kind, inner } => match kind {
            GroupKind::Absent => Length::Fixed(0),
            _ => match char_length(inner, level) {
                Length::Fixed(n) => Length::Fixed(n),
                _ => Length::Var,
            },
        },
        Node::Backref | Node::Call | Node::Special => Length::Var,
    }
}
