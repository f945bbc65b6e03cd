# stdlib: the operating system and its release
notify { 'os_version_gte 1': message => os_version_gte('Debian', '11') }
notify { 'os_version_gte 2': message => os_version_gte('Debian', '12') }
notify { 'os_version_gte 3': message => os_version_gte('Debian', '13') }
notify { 'os_version_gte 4': message => os_version_gte('Ubuntu', '10') }
