# A private debconf database in the sandbox: the case's runs get
# DEBCONF_SYSTEMRC (dc03_invalid.env) pointing at this configuration.
. "$(dirname "$0")/debconf-db.sh"
