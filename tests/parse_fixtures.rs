//! Parser fixtures: every construct of the language in `tests/parse/ok/`,
//! every kind of rejection in `tests/parse/err/`.
//!
//! Each `ok/` file must parse; its AST is snapshotted (insta) as a compact
//! S-expression, and its spans must nest (every child inside its parent). Each
//! `err/` file must be rejected with Puppet's message and location, as Puppet
//! 7 gave them (`err/expected.jsonl`, made by `tests/parse/puppet-label.rb`);
//! the rendered error with its caret is snapshotted too. The `ok/conformance_*`
//! files are the examples of `shared/conformance/compile`, and all `ok/` files
//! are accepted by Puppet.

use kuppet_syntax::ast::*;
use kuppet_syntax::span::Span;
use std::fmt::Write;
use std::path::{Path, PathBuf};

fn fixtures(kind: &str) -> Vec<PathBuf> {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .join("tests/parse")
        .join(kind);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("fixture dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "pp"))
        .collect();
    files.sort();
    files
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn settings() -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path(
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("tests/parse/snapshots"),
    );
    s.set_prepend_module_to_snapshot(false);
    s
}

#[test]
fn ok_fixtures_parse_with_nested_spans() {
    let files = fixtures("ok");
    assert!(files.len() > 60);
    for path in files {
        let name = stem(&path);
        let source = std::fs::read_to_string(&path).expect("fixture");
        let manifest = match kuppet_syntax::parse(&name, &source) {
            Ok(m) => m,
            Err(d) => panic!("{name} does not parse: {}", d.render()),
        };
        let whole = Span::new(0, source.len());
        let mut problems = Vec::new();
        for e in &manifest.program.body {
            check_nesting(e, whole, &mut problems, &source);
        }
        assert!(
            problems.is_empty(),
            "{name}: spans do not nest:\n{}",
            problems.join("\n")
        );
        let mut out = String::new();
        for e in &manifest.program.body {
            sexpr(e, &mut out);
            out.push('\n');
        }
        settings().bind(|| insta::assert_snapshot!(format!("ok_{name}"), out));
    }
}

#[test]
fn err_fixtures_fail_as_puppet_does() {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("tests/parse/err");
    let expected = std::fs::read_to_string(dir.join("expected.jsonl")).expect("expected.jsonl");
    let expected: Vec<serde_json::Value> = expected
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    let files = fixtures("err");
    assert_eq!(
        files.len(),
        expected.len(),
        "every err/ fixture has Puppet's verdict"
    );
    for path in files {
        let name = stem(&path);
        let file = format!("{name}.pp");
        let puppet = expected
            .iter()
            .find(|v| v["file"] == file.as_str())
            .unwrap_or_else(|| panic!("no Puppet verdict for {file}"));
        let source = std::fs::read_to_string(&path).expect("fixture");
        let d = match kuppet_syntax::parse(&file, &source) {
            Ok(_) => panic!("{file} parses, Puppet rejects it: {}", puppet["message"]),
            Err(d) => d,
        };
        assert_eq!(
            d.message,
            puppet["message"].as_str().unwrap_or(""),
            "{file}"
        );
        let loc = d.location.as_ref().expect("located");
        if let (Some(line), Some(column)) = (puppet["line"].as_u64(), puppet["column"].as_u64()) {
            assert_eq!(
                (loc.line as u64, loc.column as u64),
                (line, column),
                "{file}"
            );
        }
        settings().bind(|| insta::assert_snapshot!(format!("err_{name}"), d.render()));
    }
}

/// Checks that `e` lies within `outer` and, recursively, its parts within it.
fn check_nesting(e: &Expr, outer: Span, problems: &mut Vec<String>, src: &str) {
    inside(e.span, outer, "expression", problems, src);
    let within = |c: &Expr, problems: &mut Vec<String>| check_nesting(c, e.span, problems, src);
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
        | ExprKind::TypeDefinition { .. }
        | ExprKind::Reserved(_) => {}
        ExprKind::Concat(parts) => {
            for p in parts {
                if let StringPart::Expr(x) = p {
                    within(x, problems);
                }
            }
        }
        // The text of a heredoc is on the lines after its `@(TAG)`.
        ExprKind::Heredoc { text, .. } => {
            before(e.span, text.span, problems, src);
            check_nesting(
                text,
                Span::new(e.span.end as usize, src.len()),
                problems,
                src,
            );
        }
        ExprKind::Array(items) | ExprKind::Block(items) => {
            items.iter().for_each(|i| within(i, problems))
        }
        ExprKind::Hash(entries) => {
            for en in entries {
                inside(en.span, e.span, "hash entry", problems, src);
                within(&en.key, problems);
                within(&en.value, problems);
            }
        }
        ExprKind::Unary { expr, .. } | ExprKind::Paren(expr) => within(expr, problems),
        ExprKind::Binary {
            left,
            right,
            op_span,
            ..
        }
        | ExprKind::Relationship {
            left,
            right,
            op_span,
            ..
        }
        | ExprKind::Assign {
            target: left,
            value: right,
            op_span,
            ..
        } => {
            inside(*op_span, e.span, "operator", problems, src);
            before(left.span, *op_span, problems, src);
            before(*op_span, right.span, problems, src);
            within(left, problems);
            within(right, problems);
        }
        ExprKind::Access { target, keys } => {
            within(target, problems);
            keys.iter().for_each(|k| within(k, problems));
        }
        ExprKind::Selector { test, entries } => {
            within(test, problems);
            for en in entries {
                inside(en.span, e.span, "selector entry", problems, src);
                within(&en.matching, problems);
                within(&en.value, problems);
            }
        }
        ExprKind::CallNamed {
            functor,
            args,
            lambda,
            ..
        } => {
            within(functor, problems);
            args.iter().for_each(|a| within(a, problems));
            if let Some(l) = lambda {
                lambda_nesting(l, e.span, problems, src);
            }
        }
        ExprKind::CallMethod {
            target,
            name_span,
            args,
            lambda,
            ..
        } => {
            within(target, problems);
            inside(*name_span, e.span, "method name", problems, src);
            args.iter().for_each(|a| within(a, problems));
            if let Some(l) = lambda {
                lambda_nesting(l, e.span, problems, src);
            }
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
            within(test, problems);
            then_body.iter().for_each(|s| within(s, problems));
            if let Some(x) = else_body {
                within(x, problems);
            }
        }
        ExprKind::Case { test, options } => {
            within(test, problems);
            for o in options {
                inside(o.span, e.span, "case option", problems, src);
                o.values.iter().for_each(|v| within(v, problems));
                o.body.iter().for_each(|s| within(s, problems));
            }
        }
        ExprKind::Resource {
            type_name, bodies, ..
        } => {
            within(type_name, problems);
            for b in bodies {
                inside(b.span, e.span, "resource body", problems, src);
                check_nesting(&b.title, b.span, problems, src);
                ops_nesting(&b.ops, b.span, problems, src);
            }
        }
        ExprKind::ResourceDefaults {
            type_ref: t, ops, ..
        }
        | ExprKind::ResourceOverride { target: t, ops, .. } => {
            within(t, problems);
            ops_nesting(ops, e.span, problems, src);
        }
        ExprKind::Collect {
            type_expr,
            query,
            query_span,
            ops,
            ..
        } => {
            within(type_expr, problems);
            inside(*query_span, e.span, "query", problems, src);
            if let Some(q) = query {
                check_nesting(q, *query_span, problems, src);
            }
            ops_nesting(ops, e.span, problems, src);
        }
        ExprKind::Class(c) => {
            inside(c.span, e.span, "class", problems, src);
            params_nesting(&c.params, c.span, problems, src);
            c.body
                .iter()
                .for_each(|s| check_nesting(s, c.span, problems, src));
        }
        ExprKind::Define(d) => {
            inside(d.span, e.span, "define", problems, src);
            params_nesting(&d.params, d.span, problems, src);
            d.body
                .iter()
                .for_each(|s| check_nesting(s, d.span, problems, src));
        }
        ExprKind::Node(n) => {
            inside(n.span, e.span, "node", problems, src);
            n.matches
                .iter()
                .for_each(|m| check_nesting(m, n.span, problems, src));
            if let Some(p) = &n.parent {
                check_nesting(p, n.span, problems, src);
            }
            n.body
                .iter()
                .for_each(|s| check_nesting(s, n.span, problems, src));
        }
        ExprKind::Function(f) => {
            inside(f.span, e.span, "function", problems, src);
            params_nesting(&f.params, f.span, problems, src);
            if let Some(t) = &f.return_type {
                check_nesting(t, f.span, problems, src);
            }
            f.body
                .iter()
                .for_each(|s| check_nesting(s, f.span, problems, src));
        }
        ExprKind::TypeAlias(t) => {
            inside(t.span, e.span, "type alias", problems, src);
            check_nesting(&t.type_expr, t.span, problems, src);
        }
        ExprKind::TypeMapping(m) => {
            inside(m.span, e.span, "type mapping", problems, src);
            check_nesting(&m.type_expr, m.span, problems, src);
            check_nesting(&m.mapping, m.span, problems, src);
        }
    }
}

