//! Addresses as Facter prints them: glibc's `inet_ntop` for the addresses
//! getifaddrs gives (Ruby's `Addrinfo#ip_address`), Ruby's `IPAddr#to_s`
//! for netmasks and networks, IPv6 scopes, and the addresses Facter skips
//! when it picks an interface's main address.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// The longest run (at least two) of zero groups, leftmost on ties.
fn zero_run(g: &[u16; 8]) -> Option<(usize, usize)> {
    let mut best: Option<(usize, usize)> = None;
    let mut i = 0;
    while i < 8 {
        if g[i] == 0 {
            let start = i;
            while i < 8 && g[i] == 0 {
                i += 1;
            }
            let len = i - start;
            if len >= 2 && best.is_none_or(|(_, l)| len > l) {
                best = Some((start, len));
            }
        } else {
            i += 1;
        }
    }
    best
}

fn compress(g: &[u16; 8]) -> String {
    let hex = |s: &[u16]| {
        s.iter()
            .map(|x| format!("{x:x}"))
            .collect::<Vec<_>>()
            .join(":")
    };
    match zero_run(g) {
        Some((start, len)) => format!("{}::{}", hex(&g[..start]), hex(&g[start + len..])),
        None => hex(g),
    }
}

/// An IPv6 address as glibc's inet_ntop writes it (`::ffff:1.2.3.4` and
/// `::1.2.3.4` for addresses embedding IPv4).
pub(crate) fn ntop6(a: &Ipv6Addr) -> String {
    let g = a.segments();
    let v4 = || Ipv4Addr::new((g[6] >> 8) as u8, g[6] as u8, (g[7] >> 8) as u8, g[7] as u8);
    if g[..6] == [0; 6] && g[6] != 0 {
        format!("::{}", v4())
    } else if g[..5] == [0; 5] && g[5] == 0xffff {
        format!("::ffff:{}", v4())
    } else {
        compress(&g)
    }
}

/// An address as Ruby's `IPAddr#to_s` writes it.
pub(crate) fn ruby_to_s(a: &IpAddr) -> String {
    match a {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => {
            let s = compress(&v6.segments());
            // `::X:Y` and `::ffff:X:Y` are shown with a dotted IPv4 tail.
            let tail = |rest: &str| -> Option<String> {
                let (x, y) = rest.split_once(':')?;
                let ok = |p: &str| {
                    (1..=4).contains(&p.len()) && p.chars().all(|c| c.is_ascii_hexdigit())
                };
                if !ok(x) || !ok(y) {
                    return None;
                }
                let x = u16::from_str_radix(x, 16).ok()?;
                let y = u16::from_str_radix(y, 16).ok()?;
                Some(format!("{}.{}.{}.{}", x >> 8, x & 0xff, y >> 8, y & 0xff))
            };
            if let Some(rest) = s.strip_prefix("::ffff:")
                && let Some(t) = tail(rest)
            {
                return format!("::ffff:{t}");
            }
            if let Some(rest) = s.strip_prefix("::")
                && let Some(t) = tail(rest)
            {
                return format!("::{t}");
            }
            s
        }
    }
}

/// The number of one bits of a netmask.
pub(crate) fn mask_length(mask: &IpAddr) -> u32 {
    match mask {
        IpAddr::V4(m) => u32::from(*m).count_ones(),
        IpAddr::V6(m) => u128::from(*m).count_ones(),
    }
}

/// The netmask of a prefix length, and the network of `addr` under it.
pub(crate) fn mask_and_network(addr: &IpAddr, len: u32) -> (IpAddr, IpAddr) {
    match addr {
        IpAddr::V4(a) => {
            let m = if len == 0 {
                0
            } else {
                u32::MAX << (32 - len.min(32))
            };
            (
                Ipv4Addr::from(m).into(),
                Ipv4Addr::from(u32::from(*a) & m).into(),
            )
        }
        IpAddr::V6(a) => {
            let m = if len == 0 {
                0
            } else {
                u128::MAX << (128 - len.min(128))
            };
            (
                Ipv6Addr::from(m).into(),
                Ipv6Addr::from(u128::from(*a) & m).into(),
            )
        }
    }
}

