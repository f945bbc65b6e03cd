//! The token type: every kind of token the lexer produces, Puppet's keyword
//! table, and the source text of a token for messages.

use super::*;

/// A token's kind and payload.
#[derive(Debug, Clone, PartialEq)]
pub enum Tok<'a> {
    /// Single-quoted or plain double-quoted text (escapes already processed).
    Str(Cow<'a, str>),
    /// A bare word that is not a valid name (`foo-bar`, `_x`).
    Word(Cow<'a, str>),
    /// A lowercase (possibly qualified) name.
    Name(Cow<'a, str>),
    /// A capitalized (possibly qualified) name.
    ClassRef(Cow<'a, str>),
    /// `$name` without the `$`.
    Variable(Cow<'a, str>),
    /// A number as written.
    Number(Cow<'a, str>),
    /// A regex without its slashes, `\/` unescaped.
    Regex(Cow<'a, str>),
    /// Text before the first interpolation of a string.
    DqPre(Cow<'a, str>),
    /// Text between two interpolations.
    DqMid(Cow<'a, str>),
    /// Text after the last interpolation.
    DqPost(Cow<'a, str>),
    /// `@(TAG:syntax/escapes)`: the syntax; the text tokens follow.
    Heredoc(Cow<'a, str>),
    LBrack,
    ListStart,
    RBrack,
    LBrace,
    SelBrace,
    RBrace,
    LParen,
    WsLParen,
    RParen,
    Equals,
    Appends,
    Deletes,
    IsEqual,
    NotEqual,
    Match,
    NoMatch,
    GreaterEqual,
    GreaterThan,
    LessEqual,
    LessThan,
    FArrow,
    PArrow,
    LShift,
    LLCollect,
    LCollect,
    RShift,
    RRCollect,
    RCollect,
    Plus,
    Minus,
    Div,
    Times,
    Modulo,
    Not,
    Dot,
    Pipe,
    At,
    AtAt,
    Colon,
    Comma,
    Semic,
    QMark,
    Tilde,
    InEdge,
    InEdgeSub,
    OutEdge,
    OutEdgeSub,
    // keywords
    Case,
    Class,
    Default,
    Define,
    If,
    Elsif,
    Else,
    Inherits,
    Node,
    And,
    Or,
    Undef,
    Boolean(bool),
    In,
    Unless,
    Function,
    Type,
    Attr,
    Private,
    /// A character no token starts with.
    Other(char),
    /// The place of a token that could not be lexed; [`Lexed::error`] says why.
    LexError,
    Eof,
}

impl<'a> Tok<'a> {
    /// The keyword token for a name, if it is one.
    pub fn keyword(name: &str) -> Option<Tok<'static>> {
        // Most names are not keywords: rule them out cheaply.
        if name.len() < 2
            || name.len() > 8
            || !matches!(
                name.as_bytes()[0],
                b'a' | b'c' | b'd' | b'e' | b'f' | b'i' | b'n' | b'o' | b'p' | b't' | b'u'
            )
        {
            return None;
        }
        Some(match name {
            "case" => Tok::Case,
            "class" => Tok::Class,
            "default" => Tok::Default,
            "define" => Tok::Define,
            "if" => Tok::If,
            "elsif" => Tok::Elsif,
            "else" => Tok::Else,
            "inherits" => Tok::Inherits,
            "node" => Tok::Node,
            "and" => Tok::And,
            "or" => Tok::Or,
            "undef" => Tok::Undef,
            "false" => Tok::Boolean(false),
            "true" => Tok::Boolean(true),
            "in" => Tok::In,
            "unless" => Tok::Unless,
            "function" => Tok::Function,
            "type" => Tok::Type,
            "attr" => Tok::Attr,
            "private" => Tok::Private,
            _ => return None,
        })
    }

    /// The keyword's text, when the token is a keyword.
    pub(crate) fn keyword_text(&self) -> Option<&'static str> {
        Some(match self {
            Tok::Case => "case",
            Tok::Class => "class",
            Tok::Default => "default",
            Tok::Define => "define",
            Tok::If => "if",
            Tok::Elsif => "elsif",
            Tok::Else => "else",
            Tok::Inherits => "inherits",
            Tok::Node => "node",
            Tok::And => "and",
            Tok::Or => "or",
            Tok::Undef => "undef",
            Tok::Boolean(true) => "true",
            Tok::Boolean(false) => "false",
            Tok::In => "in",
            Tok::Unless => "unless",
            Tok::Function => "function",
            Tok::Type => "type",
            Tok::Attr => "attr",
            Tok::Private => "private",
            _ => return None,
        })
    }

    /// The token's value as Puppet shows it in "Syntax error at '...'".
    pub(crate) fn value_text(&self) -> String {
        match self {
            Tok::Str(s)
            | Tok::Word(s)
            | Tok::Name(s)
            | Tok::ClassRef(s)
            | Tok::Variable(s)
            | Tok::Number(s)
            | Tok::DqPre(s)
            | Tok::DqMid(s)
            | Tok::DqPost(s)
            | Tok::Heredoc(s) => s.to_string(),
            Tok::Regex(s) => format!("(?-mix:{})", escape_slashes(s)),
            // Puppet's unrecognized-character token has an empty value.
            Tok::Other(_) | Tok::Eof | Tok::LexError => String::new(),
            other => other
                .keyword_text()
                .unwrap_or_else(|| other.punct_text())
                .to_string(),
        }
    }

    fn punct_text(&self) -> &'static str {
        match self {
            Tok::LBrack | Tok::ListStart => "[",
            Tok::RBrack => "]",
            Tok::LBrace | Tok::SelBrace => "{",
            Tok::RBrace => "}",
            Tok::LParen | Tok::WsLParen => "(",
            Tok::RParen => ")",
            Tok::Equals => "=",
            Tok::Appends => "+=",
            Tok::Deletes => "-=",
            Tok::IsEqual => "==",
            Tok::NotEqual => "!=",
            Tok::Match => "=~",
            Tok::NoMatch => "!~",
            Tok::GreaterEqual => ">=",
            Tok::GreaterThan => ">",
            Tok::LessEqual => "<=",
            Tok::LessThan => "<",
            Tok::FArrow => "=>",
            Tok::PArrow => "+>",
            Tok::LShift => "<<",
            Tok::LLCollect => "<<|",
            Tok::LCollect => "<|",
            Tok::RShift => ">>",
            Tok::RRCollect => "|>>",
            Tok::RCollect => "|>",
            Tok::Plus => "+",
            Tok::Minus => "-",
            Tok::Div => "/",
            Tok::Times => "*",
            Tok::Modulo => "%",
            Tok::Not => "!",
            Tok::Dot => ".",
            Tok::Pipe => "|",
            Tok::At => "@",
            Tok::AtAt => "@@",
            Tok::Colon => ":",
            Tok::Comma => ",",
            Tok::Semic => ";",
            Tok::QMark => "?",
            Tok::Tilde => "~",
            Tok::InEdge => "->",
            Tok::InEdgeSub => "~>",
            Tok::OutEdge => "<-",
            Tok::OutEdgeSub => "<~",
            _ => "",
        }
    }

    /// The same token owning its text.
    pub fn into_owned(self) -> Tok<'static> {
        fn o(s: Cow<'_, str>) -> Cow<'static, str> {
            Cow::Owned(s.into_owned())
        }
        match self {
            Tok::Str(s) => Tok::Str(o(s)),
            Tok::Word(s) => Tok::Word(o(s)),
            Tok::Name(s) => Tok::Name(o(s)),
            Tok::ClassRef(s) => Tok::ClassRef(o(s)),
            Tok::Variable(s) => Tok::Variable(o(s)),
            Tok::Number(s) => Tok::Number(o(s)),
            Tok::Regex(s) => Tok::Regex(o(s)),
            Tok::DqPre(s) => Tok::DqPre(o(s)),
            Tok::DqMid(s) => Tok::DqMid(o(s)),
            Tok::DqPost(s) => Tok::DqPost(o(s)),
            Tok::Heredoc(s) => Tok::Heredoc(o(s)),
            Tok::LBrack => Tok::LBrack,
            Tok::ListStart => Tok::ListStart,
            Tok::RBrack => Tok::RBrack,
            Tok::LBrace => Tok::LBrace,
            Tok::SelBrace => Tok::SelBrace,
            Tok::RBrace => Tok::RBrace,
            Tok::LParen => Tok::LParen,
            Tok::WsLParen => Tok::WsLParen,
            Tok::RParen => Tok::RParen,
            Tok::Equals => Tok::Equals,
            Tok::Appends => Tok::Appends,
            Tok::Deletes => Tok::Deletes,
            Tok::IsEqual => Tok::IsEqual,
            Tok::NotEqual => Tok::NotEqual,
            Tok::Match => Tok::Match,
            Tok::NoMatch => Tok::NoMatch,
            Tok::GreaterEqual => Tok::GreaterEqual,
            Tok::GreaterThan => Tok::GreaterThan,
            Tok::LessEqual => Tok::LessEqual,
            Tok::LessThan => Tok::LessThan,
            Tok::FArrow => Tok::FArrow,
            Tok::PArrow => Tok::PArrow,
            Tok::LShift => Tok::LShift,
            Tok::LLCollect => Tok::LLCollect,
            Tok::LCollect => Tok::LCollect,
            Tok::RShift => Tok::RShift,
            Tok::RRCollect => Tok::RRCollect,
            Tok::RCollect => Tok::RCollect,
            Tok::Plus => Tok::Plus,
            Tok::Minus => Tok::Minus,
            Tok::Div => Tok::Div,
            Tok::Times => Tok::Times,
            Tok::Modulo => Tok::Modulo,
            Tok::Not => Tok::Not,
            Tok::Dot => Tok::Dot,
            Tok::Pipe => Tok::Pipe,
            Tok::At => Tok::At,
            Tok::AtAt => Tok::AtAt,
            Tok::Colon => Tok::Colon,
            Tok::Comma => Tok::Comma,
            Tok::Semic => Tok::Semic,
            Tok::QMark => Tok::QMark,
            Tok::Tilde => Tok::Tilde,
            Tok::InEdge => Tok::InEdge,
            Tok::InEdgeSub => Tok::InEdgeSub,
            Tok::OutEdge => Tok::OutEdge,
            Tok::OutEdgeSub => Tok::OutEdgeSub,
            Tok::Case => Tok::Case,
            Tok::Class => Tok::Class,
            Tok::Default => Tok::Default,
            Tok::Define => Tok::Define,
            Tok::If => Tok::If,
            Tok::Elsif => Tok::Elsif,
            Tok::Else => Tok::Else,
            Tok::Inherits => Tok::Inherits,
            Tok::Node => Tok::Node,
            Tok::And => Tok::And,
            Tok::Or => Tok::Or,
            Tok::Undef => Tok::Undef,
            Tok::Boolean(b) => Tok::Boolean(b),
            Tok::In => Tok::In,
            Tok::Unless => Tok::Unless,
            Tok::Function => Tok::Function,
            Tok::Type => Tok::Type,
            Tok::Attr => Tok::Attr,
            Tok::Private => Tok::Private,
            Tok::Other(c) => Tok::Other(c),
            Tok::LexError => Tok::LexError,
            Tok::Eof => Tok::Eof,
        }
    }
}
