//! A syntax check of regular expressions as Ruby compiles them: Puppet's lexer
//! turns every regex literal into a Ruby `Regexp`, and a pattern Ruby rejects
//! (`/[a-/`, `/(x/`, `/*/` ...) makes the whole manifest invalid.
//!
//! This follows Ruby's two steps: its escape preprocessing (`\x`, `\u`, `\M-`
//! ...) and the Onigmo parser with Ruby's syntax (groups, classes, repeats,
//! back-references, look-behind restrictions). It only decides validity and
//! reports Ruby's message; it builds no matcher.

mod char_class;
mod checks;
mod escapes;
mod names;
#[cfg(test)]
mod tests;
mod tokens;

use escapes::*;
use names::*;

/// The deepest group/class nesting checked (Onigmo's own limit is 4096).
const MAX_NEST: u32 = 4096;
/// Onigmo's largest repeat count.
const MAX_REPEAT: u64 = 100_000;
/// Onigmo's largest back-reference number.
const MAX_BACKREF: u64 = 1000;

/// Checks a pattern; the error is Ruby's message (without the `: /re/` suffix).
pub fn check(pattern: &str) -> Result<(), String> {
    preprocess(pattern.as_bytes())?;
    let mut p = Parser {
        s: pattern.as_bytes(),
        pos: 0,
        extend: false,
        depth: 0,
        num_mem: 0,
        num_named: 0,
        names: Vec::new(),
        numbered_refs: false,
        backrefs: Vec::new(),
        calls: Vec::new(),
    };
    let tree = p.parse_regexp()?;
    p.compile_checks(&tree)
}

fn err<T>(msg: &str) -> Result<T, String> {
    Err(msg.to_string())
}

// ----- Onigmo's parser with Ruby's syntax

/// What the look-behind and compile checks need to know about a pattern.
#[derive(Debug)]
enum Node {
    Empty,
    /// Literal text, `n` characters.
    Str(u32),
    /// One character: a class, `.`, `\d` ...
    One,
    /// `^`, `$`, `\b`, `\A` ... (allowed in look-behind).
    Anchor,
    /// `\K`, `\R`, `\X` (not of fixed length / not allowed in look-behind).
    Special,
    Backref,
    Call,
    List(Vec<Node>),
    Alt(Vec<Node>),
    Quant {
        lower: u64,
        upper: Option<u64>,
        inner: Box<Node>,
    },
    Group {
        kind: GroupKind,
        inner: Box<Node>,
    },
    Look {
        behind: bool,
        not: bool,
        inner: Box<Node>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum GroupKind {
    Capture,
    Option,
    Atomic,
    Absent,
    Condition,
}

/// A token of the pattern (Onigmo's `fetch_token`).
#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Eot,
    Alt,
    Open,
    Close,
    /// `*`, `+`, `?`, `{n,m}`.
    Repeat {
        lower: u64,
        upper: Option<u64>,
    },
    /// A literal character.
    Char,
    /// An escape that is one character wide (`\d`, `\p{..}`, `\x41` ...).
    One,
    Anchor,
    Special,
    Backref,
    Call,
    ClassOpen,
}

struct Parser<'s> {
    s: &'s [u8],
    pos: usize,
    extend: bool,
    depth: u32,
    num_mem: u64,
    num_named: u64,
    names: Vec<Vec<u8>>,
    /// A back-reference or call by number was seen.
    numbered_refs: bool,
    /// Numbered back-references, checked against the group count at the end.
    backrefs: Vec<u64>,
    /// Subexpression calls: by number or by name.
    calls: Vec<Result<u64, Vec<u8>>>,
}

