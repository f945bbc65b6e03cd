# A relative path makes the catalog invalid.
ini_setting { 'rel': path => 'relative.ini', section => 's', setting => 'k', value => 'v' }
