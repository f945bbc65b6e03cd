//! Character classes: `[...]` with ranges, nested classes, `&&` and POSIX
//! brackets (`[:alpha:]`), and their tokens.

use super::*;

impl Parser<'_> {
    /// A character class after `[` (Onigmo's `parse_char_class`).
    pub(super) fn parse_char_class(&mut self) -> Result<(), String> {
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
    pub(super) fn close_bracket_follows(&self) -> bool {
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
    pub(super) fn posix_bracket(&mut self) -> Result<bool, String> {
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
    pub(super) fn fetch_cc_token(&mut self) -> Result<CcTok, String> {
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
    pub(super) fn posix_close_follows(&self) -> bool {
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
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum CcTok {
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
