//! Semantic versions (`SemVer`) and version ranges (`SemVerRange`), as the
//! `semantic_puppet` gem Puppet uses: parsing, ordering, printing and
//! range membership (with its pre-release rule).

use super::value::Value;
use std::cmp::Ordering;
use std::fmt;
use std::rc::Rc;

/// One pre-release identifier: numeric ones sort before alphanumeric ones.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Ident {
    Num(u64),
    Alpha(String),
}

impl fmt::Display for Ident {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ident::Num(n) => write!(f, "{n}"),
            Ident::Alpha(s) => f.write_str(s),
        }
    }
}

/// A semantic version.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Version {
    pub major: u64,
    pub minor: u64,
    pub patch: u64,
    pub prerelease: Option<Vec<Ident>>,
    pub build: Option<Vec<String>>,
}

const REGEX_FULL: &str = r"(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?";

fn num(s: &str) -> Result<u64, String> {
    s.parse()
        .map_err(|_| format!("Version component '{s}' is out of range"))
}

impl Version {
    pub fn new(major: u64, minor: u64, patch: u64) -> Version {
        Version {
            major,
            minor,
            patch,
            prerelease: None,
            build: None,
        }
    }

    /// Parses `1.2.3-rc.1+build.5`.
    pub fn parse(text: &str) -> Result<Version, String> {
        let re = regex::Regex::new(&format!(r"\A{REGEX_FULL}\z")).map_err(|e| e.to_string())?;
        let caps = re
            .captures(text)
            .ok_or_else(|| format!("Unable to parse '{text}' as a semantic version identifier"))?;
        Ok(Version {
            major: num(&caps[1])?,
            minor: num(&caps[2])?,
            patch: num(&caps[3])?,
            prerelease: caps
                .get(4)
                .map(|m| parse_prerelease(m.as_str()))
                .transpose()?,
            build: caps
                .get(5)
                .map(|m| m.as_str().split('.').map(str::to_string).collect()),
        })
    }

    pub(crate) fn is_stable(&self) -> bool {
        self.prerelease.is_none()
    }
}

/// Pre-release identifiers: numbers without leading zeroes, or words.
pub(crate) fn parse_prerelease(s: &str) -> Result<Vec<Ident>, String> {
    s.split('.')
        .map(|x| {
            if x.bytes().all(|b| b.is_ascii_digit()) {
                if x.len() > 1 && x.starts_with('0') {
                    return Err(
                        "Numeric pre-release identifiers MUST NOT contain leading zeroes".into(),
                    );
                }
                num(x).map(Ident::Num)
            } else {
                Ok(Ident::Alpha(x.to_string()))
            }
        })
        .collect()
}

impl PartialOrd for Version {
    fn partial_cmp(&self, other: &Version) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Version {
    /// Precedence: numbers, then pre-release (none is highest); build is ignored.
    fn cmp(&self, other: &Version) -> Ordering {
        (self.major, self.minor, self.patch)
            .cmp(&(other.major, other.minor, other.patch))
            .then_with(|| match (&self.prerelease, &other.prerelease) {
                (None, None) => Ordering::Equal,
                (None, Some(_)) => Ordering::Greater,
                (Some(_), None) => Ordering::Less,
                (Some(a), Some(b)) => {
                    for (x, y) in a.iter().zip(b.iter()) {
                        let c = match (x, y) {
                            (Ident::Num(x), Ident::Num(y)) => x.cmp(y),
                            (Ident::Num(_), Ident::Alpha(_)) => Ordering::Less,
                            (Ident::Alpha(_), Ident::Num(_)) => Ordering::Greater,
                            (Ident::Alpha(x), Ident::Alpha(y)) => x.cmp(y),
                        };
                        if c != Ordering::Equal {
                            return c;
                        }
                    }
                    a.len().cmp(&b.len())
                }
            })
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.major, self.minor, self.patch)?;
        if let Some(pre) = &self.prerelease {
            let parts: Vec<String> = pre.iter().map(|p| p.to_string()).collect();
            write!(f, "-{}", parts.join("."))?;
        }
        if let Some(build) = &self.build {
            write!(f, "+{}", build.join("."))?;
        }
        Ok(())
    }
}

/// One comparator of a range.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Comparator {
    All,
    Gt(Version),
    GtEq(Version),
    Lt(Version),
    LtEq(Version),
    Eq(Version),
}