/// An IPv6 address's scope as Facter names it (`link`, `site`, `host`,
/// `global`, prefixed `compat,` for IPv4-compatible addresses).
pub(crate) fn scope6(a: &Ipv6Addr) -> String {
    let g = a.segments();
    let v = u128::from(*a);
    let compat = v >> 32 == 0 && (v & 0xffff_ffff) > 1;
    let scope = if g[0] & 0xffc0 == 0xfe80 {
        "link"
    } else if g[0] & 0xffc0 == 0xfec0 {
        "site"
    } else if v == 1 {
        "host"
    } else {
        "global"
    };
    if compat {
        format!("compat,{scope}")
    } else {
        scope.to_string()
    }
}

/// Addresses Facter passes over when it picks an interface's main address:
/// loopback, IPv4 link-local, IPv6 link-local and unique-local.
pub(crate) fn ignored(a: &IpAddr) -> bool {
    match a {
        IpAddr::V4(v4) => v4.is_loopback() || (v4.octets()[0] == 169 && v4.octets()[1] == 254),
        IpAddr::V6(v6) => {
            let g0 = v6.segments()[0];
            v6.is_loopback() || g0 & 0xffc0 == 0xfe80 || g0 & 0xfe00 == 0xfc00
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v6(s: &str) -> Ipv6Addr {
        s.parse().expect("ipv6")
    }

    #[test]
    fn addresses_print_like_glibc_and_ruby() {
        assert_eq!(ntop6(&v6("fd00::2")), "fd00::2");
        assert_eq!(ntop6(&v6("fe80::fc:ff:fe00:1")), "fe80::fc:ff:fe00:1");
        assert_eq!(ntop6(&v6("::1")), "::1");
        assert_eq!(ntop6(&v6("::ffff:10.0.0.1")), "::ffff:10.0.0.1");
        assert_eq!(ntop6(&v6("2001:db8:0:0:1:0:0:1")), "2001:db8::1:0:0:1");
        let r = |s: &str| ruby_to_s(&IpAddr::V6(v6(s)));
        assert_eq!(r("ffff:ffff:ffff:ffff::"), "ffff:ffff:ffff:ffff::");
        assert_eq!(
            r("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"),
            "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"
        );
        assert_eq!(r("::1"), "::1");
        assert_eq!(r("::"), "::");
        // Ruby's quirk: two trailing groups after `::` read as IPv4.
        assert_eq!(r("::2:1"), "::0.2.0.1");
    }

    #[test]
    fn masks_networks_scopes() {
        let a: IpAddr = "192.0.2.2".parse().expect("ip");
        let m: IpAddr = "255.255.255.0".parse().expect("mask");
        assert_eq!(mask_length(&m), 24);
        let (mask, net) = mask_and_network(&a, 24);
        assert_eq!(
            (mask.to_string(), net.to_string()),
            ("255.255.255.0".into(), "192.0.2.0".into())
        );
        let (mask, net) = mask_and_network(&IpAddr::V6(v6("fe80::fc:ff:fe00:1")), 64);
        assert_eq!(ruby_to_s(&mask), "ffff:ffff:ffff:ffff::");
        assert_eq!(ruby_to_s(&net), "fe80::");
        assert_eq!(scope6(&v6("fe80::1")), "link");
        assert_eq!(scope6(&v6("::1")), "host");
        assert_eq!(scope6(&v6("fd00::2")), "global");
        assert_eq!(scope6(&v6("fec0::1")), "site");
        assert_eq!(scope6(&v6("::10.0.0.1")), "compat,global");
        assert!(ignored(&"169.254.1.1".parse().expect("ip")));
        assert!(ignored(&"fd00::2".parse().expect("ip")));
        assert!(!ignored(&"192.0.2.2".parse().expect("ip")));
    }
}
