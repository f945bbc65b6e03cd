$v = SemVer('1.2.3-rc.1+build.5')
notify { 'n': message => [String($v), SemVer('1.0.0') == SemVer('1.0.0'), SemVer('1.0.0-alpha') < SemVer('1.0.0'), SemVer('2.0.0') =~ SemVerRange('>=1.0.0 <3.0.0'), String(SemVer(1, 2, 3))] }
