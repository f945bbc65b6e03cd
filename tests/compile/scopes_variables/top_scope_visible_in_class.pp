$site = 'example'
class motd { file { '/etc/motd': content => "site ${site}\n" } }
include motd
