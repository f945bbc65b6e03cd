//! A syntax check of regular expressions as Ruby compiles them: Puppet's lexer
//! turns every regex literal into a Ruby `Regexp`, and a pattern Ruby rejects
//! (`/[a-/`, `/(x/`, `/*/` ...) makes the whole manifest invalid.
//!
//! This follows Ruby's two steps: its escape preprocessing (`\x`, `\u`, `\M-`
//! ...) and the Onigmo parser with Ruby's syntax (groups, classes, repeats,
//! back-references, look-behind restrictions). It only decides validity and
//! reports Ruby's message; it builds no matcher.

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

// ----- Ruby's escape preprocessing (re.c `unescape_nonascii`)

fn preprocess(s: &[u8]) -> Result<(), String> {
    let mut p = 0;
    while p < s.len() {
        if s[p] != b'\\' {
            p += 1;
            continue;
        }
        p += 1;
        let Some(&c) = s.get(p) else {
            return err("too short escape sequence");
        };
        p += 1;
        match c {
            b'1'..=b'7' => {
                let (v, _) = scan_oct(&s[p - 1..], 3);
                if v > 0o177 {
                    p = escaped_char(s, p - 2)?;
                }
            }
            b'0' | b'x' | b'c' | b'C' | b'M' => p = escaped_char(s, p - 2)?,
            b'u' => {
                if p >= s.len() {
                    return err("too short escape sequence");
                }
                if s[p] == b'{' {
                    p = unicode_list(s, p + 1)?;
                    if s.get(p) != Some(&b'}') {
                        return err("invalid Unicode list");
                    }
                    p += 1;
                } else {
                    let n = s[p..]
                        .iter()
                        .take(4)
                        .take_while(|c| c.is_ascii_hexdigit())
                        .count();
                    if n < 4 {
                        return err("invalid Unicode escape");
                    }
                    let v = hex_value(&s[p..p + 4]);
                    if (0xd800..=0xdfff).contains(&v) {
                        return err("invalid Unicode range");
                    }
                    p += 4;
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// `\u{H HH ...}` after the brace: returns the position of the closing brace.
fn unicode_list(s: &[u8], mut p: usize) -> Result<usize, String> {
    let mut count = 0;
    loop {
        while matches!(s.get(p), Some(b' ' | b'\t')) {
            p += 1;
        }
        let n = s[p.min(s.len())..]
            .iter()
            .take_while(|c| c.is_ascii_hexdigit())
            .count();
        if n == 0 {
            break;
        }
        if n > 6 {
            return err("invalid Unicode range");
        }
        let v = hex_value(&s[p..p + n]);
        if v > 0x10ffff || (0xd800..=0xdfff).contains(&v) {
            return err("invalid Unicode range");
        }
        p += n;
        count += 1;
    }
    if count == 0 {
        return err("invalid Unicode list");
    }
    Ok(p)
}

/// An escaped byte sequence (`\xHH`, `\0`, `\M-x` ...) at `p` (the backslash)
/// that Ruby turns into a character; returns the position after it.
fn escaped_char(s: &[u8], p: usize) -> Result<usize, String> {
    let (first, mut p) = escaped_byte(s, p)?;
    let needed = match first {
        0x00..=0x7f => return Ok(p),
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return err("invalid multibyte escape"),
    };
    let mut bytes = vec![first as u8];
    while bytes.len() < needed {
        if s.get(p) != Some(&b'\\') {
            return err("too short escaped multibyte character");
        }
        let (b, next) = escaped_byte(s, p)?;
        bytes.push(b as u8);
        p = next;
        if std::str::from_utf8(&bytes).is_err() && !utf8_prefix(&bytes) {
            return err("invalid multibyte escape");
        }
    }
    if std::str::from_utf8(&bytes).is_err() {
        return err("invalid multibyte escape");
    }
    Ok(p)
}

/// Whether bytes could still become valid UTF-8 with more continuation bytes.
fn utf8_prefix(b: &[u8]) -> bool {
    b.iter().skip(1).all(|c| (0x80..=0xbf).contains(c))
}

/// Ruby's `read_escaped_byte`: one escaped byte at `p` (a backslash).
fn escaped_byte(s: &[u8], mut p: usize) -> Result<(u32, usize), String> {
    if s.get(p) != Some(&b'\\') {
        return err("too short escaped multibyte character");
    }
    p += 1;
    let mut meta = false;
    let mut ctrl = false;
    let code = loop {
        let Some(&c) = s.get(p) else {
            return err("too short escape sequence");
        };
        p += 1;
        match c {
            b'\\' => break u32::from(b'\\'),
            b'n' => break 10,
            b't' => break 9,
            b'r' => break 13,
            b'f' => break 12,
            b'v' => break 11,
            b'a' => break 7,
            b'e' => break 27,
            b'0'..=b'7' => {
                let (v, n) = scan_oct(&s[p - 1..], 3);
                p += n - 1;
                break v;
            }
            b'x' => {
                let n = s[p..]
                    .iter()
                    .take(2)
                    .take_while(|c| c.is_ascii_hexdigit())
                    .count();
                if n < 1 {
                    return err("invalid hex escape");
                }
                let v = hex_value(&s[p..p + n]);
                p += n;
                break v;
            }
            b'M' => {
                if meta {
                    return err("duplicate meta escape");
                }
                meta = true;
                if p + 1 < s.len() && s[p] == b'-' && s[p + 1] < 0x80 {
                    p += 1;
                    if s[p] == b'\\' {
                        p += 1;
                        continue;
                    }
                    p += 1;
                    break u32::from(s[p - 1]);
                }
                return err("too short meta escape");
            }
            b'C' | b'c' => {
                if c == b'C' {
                    if s.get(p) != Some(&b'-') {
                        return err("too short control escape");
                    }
                    p += 1;
                }
                if ctrl {
                    return err("duplicate control escape");
                }
                ctrl = true;
                if p < s.len() && s[p] < 0x80 {
                    if s[p] == b'\\' {
                        p += 1;
                        continue;
                    }
                    p += 1;
                    break u32::from(s[p - 1]);
                }
                return err("too short control escape");
            }
            _ => return err("unexpected escape sequence"),
        }
    };
    if code > 0xff {
        return err("invalid escape code");
    }
    let mut code = code;
    if ctrl {
        code &= 0x1f;
    }
    if meta {
        code |= 0x80;
    }
    Ok((code, p))
}

fn scan_oct(s: &[u8], max: usize) -> (u32, usize) {
    let mut v = 0;
    let mut n = 0;
    while n < max && n < s.len() && (b'0'..=b'7').contains(&s[n]) {
        v = v * 8 + u32::from(s[n] - b'0');
        n += 1;
    }
    (v, n)
}

fn hex_value(s: &[u8]) -> u32 {
    s.iter().fold(0u32, |v, c| {
        v.wrapping_mul(16) + (*c as char).to_digit(16).unwrap_or(0)
    })
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

    /// A group name or number up to its closing character (Onigmo's
    /// `fetch_name`); `is_ref` allows numbers.
    fn fetch_name(&mut self, open: u8, is_ref: bool) -> Result<Name, String> {
        let close = match open {
            b'<' => b'>',
            b'\'' => b'\'',
            b'(' => b')',
            _ => b'}',
        };
        let start = self.pos;
        let Some(first) = self.peek() else {
            return err("group name is empty");
        };
        if first == close {
            return err("group name is empty");
        }
        let mut is_num = 0; // 1: number, 2: negative number
        let mut problem = None;
        if first.is_ascii_digit() {
            if is_ref {
                is_num = 1;
            } else {
                problem = Some("invalid group name");
            }
        } else if first == b'-' {
            if is_ref {
                is_num = 2;
            } else {
                problem = Some("invalid group name");
            }
        }
        let (_, len) = self.code_at(self.pos);
        self.pos += len;
        let mut name_end = self.s.len();
        let mut last = first;
        if problem.is_none() {
            while !self.at_end() {
                name_end = self.pos;
                let (c, len) = self.code_at(self.pos);
                self.pos += len;
                last = c as u8;
                if c == u32::from(close) || c == u32::from(b')') {
                    if is_num == 2 {
                        problem = Some("invalid group name");
                    }
                    break;
                }
                if is_num != 0 {
                    if (c as u8).is_ascii_digit() && c < 0x80 {
                        is_num = 1;
                    } else {
                        let word =
                            c >= 0x80 || (c as u8).is_ascii_alphanumeric() || c == u32::from(b'_');
                        problem = Some(if word {
                            "invalid group name"
                        } else {
                            "invalid char in group name"
                        });
                        break;
                    }
                }
            }
            if problem.is_none() && (last != close || name_end == self.s.len()) {
                return Err(format!(
                    "invalid group name <{}>",
                    shown_name(&self.s[start..])
                ));
            }
        }
        if let Some(p) = problem {
            // Onigmo skips to the end of the name to show it.
            while !self.at_end() {
                name_end = self.pos;
                let c = self.s[self.pos];
                self.pos += 1;
                if c == close || c == b')' {
                    break;
                }
            }
            if self.at_end() {
                name_end = self.s.len();
            }
            return Err(format!(
                "{p} <{}>",
                shown_name(&self.s[start..name_end.max(start)])
            ));
        }
        let text = &self.s[start..name_end];
        if is_num != 0 {
            let digits = if is_num == 2 { &text[1..] } else { text };
            let n: u64 = std::str::from_utf8(digits)
                .ok()
                .and_then(|d| d.parse().ok())
                .unwrap_or(u64::MAX);
            if n == 0 {
                let shown = String::from_utf8_lossy(text).into_owned();
                return Err(format!("invalid group name <{shown}>"));
            }
            if n > i32::MAX as u64 {
                return err("too big number");
            }
            let n = n as i64;
            return Ok(Name::Number(if is_num == 2 { -n } else { n }));
        }
        Ok(Name::Text(text.to_vec()))
    }

    /// A back-reference name or number that may carry a nesting level
    /// (`\k<name+1>`, `\k<2-1>`; Onigmo's `fetch_name_with_level`).
    fn fetch_name_with_level(&mut self, open: u8) -> Result<Name, String> {
        let close = if open == b'<' { b'>' } else { b'\'' };
        let start = self.pos;
        let Some(first) = self.peek() else {
            return err("group name is empty");
        };
        if first == close {
            return err("group name is empty");
        }
        let (_, len) = self.code_at(self.pos);
        self.pos += len;
        let mut is_num = if first.is_ascii_digit() {
            1
        } else if first == b'-' {
            2
        } else {
            0
        };
        let mut problem = None;
        let mut name_end = self.s.len();
        let mut last = first;
        while !self.at_end() {
            name_end = self.pos;
            let (c, len) = self.code_at(self.pos);
            self.pos += len;
            last = if c < 0x80 { c as u8 } else { 0 };
            if matches!(last, b')' | b'+' | b'-') || last == close {
                if is_num == 2 {
                    problem = Some("invalid group name");
                }
                break;
            }
            if is_num != 0 {
                if last.is_ascii_digit() {
                    is_num = 1;
                } else {
                    problem = Some("invalid group name");
                    is_num = 0;
                }
            }
        }
        if problem.is_none() && last != close {
            let mut bad = true;
            if last == b'+' || last == b'-' {
                let n = self.s[self.pos..]
                    .iter()
                    .take_while(|c| c.is_ascii_digit())
                    .count();
                if self.at_end() {
                    problem = Some("invalid char in group name");
                    bad = false;
                } else if n > 0 {
                    self.pos += n;
                    if self.peek_is(close) {
                        self.pos += 1;
                        bad = false;
                    }
                }
            }
            if bad {
                problem = Some("invalid group name");
                name_end = self.s.len();
            }
        }
        if let Some(p) = problem {
            return Err(format!(
                "{p} <{}>",
                shown_name(&self.s[start..name_end.max(start)])
            ));
        }
        let text = &self.s[start..name_end];
        if is_num != 0 {
            let digits = if is_num == 2 { &text[1..] } else { text };
            let n: u64 = std::str::from_utf8(digits)
                .ok()
                .and_then(|d| d.parse().ok())
                .unwrap_or(u64::MAX);
            if n == 0 {
                return Err(format!(
                    "invalid group name <{}>",
                    shown_name(&self.s[start..])
                ));
            }
            if n > i32::MAX as u64 {
                return err("too big number");
            }
            let n = n as i64;
            return Ok(Name::Number(if is_num == 2 { -n } else { n }));
        }
        Ok(Name::Text(text.to_vec()))
    }

    /// `\k<name>` / `\k<n>` / `(?(<name>)...)` after the opening character.
    fn named_backref(&mut self, open: u8) -> Result<(), String> {
        match self.fetch_name_with_level(open)? {
            Name::Number(n) => {
                self.numbered_refs = true;
                let n = if n < 0 {
                    let abs = self.num_mem as i64 + 1 + n;
                    if abs <= 0 {
                        return err("invalid backref number/name");
                    }
                    abs
                } else {
                    n
                };
                self.backrefs.push(n as u64);
            }
            Name::Text(name) => {
                if !self.names.contains(&name) {
                    return Err(format!(
                        "undefined name <{}> reference",
                        String::from_utf8_lossy(&name)
                    ));
                }
            }
        }
        Ok(())
    }

    /// One token (Onigmo's `fetch_token`).
    fn fetch_token(&mut self) -> Result<Tok, String> {
        loop {
            let Some(c) = self.peek() else {
                return Ok(Tok::Eot);
            };
            let (_, len) = self.code_at(self.pos);
            self.pos += len;
            let tok = match c {
                b'\\' => self.escape()?,
                b'.' => Tok::One,
                b'*' => self.repeat(0, None),
                b'+' => self.repeat(1, None),
                b'?' => self.repeat(0, Some(1)),
                b'{' => match self.interval()? {
                    Some((lower, upper)) => {
                        // `{n}` takes no `?`, only a possessive `+`.
                        if upper == Some(lower) {
                            if self.peek_is(b'+') {
                                self.pos += 1;
                            }
                        } else {
                            self.greedy_suffix();
                        }
                        Tok::Repeat { lower, upper }
                    }
                    None => Tok::Char,
                },
                b'|' => Tok::Alt,
                b'(' => {
                    if self.peek_is(b'?') && self.s.get(self.pos + 1) == Some(&b'#') {
                        // A comment group.
                        self.pos += 2;
                        loop {
                            let Some(ch) = self.peek() else {
                                return err("end pattern in group");
                            };
                            self.pos += 1;
                            if ch == b'\\' {
                                if !self.at_end() {
                                    self.pos += 1;
                                }
                            } else if ch == b')' {
                                break;
                            }
                        }
                        continue;
                    }
                    Tok::Open
                }
                b')' => Tok::Close,
                b'^' | b'$' => Tok::Anchor,
                b'[' => Tok::ClassOpen,
                b'#' if self.extend => {
                    while let Some(ch) = self.peek() {
                        self.pos += 1;
                        if ch == b'\n' {
                            break;
                        }
                    }
                    continue;
                }
                b' ' | b'\t' | b'\n' | b'\r' | 0x0c if self.extend => continue,
                _ => Tok::Char,
            };
            return Ok(tok);
        }
    }

    fn repeat(&mut self, lower: u64, upper: Option<u64>) -> Tok {
        self.greedy_suffix();
        Tok::Repeat { lower, upper }
    }

    /// A `?` (reluctant) or `+` (possessive) after a repeat.
    fn greedy_suffix(&mut self) {
        if self.peek_is(b'?') || self.peek_is(b'+') {
            self.pos += 1;
        }
    }

    /// `{n}`, `{n,}`, `{,m}`, `{n,m}` after the brace; `None` when the brace is
    /// a literal (Ruby allows invalid intervals as text).
    fn interval(&mut self) -> Result<Option<(u64, Option<u64>)>, String> {
        let start = self.pos;
        let number = |p: &mut Parser| -> Result<Option<u64>, String> {
            let n = p.s[p.pos..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .count();
            if n == 0 {
                return Ok(None);
            }
            let v = std::str::from_utf8(&p.s[p.pos..p.pos + n])
                .ok()
                .and_then(|d| d.parse::<u64>().ok())
                .unwrap_or(u64::MAX);
            p.pos += n;
            if v > MAX_REPEAT {
                return err("too big number for repeat range");
            }
            Ok(Some(v))
        };
        if self.at_end() {
            return Ok(None);
        }
        let low = number(self)?;
        let no_low = low.is_none();
        let low = low.unwrap_or(0);
        let invalid = |p: &mut Parser| {
            p.pos = start;
            Ok(None)
        };
        let Some(c) = self.peek() else {
            return invalid(self);
        };
        let up = if c == b',' {
            self.pos += 1;
            match number(self)? {
                Some(u) => Some(u),
                None if no_low => return invalid(self),
                None => None,
            }
        } else {
            if no_low {
                return invalid(self);
            }
            Some(low)
        };
        if !self.peek_is(b'}') {
            return invalid(self);
        }
        self.pos += 1;
        if let Some(u) = up
            && low > u
        {
            return err("upper is smaller than lower in repeat range");
        }
        Ok(Some((low, up)))
    }

    /// After a backslash outside a class.
    fn escape(&mut self) -> Result<Tok, String> {
        let Some(c) = self.peek() else {
            return err("end pattern at escape");
        };
        let (_, len) = self.code_at(self.pos);
        self.pos += len;
        Ok(match c {
            b'*' | b'+' | b'?' | b'{' | b'|' | b'(' | b')' => Tok::Char,
            b'w' | b'W' | b's' | b'S' | b'd' | b'D' | b'h' | b'H' => Tok::One,
            b'b' | b'B' | b'A' | b'Z' | b'z' | b'G' => Tok::Anchor,
            b'x' => {
                self.hex_escape()?;
                Tok::One
            }
            b'o' => {
                self.octal_brace()?;
                Tok::One
            }
            b'1'..=b'9' => {
                let start = self.pos - 1;
                let n = self.s[start..]
                    .iter()
                    .take_while(|c| c.is_ascii_digit())
                    .count();
                let num = std::str::from_utf8(&self.s[start..start + n])
                    .ok()
                    .and_then(|d| d.parse::<u64>().ok())
                    .unwrap_or(u64::MAX);
                if num <= MAX_BACKREF && (num <= self.num_mem || num <= 9) {
                    self.pos = start + n;
                    self.numbered_refs = true;
                    self.backrefs.push(num);
                    Tok::Backref
                } else if c == b'8' || c == b'9' {
                    Tok::Char
                } else {
                    let (_, used) = scan_oct(&self.s[start..], 3);
                    self.pos = start + used;
                    Tok::One
                }
            }
            b'0' => {
                let (_, used) = scan_oct(&self.s[self.pos..], 2);
                self.pos += used;
                Tok::One
            }
            b'k' => {
                if let Some(open @ (b'<' | b'\'')) = self.peek() {
                    self.pos += 1;
                    self.named_backref(open)?;
                    return Ok(Tok::Backref);
                }
                Tok::Char
            }
            b'g' => {
                if let Some(open @ (b'<' | b'\'')) = self.peek() {
                    {
                        self.pos += 1;
                        let close = if open == b'<' { b'>' } else { b'\'' };
                        if self.peek_is(b'0') && self.s.get(self.pos + 1) == Some(&close) {
                            self.pos += 2;
                            return Ok(Tok::Call);
                        }
                        let relative = self.peek_is(b'+');
                        if relative {
                            self.pos += 1;
                        }
                        match self.fetch_name(open, true)? {
                            Name::Number(n) => {
                                self.numbered_refs = true;
                                let n = if n < 0 || relative {
                                    let n = if n > 0 { n - 1 } else { n };
                                    let abs = self.num_mem as i64 + 1 + n;
                                    if abs <= 0 {
                                        return err("invalid backref number/name");
                                    }
                                    abs
                                } else {
                                    n
                                };
                                self.calls.push(Ok(n as u64));
                            }
                            Name::Text(name) => self.calls.push(Err(name)),
                        }
                        return Ok(Tok::Call);
                    }
                }
                Tok::Char
            }
            b'p' | b'P' => {
                if self.peek_is(b'{') {
                    self.pos += 1;
                    if self.peek_is(b'^') {
                        self.pos += 1;
                    }
                    self.property()?;
                    Tok::One
                } else {
                    Tok::Char
                }
            }
            b'R' | b'X' | b'K' => Tok::Special,
            b'u' => Tok::One,
            b'M' | b'C' | b'c' => {
                self.pos -= 1;
                self.escaped_value()?;
                Tok::One
            }
            _ => Tok::Char,
        })
    }

    /// `\x{...}` or `\xHH` after `\x`.
    fn hex_escape(&mut self) -> Result<(), String> {
        if self.peek_is(b'{') {
            let save = self.pos;
            self.pos += 1;
            let n = self.s[self.pos..]
                .iter()
                .take_while(|c| c.is_ascii_hexdigit())
                .count();
            if n > 8 {
                return err("too long wide-char value");
            }
            self.pos += n;
            if n > 0 && self.peek_is(b'}') {
                self.pos += 1;
            } else {
                self.pos = save;
            }
        } else {
            let n = self.s[self.pos..]
                .iter()
                .take(2)
                .take_while(|c| c.is_ascii_hexdigit())
                .count();
            self.pos += n;
        }
        Ok(())
    }

    /// `\o{...}` after `\o`.
    fn octal_brace(&mut self) -> Result<(), String> {
        if self.peek_is(b'{') {
            let save = self.pos;
            self.pos += 1;
            let n = self.s[self.pos..]
                .iter()
                .take_while(|c| (b'0'..=b'7').contains(c))
                .count();
            if n > 11 {
                return err("too long wide-char value");
            }
            self.pos += n;
            if n > 0 && self.peek_is(b'}') {
                self.pos += 1;
            } else {
                self.pos = save;
            }
        }
        Ok(())
    }

    /// `\M-x`, `\C-x`, `\cx` (Onigmo's `fetch_escaped_value`), at the letter.
    fn escaped_value(&mut self) -> Result<(), String> {
        let Some(c) = self.peek() else {
            return err("end pattern at escape");
        };
        self.pos += 1;
        match c {
            b'M' => {
                if self.at_end() {
                    return err("end pattern at meta");
                }
                if !self.peek_is(b'-') {
                    return err("invalid meta-code syntax");
                }
                self.pos += 1;
                if self.at_end() {
                    return err("end pattern at meta");
                }
                let c2 = self.s[self.pos];
                self.pos += 1;
                if c2 == b'\\' {
                    self.escaped_value()?;
                }
            }
            b'C' | b'c' => {
                if c == b'C' {
                    if self.at_end() {
                        return err("end pattern at control");
                    }
                    if !self.peek_is(b'-') {
                        return err("invalid control-code syntax");
                    }
                    self.pos += 1;
                }
                if self.at_end() {
                    return err("end pattern at control");
                }
                let c2 = self.s[self.pos];
                self.pos += 1;
                if c2 == b'\\' {
                    self.escaped_value()?;
                }
            }
            _ => {
                let (_, len) = self.code_at(self.pos - 1);
                self.pos += len - 1;
            }
        }
        Ok(())
    }

    /// A property name after `\p{` (and an optional `^`), up to `}` (Onigmo's
    /// `fetch_char_property_to_ctype`).
    fn property(&mut self) -> Result<(), String> {
        let start = self.pos;
        let mut prev = start;
        while !self.at_end() {
            prev = self.pos;
            let (c, len) = self.code_at(self.pos);
            self.pos += len;
            if c == u32::from(b'}') {
                if property_name_ok(&self.s[start..prev]) {
                    return Ok(());
                }
                break;
            }
            if matches!(c, 0x28 | 0x29 | 0x7b | 0x7c) {
                break;
            }
        }
        Err(format!(
            "invalid character property name {{{}}}",
            shown_name(&self.s[start..prev])
        ))
    }

    /// A character class after `[` (Onigmo's `parse_char_class`).
    fn parse_char_class(&mut self) -> Result<(), String> {
        self.enter()?;
        #[derive(PartialEq, Clone, Copy)]
        enum State {
            Start,
            Value,
            Range,
            Complete,
        }
        let mut tok = self.fetch_cc_token()?;
        if tok == CcTok::Char(u32::from(b'^')) {
            tok = self.fetch_cc_token()?;
        }
        if tok == CcTok::Close {
            if !self.close_bracket_follows() {
                return err("empty char-class");
            }
            tok = CcTok::Char(u32::from(b']'));
        }
        let mut state = State::Start;
        // The pending value: a character (Some) or a class (None).
        let mut value: Option<u32> = None;
        // Consumes a character value (Onigmo's `next_state_val`).
        let val = |state: &mut State, value: &mut Option<u32>, v: u32| -> Result<(), String> {
            match *state {
                State::Range => {
                    if let Some(from) = *value
                        && from > v
                    {
                        return err("empty range in char class");
                    }
                    *state = State::Complete;
                }
                State::Start | State::Complete => *state = State::Value,
                State::Value => {}
            }
            *value = Some(v);
            Ok(())
        };
        // Consumes a class value (Onigmo's `next_state_class`).
        let class = |state: &mut State, value: &mut Option<u32>| -> Result<(), String> {
            if *state == State::Range {
                return err("char-class value at end of range");
            }
            *state = State::Value;
            *value = None;
            Ok(())
        };
        loop {
            let mut fetched = None;
            match tok {
                CcTok::Close => break,
                CcTok::Eot => return err("premature end of char-class"),
                CcTok::Char(v) => val(&mut state, &mut value, v)?,
                CcTok::Class => class(&mut state, &mut value)?,
                CcTok::Posix(start) => {
                    if !self.posix_bracket()? {
                        // Not a POSIX bracket: a literal `[`.
                        self.pos = start;
                        val(&mut state, &mut value, u32::from(b'['))?;
                    } else {
                        class(&mut state, &mut value)?;
                    }
                }
                CcTok::Range => match state {
                    State::Value => {
                        let t = self.fetch_cc_token()?;
                        if matches!(t, CcTok::Close | CcTok::And) {
                            val(&mut state, &mut value, u32::from(b'-'))?;
                        } else if value.is_none() {
                            return err("unmatched range specifier in char-class");
                        } else {
                            state = State::Range;
                        }
                        fetched = Some(t);
                    }
                    State::Start => {
                        let t = self.fetch_cc_token()?;
                        val(&mut state, &mut value, u32::from(b'-'))?;
                        fetched = Some(t);
                    }
                    State::Range => val(&mut state, &mut value, u32::from(b'-'))?,
                    State::Complete => {
                        let t = self.fetch_cc_token()?;
                        // `[a-b-]`, `[0-9-a]`: the `-` is a character.
                        val(&mut state, &mut value, u32::from(b'-'))?;
                        fetched = Some(t);
                    }
                },
                CcTok::Open => {
                    self.parse_char_class()?;
                }
                CcTok::And => {
                    state = State::Start;
                    value = None;
                }
            }
            tok = match fetched {
                Some(t) => t,
                None => self.fetch_cc_token()?,
            };
        }
        self.depth -= 1;
        Ok(())
    }

    /// Whether an unescaped `]` follows (Onigmo's `code_exist_check`).
    fn close_bracket_follows(&self) -> bool {
        let mut p = self.pos;
        let mut escaped = false;
        while p < self.s.len() {
            if escaped {
                escaped = false;
            } else if self.s[p] == b']' {
                return true;
            } else if self.s[p] == b'\\' {
                escaped = true;
            }
            p += 1;
        }
        false
    }

    /// `[:name:]` after `[:`: true when it is one, false when `[` is literal.
    fn posix_bracket(&mut self) -> Result<bool, String> {
        const NAMES: [&[u8]; 14] = [
            b"alnum", b"alpha", b"blank", b"cntrl", b"digit", b"graph", b"lower", b"print",
            b"punct", b"space", b"upper", b"xdigit", b"ascii", b"word",
        ];
        if self.peek_is(b'^') {
            self.pos += 1;
        }
        let rest = &self.s[self.pos..];
        if rest.len() >= 4 + 3 {
            for name in NAMES {
                if rest.starts_with(name) {
                    if !rest[name.len()..].starts_with(b":]") {
                        return err("invalid POSIX bracket type");
                    }
                    self.pos += name.len() + 2;
                    return Ok(true);
                }
            }
        }
        // Not a known name: an error only if it still looks like `[:...:]`.
        let mut i = 0;
        let mut c = 0;
        while let Some(&ch) = rest.get(i) {
            c = ch;
            if ch == b':' || ch == b']' {
                break;
            }
            i += 1;
            if i > 20 {
                break;
            }
        }
        if c == b':' && i < rest.len() && rest.get(i + 1) == Some(&b']') {
            return err("invalid POSIX bracket type");
        }
        Ok(false)
    }

    /// One token inside a class (Onigmo's `fetch_token_in_cc`).
    fn fetch_cc_token(&mut self) -> Result<CcTok, String> {
        let Some(c) = self.peek() else {
            return Ok(CcTok::Eot);
        };
        let (code, len) = self.code_at(self.pos);
        self.pos += len;
        Ok(match c {
            b']' => CcTok::Close,
            b'-' => CcTok::Range,
            b'\\' => {
                let Some(e) = self.peek() else {
                    return err("end pattern at escape");
                };
                let (ecode, elen) = self.code_at(self.pos);
                self.pos += elen;
                match e {
                    b'w' | b'W' | b'd' | b'D' | b's' | b'S' | b'h' | b'H' => CcTok::Class,
                    b'p' | b'P' => {
                        if self.peek_is(b'{') {
                            self.pos += 1;
                            if self.peek_is(b'^') {
                                self.pos += 1;
                            }
                            self.property()?;
                            CcTok::Class
                        } else {
                            CcTok::Char(ecode)
                        }
                    }
                    b'x' => {
                        let start = self.pos;
                        self.hex_escape()?;
                        let digits: Vec<u8> = self.s[start..self.pos]
                            .iter()
                            .copied()
                            .filter(|c| c.is_ascii_hexdigit())
                            .collect();
                        CcTok::Char(hex_value(&digits))
                    }
                    b'u' => CcTok::Char(u32::from(b'u')),
                    b'o' => {
                        self.octal_brace()?;
                        CcTok::Char(0)
                    }
                    b'0'..=b'7' => {
                        let (v, used) = scan_oct(&self.s[self.pos - 1..], 3);
                        self.pos += used - 1;
                        CcTok::Char(v)
                    }
                    b'M' | b'C' | b'c' => {
                        self.pos -= 1;
                        self.escaped_value()?;
                        CcTok::Char(0x80)
                    }
                    b'n' => CcTok::Char(10),
                    b't' => CcTok::Char(9),
                    b'r' => CcTok::Char(13),
                    b'f' => CcTok::Char(12),
                    b'v' => CcTok::Char(11),
                    b'a' => CcTok::Char(7),
                    b'e' => CcTok::Char(27),
                    _ => CcTok::Char(ecode),
                }
            }
            b'[' => {
                if self.peek_is(b':') && self.posix_close_follows() {
                    let start = self.pos - 1;
                    self.pos += 1;
                    CcTok::Posix(start + 1)
                } else {
                    CcTok::Open
                }
            }
            b'&' if self.peek_is(b'&') => {
                self.pos += 1;
                CcTok::And
            }
            _ => CcTok::Char(code),
        })
    }

    /// Whether `:]` follows before an unescaped `]` (Onigmo's
    /// `str_exist_check_with_esc` from after `[:`).
    fn posix_close_follows(&self) -> bool {
        let mut p = self.pos + 1;
        let mut escaped = false;
        while p < self.s.len() {
            if escaped {
                escaped = false;
            } else if self.s[p] == b':' && self.s.get(p + 1) == Some(&b']') {
                return true;
            } else if self.s[p] == b']' {
                return false;
            } else if self.s[p] == b'\\' {
                escaped = true;
            }
            p += 1;
        }
        false
    }

    /// Checks Onigmo makes when compiling the parsed pattern.
    fn compile_checks(&self, tree: &Node) -> Result<(), String> {
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

/// A name as Onigmo shows it in messages: at most 47 bytes, then `...`.
fn shown_name(name: &[u8]) -> String {
    if name.len() > 47 {
        let mut cut = 47;
        while cut > 0 && (name[cut] & 0xc0) == 0x80 {
            cut -= 1;
        }
        format!("{}...", String::from_utf8_lossy(&name[..cut]))
    } else {
        String::from_utf8_lossy(name).into_owned()
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

enum Name {
    Text(Vec<u8>),
    Number(i64),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CcTok {
    Eot,
    Close,
    Range,
    /// A character value (code point).
    Char(u32),
    /// `\d`, `\p{..}` ...
    Class,
    /// `[:` with the position after `[`.
    Posix(usize),
    Open,
    And,
}

/// Property names accepted after `\p{`: general categories, scripts and
/// Onigmo's POSIX-like names (a name Ruby does not know is rare in manifests;
/// unknown-looking names are rejected).
fn property_name_ok(name: &[u8]) -> bool {
    let Ok(name) = std::str::from_utf8(name) else {
        return false;
    };
    let norm: String = name
        .chars()
        .filter(|c| *c != ' ' && *c != '_' && *c != '-')
        .flat_map(char::to_lowercase)
        .collect();
    norm.starts_with(|c: char| c.is_ascii_alphabetic())
        && norm
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '=' || c == '.')
}

/// Onigmo's look-behind checks: allowed constructs and a computable length.
fn look_behinds(node: &Node) -> Result<(), String> {
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

fn allowed_in_look_behind(node: &Node, not: bool) -> bool {
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

enum Length {
    Fixed(u64),
    /// Alternatives of different lengths at the top of the look-behind (allowed).
    TopAltVar,
    Var,
}

fn char_length(node: &Node, level: u32) -> Length {
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

#[cfg(test)]
mod tests {
    use super::check;

    #[test]
    fn accepts_what_ruby_accepts() {
        for ok in [
            "^a+$",
            "[]a]",
            "a{,3}",
            "{",
            "a{",
            "x{2}{3}",
            "(?i)a",
            "(?<n>a)\\k<n>",
            "(a)\\k<1>",
            "(?<=a|bc)",
            "[a-]",
            "[-a]",
            "\\10",
            "\\1(a)",
            "^*",
            "(?#c)a",
            "[[:alpha:]]",
            "\\A[\\w.-]+\\z",
            "\\u00e9",
        ] {
            assert_eq!(check(ok), Ok(()), "{ok}");
        }
    }

    #[test]
    fn rejects_what_ruby_rejects_with_its_message() {
        for (bad, msg) in [
            ("\\1", "invalid backref number/name"),
            ("a{3,2}", "upper is smaller than lower in repeat range"),
            ("*a", "target of repeat operator is not specified"),
            ("(?i)*", "target of repeat operator is not specified"),
            ("(?b)", "undefined group option"),
            ("\\k<x>", "undefined name <x> reference"),
            ("(?<=a+)", "invalid pattern in look-behind"),
            ("[[:foo:]]", "invalid POSIX bracket type"),
            ("[a-\\d]", "char-class value at end of range"),
            ("[\\d-a]", "unmatched range specifier in char-class"),
            ("[z-a]", "empty range in char class"),
            ("[]", "empty char-class"),
            ("[[a]", "premature end of char-class"),
            ("\\x", "invalid hex escape"),
            ("\\uD800", "invalid Unicode range"),
            ("a\\", "too short escape sequence"),
            ("(a", "end pattern with unmatched parenthesis"),
            ("a)", "unmatched close parenthesis"),
            ("(?#x", "end pattern in group"),
        ] {
            assert_eq!(check(bad), Err(msg.to_string()), "{bad}");
        }
    }
}
