//! Questions about expressions the checks ask: a node's children, the
//! location Puppet reports for it, whether it has an effect (idempotence),
//! literal hash keys and literal forms.

use super::*;

/// Calls `f` on each direct child expression (not into lambdas' bodies).
pub(super) fn children(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    match &e.kind {
        ExprKind::Concat(parts) => {
            for p in parts {
                if let StringPart::Expr(x) = p {
                    f(x);
                }
            }
        }
        ExprKind::Heredoc { text, .. } => f(text),
        ExprKind::Array(items) | ExprKind::Block(items) => items.iter().for_each(f),
        ExprKind::Hash(entries) => {
            for en in entries {
                f(&en.key);
                f(&en.value);
            }
        }
        ExprKind::Unary { expr, .. } | ExprKind::Paren(expr) => f(expr),
        ExprKind::Binary { left, right, .. }
        | ExprKind::Relationship { left, right, .. }
        | ExprKind::Assign {
            target: left,
            value: right,
            ..
        } => {
            f(left);
            f(right);
        }
        ExprKind::Access { target, keys } => {
            f(target);
            keys.iter().for_each(f);
        }
        ExprKind::Selector { test, entries } => {
            f(test);
            for en in entries {
                f(&en.matching);
                f(&en.value);
            }
        }
        ExprKind::CallNamed { functor, args, .. } => {
            f(functor);
            args.iter().for_each(f);
        }
        ExprKind::CallMethod { target, args, .. } => {
            f(target);
            args.iter().for_each(f);
        }
        ExprKind::If {
            test,
            then_body,
            else_body,
        }
        | ExprKind::Unless {
            test,
            then_body,
            else_body,
        } => {
            f(test);
            then_body.iter().for_each(&mut *f);
            if let Some(x) = else_body {
                f(x);
            }
        }
        ExprKind::Case { test, options } => {
            f(test);
            for o in options {
                o.values.iter().for_each(&mut *f);
                o.body.iter().for_each(&mut *f);
            }
        }
        ExprKind::Resource {
            type_name, bodies, ..
        } => {
            f(type_name);
            for b in bodies {
                f(&b.title);
                for op in &b.ops {
                    match op {
                        AttributeOp::Set { value, .. } | AttributeOp::Splat { value, .. } => {
                            f(value)
                        }
                    }
                }
            }
        }
        ExprKind::ResourceDefaults {
            type_ref: t, ops, ..
        }
        | ExprKind::ResourceOverride { target: t, ops, .. } => {
            f(t);
            for op in ops {
                match op {
                    AttributeOp::Set { value, .. } | AttributeOp::Splat { value, .. } => f(value),
                }
            }
        }
        ExprKind::TypeMapping(m) => {
            f(&m.type_expr);
            f(&m.mapping);
        }
        ExprKind::Collect {
            type_expr,
            query,
            ops,
            ..
        } => {
            f(type_expr);
            if let Some(q) = query {
                f(q);
            }
            for op in ops {
                match op {
                    AttributeOp::Set { value, .. } | AttributeOp::Splat { value, .. } => f(value),
                }
            }
        }
        _ => {}
    }
}

/// An integer literal of any size (decimal, `0x` hex or `0` octal) in
/// lowercase hexadecimal digits, as Ruby's `"%#+x"` shows it.
pub(super) fn big_hex(text: &str) -> Option<String> {
    let (digits, radix) = if let Some(h) = text.strip_prefix("0x").or(text.strip_prefix("0X")) {
        (h, 16)
    } else if text.len() > 1 && text.starts_with('0') {
        (&text[1..], 8)
    } else {
        (text, 10)
    };
    // Little-endian base-16 digits, multiplied up one input digit at a time.
    let mut out: Vec<u32> = vec![0];
    for c in digits.chars() {
        let mut carry = c.to_digit(radix)?;
        for d in out.iter_mut() {
            let v = *d * radix + carry;
            *d = v % 16;
            carry = v / 16;
        }
        while carry > 0 {
            out.push(carry % 16);
            carry /= 16;
        }
    }
    while out.len() > 1 && out.last() == Some(&0) {
        out.pop();
    }
    out.iter().rev().map(|d| char::from_digit(*d, 16)).collect()
}

/// `[/regex/, 'replacement']`.
pub(super) fn pattern_with_replacement(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Array(v) if v.len() == 2
        && matches!(v[0].kind, ExprKind::Regex(_))
        && matches!(v[1].kind, ExprKind::String(_)))
}