impl Comparator {
    fn includes(&self, v: &Version) -> bool {
        match self {
            Comparator::All => true,
            Comparator::Gt(x) => v > x,
            Comparator::GtEq(x) => v >= x,
            Comparator::Lt(x) => v < x,
            Comparator::LtEq(x) => v <= x,
            Comparator::Eq(x) => v == x,
        }
    }

    /// A pre-release version matches only a comparator on a pre-release of
    /// the same major.minor.patch.
    fn test_prerelease(&self, v: &Version) -> bool {
        match self {
            Comparator::All => true,
            Comparator::Gt(x)
            | Comparator::GtEq(x)
            | Comparator::Lt(x)
            | Comparator::LtEq(x)
            | Comparator::Eq(x) => {
                !x.is_stable() && (x.major, x.minor, x.patch) == (v.major, v.minor, v.patch)
            }
        }
    }
}

/// A version range: alternatives (`||`) of comparators that must all hold.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct VersionRange {
    alternatives: Vec<Vec<Comparator>>,
    text: String,
}

impl fmt::Display for VersionRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

const PARTIAL: &str = r"(?:x|X|\*|0|[1-9][0-9]*)(?:\.(?:x|X|\*|0|[1-9][0-9]*)(?:\.(?:x|X|\*|0|[1-9][0-9]*)(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?)?)?";
const PARTIAL_CAPTURE: &str = r"\A(x|X|\*|0|[1-9][0-9]*)(?:\.(x|X|\*|0|[1-9][0-9]*)(?:\.(x|X|\*|0|[1-9][0-9]*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?)?)?\z";

/// The parts of a partial version (`1`, `1.x`, `1.2.3-rc`).
struct Partial {
    major: Option<u64>,
    minor: Option<u64>,
    patch: Option<u64>,
    pre: Option<Vec<Ident>>,
    build: Option<Vec<String>>,
}

impl Partial {
    fn version(&self) -> Version {
        Version {
            major: self.major.unwrap_or(0),
            minor: self.minor.unwrap_or(0),
            patch: self.patch.unwrap_or(0),
            prerelease: self.pre.clone(),
            build: self.build.clone(),
        }
    }
}

fn partial(expr: &str, whole: &str) -> Result<Partial, String> {
    let re = regex::Regex::new(PARTIAL_CAPTURE).map_err(|e| e.to_string())?;
    let bad = || format!("Unparsable version range: \"{whole}\"");
    let caps = re.captures(expr).ok_or_else(bad)?;
    let digit = |i: usize| -> Result<Option<u64>, String> {
        match caps.get(i).map(|m| m.as_str()) {
            None | Some("x" | "X" | "*") => Ok(None),
            Some(d) => num(d).map(Some),
        }
    };
    Ok(Partial {
        major: digit(1)?,
        minor: digit(2)?,
        patch: digit(3)?,
        pre: caps
            .get(4)
            .map(|m| parse_prerelease(m.as_str()))
            .transpose()?,
        build: caps
            .get(5)
            .map(|m| m.as_str().split('.').map(str::to_string).collect()),
    })
}

fn between(lo: Version, hi: Version) -> Vec<Comparator> {
    vec![Comparator::GtEq(lo), Comparator::Lt(hi)]
}

/// `~1.2` and x-ranges: patch updates (`exact` for plain versions).
fn patch_updates(p: &Partial, tilde: bool) -> Vec<Comparator> {
    let Some(major) = p.major else {
        return vec![Comparator::All];
    };
    let Some(minor) = p.minor else {
        return between(Version::new(major, 0, 0), Version::new(major + 1, 0, 0));
    };
    let Some(patch) = p.patch else {
        return between(
            Version::new(major, minor, 0),
            Version::new(major, minor + 1, 0),
        );
    };
    let _ = patch;
    if !tilde {
        return vec![Comparator::Eq(p.version())];
    }
    between(p.version(), Version::new(major, minor + 1, 0))
}

fn minor_updates(p: &Partial) -> Vec<Comparator> {
    let Some(major) = p.major else {
        return vec![Comparator::All];
    };
    match (p.minor, p.patch) {
        (Some(minor), None) => {
            between(Version::new(major, minor, 0), Version::new(major + 1, 0, 0))
        }
        (Some(_), Some(_)) => between(p.version(), Version::new(major + 1, 0, 0)),
        (None, _) => between(Version::new(major, 0, 0), Version::new(major + 1, 0, 0)),
    }
}

