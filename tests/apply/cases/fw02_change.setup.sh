iptables -A INPUT -p tcp -m multiport --dports 8080 -m comment --comment "100 web" -j ACCEPT
iptables -A INPUT -p tcp --dport 25 -m comment --comment "200 old" -j DROP
iptables -A INPUT -p tcp --dport 26 -j DROP
