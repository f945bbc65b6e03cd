iptables -A INPUT -p tcp --dport 80 -m comment --comment "100 managed" -j ACCEPT
iptables -A INPUT -p tcp --dport 22 -m comment --comment "150 stale" -j ACCEPT
iptables -A OUTPUT -p tcp --dport 25 -j DROP
iptables -t nat -A POSTROUTING -o eth0 -j MASQUERADE
