//! Unit tests of the Ruby parser.

use super::super::lexer::lex_code;
use super::*;

fn parse(src: &str) -> Body {
    let toks = lex_code(src, 1, "t").unwrap_or_default();
    match parse_program(toks, "t") {
        Ok(b) => b,
        Err(e) => panic!("{src}: {e}"),
    }
}

fn fails(src: &str) -> bool {
    lex_code(src, 1, "t")
        .and_then(|t| parse_program(t, "t"))
        .is_err()
}

#[test]
fn statements() {
    assert_eq!(parse("x = 1; y = x + 2 if x").len(), 2);
    assert_eq!(parse("@a.each do |k, v|\n puts k\nend").len(), 1);
    assert_eq!(parse("case x\nwhen 1, 2 then :a\nelse :b\nend").len(), 1);
    assert_eq!(parse("h = { 'a' => 1, b: [1, 2] }; h['a'] += 1").len(), 2);
    assert_eq!(
        parse("def f(a, b = 2)\n a + b\nrescue ArgumentError => e\n 0\nend").len(),
        1
    );
    assert_eq!(parse("x = scope.function_foo [1, 2]").len(), 1);
    assert_eq!(parse("a ? b : c; a ? 'x':'y'").len(), 2);
}

#[test]
fn local_variables_decide_calls() {
    // `x [1]` indexes a local, passes an array to a method.
    let b = parse("x = [1]; x [0]");
    assert!(matches!(&b[1].kind, NodeKind::Call(c) if c.name.as_ref() == "[]"));
    let b = parse("foo [0]");
    assert!(
        matches!(&b[0].kind, NodeKind::Call(c) if c.name.as_ref() == "foo" && c.args.len() == 1)
    );
    let b = parse("x = 3; x -1");
    assert!(matches!(&b[1].kind, NodeKind::Call(c) if c.name.as_ref() == "-"));
}

#[test]
fn errors() {
    assert!(fails("if"));
    assert!(fails("foo("));
    assert!(fails("a = "));
    assert!(fails(&"(".repeat(500)));
    assert!(fails("[1, 2"));
}
