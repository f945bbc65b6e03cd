iptables -N keep
iptables -N stale
iptables -t nat -N stale-nat
