# Shared by the debconf cases' setups (dc*.setup.sh source it; it is not
# a case): a private debconf database in the sandbox, which the case's runs
# use through DEBCONF_SYSTEMRC (CASE.env) pointing at this configuration.
mkdir -p "$SANDBOX/debconf"
cat > "$SANDBOX/debconf/debconf.conf" <<CONF
Config: configdb
Templates: templatedb

Name: config
Driver: File
Mode: 644
Reject-Type: password
Filename: $SANDBOX/debconf/config.dat

Name: passwords
Driver: File
Mode: 600
Backup: false
Required: false
Accept-Type: password
Filename: $SANDBOX/debconf/passwords.dat

Name: configdb
Driver: Stack
Stack: config, passwords

Name: templatedb
Driver: File
Mode: 644
Filename: $SANDBOX/debconf/templates.dat
CONF
