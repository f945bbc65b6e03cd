//! The default provider Puppet 7 picks for `service` and `package` on a
//! Linux host (stdlib's `service_provider` and `package_provider` facts):
//! among the suitable providers (confines on facts, commands, PID 1), the
//! defaults for this OS, the most specific (the longest matching
//! `defaultfor`, then the deepest provider class).

use super::Ctx;

/// A provider of a type: whether it suits the host, how specific its
/// default is (0 when not a default), and its class depth.
struct Candidate {
    name: &'static str,
    suitable: bool,
    default_len: usize,
    depth: usize,
}

/// The facts `defaultfor` compares.
struct OsFacts {
    os: String,
    family: String,
    major: String,
    release: String,
}

impl OsFacts {
    fn of(ctx: &Ctx) -> OsFacts {
        let f = |n: &str| ctx.str_fact(n).unwrap_or("").to_lowercase();
        OsFacts {
            os: f("operatingsystem"),
            family: f("osfamily"),
            major: f("operatingsystemmajrelease"),
            release: f("operatingsystemrelease"),
        }
    }
}

/// One `defaultfor`/`notdefaultfor` condition: every fact must match one
/// of its values. Returns the number of facts when it matches.
fn matches(conds: &[(&str, &[&str])], os: &OsFacts) -> Option<usize> {
    conds
        .iter()
        .all(|(fact, values)| {
            let v = match *fact {
                "operatingsystem" => &os.os,
                "osfamily" => &os.family,
                "operatingsystemmajrelease" => &os.major,
                _ => return false,
            };
            values.iter().any(|x| x.to_lowercase() == *v)
        })
        .then_some(conds.len())
}

