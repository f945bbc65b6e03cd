notify { 'ver': message => String(SemVer('1.2.3')) }
notify { 'cmp': message => SemVer('1.2.3') < SemVer('1.10.0') }