/// A type name, possibly with parameters.
pub(super) fn is_type_ref(e: &Expr) -> bool {
    let e = match &e.kind {
        ExprKind::Access { target, .. } => target,
        _ => e,
    };
    matches!(e.kind, ExprKind::QualifiedReference(_))
}

/// Where Puppet locates an expression in validation messages.
///
/// Puppet positions most constructs at their first token, but an expression
/// built on a left operand takes that operand's position (a selector, an
/// access, a call, a collector, a resource), and a type alias or mapping is
/// positioned at its name, not at `type`.
pub(super) fn loc(e: &Expr) -> Span {
    match &e.kind {
        ExprKind::TypeAlias(t) => t.span,
        ExprKind::TypeMapping(m) => loc(&m.type_expr),
        ExprKind::Selector { test, .. } => loc(test),
        ExprKind::Access { target, .. } => loc(target),
        ExprKind::CallNamed { functor, .. } => loc(functor),
        // Puppet uses the `.` (or the `(`); the name follows the dot.
        ExprKind::CallMethod { name_span, .. } => {
            let at = name_span.start.saturating_sub(1) as usize;
            Span::new(at, at + 1)
        }
        ExprKind::Collect { type_expr, .. } => loc(type_expr),
        ExprKind::Resource {
            form: ResourceForm::Regular,
            type_name,
            ..
        } => loc(type_name),
        ExprKind::ResourceDefaults {
            form: ResourceForm::Regular,
            type_ref,
            ..
        } => loc(type_ref),
        ExprKind::ResourceOverride {
            form: ResourceForm::Regular,
            target,
            ..
        } => loc(target),
        ExprKind::Block(stmts) => stmts.first().map(loc).unwrap_or(e.span),
        _ => e.loc(),
    }
}

/// Whether an expression only produces a value (Puppet's "idem").
pub(super) fn idem(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Nop
        | ExprKind::Undef
        | ExprKind::Default
        | ExprKind::Bool(_)
        | ExprKind::Integer { .. }
        | ExprKind::Float(_)
        | ExprKind::String(_)
        | ExprKind::Regex(_)
        | ExprKind::QualifiedName(_)
        | ExprKind::QualifiedReference(_)
        | ExprKind::Variable(_)
        | ExprKind::Reserved(_)
        | ExprKind::Array(_)
        | ExprKind::Hash(_)
        | ExprKind::Access { .. }
        | ExprKind::Unary { .. }
        | ExprKind::Concat(_)
        | ExprKind::Heredoc { .. }
        | ExprKind::Selector { .. } => true,
        ExprKind::Binary { op, .. } => !matches!(op, BinaryOp::Match | BinaryOp::NotMatch),
        ExprKind::Paren(inner) => idem(inner),
        ExprKind::Block(stmts) => stmts.iter().all(idem),
        ExprKind::If {
            test,
            then_body,
            else_body,
        }
        | ExprKind::Unless {
            test,
            then_body,
            else_body,
        } => idem(test) && then_body.iter().all(idem) && else_body.as_deref().is_none_or(idem),
        ExprKind::Case { test, options } => {
            idem(test)
                && options
                    .iter()
                    .all(|o| o.values.iter().all(idem) && o.body.iter().all(idem))
        }
        _ => false,
    }
}

pub(super) fn resource_without_title(stmts: &[Expr]) -> Option<&str> {
    if stmts.len() == 2
        && let ExprKind::QualifiedName(n) = &stmts[0].kind
        && matches!(stmts[1].kind, ExprKind::Hash(_))
    {
        return Some(n);
    }
    None
}

/// A hash key whose value is known without evaluation.
#[derive(PartialEq, Eq, Hash)]
pub(super) enum LiteralKey<'a> {
    Str(&'a str),
    Int(i64),
    Bool(bool),
}

impl std::fmt::Display for LiteralKey<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LiteralKey::Str(s) => f.write_str(s),
            LiteralKey::Int(i) => write!(f, "{i}"),
            LiteralKey::Bool(b) => write!(f, "{b}"),
        }
    }
}

pub(super) fn literal_key(e: &Expr) -> Option<LiteralKey<'_>> {
    match &e.kind {
        ExprKind::String(s) | ExprKind::QualifiedName(s) => Some(LiteralKey::Str(s)),
        ExprKind::Integer { value, .. } => Some(LiteralKey::Int(*value)),
        ExprKind::Bool(b) => Some(LiteralKey::Bool(*b)),
        _ => None,
    }
}
