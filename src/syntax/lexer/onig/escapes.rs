//! Ruby's escape preprocessing of a regex (re.c `unescape_nonascii`): `\x`,
//! `\u{...}`, octal, `\M-`/`\C-` escapes and the bytes they make, checked
//! before Onigmo parses the pattern.

use super::*;

pub(super) fn preprocess(s: &[u8]) -> Result<(), String> {
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
pub(super) fn unicode_list(s: &[u8], mut p: usize) -> Result<usize, String> {
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
pub(super) fn escaped_char(s: &[u8], p: usize) -> Result<usize, String> {
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
pub(super) fn utf8_prefix(b: &[u8]) -> bool {
    b.iter().skip(1).all(|c| (0x80..=0xbf).contains(c))
}

/// Ruby's `read_escaped_byte`: one escaped byte at `p` (a backslash).
pub(super) fn escaped_byte(s: &[u8], mut p: usize) -> Result<(u32, usize), String> {
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

pub(super) fn scan_oct(s: &[u8], max: usize) -> (u32, usize) {
    let mut v = 0;
    let mut n = 0;
    while n < max && n < s.len() && (b'0'..=b'7').contains(&s[n]) {
        v = v * 8 + u32::from(s[n] - b'0');
        n += 1;
    }
    (v, n)
}

pub(super) fn hex_value(s: &[u8]) -> u32 {
    s.iter().fold(0u32, |v, c| {
        v.wrapping_mul(16) + (*c as char).to_digit(16).unwrap_or(0)
    })
}
