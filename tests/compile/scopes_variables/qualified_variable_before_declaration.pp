class late { $value = 'set' }
notify { 'before': message => "[${late::value}]" }
include late
notify { 'after': message => "[${late::value}]" }
