# A private debconf database in the sandbox: the case's runs get
# DEBCONF_SYSTEMRC (dc01_debconf.env) pointing at this configuration.
. "$(dirname "$0")/debconf-db.sh"
