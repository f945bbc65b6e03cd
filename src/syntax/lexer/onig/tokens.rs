//! The tokenizer of patterns (Onigmo's `fetch_token`): repeats and intervals,
//! backslash escapes, hex/octal/control values and `\p{...}` properties.

use super::*;

impl Parser<'_> {
    /// One token (Onigmo's `fetch_token`).
    pub(super) fn fetch_token(&mut self) -> Result<Tok, String> {
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

    pub(super) fn repeat(&mut self, lower: u64, upper: Option<u64>) -> Tok {
        self.greedy_suffix();
        Tok::Repeat { lower, upper }
    }

    /// A `?` (reluctant) or `+` (possessive) after a repeat.
    pub(super) fn greedy_suffix(&mut self) {
        if self.peek_is(b'?') || self.peek_is(b'+') {
            self.pos += 1;
        }
    }

    /// `{n}`, `{n,}`, `{,m}`, `{n,m}` after the brace; `None` when the brace is
    /// a literal (Ruby allows invalid intervals as text).
    pub(super) fn interval(&mut self) -> Result<Option<(u64, Option<u64>)>, String> {
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
    pub(super) fn escape(&mut self) -> Result<Tok, String> {
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
    pub(super) fn hex_escape(&mut self) -> Result<(), String> {
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
    pub(super) fn octal_brace(&mut self) -> Result<(), String> {
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
    pub(super) fn escaped_value(&mut self) -> Result<(), String> {
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
    pub(super) fn property(&mut self) -> Result<(), String> {
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
}

/// Property names accepted after `\p{`: general categories, scripts and
/// Onigmo's POSIX-like names (a name Ruby does not know is rare in manifests;
/// unknown-looking names are rejected).
pub(super) fn property_name_ok(name: &[u8]) -> bool {
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
