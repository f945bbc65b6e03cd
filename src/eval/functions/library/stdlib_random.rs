//! Ruby's deterministic random numbers as Puppet uses them for the `fqdn_*`
//! functions: an MD5 hex digest read as one big integer seeds Ruby's
//! `Random.new(seed)` (MT19937 seeded by `init_by_array` with the seed's
//! 32-bit words, least significant first), and `rand(max)` draws with
//! Ruby's `limited_rand` (mask and retry).

use md5::{Digest, Md5};

/// The Mersenne Twister MT19937, as Ruby's `Random` runs it.
pub(crate) struct Mt {
    state: [u32; 624],
    index: usize,
}

impl Mt {
    fn init_genrand(seed: u32) -> Mt {
        let mut state = [0u32; 624];
        state[0] = seed;
        for i in 1..624 {
            let prev = state[i - 1];
            state[i] = 1_812_433_253u32
                .wrapping_mul(prev ^ (prev >> 30))
                .wrapping_add(i as u32);
        }
        Mt { state, index: 624 }
    }

    /// `init_by_array(key)` of the reference implementation.
    pub(crate) fn from_key(key: &[u32]) -> Mt {
        let mut mt = Mt::init_genrand(19_650_218);
        let n = 624usize;
        let len = key.len().max(1);
        let (mut i, mut j) = (1usize, 0usize);
        let mut k = n.max(len);
        while k > 0 {
            let prev = mt.state[i - 1];
            mt.state[i] = (mt.state[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key.get(j).copied().unwrap_or(0))
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= n {
                mt.state[0] = mt.state[n - 1];
                i = 1;
            }
            if j >= len {
                j = 0;
            }
            k -= 1;
        }
        k = n - 1;
        while k > 0 {
            let prev = mt.state[i - 1];
            mt.state[i] = (mt.state[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_566_083_941))
                .wrapping_sub(i as u32);
            i += 1;
            if i >= n {
                mt.state[0] = mt.state[n - 1];
                i = 1;
            }
            k -= 1;
        }
        mt.state[0] = 0x8000_0000;
        mt
    }

    fn next_state(&mut self) {
        const UPPER: u32 = 0x8000_0000;
        const LOWER: u32 = 0x7fff_ffff;
        const MATRIX_A: u32 = 0x9908_b0df;
        for i in 0..624 {
            let y = (self.state[i] & UPPER) | (self.state[(i + 1) % 624] & LOWER);
            let mag = if y & 1 == 1 { MATRIX_A } else { 0 };
            self.state[i] = self.state[(i + 397) % 624] ^ (y >> 1) ^ mag;
        }
        self.index = 0;
    }

    pub(crate) fn genrand_u32(&mut self) -> u32 {
        if self.index >= 624 {
            self.next_state();
        }
        let mut y = self.state[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^= y >> 18;
        y
    }

    /// Ruby's `limited_rand(limit)`: a number in `0..=limit`.
    fn limited(&mut self, limit: u64) -> u64 {
        if limit == 0 {
            return 0;
        }
        let mut mask = limit;
        for shift in [1, 2, 4, 8, 16, 32] {
            mask |= mask >> shift;
        }
        'retry: loop {
            let mut val: u64 = 0;
            for i in (0..2).rev() {
                if (mask >> (i * 32)) & 0xffff_ffff != 0 {
                    val |= u64::from(self.genrand_u32()) << (i * 32);
                    val &= mask;
                    if limit < val {
                        continue 'retry;
                    }
                }
            }
            return val;
        }
    }

    /// Ruby's `rand(max)` for a positive Integer max.
    pub(crate) fn rand_below(&mut self, max: u64) -> u64 {
        self.limited(max.saturating_sub(1))
    }
}

/// `Digest::MD5.hexdigest(text).hex` as the seed words of `Random.new`.
pub(crate) fn md5_seed(text: &str) -> Vec<u32> {
    let digest = Md5::digest(text.as_bytes());
    // The digest read as a big-endian 128-bit number, split into 32-bit
    // words least significant first, without leading zero words.
    let mut words: Vec<u32> = digest
        .chunks(4)
        .rev()
        .map(|c| u32::from_be_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    while words.len() > 1 && words.last() == Some(&0) {
        words.pop();
    }
    words
}

/// `Puppet::Util.deterministic_rand_int(md5(text), max)`.
pub(crate) fn deterministic_rand(text: &str, max: u64) -> u64 {
    Mt::from_key(&md5_seed(text)).rand_below(max)
}

#[cfg(test)]
mod tests {
    use super::*;

    // Expected values from Ruby 3.1:
    //   Random.new(Digest::MD5.hexdigest(t).hex).rand(max)
    #[test]
    fn matches_rubys_random() {
        assert_eq!(deterministic_rand("node1.example.com:", 5), RUBY_NODE1_5);
        assert_eq!(deterministic_rand("a:b", 1000), RUBY_AB_1000);
        assert_eq!(deterministic_rand("x", 4_294_967_296 * 4), RUBY_X_BIG);
    }

    const RUBY_NODE1_5: u64 = 2;
    const RUBY_AB_1000: u64 = 160;
    const RUBY_X_BIG: u64 = 16_737_813_904;
}
