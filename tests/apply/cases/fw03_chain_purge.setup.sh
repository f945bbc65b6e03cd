iptables -A INPUT -p tcp --dport 80 -m comment --comment "100 managed" -j ACCEPT
iptables -A INPUT -p udp --dport 53 -j ACCEPT
iptables -A INPUT -p tcp --dport 22 -m comment --comment "150 stale" -j ACCEPT
iptables -A INPUT -p tcp --dport 23 -m comment --comment "KEEP me" -j DROP
iptables -A INPUT -p tcp --dport 24 -j DROP
iptables -A OUTPUT -p tcp --dport 25 -j DROP