fn lambda_nesting(l: &Lambda, outer: Span, problems: &mut Vec<String>, src: &str) {
    inside(l.span, outer, "lambda", problems, src);
    params_nesting(&l.params, l.span, problems, src);
    if let Some(t) = &l.return_type {
        check_nesting(t, l.span, problems, src);
    }
    l.body
        .iter()
        .for_each(|s| check_nesting(s, l.span, problems, src));
}

/// A parameter's span runs from its variable to its default; its type comes
/// before it, so both lie within the container.
fn params_nesting(params: &[Parameter], outer: Span, problems: &mut Vec<String>, src: &str) {
    for p in params {
        inside(p.span, outer, "parameter", problems, src);
        if let Some(t) = &p.type_expr {
            check_nesting(t, outer, problems, src);
            before(t.span, p.span, problems, src);
        }
        if let Some(d) = &p.default {
            check_nesting(d, p.span, problems, src);
        }
    }
}

fn ops_nesting(ops: &[AttributeOp], outer: Span, problems: &mut Vec<String>, src: &str) {
    for op in ops {
        let (AttributeOp::Set { value, span, .. } | AttributeOp::Splat { value, span }) = op;
        inside(*span, outer, "attribute", problems, src);
        check_nesting(value, *span, problems, src);
    }
}

