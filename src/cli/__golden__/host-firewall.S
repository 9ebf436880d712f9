# iptables -t filter -S
-P INPUT DROP
-P FORWARD DROP
-P OUTPUT ACCEPT
-N SSH
-A INPUT -i lo -j ACCEPT
-A INPUT -p tcp -m tcp --dport 22 -j SSH
-A SSH -s 192.168.1.0/24 -m comment --comment "office LAN" -j ACCEPT
# iptables -t nat -S
-P PREROUTING ACCEPT
-P INPUT ACCEPT
-P OUTPUT ACCEPT
-P POSTROUTING ACCEPT
-A PREROUTING -d 203.0.113.5/32 -p tcp -m tcp --dport 80 -j DNAT --to-destination 10.0.0.2:8080
