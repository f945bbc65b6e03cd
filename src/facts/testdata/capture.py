#!/usr/bin/env python3
"""Snapshots this machine for kuppet-facts' tests, next to what Facter says.

Usage (as root, with facter installed): capture.py NAME

Writes testdata/NAME/root/ (the files the facts are read from: /etc, the
dpkg database's entries, /proc and /sys files), testdata/NAME/system.json
(what only the running system answers: uname, gethostname, getifaddrs,
statvfs of each mount point, CPUID, uid, PATH, time zone) and
testdata/NAME/facter.json (`facter -j --show-legacy`, run at the same
moment). The test `snapshot_matches_facter` gathers the facts of that root
and compares them with Facter's.
"""

import ctypes
import ctypes.util
import glob
import json
import os
import shutil
import socket
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


class Sockaddr(ctypes.Structure):
    _fields_ = [("sa_family", ctypes.c_ushort), ("sa_data", ctypes.c_ubyte * 14)]


class Ifaddrs(ctypes.Structure):
    pass


Ifaddrs._fields_ = [
    ("ifa_next", ctypes.POINTER(Ifaddrs)),
    ("ifa_name", ctypes.c_char_p),
    ("ifa_flags", ctypes.c_uint),
    ("ifa_addr", ctypes.POINTER(Sockaddr)),
    ("ifa_netmask", ctypes.POINTER(Sockaddr)),
    ("ifa_ifu", ctypes.POINTER(Sockaddr)),
    ("ifa_data", ctypes.c_void_p),
]


def ip_of(sa):
    if not sa:
        return None
    fam = sa.contents.sa_family
    raw = ctypes.string_at(ctypes.addressof(sa.contents), 28)
    if fam == socket.AF_INET:
        return socket.inet_ntop(socket.AF_INET, raw[4:8])
    if fam == socket.AF_INET6:
        return socket.inet_ntop(socket.AF_INET6, raw[8:24])
    return None


def interfaces():
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    head = ctypes.POINTER(Ifaddrs)()
    if libc.getifaddrs(ctypes.byref(head)) != 0:
        return []
    out = []
    cur = head
    while cur:
        ifa = cur.contents
        name = ifa.ifa_name.decode()
        if not ifa.ifa_addr:
            out.append([name, "bare"])
        elif ifa.ifa_addr.contents.sa_family == socket.AF_PACKET:
            raw = ctypes.string_at(ctypes.addressof(ifa.ifa_addr.contents), 20)
            halen = raw[11]
            out.append([name, "link", ":".join("%02x" % b for b in raw[12 : 12 + halen])])
        else:
            addr, mask = ip_of(ifa.ifa_addr), ip_of(ifa.ifa_netmask)
            out.append([name, "ip", addr, mask] if addr and mask else [name, "bare"])
        cur = ifa.ifa_next
    libc.freeifaddrs(head)
    return out


def copy(src, root, dst=None):
    dst = os.path.join(root, (dst or src).lstrip("/"))
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    try:
        if os.path.islink(src) and not src.startswith(("/proc", "/sys")):
            os.symlink(os.readlink(src), dst)
        else:
            with open(src, "rb") as f:
                data = f.read()
            with open(dst, "wb") as f:
                f.write(data)
            if os.access(src, os.X_OK) and not src.startswith(("/proc", "/sys")):
                os.chmod(dst, 0o755)
    except OSError:
        pass


def dpkg_entries(root, packages):
    with open("/var/lib/dpkg/status") as f:
        paras = f.read().split("\n\n")
    keep = [p for p in paras if any(l == "Package: " + n for n in packages for l in p.splitlines())]
    dst = os.path.join(root, "var/lib/dpkg/status")
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    with open(dst, "w") as f:
        f.write("\n\n".join(keep) + "\n")