impl VersionRange {
    /// Parses a range: `>=1.0.0 <2.0.0`, `~1.2`, `^1.2.3`, `1.x`,
    /// `1.0.0 - 2.0.0`, alternatives with `||`.
    pub fn parse(text: &str) -> Result<VersionRange, String> {
        let squeezed = regex::Regex::new(r"([><=~^])(?:\s+|\s*v)")
            .map_err(|e| e.to_string())?
            .replace_all(text, "$1")
            .to_string();
        let hyphen = regex::Regex::new(&format!(r"\A({PARTIAL})\s+-\s+({PARTIAL})\z"))
            .map_err(|e| e.to_string())?;
        let simple = regex::Regex::new(&format!(r"\A([<>=~^]|<=|>=|~>|~=)?({PARTIAL})\z"))
            .map_err(|e| e.to_string())?;
        let or = regex::Regex::new(r"\s*\|\|\s*").map_err(|e| e.to_string())?;
        let mut alternatives = Vec::new();
        for range in or.split(&squeezed) {
            if range.is_empty() {
                continue;
            }
            if let Some(c) = hyphen.captures(range) {
                let lo = partial(&c[1], text)?.version();
                let hi = partial(&c[2], text)?.version();
                alternatives.push(vec![Comparator::GtEq(lo), Comparator::LtEq(hi)]);
                continue;
            }
            let mut all = Vec::new();
            for s in range.split_whitespace() {
                let c = simple
                    .captures(s)
                    .ok_or_else(|| format!("Unparsable version range: \"{text}\""))?;
                let op = c.get(1).map_or("", |m| m.as_str());
                let p = partial(&c[2], text)?;
                all.extend(match op {
                    "~" | "~>" | "~=" => patch_updates(&p, true),
                    "^" => {
                        if p.major == Some(0) {
                            patch_updates(&p, true)
                        } else {
                            minor_updates(&p)
                        }
                    }
                    ">" => match (p.major, p.minor, p.patch) {
                        (None, _, _) => vec![Comparator::Lt(Version::new(0, 0, 0))],
                        (Some(ma), None, _) => vec![Comparator::GtEq(Version::new(ma + 1, 0, 0))],
                        (Some(ma), Some(mi), None) => {
                            vec![Comparator::GtEq(Version::new(ma, mi + 1, 0))]
                        }
                        _ => vec![Comparator::Gt(p.version())],
                    },
                    ">=" => vec![Comparator::GtEq(p.version())],
                    "<" => vec![Comparator::Lt(p.version())],
                    "<=" => match (p.major, p.minor, p.patch) {
                        (None, _, _) => vec![Comparator::All],
                        (Some(ma), None, _) => vec![Comparator::Lt(Version::new(ma + 1, 0, 0))],
                        (Some(ma), Some(mi), None) => {
                            vec![Comparator::Lt(Version::new(ma, mi + 1, 0))]
                        }
                        _ => vec![Comparator::LtEq(p.version())],
                    },
                    _ => patch_updates(&p, false),
                });
            }
            alternatives.push(all);
        }
        if alternatives.is_empty() {
            alternatives.push(vec![Comparator::All]);
        }
        Ok(VersionRange {
            alternatives,
            text: text.to_string(),
        })
    }

    /// The range `v - v` (what a version's type names).
    pub fn exact(v: &Version) -> VersionRange {
        VersionRange {
            alternatives: vec![vec![
                Comparator::GtEq(v.clone()),
                Comparator::LtEq(v.clone()),
            ]],
            text: format!("{v} - {v}"),
        }
    }

    pub fn includes(&self, v: &Version) -> bool {
        self.alternatives.iter().any(|alt| {
            alt.iter().all(|c| c.includes(v))
                && (v.is_stable() || alt.iter().any(|c| c.test_prerelease(v)))
        })
    }
}

/// `SemVer.new(...)`: a string, the numbers (and pre-release and build),
/// or a hash of those.
/// Pre-release identifiers and build parts of a version.
type Qualifiers = (Option<Vec<Ident>>, Option<Vec<String>>);

