# An invalid IP address makes the catalog invalid.
host { 'kuppet-bad': ip => '10.0.0.300', target => "${facts['sandbox']}/hosts" }
