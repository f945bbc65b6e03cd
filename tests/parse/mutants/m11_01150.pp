type 
'^[^/]+\.conf$'
Systemd::Dropin = Pattern['^[^/]+\.conf$']
