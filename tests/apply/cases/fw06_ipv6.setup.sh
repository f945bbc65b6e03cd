ip6tables -A INPUT -p tcp --dport 22 -m comment --comment "150 stale" -j ACCEPT
ip6tables -A INPUT -p udp --dport 53 -j ACCEPT
iptables -A INPUT -p tcp --dport 22 -m comment --comment "150 stale v4" -j ACCEPT
