//! Byte spans into a manifest's source, and the line index that turns an offset
//! into Puppet's line and column (1-based, columns counted in characters).

/// A half-open byte range `start..end` into one manifest's source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    pub fn len(self) -> usize {
        (self.end - self.start) as usize
    }

    pub fn is_empty(self) -> bool {
        self.end <= self.start
    }
}

/// Line starts of a source, for offset → (line, column) lookups.
///
/// The line starts are found the first time a location is asked for (most
/// manifests parse without one), so every call must pass the source the index
/// was made for.
#[derive(Debug, Clone, Default)]
pub struct LineIndex {
    starts: std::sync::OnceLock<Vec<u32>>,
}

impl LineIndex {
    pub fn new(_source: &str) -> LineIndex {
        LineIndex::default()
    }

    fn starts(&self, source: &str) -> &[u32] {
        self.starts.get_or_init(|| {
            let mut starts = Vec::with_capacity(source.len() / 32 + 1);
            starts.push(0u32);
            starts.extend(source.match_indices('\n').map(|(i, _)| i as u32 + 1));
            starts
        })
    }

    /// 1-based line and 1-based column (in characters) of a byte offset.
    pub fn line_col(&self, source: &str, offset: usize) -> (usize, usize) {
        let starts = self.starts(source);
        let offset = offset.min(source.len());
        let line = match starts.binary_search(&(offset as u32)) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let start = starts[line] as usize;
        let col = source
            .get(start..offset)
            .map(|s| s.chars().count())
            .unwrap_or(offset - start);
        (line + 1, col + 1)
    }

    /// The byte range of a 1-based line, without its line break.
    pub(crate) fn line_range(&self, source: &str, line: usize) -> (usize, usize) {
        let starts = self.starts(source);
        let start = starts.get(line.saturating_sub(1)).copied().unwrap_or(0) as usize;
        let mut end = starts
            .get(line)
            .map(|s| *s as usize - 1)
            .unwrap_or(source.len());
        if end > start && source.as_bytes().get(end - 1) == Some(&b'\r') {
            end -= 1;
        }
        (start, end.max(start))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_characters_not_bytes() {
        let src = "a\nåäö x\n";
        let idx = LineIndex::new(src);
        assert_eq!(idx.line_col(src, 0), (1, 1));
        assert_eq!(idx.line_col(src, 2), (2, 1));
        let x = src.find('x').unwrap_or(0);
        assert_eq!(idx.line_col(src, x), (2, 5));
        assert_eq!(idx.line_range(src, 2), (2, 2 + "åäö x".len()));
    }
}
