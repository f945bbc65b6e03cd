# A private debconf database in the sandbox: the case's runs get
# DEBCONF_SYSTEMRC (dc02_change.env) pointing at this configuration.
. "$(dirname "$0")/debconf-db.sh"
# Existing items.
DEBCONF_SYSTEMRC="$SANDBOX/debconf/debconf.conf" debconf-set-selections <<SEL
tzdata tzdata/Areas select Asia
dash dash/sh boolean true
dash dash/sh seen false
exim4-config exim4/mailname string mail.example.com
tzdata tzdata/Zones/Asia select Tokyo
SEL