pub(crate) fn new_version(args: &[Value]) -> Result<Value, String> {
    let part = |v: Option<&Value>, name: &str| -> Result<u64, String> {
        match v {
            Some(Value::Integer(n)) if *n >= 0 => Ok(*n as u64),
            _ => Err(format!(
                "'new_Version' parameter '{name}' expects an Integer[0] value"
            )),
        }
    };
    let qualifiers = |pre: Option<&Value>, build: Option<&Value>| -> Result<Qualifiers, String> {
        let pre = match pre {
            Some(Value::String(s)) => Some(parse_prerelease(s)?),
            _ => None,
        };
        let build = match build {
            Some(Value::String(s)) => Some(s.split('.').map(str::to_string).collect()),
            _ => None,
        };
        Ok((pre, build))
    };
    let v = match args {
        [Value::String(s)] => Version::parse(s)
            .map_err(|_| format!("The string '{s}' cannot be converted to a SemVer"))?,
        [Value::Hash(h)] => {
            let get = |k: &str| h.get(&Value::string(k));
            let (prerelease, build) = qualifiers(get("prerelease"), get("build"))?;
            Version {
                major: part(get("major"), "major")?,
                minor: part(get("minor"), "minor")?,
                patch: part(get("patch"), "patch")?,
                prerelease,
                build,
            }
        }
        [a, b, c, rest @ ..] if rest.len() <= 2 => {
            let (prerelease, build) = qualifiers(rest.first(), rest.get(1))?;
            Version {
                major: part(Some(a), "major")?,
                minor: part(Some(b), "minor")?,
                patch: part(Some(c), "patch")?,
                prerelease,
                build,
            }
        }
        _ => return Err("'new_Version' expects a String, 3 to 5 arguments, or a Hash".into()),
    };
    Ok(Value::SemVer(Rc::new(v)))
}

/// `SemVerRange.new(...)`: a range string, or two versions (`exclude_max`).
pub(crate) fn new_range(args: &[Value]) -> Result<Value, String> {
    let version = |v: &Value| -> Result<Version, String> {
        match v {
            Value::SemVer(v) => Ok((**v).clone()),
            Value::String(s) => Version::parse(s),
            _ => Err("'new_VersionRange' expects versions".into()),
        }
    };
    let r = match args {
        [Value::String(s)] => VersionRange::parse(s)
            .map_err(|_| format!("The string '{s}' cannot be converted to a SemVerRange"))?,
        [lo, hi] | [lo, hi, Value::Bool(false)] => {
            let (lo, hi) = (version(lo)?, version(hi)?);
            VersionRange {
                text: format!("{lo} - {hi}"),
                alternatives: vec![vec![Comparator::GtEq(lo), Comparator::LtEq(hi)]],
            }
        }
        [lo, hi, Value::Bool(true)] => {
            let (lo, hi) = (version(lo)?, version(hi)?);
            VersionRange {
                text: format!(">={lo} <{hi}"),
                alternatives: vec![vec![Comparator::GtEq(lo), Comparator::Lt(hi)]],
            }
        }
        _ => return Err("'new_VersionRange' expects a String or two versions".into()),
    };
    Ok(Value::SemVerRange(Rc::new(r)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Version {
        Version::parse(s).expect("version")
    }

    fn r(s: &str) -> VersionRange {
        VersionRange::parse(s).expect("range")
    }

    #[test]
    fn orders_like_semver() {
        assert!(v("1.2.3") < v("1.10.0"));
        assert!(v("1.0.0-alpha") < v("1.0.0"));
        assert!(v("1.0.0-alpha.1") < v("1.0.0-alpha.beta"));
        assert!(v("1.0.0-2") < v("1.0.0-10"));
        assert_eq!(v("1.2.3-rc.1+build.5").to_string(), "1.2.3-rc.1+build.5");
        assert!(Version::parse("1.2").is_err());
    }

    #[test]
    fn ranges_include_like_semantic_puppet() {
        assert!(r(">=1.0.0 <3.0.0").includes(&v("2.0.0")));
        assert!(!r(">=1.0.0 <3.0.0").includes(&v("3.0.0")));
        assert!(r("~1.2").includes(&v("1.2.9")));
        assert!(!r("~1.2").includes(&v("1.3.0")));
        assert!(r("^1.2.3").includes(&v("1.9.0")));
        assert!(r("1.x").includes(&v("1.5.5")));
        assert!(r("1.0.0 - 2.0.0").includes(&v("2.0.0")));
        assert!(!r(">=1.0.0").includes(&v("2.0.0-rc")));
        assert!(r(">=2.0.0-rc").includes(&v("2.0.0-rc.2")));
        assert!(r("<1.0.0 || >=2.0.0").includes(&v("2.1.0")));
        assert!(r("*").includes(&v("0.0.1")));
    }
}
