//! Unit tests of the lexer.

use super::*;

fn kinds(src: &str) -> Vec<Tok<'_>> {
    tokenize(src)
        .map(|(t, _)| t.into_iter().map(|t| t.tok).collect())
        .unwrap_or_default()
}

fn s(v: &str) -> Cow<'_, str> {
    Cow::Borrowed(v)
}

#[test]
fn brackets_parens_and_braces_depend_on_context() {
    assert_eq!(
        kinds("$a[1] [2]"),
        vec![
            Tok::Variable(s("a")),
            Tok::LBrack,
            Tok::Number(s("1")),
            Tok::RBrack,
            Tok::ListStart,
            Tok::Number(s("2")),
            Tok::RBrack,
            Tok::Eof
        ]
    );
    assert_eq!(kinds("(1)")[0], Tok::WsLParen);
    assert_eq!(kinds("f(1)")[1], Tok::LParen);
    assert_eq!(kinds("$x ? {")[2], Tok::SelBrace);
}

#[test]
fn slash_is_regex_only_where_a_value_may_start() {
    assert_eq!(
        kinds("$y = /x\\/y/ / 2"),
        vec![
            Tok::Variable(s("y")),
            Tok::Equals,
            Tok::Regex(s("x/y")),
            Tok::Div,
            Tok::Number(s("2")),
            Tok::Eof
        ]
    );
}

#[test]
fn double_quoted_strings_interpolate() {
    assert_eq!(
        kinds("\"a${b}c$d e${f[1]}\""),
        vec![
            Tok::DqPre(s("a")),
            Tok::Variable(s("b")),
            Tok::DqMid(s("c")),
            Tok::Variable(s("d")),
            Tok::DqMid(s(" e")),
            Tok::Variable(s("f")),
            Tok::LBrack,
            Tok::Number(s("1")),
            Tok::RBrack,
            Tok::DqPost(s("")),
            Tok::Eof
        ]
    );
    assert_eq!(kinds(r#""a\tb\$c\qd""#)[0], Tok::Str(s("a\tb$c\\qd")));
}

#[test]
fn words_names_and_numbers() {
    assert_eq!(
        kinds("foo-bar _x ::a::b 0x1F 1.5e3 Foo::Bar"),
        vec![
            Tok::Word(s("foo-bar")),
            Tok::Word(s("_x")),
            Tok::Name(s("::a::b")),
            Tok::Number(s("0x1F")),
            Tok::Number(s("1.5e3")),
            Tok::ClassRef(s("Foo::Bar")),
            Tok::Eof
        ]
    );
    assert!(tokenize("1abc").is_err());
    assert!(tokenize("08").is_err());
    assert!(tokenize("Foo::bar").is_err());
}

#[test]
fn lexical_errors_end_the_tokens_in_place_of_the_bad_token() {
    let lexed = lex("$a = 1 'open");
    assert_eq!(
        lexed.tokens.iter().map(|t| &t.tok).collect::<Vec<_>>(),
        vec![
            &Tok::Variable(s("a")),
            &Tok::Equals,
            &Tok::Number(s("1")),
            &Tok::LexError
        ]
    );
    let e = lexed.error.expect("an error");
    assert_eq!(e.code, "UNCLOSED_QUOTE");
    assert_eq!(e.offset, 8);
    // A string with a bad interpolation is one token.
    let lexed = lex("$a = \"x${1abc}\"");
    assert_eq!(lexed.tokens.len(), 3);
    assert_eq!(lexed.tokens[2].tok, Tok::LexError);
}

#[test]
fn unclosed_quote_names_the_last_scanned_text() {
    let msg = |src: &str| lex(src).error.map(|e| e.message).unwrap_or_default();
    assert_eq!(
        msg("$x = \"abc${x}def"),
        "Unclosed quote after 'x' followed by 'def...'"
    );
    assert_eq!(
        msg("$x = \"$ "),
        "Unclosed quote after '' followed by ' ...'"
    );
    assert_eq!(
        msg("$x = \"${x\""),
        "Unclosed quote after '\"' followed by '<eof>'"
    );
}

#[test]
fn a_quote_right_after_a_string_start_can_be_text_as_in_puppet() {
    // Puppet's slurp pattern takes the first `"` of `"""` as text.
    assert_eq!(kinds(r#"$x = """"#)[2], Tok::Str(s("\"")));
    // `''''` is the string `'` and an unclosed quote at the last `'`.
    assert_eq!(lex("$x = ''''").error.map(|e| e.offset), Some(9));
}

#[test]
fn regex_errors_are_lexical_errors_at_the_regex() {
    let e = lex("$x = $y =~ /a(/").error.expect("error");
    assert_eq!(e.code, "ILLEGAL_REGEXP");
    assert_eq!(e.message, "end pattern with unmatched parenthesis: /a(/");
    assert_eq!(e.offset, 11);
}

#[test]
fn class_reference_errors_point_after_the_reference() {
    assert_eq!(lex("Foo::bar").error.map(|e| e.offset), Some(4));
    assert_eq!(lex("::Foo::bar").error.map(|e| e.offset), Some(8));
}

#[test]
fn unrecognized_characters_show_as_empty_in_messages() {
    let toks = kinds("$x = 1 & 2");
    assert_eq!(toks[3], Tok::Other('&'));
    assert_eq!(toks[3].value_text(), "");
}

#[test]
fn heredoc_removes_margin_and_continues_after_the_tag() {
    let src = "$x = @(END) + 1\n    hi\n      there\n    | END\n$y = 2\n";
    assert_eq!(
        kinds(src),
        vec![
            Tok::Variable(s("x")),
            Tok::Equals,
            Tok::Heredoc(s("")),
            Tok::Str(s("hi\n  there\n")),
            Tok::Plus,
            Tok::Number(s("1")),
            Tok::Variable(s("y")),
            Tok::Equals,
            Tok::Number(s("2")),
            Tok::Eof
        ]
    );
}

#[test]
fn heredoc_interpolation_maps_positions_back() {
    let src = "@(\"END\")\n  a ${x}\n  |-END\n";
    let (toks, _) = tokenize(src).expect("lexes");
    let var = toks
        .iter()
        .find(|t| t.tok == Tok::Variable(s("x")))
        .expect("variable");
    assert_eq!(&src[var.span.start as usize..var.span.end as usize], "x");
}

#[test]
fn heredoc_without_end_is_located_at_its_text() {
    let e = lex("$x = @(END)\n  text\n").error.expect("error");
    assert_eq!(e.code, "HEREDOC_WITHOUT_END_TAGGED_LINE");
    assert_eq!(e.offset, 12);
}
