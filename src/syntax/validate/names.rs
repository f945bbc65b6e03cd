//! Names in messages and name rules: Puppet's label of an expression (with its
//! article), and what makes a legal variable, parameter or class name.

use super::*;

/// Puppet's label of an expression, as used in messages.
pub fn label(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Nop => "Nop Expression".into(),
        ExprKind::Undef => "'undef' expression".into(),
        ExprKind::Default => "'default' expression".into(),
        ExprKind::Bool(_) => "Boolean".into(),
        ExprKind::Integer { .. } => "Literal Integer".into(),
        ExprKind::Float(_) => "Literal Float".into(),
        ExprKind::String(_) => "String".into(),
        ExprKind::Concat(_) => "Double Quoted String".into(),
        ExprKind::Heredoc { syntax, .. } => format!("'@({syntax})' expression"),
        ExprKind::Regex(_) => "Regular Expression".into(),
        ExprKind::QualifiedName(_) => "Name".into(),
        ExprKind::QualifiedReference(_) => "Type-Name".into(),
        ExprKind::Variable(_) => "Variable".into(),
        ExprKind::Array(_) => "Array Expression".into(),
        ExprKind::Hash(_) => "Hash Expression".into(),
        ExprKind::Unary { op, .. } => match op {
            UnaryOp::Not => "'not' expression".into(),
            UnaryOp::Neg => "Unary Minus".into(),
            UnaryOp::Splat => "Unfold".into(),
        },
        ExprKind::Binary { op, .. } => match op {
            BinaryOp::And => "'and' expression".into(),
            BinaryOp::Or => "'or' expression".into(),
            BinaryOp::In => "'in' expression".into(),
            other => format!("'{}' expression", other.as_str()),
        },
        ExprKind::Paren(_) => "Parenthesized Expression".into(),
        ExprKind::Access { .. } => "'[]' expression".into(),
        ExprKind::Selector { .. } => "Selector Expression".into(),
        ExprKind::Assign { op, .. } => format!("'{}' expression", op.as_str()),
        ExprKind::Relationship { op, .. } => format!("'{}' expression", op.as_str()),
        ExprKind::CallNamed { .. } => "Function Call".into(),
        ExprKind::CallMethod { .. } => "Method call".into(),
        ExprKind::If { .. } => "'if' statement".into(),
        ExprKind::Unless { .. } => "'unless' Statement".into(),
        ExprKind::Case { .. } => "'case' statement".into(),
        ExprKind::Block(_) => "Block Expression".into(),
        ExprKind::Resource { .. } => "Resource Statement".into(),
        ExprKind::ResourceDefaults { .. } => "Resource Defaults Expression".into(),
        ExprKind::ResourceOverride { .. } => "Resource Override".into(),
        ExprKind::Collect { exported, .. } => {
            if *exported {
                "Exported Query".into()
            } else {
                "Virtual Query".into()
            }
        }
        ExprKind::Class(_) => "Host Class Definition".into(),
        ExprKind::Define(_) => "'define' expression".into(),
        ExprKind::Node(_) => "Node Definition".into(),
        ExprKind::Function(_) => "Function Definition".into(),
        ExprKind::TypeAlias(_) => "Type Alias".into(),
        ExprKind::TypeMapping(_) => "Type Mapping".into(),
        ExprKind::TypeDefinition { .. } => "Type Definition".into(),
        ExprKind::Reserved(w) => format!("Reserved Word '{w}'"),
    }
}

pub(super) fn article(text: &str) -> &'static str {
    let mut chars = text.chars().peekable();
    if chars.peek().is_some_and(|c| *c == '"' || *c == '\'') {
        chars.next();
    }
    match chars.next() {
        Some(c) if "aeiouyAEIOUY".contains(c) => "an",
        _ => "a",
    }
}

pub(super) fn a_an(text: &str) -> String {
    format!("{} {text}", article(text))
}

pub(super) fn a_an_uc(text: &str) -> String {
    let a = article(text);
    let mut cap = a.to_string();
    cap[..1].make_ascii_uppercase();
    format!("{cap} {text}")
}

pub(super) fn is_numeric_var(name: &str) -> bool {
    name == "0"
        || (name
            .as_bytes()
            .first()
            .is_some_and(|b| (b'1'..=b'9').contains(b))
            && name.bytes().all(|b| b.is_ascii_digit()))
}

pub(super) fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// `\A(?:::)?(?:[a-z]\w*::)*[a-z_]\w*\z`
pub(super) fn is_var_name(name: &str) -> bool {
    let b = name.as_bytes();
    let mut i = if b.starts_with(b"::") { 2 } else { 0 };
    loop {
        // One segment: [a-z]\w*, or [a-z_]\w* when it is the last.
        let first = match b.get(i) {
            Some(c) if c.is_ascii_lowercase() || *c == b'_' => *c,
            _ => return false,
        };
        i += 1;
        while b.get(i).is_some_and(|c| is_word(*c)) {
            i += 1;
        }
        if i == b.len() {
            return true;
        }
        if first == b'_' || !b[i..].starts_with(b"::") {
            return false;
        }
        i += 2;
    }
}

/// `\A[a-z_]\w*\z`
pub(super) fn is_param_name(name: &str) -> bool {
    let b = name.as_bytes();
    !b.is_empty() && (b[0].is_ascii_lowercase() || b[0] == b'_') && b.iter().all(|c| is_word(*c))
}

/// `\A[a-z][\w]*(?:::[a-z][\w]*)*\z`
pub(super) fn is_classref_decl(name: &str) -> bool {
    name.split("::").all(|s| {
        let b = s.as_bytes();
        !b.is_empty() && b[0].is_ascii_lowercase() && b.iter().all(|c| is_word(*c))
    })
}

/// `\A[A-Z][\w]*(?:::[A-Z][\w]*)*\z`
pub(super) fn is_classref_ext_decl(name: &str) -> bool {
    name.split("::").all(|s| {
        let b = s.as_bytes();
        !b.is_empty() && b[0].is_ascii_uppercase() && b.iter().all(|c| is_word(*c))
    })
}