impl<'s> Parser<'s> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }

    fn peek_is(&self, c: u8) -> bool {
        self.peek() == Some(c)
    }

    fn at_end(&self) -> bool {
        self.pos >= self.s.len()
    }

    /// The code point at `pos` and its byte length.
    fn code_at(&self, pos: usize) -> (u32, usize) {
        let b = self.s[pos];
        if b < 0x80 {
            return (u32::from(b), 1);
        }
        let len = match b {
            0xc0..=0xdf => 2,
            0xe0..=0xef => 3,
            _ => 4,
        };
        let end = (pos + len).min(self.s.len());
        let ch = std::str::from_utf8(&self.s[pos..end])
            .ok()
            .and_then(|t| t.chars().next())
            .map(u32::from)
            .unwrap_or(u32::from(b));
        (ch, end - pos)
    }

    fn enter(&mut self) -> Result<(), String> {
        self.depth += 1;
        if self.depth > MAX_NEST {
            return err("parse depth limit over");
        }
        Ok(())
    }

    fn parse_regexp(&mut self) -> Result<Node, String> {
        let tok = self.fetch_token()?;
        let (node, _) = self.parse_subexp(tok, false)?;
        Ok(node)
    }

    /// Alternatives up to the end (or `)` when `in_group`); returns the node
    /// and the terminating token.
    fn parse_subexp(&mut self, tok: Tok, in_group: bool) -> Result<(Node, Tok), String> {
        self.enter()?;
        let (first, mut tok) = self.parse_branch(tok, in_group)?;
        let mut alts = vec![first];
        while tok == Tok::Alt {
            let next = self.fetch_token()?;
            let (branch, t) = self.parse_branch(next, in_group)?;
            alts.push(branch);
            tok = t;
        }
        let done = if in_group {
            tok == Tok::Close
        } else {
            tok == Tok::Eot
        };
        if !done {
            return err("end pattern with unmatched parenthesis");
        }
        self.depth -= 1;
        let node = if alts.len() == 1 {
            alts.pop().unwrap_or(Node::Empty)
        } else {
            Node::Alt(alts)
        };
        Ok((node, tok))
    }

    fn parse_branch(&mut self, tok: Tok, in_group: bool) -> Result<(Node, Tok), String> {
        let mut items = Vec::new();
        let mut tok = tok;
        loop {
            let is_term = tok == Tok::Eot || tok == Tok::Alt || (in_group && tok == Tok::Close);
            if is_term {
                if items.is_empty() {
                    items.push(Node::Empty);
                }
                break;
            }
            let (node, next) = self.parse_exp(tok, in_group)?;
            items.push(node);
            tok = next;
        }
        let node = if items.len() == 1 {
            items.pop().unwrap_or(Node::Empty)
        } else {
            Node::List(items)
        };
        Ok((node, tok))
    }

    /// One atom and its quantifiers (Onigmo's `parse_exp`).
    fn parse_exp(&mut self, tok: Tok, in_group: bool) -> Result<(Node, Tok), String> {
        let mut node = match tok {
            Tok::Close => return err("unmatched close parenthesis"),
            Tok::Repeat { .. } => return err("target of repeat operator is not specified"),
            Tok::Open => match self.parse_enclose()? {
                Enclosed::Node(n) => n,
                Enclosed::OptionOnly => {
                    // `(?i)` applies to the rest of the enclosing group.
                    let next = self.fetch_token()?;
                    let saved = self.extend;
                    let (rest, t) = self.parse_subexp(next, in_group)?;
                    self.extend = saved;
                    let node = Node::Group {
                        kind: GroupKind::Option,
                        inner: Box::new(rest),
                    };
                    return Ok((node, t));
                }
            },
            Tok::Char => {
                // Consecutive characters form one string; a repeat applies to
                // the last character only.
                let mut len = 1;
                loop {
                    let t = self.fetch_token()?;
                    if t == Tok::Char {
                        len += 1;
                        continue;
                    }
                    if matches!(t, Tok::Repeat { .. }) && len > 1 {
                        let (quant, next) = self.quantifiers(Node::Str(1), t)?;
                        return Ok((Node::List(vec![Node::Str(len - 1), quant]), next));
                    }
                    return self.quantifiers(Node::Str(len), t);
                }
            }
            Tok::One => Node::One,
            Tok::ClassOpen => {
                self.parse_char_class()?;
                Node::One
            }
            Tok::Anchor => Node::Anchor,
            Tok::Special => Node::Special,
            Tok::Backref => Node::Backref,
            Tok::Call => Node::Call,
            Tok::Eot | Tok::Alt => Node::Empty,
        };
        let next = self.fetch_token()?;
        if matches!(next, Tok::Repeat { .. }) {
            return self.quantifiers(node, next);
        }
        if let Node::Group { .. } = node {
            node = node_or_group(node);
        }
        Ok((node, next))
    }

    fn quantifiers(&mut self, mut node: Node, mut tok: Tok) -> Result<(Node, Tok), String> {
        while let Tok::Repeat { lower, upper } = tok {
            self.enter()?;
            node = Node::Quant {
                lower,
                upper,
                inner: Box::new(node),
            };
            tok = self.fetch_token()?;
        }
        Ok((node, tok))
    }

    /// After `(`: a group of some kind (Onigmo's `parse_enclose`).
    fn parse_enclose(&mut self) -> Result<Enclosed, String> {
        if self.at_end() {
            return err("end pattern with unmatched parenthesis");
        }
        if !self.peek_is(b'?') {
            self.num_mem += 1;
            return self.group_body(GroupKind::Capture).map(Enclosed::Node);
        }
        self.pos += 1;
        let Some(c) = self.peek() else {
            return err("end pattern in group");
        };
        self.pos += 1;
        match c {
            b':' => self.group_body(GroupKind::Option).map(Enclosed::Node),
            b'=' | b'!' => self.look(false, c == b'!').map(Enclosed::Node),
            b'>' => self.group_body(GroupKind::Atomic).map(Enclosed::Node),
            b'~' => self.group_body(GroupKind::Absent).map(Enclosed::Node),
            b'\'' => self.named_group(b'\'').map(Enclosed::Node),
            b'<' => {
                let Some(c2) = self.peek() else {
                    return err("end pattern with unmatched parenthesis");
                };
                match c2 {
                    b'=' | b'!' => {
                        self.pos += 1;
                        self.look(true, c2 == b'!').map(Enclosed::Node)
                    }
                    _ => self.named_group(b'<').map(Enclosed::Node),
                }
            }
            b'(' => self.condition().map(Enclosed::Node),
            b'-' | b'i' | b'm' | b'x' | b'a' | b'd' | b'u' => self.options(c),
            _ => err("undefined group option"),
        }
    }

    /// `(?imx-imx)` or `(?imx-imx:...)` from its first option letter.
    fn options(&mut self, first: u8) -> Result<Enclosed, String> {
        let mut c = first;
        let mut neg = false;
        let mut extend = self.extend;
        loop {
            match c {
                b':' | b')' => {}
                b'-' => neg = true,
                b'x' => extend = !neg,
                b'i' | b'm' => {}
                b'a' | b'd' | b'u' if !neg => {}
                _ => return err("undefined group option"),
            }
            if c == b')' {
                self.extend = extend;
                return Ok(Enclosed::OptionOnly);
            }
            if c == b':' {
                let saved = self.extend;
                self.extend = extend;
                let tok = self.fetch_token()?;
                let result = self.parse_subexp(tok, true);
                self.extend = saved;
                let (inner, _) = result?;
                return Ok(Enclosed::Node(Node::Group {
                    kind: GroupKind::Option,
                    inner: Box::new(inner),
                }));
            }
            let Some(next) = self.peek() else {
                return err("end pattern in group");
            };
            self.pos += 1;
            c = next;
        }
    }

    fn group_body(&mut self, kind: GroupKind) -> Result<Node, String> {
        let tok = self.fetch_token()?;
        let (inner, _) = self.parse_subexp(tok, true)?;
        Ok(Node::Group {
            kind,
            inner: Box::new(inner),
        })
    }

    fn look(&mut self, behind: bool, not: bool) -> Result<Node, String> {
        let tok = self.fetch_token()?;
        let (inner, _) = self.parse_subexp(tok, true)?;
        Ok(Node::Look {
            behind,
            not,
            inner: Box::new(inner),
        })
    }

    fn named_group(&mut self, open: u8) -> Result<Node, String> {
        let name = self.fetch_name(open, false)?;
        match name {
            Name::Text(n) => {
                self.num_mem += 1;
                self.num_named += 1;
                self.names.push(n);
            }
            Name::Number(_) => return err("invalid group name"),
        }
        self.group_body(GroupKind::Capture)
    }

    /// `(?(cond)yes|no)`.
    fn condition(&mut self) -> Result<Node, String> {
        let Some(c) = self.peek() else {
            return err("undefined group option");
        };
        if c.is_ascii_digit() {
            match self.fetch_name(b'(', true)? {
                Name::Number(n) => {
                    self.numbered_refs = true;
                    if n > 0 {
                        self.backrefs.push(n as u64);
                    }
                }
                Name::Text(_) => return err("invalid conditional pattern"),
            }
        } else if c == b'<' || c == b'\'' {
            self.pos += 1;
            self.named_backref(c)?;
            if !self.peek_is(b')') {
                return err("undefined group option");
            }
            self.pos += 1;
        } else {
            return err("invalid conditional pattern");
        }
        self.group_body(GroupKind::Condition)
    }
}

/// A `(?:...)` group is its content; keep other groups.
fn node_or_group(node: Node) -> Node {
    match node {
        Node::Group {
            kind: GroupKind::Option,
            inner,
        } => *inner,
        other => other,
    }
}

enum Enclosed {
    Node(Node),
    /// `(?imx)`: options for the rest of the group.
    OptionOnly,
}
