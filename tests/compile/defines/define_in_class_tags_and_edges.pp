define site::user ($shell = '/bin/bash') { user { $title: shell => $shell } }
class site { site::user { ['alice', 'bob']: } }
include site
