//! Numeric literals: scanning decimal, octal, hex and float numbers and
//! rejecting malformed ones as Puppet does.

use super::*;

impl<'a> Lexer<'a> {
    pub(super) fn number(&mut self) -> Result<(), LexError> {
        let start = self.pos;
        if let Some(end) = match_number(self.bytes, start) {
            let value = &self.src[start..end];
            assert_numeric(value).map_err(|(code, msg)| self.error(code, msg, start))?;
            self.matched = Some((start, end));
            self.pos = end;
            self.push(Tok::Number(Cow::Borrowed(value)), start, end);
            return Ok(());
        }
        // Not a number: report the offending text as Puppet does.
        let mut before = start;
        let mut word_end = start;
        while word_end < self.bytes.len() && is_word_byte(self.bytes[word_end]) {
            word_end += 1;
        }
        let mut invalid = &self.src[start..word_end];
        if start > 1 && self.bytes[start - 1] == b'.' {
            let mut p = start - 1;
            let mut moved = false;
            while p > 0 && self.bytes[p - 1].is_ascii_digit() {
                p -= 1;
                moved = true;
            }
            if moved {
                before = p;
                invalid = &self.src[before..word_end];
            }
        }
        let (code, msg) = assert_numeric(invalid)
            .err()
            .unwrap_or(("ILLEGAL_NUMBER", format!("Illegal number '{invalid}'")));
        Err(self.error(code, msg, before))
    }
}

/// Puppet's number pattern anchored at `start`.
pub(super) fn match_number(b: &[u8], start: usize) -> Option<usize> {
    if start > 0 && is_word_byte(b[start - 1]) {
        return None;
    }
    let boundary = |i: usize| !b.get(i).is_some_and(|c| is_word_byte(*c));
    let digits = |mut i: usize| {
        let s = i;
        while b.get(i).is_some_and(|c| c.is_ascii_digit()) {
            i += 1;
        }
        (i > s).then_some(i)
    };
    if b.get(start) == Some(&b'0') && matches!(b.get(start + 1), Some(b'x' | b'X')) {
        let mut i = start + 2;
        while b.get(i).is_some_and(|c| c.is_ascii_hexdigit()) {
            i += 1;
        }
        if i > start + 2 && boundary(i) {
            return Some(i);
        }
    }
    let int_end = digits(start)?;
    if !matches!(b.get(int_end), Some(b'.' | b'e' | b'E')) {
        return boundary(int_end).then_some(int_end);
    }
    let frac_end = if b.get(int_end) == Some(&b'.') {
        digits(int_end + 1)
    } else {
        None
    };
    let exp = |from: usize| -> Option<usize> {
        if !matches!(b.get(from), Some(b'e' | b'E')) {
            return None;
        }
        let mut i = from + 1;
        if b.get(i) == Some(&b'-') {
            i += 1;
        }
        digits(i)
    };
    let mut candidates = [None; 4];
    if let Some(f) = frac_end {
        candidates[0] = exp(f);
        candidates[1] = Some(f);
    }
    candidates[2] = exp(int_end);
    candidates[3] = Some(int_end);
    candidates.into_iter().flatten().find(|e| boundary(*e))
}

/// Puppet's checks of a lexed number's form.
pub(super) fn assert_numeric(value: &str) -> Result<(), (&'static str, String)> {
    let b = value.as_bytes();
    if b.len() >= 2 && b[0] == b'0' && (b[1] == b'x' || b[1] == b'X') {
        if b.len() > 2 && b[2..].iter().all(|c| c.is_ascii_hexdigit()) {
            return Ok(());
        }
        return Err((
            "INVALID_HEX_NUMBER",
            format!("Not a valid hex number {value}"),
        ));
    }
    if b.len() >= 2 && b[0] == b'0' && b[1] != b'.' {
        if b[1..].iter().all(|c| (b'0'..=b'7').contains(c)) {
            return Ok(());
        }
        return Err((
            "INVALID_OCTAL_NUMBER",
            format!("Not a valid octal number {value}"),
        ));
    }
    let lead = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if lead > 0 && lead < b.len() && matches!(b[lead], b'e' | b'E' | b'.') {
        if match_number(b, 0) == Some(b.len()) {
            return Ok(());
        }
        return Err((
            "INVALID_DECIMAL_NUMBER",
            format!("Not a valid decimal number {value}"),
        ));
    }
    if lead == b.len() && lead > 0 {
        return Ok(());
    }
    Err(("ILLEGAL_NUMBER", format!("Illegal number '{value}'")))
}
