class ref { notify { 'ref': } }
include Class['ref']