fn inside(inner: Span, outer: Span, what: &str, problems: &mut Vec<String>, src: &str) {
    if inner.start < outer.start || inner.end > outer.end || inner.start > inner.end {
        problems.push(format!(
            "{what} {:?} {:?} not inside {:?} {:?}",
            inner,
            text(src, inner),
            outer,
            text(src, outer)
        ));
    }
}

fn before(a: Span, b: Span, problems: &mut Vec<String>, src: &str) {
    if a.end > b.start {
        problems.push(format!(
            "{:?} should come before {:?}",
            text(src, a),
            text(src, b)
        ));
    }
}

fn text(src: &str, s: Span) -> String {
    src.get(s.start as usize..s.end as usize)
        .unwrap_or("?")
        .chars()
        .take(40)
        .collect()
}

/// A compact S-expression of an expression.
fn sexpr(e: &Expr, out: &mut String) {
    let list = |out: &mut String, head: &str, items: &[Expr]| {
        let _ = write!(out, "({head}");
        for i in items {
            out.push(' ');
            sexpr(i, out);
        }
        out.push(')');
    };
    match &e.kind {
        ExprKind::Nop => out.push_str("nop"),
        ExprKind::Undef => out.push_str("undef"),
        ExprKind::Default => out.push_str("default"),
        ExprKind::Bool(b) => {
            let _ = write!(out, "{b}");
        }
        ExprKind::Integer { value, radix } => {
            let _ = write!(out, "{value}");
            if *radix != 10 {
                let _ = write!(out, "_r{radix}");
            }
        }
        ExprKind::Float(f) => {
            let _ = write!(out, "{f:?}");
        }
        ExprKind::String(s) => {
            let _ = write!(out, "{s:?}");
        }
        ExprKind::Concat(parts) => {
            out.push_str("(concat");
            for p in parts {
                out.push(' ');
                match p {
                    StringPart::Literal(s) => {
                        let _ = write!(out, "{s:?}");
                    }
                    StringPart::Expr(x) => {
                        out.push_str("${");
                        sexpr(x, out);
                        out.push('}');
                    }
                }
            }
            out.push(')');
        }
        ExprKind::Heredoc { syntax, text } => {
            let _ = write!(out, "(heredoc {syntax:?} ");
            sexpr(text, out);
            out.push(')');
        }
        ExprKind::Regex(r) => {
            let _ = write!(out, "/{r}/");
        }
        ExprKind::QualifiedName(n) => out.push_str(n),
        ExprKind::QualifiedReference(n) => out.push_str(n),
        ExprKind::Variable(n) => {
            let _ = write!(out, "${n}");
        }
        ExprKind::Array(items) => list(out, "array", items),
        ExprKind::Hash(entries) => {
            out.push_str("(hash");
            for en in entries {
                out.push_str(" (");
                sexpr(&en.key, out);
                out.push_str(" => ");
                sexpr(&en.value, out);
                out.push(')');
            }
            out.push(')');
        }
        ExprKind::Unary { op, expr } => {
            let op = match op {
                UnaryOp::Not => "!",
                UnaryOp::Neg => "neg",
                UnaryOp::Splat => "*",
            };
            let _ = write!(out, "({op} ");
            sexpr(expr, out);
            out.push(')');
        }
        ExprKind::Binary {
            op, left, right, ..
        } => {
            let _ = write!(out, "({} ", op.as_str());
            sexpr(left, out);
            out.push(' ');
            sexpr(right, out);
            out.push(')');
        }
        ExprKind::Paren(x) => {
            out.push_str("(paren ");
            sexpr(x, out);
            out.push(')');
        }
        ExprKind::Access { target, keys } => {
            out.push_str("([] ");
            sexpr(target, out);
            for k in keys {
                out.push(' ');
                sexpr(k, out);
            }
            out.push(')');
        }
        ExprKind::Selector { test, entries } => {
            out.push_str("(? ");
            sexpr(test, out);
            for en in entries {
                out.push_str(" (");
                sexpr(&en.matching, out);
                out.push_str(" => ");
                sexpr(&en.value, out);
                out.push(')');
            }
            out.push(')');
        }
        ExprKind::Assign {
            op, target, value, ..
        } => {
            let _ = write!(out, "({} ", op.as_str());
            sexpr(target, out);
            out.push(' ');
            sexpr(value, out);
            out.push(')');
        }
        ExprKind::Relationship {
            op, left, right, ..
        } => {
            let _ = write!(out, "({} ", op.as_str());
            sexpr(left, out);
            out.push(' ');
            sexpr(right, out);
            out.push(')');
        }
        ExprKind::CallNamed {
            functor,
            args,
            lambda,
            rval_required,
        } => {
            out.push_str(if *rval_required {
                "(call "
            } else {
                "(call-stmt "
            });
            sexpr(functor, out);
            for a in args {
                out.push(' ');
                sexpr(a, out);
            }
            if let Some(l) = lambda {
                lambda_sexpr(l, out);
            }
            out.push(')');
        }
        ExprKind::CallMethod {
            target,
            name,
            args,
            lambda,
            ..
        } => {
            let _ = write!(out, "(.{name} ");
            sexpr(target, out);
            for a in args {
                out.push(' ');
                sexpr(a, out);
            }
            if let Some(l) = lambda {
                lambda_sexpr(l, out);
            }
            out.push(')');
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
            let head = if matches!(e.kind, ExprKind::If { .. }) {
                "if"
            } else {
                "unless"
            };
            let _ = write!(out, "({head} ");
            sexpr(test, out);
            list(out, " then", then_body);
            if let Some(x) = else_body {
                out.push_str(" (else ");
                sexpr(x, out);
                out.push(')');
            }
            out.push(')');
        }
        ExprKind::Case { test, options } => {
            out.push_str("(case ");
            sexpr(test, out);
            for o in options {
                list(out, " when", &o.values);
                list(out, "", &o.body);
            }
            out.push(')');
        }
        ExprKind::Block(items) => list(out, "block", items),
        ExprKind::Resource {
            form,
            type_name,
            bodies,
        } => {
            let _ = write!(out, "(resource{} ", form_suffix(*form));
            sexpr(type_name, out);
            for b in bodies {
                out.push_str(" (");
                sexpr(&b.title, out);
                out.push(':');
                ops_sexpr(&b.ops, out);
                out.push(')');
            }
            out.push(')');
        }
        ExprKind::ResourceDefaults {
            form,
            type_ref,
            ops,
        } => {
            let _ = write!(out, "(defaults{} ", form_suffix(*form));
            sexpr(type_ref, out);
            ops_sexpr(ops, out);
            out.push(')');
        }
        ExprKind::ResourceOverride { form, target, ops } => {
            let _ = write!(out, "(override{} ", form_suffix(*form));
            sexpr(target, out);
            ops_sexpr(ops, out);
            out.push(')');
        }
        ExprKind::Collect {
            type_expr,
            exported,
            query,
            ops,
            ..
        } => {
            out.push_str(if *exported {
                "(collect-exported "
            } else {
                "(collect "
            });
            sexpr(type_expr, out);
            match query {
                Some(q) => {
                    out.push(' ');
                    sexpr(q, out);
                }
                None => out.push_str(" all"),
            }
            ops_sexpr(ops, out);
            out.push(')');
        }
        ExprKind::Class(c) => {
            let _ = write!(out, "(class {}", c.name);
            params_sexpr(&c.params, out);
            if let Some(p) = &c.parent {
                let _ = write!(out, " inherits {p}");
            }
            list(out, " body", &c.body);
            out.push(')');
        }
        ExprKind::Define(d) => {
            let _ = write!(out, "(define {}", d.name);
            params_sexpr(&d.params, out);
            list(out, " body", &d.body);
            out.push(')');
        }
        ExprKind::Node(n) => {
            list(out, "node", &n.matches);
            if let Some(p) = &n.parent {
                out.push_str(" inherits ");
                sexpr(p, out);
            }
            list(out, " body", &n.body);
            out.push(')');
        }
        ExprKind::Function(f) => {
            let _ = write!(out, "(function {}", f.name);
            params_sexpr(&f.params, out);
            if let Some(t) = &f.return_type {
                out.push_str(" >> ");
                sexpr(t, out);
            }
            list(out, " body", &f.body);
            out.push(')');
        }
        ExprKind::TypeAlias(t) => {
            let _ = write!(out, "(type {} = ", t.name);
            sexpr(&t.type_expr, out);
            out.push(')');
        }
        ExprKind::TypeMapping(m) => {
            out.push_str("(type-mapping ");
            sexpr(&m.type_expr, out);
            out.push(' ');
            sexpr(&m.mapping, out);
            out.push(')');
        }
        ExprKind::TypeDefinition { name } => {
            let _ = write!(out, "(type-definition {name})");
        }
        ExprKind::Reserved(w) => {
            let _ = write!(out, "(reserved {w})");
        }
    }
}

