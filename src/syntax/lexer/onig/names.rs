//! Group names and references by name or number: `(?<name>...)`, `\k<name>`,
//! `\g<name>` (with levels), and names as Onigmo shows them in messages.

use super::*;

impl Parser<'_> {
    /// A group name or number up to its closing character (Onigmo's
    /// `fetch_name`); `is_ref` allows numbers.
    pub(super) fn fetch_name(&mut self, open: u8, is_ref: bool) -> Result<Name, String> {
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
    pub(super) fn fetch_name_with_level(&mut self, open: u8) -> Result<Name, String> {
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
    pub(super) fn named_backref(&mut self, open: u8) -> Result<(), String> {
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
}

/// A name as Onigmo shows it in messages: at most 47 bytes, then `...`.
pub(super) fn shown_name(name: &[u8]) -> String {
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

pub(super) enum Name {
    Text(Vec<u8>),
    Number(i64),
}