type Rule<'a> = &'a [(&'a str, &'a [&'a str])];

/// The longest matching default, unless a not-default matches.
fn default_len(defaults: &[Rule], not_defaults: &[Rule], os: &OsFacts) -> usize {
    if not_defaults.iter().any(|c| matches(c, os).is_some()) {
        return 0;
    }
    defaults
        .iter()
        .filter_map(|c| matches(c, os))
        .max()
        .unwrap_or(0)
}

fn pick(candidates: Vec<Candidate>) -> Option<&'static str> {
    let suitable: Vec<&Candidate> = candidates.iter().filter(|c| c.suitable).collect();
    let defaults: Vec<&Candidate> = suitable
        .iter()
        .copied()
        .filter(|c| c.default_len > 0)
        .collect();
    let pool = if defaults.is_empty() {
        suitable
    } else {
        defaults
    };
    let score = |c: &Candidate| c.default_len * 100 + c.depth;
    let max = pool.iter().map(|c| score(c)).max()?;
    pool.into_iter().find(|c| score(c) == max).map(|c| c.name)
}

/// Whether PID 1 is systemd (Puppet reads `/proc/1/comm`).
fn systemd_pid1(ctx: &Ctx) -> bool {
    crate::host::read_text(&ctx.host.proc("1/comm")).is_some_and(|c| c.contains("systemd"))
}

/// The service provider Puppet picks.
pub(crate) fn service(ctx: &Ctx) -> Option<&'static str> {
    let os = OsFacts::of(ctx);
    let cmd = |c: &str| ctx.host.which(c).is_some();
    let pid1 = systemd_pid1(ctx);
    let debianish = os.os == "debian" || os.os == "ubuntu" || os.family == "redhat";
    let old_ubuntu: &[&str] = &["10.04", "12.04", "14.04", "14.10"];
    let old_mint: &[&str] = &["10", "11", "12", "13", "14", "15", "16", "17"];
    let upstart_os = os.os == "ubuntu"
        || (os.family == "redhat" && os.release.starts_with("6."))
        || (os.os == "amazon"
            && os.major.len() == 4
            && os.major.chars().all(|c| c.is_ascii_digit()))
        || os.os == "linuxmint";
    let candidates = vec![
        Candidate {
            name: "base",
            suitable: cmd("kill"),
            default_len: 0,
            depth: 5,
        },
        Candidate {
            name: "daemontools",
            suitable: cmd("/usr/bin/svc") && cmd("/usr/bin/svstat"),
            default_len: 0,
            depth: 6,
        },
        Candidate {
            name: "debian",
            suitable: !pid1
                && cmd("/usr/sbin/update-rc.d")
                && cmd("/usr/sbin/invoke-rc.d")
                && cmd("/usr/sbin/service"),
            default_len: default_len(
                &[
                    &[
                        ("operatingsystem", &["cumuluslinux"]),
                        ("operatingsystemmajrelease", &["1", "2"]),
                    ],
                    &[
                        ("operatingsystem", &["debian"]),
                        ("operatingsystemmajrelease", &["5", "6", "7"]),
                    ],
                    &[("operatingsystem", &["devuan"])],
                ],
                &[],
                &os,
            ),
            depth: 7,
        },
        Candidate {
            name: "gentoo",
            suitable: cmd("/sbin/rc-update") && os.os == "gentoo",
            default_len: 0,
            depth: 7,
        },
        Candidate {
            name: "init",
            suitable: !debianish,
            default_len: 0,
            depth: 6,
        },
        Candidate {
            name: "openrc",
            suitable: cmd("/sbin/rc-service") && cmd("/sbin/rc-update"),
            default_len: default_len(
                &[
                    &[("operatingsystem", &["gentoo"])],
                    &[("operatingsystem", &["funtoo"])],
                ],
                &[],
                &os,
            ),
            depth: 6,
        },
        Candidate {
            name: "redhat",
            suitable: cmd("/sbin/chkconfig") && cmd("/sbin/service"),
            default_len: default_len(
                &[
                    &[("osfamily", &["redhat"])],
                    &[
                        ("osfamily", &["suse"]),
                        ("operatingsystemmajrelease", &["10", "11"]),
                    ],
                ],
                &[],
                &os,
            ),
            depth: 7,
        },
        Candidate {
            name: "runit",
            suitable: cmd("/usr/bin/sv"),
            default_len: 0,
            depth: 7,
        },
        Candidate {
            name: "service",
            suitable: true,
            default_len: 0,
            depth: 4,
        },
        Candidate {
            name: "systemd",
            suitable: pid1 && cmd("systemctl"),
            default_len: default_len(
                &[
                    &[("osfamily", &["archlinux"])],
                    &[
                        ("osfamily", &["redhat"]),
                        ("operatingsystemmajrelease", &["7", "8", "9"]),
                    ],
                    &[("osfamily", &["redhat"]), ("operatingsystem", &["fedora"])],
                    &[("osfamily", &["suse"])],
                    &[("osfamily", &["coreos"])],
                    &[
                        ("operatingsystem", &["amazon"]),
                        ("operatingsystemmajrelease", &["2"]),
                    ],
                    &[("operatingsystem", &["debian"])],
                    &[("operatingsystem", &["LinuxMint"])],
                    &[("operatingsystem", &["ubuntu"])],
                    &[
                        ("operatingsystem", &["cumuluslinux"]),
                        ("operatingsystemmajrelease", &["3", "4"]),
                    ],
                ],
                &[
                    &[
                        ("operatingsystem", &["debian"]),
                        ("operatingsystemmajrelease", &["5", "6", "7"]),
                    ],
                    &[
                        ("operatingsystem", &["LinuxMint"]),
                        ("operatingsystemmajrelease", old_mint),
                    ],
                    &[
                        ("operatingsystem", &["ubuntu"]),
                        ("operatingsystemmajrelease", old_ubuntu),
                    ],
                ],
                &os,
            ),
            depth: 6,
        },
        Candidate {
            name: "upstart",
            suitable: upstart_os
                && [
                    "/sbin/initctl",
                    "/sbin/start",
                    "/sbin/stop",
                    "/sbin/restart",
                    "/sbin/status",
                ]
                .iter()
                .all(|c| cmd(c)),
            default_len: default_len(
                &[
                    &[
                        ("operatingsystem", &["ubuntu"]),
                        ("operatingsystemmajrelease", old_ubuntu),
                    ],
                    &[
                        ("operatingsystem", &["LinuxMint"]),
                        ("operatingsystemmajrelease", old_mint),
                    ],
                ],
                &[],
                &os,
            ),
            depth: 8,
        },
    ];
    pick(candidates)
}

/// The package provider Puppet picks: the OS's default one when it is
/// suitable.
pub(crate) fn package(ctx: &Ctx) -> Option<&'static str> {
    let os = OsFacts::of(ctx);
    let cmd = |c: &str| ctx.host.which(c).is_some();
    let major: u32 = os.major.parse().unwrap_or(0);
    let candidates = vec![
        Candidate {
            name: "apt",
            suitable: [
                "/usr/bin/apt-get",
                "/usr/bin/apt-cache",
                "/usr/bin/apt-mark",
                "/usr/bin/debconf-set-selections",
            ]
            .iter()
            .all(|c| cmd(c)),
            default_len: usize::from(os.family == "debian"),
            depth: 6,
        },
        Candidate {
            name: "dnf",
            suitable: cmd("dnf") && cmd("rpm"),
            default_len: usize::from(
                (os.os == "fedora" && !(19..=21).contains(&major))
                    || (os.family == "redhat" && !(4..=7).contains(&major)),
            ),
            depth: 7,
        },
        Candidate {
            name: "yum",
            suitable: cmd("yum") && cmd("rpm"),
            default_len: if os.family == "redhat" && (4..=7).contains(&major) {
                2
            } else {
                usize::from(os.os == "amazon")
            },
            depth: 6,
        },
        Candidate {
            name: "zypper",
            suitable: cmd("/usr/bin/zypper")
                && ["suse", "sles", "sled", "opensuse"].contains(&os.os.as_str()),
            default_len: 1,
            depth: 6,
        },
        Candidate {
            name: "pacman",
            suitable: cmd("/usr/bin/pacman")
                && ["archlinux", "manjarolinux"].contains(&os.os.as_str()),
            default_len: 1,
            depth: 5,
        },
        Candidate {
            name: "portage",
            suitable: os.family == "gentoo",
            default_len: 1,
            depth: 5,
        },
        Candidate {
            name: "apk",
            suitable: cmd("apk") && os.os == "alpine",
            default_len: 1,
            depth: 5,
        },
    ];
    // Only a default is known; without one Puppet would weigh every
    // suitable provider (gem, pip...), which kuppet does not.
    let defaults: Vec<Candidate> = candidates
        .into_iter()
        .filter(|c| c.suitable && c.default_len > 0)
        .collect();
    pick(defaults)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_most_specific_default_wins() {
        let os = OsFacts {
            os: "debian".into(),
            family: "debian".into(),
            major: "12".into(),
            release: "12.11".into(),
        };
        assert_eq!(matches(&[("operatingsystem", &["Debian"])], &os), Some(1));
        assert_eq!(
            default_len(
                &[&[("operatingsystem", &["debian"])]],
                &[&[
                    ("operatingsystem", &["debian"]),
                    ("operatingsystemmajrelease", &["5", "6", "7"])
                ]],
                &os
            ),
            1
        );
        let c = |name, suitable, default_len, depth| Candidate {
            name,
            suitable,
            default_len,
            depth,
        };
        assert_eq!(
            pick(vec![
                c("service", true, 0, 4),
                c("debian", true, 0, 7),
                c("base", true, 0, 5)
            ]),
            Some("debian")
        );
        assert_eq!(
            pick(vec![c("debian", true, 0, 7), c("systemd", true, 1, 6)]),
            Some("systemd")
        );
        assert_eq!(pick(vec![c("systemd", false, 1, 6)]), None);
    }
}