fn form_suffix(form: ResourceForm) -> &'static str {
    match form {
        ResourceForm::Regular => "",
        ResourceForm::Virtual => "@",
        ResourceForm::Exported => "@@",
    }
}

fn ops_sexpr(ops: &[AttributeOp], out: &mut String) {
    for op in ops {
        match op {
            AttributeOp::Set {
                name,
                append,
                value,
                ..
            } => {
                let _ = write!(out, " ({name} {} ", if *append { "+>" } else { "=>" });
                sexpr(value, out);
                out.push(')');
            }
            AttributeOp::Splat { value, .. } => {
                out.push_str(" (* => ");
                sexpr(value, out);
                out.push(')');
            }
        }
    }
}

fn params_sexpr(params: &[Parameter], out: &mut String) {
    out.push_str(" (");
    for (i, p) in params.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push('[');
        if let Some(t) = &p.type_expr {
            sexpr(t, out);
            out.push(' ');
        }
        if p.captures_rest {
            out.push('*');
        }
        let _ = write!(out, "${}", p.name);
        if let Some(d) = &p.default {
            out.push_str(" = ");
            sexpr(d, out);
        }
        out.push(']');
    }
    out.push(')');
}

fn lambda_sexpr(l: &Lambda, out: &mut String) {
    out.push_str(" (lambda");
    params_sexpr(&l.params, out);
    if let Some(t) = &l.return_type {
        out.push_str(" >> ");
        sexpr(t, out);
    }
    for s in &l.body {
        out.push(' ');
        sexpr(s, out);
    }
    out.push(')');
}
