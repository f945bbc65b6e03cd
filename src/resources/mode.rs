//! File modes as Puppet reads them: octal (`0644`) or symbolic (`u=rw,go=r`),
//! applied to a current mode the way `chmod` does.

/// Whether a mode string is valid, octal or symbolic.
pub fn valid(value: &str) -> bool {
    let v = normalize(value);
    if is_octal(&v) {
        return true;
    }
    !v.is_empty()
        && v.split(',').all(|part| {
            let who_end = part
                .find(|c: char| !matches!(c, 'u' | 'g' | 'o' | 'a'))
                .unwrap_or(part.len());
            let rest = &part[who_end..];
            rest.starts_with(['-', '=', '+']) && rest.chars().all(|c| "-=+rstwxXugo".contains(c))
        })
}

fn is_octal(v: &str) -> bool {
    let digits = v.strip_prefix('0').unwrap_or(v);
    (1..=4).contains(&digits.len()) && digits.chars().all(|c| ('0'..='7').contains(&c)) || v == "0"
}

/// Octal modes without leading zeros (`0644` → `644`); symbolic unchanged.
pub fn normalize(value: &str) -> String {
    let digits = value.strip_prefix('0').unwrap_or(value);
    if (1..=4).contains(&digits.len()) && digits.chars().all(|c| ('0'..='7').contains(&c)) {
        match u32::from_str_radix(digits, 8) {
            Ok(n) => format!("{n:o}"),
            Err(_) => value.to_string(),
        }
    } else if value == "0" {
        "0".to_string()
    } else {
        value.to_string()
    }
}

/// Whether a mode is numeric (octal digits only).
pub fn is_numeric(value: &str) -> bool {
    !value.is_empty() && value.chars().all(|c| c.is_ascii_digit())
}

/// As Puppet prints modes: padded to four characters with zeros (`644` →
/// `0644`; Ruby's `rjust`, so symbolic modes too: `a+x` → `0a+x`).
pub fn display(value: &str) -> String {
    format!("{value:0>4}")
}

/// The mode as the report's values hold it: numeric modes with four digits,
/// symbolic ones as written.
pub fn value(value: &str) -> String {
    if is_numeric(value) {
        display(value)
    } else {
        value.to_string()
    }
}

/// For a directory, a numeric mode gains search permission wherever it
/// grants read (Puppet's `dirmask`).
pub(crate) fn dirmask(value: &str) -> String {
    if !is_numeric(value) {
        return value.to_string();
    }
    let Ok(mut v) = u32::from_str_radix(value, 8) else {
        return value.to_string();
    };
    if v & 0o400 != 0 {
        v |= 0o100;
    }
    if v & 0o40 != 0 {
        v |= 0o10;
    }
    if v & 0o4 != 0 {
        v |= 0o1;
    }
    format!("{v:o}")
}

/// The mode a modification gives when applied to `current` (Puppet's
/// `symbolic_mode_to_int`). Errors read like Puppet's.
pub fn apply(modification: &str, current: u32, is_directory: bool) -> Result<u32, String> {
    if modification.is_empty() {
        return Err("An empty mode string is illegal".into());
    }
    if modification.chars().all(|c| ('0'..='7').contains(&c)) {
        return u32::from_str_radix(modification, 8).map_err(|e| e.to_string());
    }
    if is_numeric(modification) {
        return Err("Numeric modes must be in octal, not decimal!".into());
    }
    let any_x = current & 0o111 != 0;
    let mut special = (current & 0o7000) >> 9;
    let mut fin = [(current & 0o700) >> 6, (current & 0o70) >> 3, current & 0o7];
    let idx = |c: char| match c {
        'u' => 0,
        'g' => 1,
        _ => 2,
    };
    let whole = format!("{modification:?}");
    for part in modification.split(',').map(str::trim) {
        let fail = |e: &str| {
            let rest = if format!("{part:?}") != whole {
                format!(" at {part:?}")
            } else {
                String::new()
            };
            format!("{e}{rest} in symbolic mode {whole}")
        };
        let split = part
            .find(['-', '+', '='])
            .ok_or_else(|| fail("Missing action"))?;
        let (to, dsl) = part.split_at(split);
        if !to.chars().all(|c| "ugoa".contains(c)) {
            return Err(fail("Missing action"));
        }
        let to = if to.is_empty() { "a" } else { to };
        let snapshot = fin;
        let mut whos: Vec<char> = Vec::new();
        for c in to.replace('a', "ugo").chars() {
            if !whos.contains(&c) {
                whos.push(c);
            }
        }
        for who in whos {
            let mut value = snapshot[idx(who)];
            let mut action = '!';
            let act = |action: char, m: u32, v: u32| -> Result<u32, String> {
                match action {
                    '=' | '+' => Ok(m | v),
                    '-' => Ok(m & !v),
                    _ => Err("Missing operation (-, =, or +)".to_string()),
                }
            };
            for op in dsl.chars() {
                match op {
                    '-' | '+' | '=' => {
                        action = op;
                        if op == '=' {
                            value = 0;
                        }
                    }
                    'u' | 'g' | 'o' => {
                        value = act(action, value, snapshot[idx(op)]).map_err(|e| fail(&e))?
                    }
                    'r' => value = act(action, value, 4).map_err(|e| fail(&e))?,
                    'w' => value = act(action, value, 2).map_err(|e| fail(&e))?,
                    'x' => value = act(action, value, 1).map_err(|e| fail(&e))?,
                    'X' => {
                        if action != '+' {
                            return Err(fail("X only works with the '+' operator"));
                        }
                        if is_directory || any_x {
                            value = act(action, value, 1).map_err(|e| fail(&e))?;
                        }
                    }
                    's' | 't' => {
                        let bit = match (op, who) {
                            ('t', _) => 1,
                            ('s', 'u') => 4,
                            ('s', 'g') => 2,
                            _ => 1,
                        };
                        special = act(action, special, bit).map_err(|e| fail(&e))?;
                    }
                    _ => return Err(fail("Unknown operation")),
                }
            }
            fin[idx(who)] = value;
        }
    }
    Ok(special << 9 | fin[0] << 6 | fin[1] << 3 | fin[2])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn octal_modes_normalize_and_display() {
        assert_eq!(normalize("0644"), "644");
        assert_eq!(normalize("755"), "755");
        assert_eq!(display("644"), "0644");
        assert_eq!(display("4755"), "4755");
        assert_eq!(display("a+x"), "0a+x");
        assert_eq!(value("a+x"), "a+x");
        assert!(valid("0644") && valid("u=rwx,go=r") && valid("a+X"));
        assert!(!valid("abc") && !valid("99") && !valid(""));
    }

    #[test]
    fn symbolic_modes_apply_like_chmod() {
        assert_eq!(apply("u=rwx,go=r", 0o644, false), Ok(0o744));
        assert_eq!(apply("go-w", 0o666, false), Ok(0o644));
        assert_eq!(apply("a+X", 0o644, true), Ok(0o755));
        assert_eq!(apply("a+X", 0o644, false), Ok(0o644));
        assert_eq!(apply("u+s", 0o755, false), Ok(0o4755));
        assert_eq!(apply("o=u", 0o640, false), Ok(0o646));
        assert_eq!(apply("0640", 0o777, false), Ok(0o640));
        assert!(apply("a=X", 0o644, false).is_err());
    }

    #[test]
    fn directories_gain_search_where_readable() {
        assert_eq!(dirmask("644"), "755");
        assert_eq!(dirmask("640"), "750");
        assert_eq!(dirmask("u=rw"), "u=rw");
    }
}
