//! `gather(Path::new("/"))` on the Linux machine running the tests gives
//! the facts Debian's modules read, with Facter's types.

use serde_json::Value;
use std::path::Path;

fn at<'a>(facts: &'a Value, path: &str) -> Option<&'a Value> {
    path.split('.').try_fold(facts, |v, k| v.get(k))
}

#[test]
fn the_running_system_has_the_facts_modules_read() {
    let facts = Value::Object(kuppet_facts::gather(Path::new("/")));
    let string = [
        "os.name",
        "os.family",
        "os.architecture",
        "os.hardware",
        "osfamily",
        "operatingsystem",
        "architecture",
        "hardwaremodel",
        "hardwareisa",
        "kernel",
        "kernelrelease",
        "kernelversion",
        "kernelmajversion",
        "hostname",
        "fqdn",
        "networking.hostname",
        "networking.fqdn",
        "path",
        "timezone",
        "facterversion",
        "puppetversion",
        "rubyversion",
        "virtual",
        "interfaces",
        "memorysize",
        "memory.system.total",
        "memory.system.capacity",
        "filesystems",
        "identity.user",
        "id",
        "system_uptime.uptime",
        "processors.isa",
    ];
    for name in string {
        let v = at(&facts, name).unwrap_or(&Value::Null);
        assert!(
            v.as_str().is_some_and(|s| !s.is_empty()),
            "{name} is a non-empty String: {v}"
        );
    }
    let integer = [
        "processorcount",
        "processors.count",
        "processors.physicalcount",
        "memory.system.total_bytes",
        "memory.system.used_bytes",
        "system_uptime.seconds",
        "system_uptime.days",
        "identity.uid",
        "identity.gid",
    ];
    for name in integer {
        let v = at(&facts, name).unwrap_or(&Value::Null);
        assert!(v.is_u64(), "{name} is an Integer: {v}");
    }
    for name in ["memorysize_mb", "memoryfree_mb", "load_averages.1m"] {
        let v = at(&facts, name).unwrap_or(&Value::Null);
        assert!(v.is_f64(), "{name} is a Float: {v}");
    }
    for name in [
        "is_virtual",
        "fips_enabled",
        "selinux",
        "os.selinux.enabled",
        "identity.privileged",
    ] {
        let v = at(&facts, name).unwrap_or(&Value::Null);
        assert!(v.is_boolean(), "{name} is a Boolean: {v}");
    }
    for name in [
        "networking.interfaces",
        "mountpoints",
        "os.release",
        "processors",
        "memory.system",
    ] {
        let v = at(&facts, name).unwrap_or(&Value::Null);
        assert!(v.is_object(), "{name} is a Hash: {v}");
    }
    let models = at(&facts, "processors.models").unwrap_or(&Value::Null);
    assert!(models.is_array(), "processors.models is an Array");
    // Release parts are Strings, major included (versioncmp needs them).
    let major = at(&facts, "os.release.major").unwrap_or(&Value::Null);
    assert!(major.is_string(), "os.release.major is a String: {major}");
    assert_eq!(facts["operatingsystemmajrelease"], *major);
    // Every interface in `interfaces` is in networking.interfaces.
    let listed = facts["interfaces"].as_str().unwrap_or("");
    for name in listed.split(',') {
        assert!(
            facts["networking"]["interfaces"].get(name).is_some(),
            "{name}"
        );
    }
    // The names agree.
    assert_eq!(facts["hostname"], facts["networking"]["hostname"]);
    assert_eq!(facts["fqdn"], facts["networking"]["fqdn"]);
    let fqdn = facts["fqdn"].as_str().unwrap_or("");
    let host = facts["hostname"].as_str().unwrap_or("");
    assert!(fqdn.starts_with(host));
    if let Some(domain) = facts.get("domain") {
        assert!(
            domain.as_str().is_some_and(|d| !d.is_empty()),
            "a domain is never empty"
        );
    }
}

#[test]
fn module_facts_come_with_their_modules() {
    let dir = tempfile::tempdir().expect("tempdir");
    let facter = dir.path().join("openstacklib/lib/facter");
    std::fs::create_dir_all(&facter).expect("mkdir");
    std::fs::write(facter.join("os_workers.rb"), "# os_workers\n").expect("write");
    let with = kuppet_facts::gather_with_modules(Path::new("/"), &[dir.path().to_path_buf()]);
    let count = with["processors"]["count"].as_i64().unwrap_or(1);
    assert_eq!(with["os_workers"].as_i64(), Some((count / 2).clamp(2, 12)));
    assert!(with["os_workers_keystone"].is_i64());
    let without = kuppet_facts::gather_with_modules(Path::new("/"), &[]);
    assert!(without.get("os_workers").is_none());
}
