type Systemd::Dropin = Pattern['^[^/]+\.conf$'
