notify { 'n': before => Class['later'] }
class later { notify { 'l': } }
include later
