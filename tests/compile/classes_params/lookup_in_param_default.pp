class tz (String $zone = lookup('tz::zone', String, 'first', 'UTC')) { notify { 'tz': message => $zone } }
include tz
