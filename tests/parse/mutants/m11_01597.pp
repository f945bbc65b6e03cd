type Systemd::Dropin = Pattern[]