def main():
    name = sys.argv[1]
    base = os.path.join(HERE, name)
    root = os.path.join(base, "root")
    shutil.rmtree(base, ignore_errors=True)
    os.makedirs(root)
    etc = ["/etc/os-release", "/usr/lib/os-release", "/etc/debian_version", "/etc/hostname", "/etc/hosts",
           "/etc/resolv.conf", "/etc/localtime", "/etc/puppet/puppet.conf", "/etc/fstab"]
    etc += glob.glob("/etc/facter/facts.d/*") + glob.glob("/etc/ssh/ssh_host_*.pub")
    for p in etc:
        copy(p, root)
    copy(os.path.realpath("/etc/localtime"), root)
    for p in ["/etc/passwd", "/etc/group"]:
        with open(p) as f:
            lines = [l for l in f if l.split(":")[2] in ("0",)]
        dst = os.path.join(root, p.lstrip("/"))
        with open(dst, "w") as f:
            f.writelines(lines)
    for tool in ["/usr/bin/lsb_release", "/usr/sbin/virt-what", "/usr/bin/lspci", "/usr/bin/kill",
                 "/usr/sbin/update-rc.d", "/usr/sbin/invoke-rc.d", "/usr/sbin/service", "/usr/bin/systemctl",
                 "/usr/bin/apt-get", "/usr/bin/apt-cache", "/usr/bin/apt-mark", "/usr/bin/debconf-set-selections",
                 "/usr/bin/curl", "/usr/bin/wget"]:
        if os.path.exists(tool):
            dst = os.path.join(root, tool.lstrip("/"))
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            open(dst, "w").close()
            os.chmod(dst, 0o755)
    copy("/usr/bin/lsb_release", root)
    dpkg_entries(root, ["libaugeas0", "iptables", "lsb-release", "systemd"])
    procs = ["cpuinfo", "meminfo", "uptime", "loadavg", "filesystems", "cmdline", "net/route", "net/if_inet6",
             "sys/crypto/fips_enabled", "1/cgroup", "1/comm", "bus/pci/devices", "self/status"]
    sysfiles = glob.glob("/sys/class/net/*/mtu") + glob.glob("/sys/class/net/*/ifindex")
    sysfiles += glob.glob("/sys/devices/system/cpu/cpu[0-9]*/topology/*")
    sysfiles += glob.glob("/sys/bus/pci/devices/*/vendor") + glob.glob("/sys/bus/pci/devices/*/device")
    for disk in glob.glob("/sys/block/*"):
        for f in ["size", "dev", "queue/rotational", "device/vendor", "device/model", "device/serial",
                  "dm/name", "loop/backing_file"]:
            if os.path.exists(os.path.join(disk, f)):
                sysfiles.append(os.path.join(disk, f))
        for part in glob.glob(disk + "/" + os.path.basename(disk) + "*"):
            sysfiles += [os.path.join(part, "size"), os.path.join(part, "dev")]
        if os.path.isdir(os.path.join(disk, "device")):
            os.makedirs(os.path.join(root, disk.lstrip("/"), "device"), exist_ok=True)
    sysfiles += glob.glob("/sys/class/dmi/id/*")
    os.makedirs(os.path.join(root, "sys/class"), exist_ok=True)
    mounts = open("/proc/self/mounts").read()
    stats = {}
    for line in mounts.splitlines():
        path = line.split()[1].replace("\\040", " ")
        try:
            s = os.statvfs(path)
            stats[path] = [s.f_blocks * s.f_frsize, s.f_bfree * s.f_frsize, s.f_bavail * s.f_frsize]
        except OSError:
            pass
    facter = subprocess.run(["facter", "-j", "--show-legacy"], capture_output=True, text=True).stdout
    for p in procs:
        copy("/proc/" + p, root)
    with open(os.path.join(root, "proc/1/mounts"), "w") as f:
        f.write(mounts)
    for p in sysfiles:
        copy(p, root)
    helper = "/usr/libexec/virt-what-cpuid-helper"
    cpuid = subprocess.run([helper], capture_output=True, text=True).stdout.strip() if os.path.exists(helper) else None
    u = os.uname()
    system = {
        "uname": {"sysname": u.sysname, "release": u.release, "machine": u.machine},
        "hostname": socket.gethostname(),
        "interfaces": interfaces(),
        "statvfs": stats,
        "uid": os.getuid(),
        "cpuid": cpuid,
        "path": os.environ.get("PATH"),
        "timezone": time.strftime("%Z"),
        "now": int(time.time()),
    }
    with open(os.path.join(base, "system.json"), "w") as f:
        json.dump(system, f, indent=1)
    with open(os.path.join(base, "facter.json"), "w") as f:
        f.write(facter)


def consistent(name):
    """Whether Facter saw the interfaces and mount points captured with it
    (other processes may add or remove some meanwhile)."""
    base = os.path.join(HERE, name)
    facter = json.load(open(os.path.join(base, "facter.json")))
    system = json.load(open(os.path.join(base, "system.json")))
    names = sorted({i[0] for i in system["interfaces"]})
    if facter.get("interfaces") != ",".join(names):
        return False
    for n in names:
        if not os.path.exists(os.path.join(base, "root/sys/class/net", n, "mtu")):
            return False
    kept = set()
    for line in open(os.path.join(base, "root/proc/1/mounts")):
        f = line.split()
        pseudo = f[1].startswith(("/proc", "/sys")) and f[2] != "tmpfs"
        if not pseudo and f[2] != "autofs":
            kept.add(f[1].replace("\\040", " "))
    return set(facter.get("mountpoints", {})) == kept


if __name__ == "__main__":
    for attempt in range(20):
        main()
        if consistent(sys.argv[1]):
            break
        time.sleep(3)
    else:
        sys.exit("the machine kept changing: no consistent snapshot")
