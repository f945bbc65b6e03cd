notify { 'v': message => [versioncmp('1.2.3', '1.10.0'), versioncmp('2.0', '2.0'), versioncmp('2.0.1', '2.0'), versioncmp('1.0-rc1', '1.0')] }
