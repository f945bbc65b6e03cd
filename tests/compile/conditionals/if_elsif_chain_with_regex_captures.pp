$host = 'app-17.example'
if $host =~ /^db-(\d+)/ {
  $r = "db$1"
} elsif $host =~ /^app-(\d+)\.(\w+)/ {
  $r = "app${1} in ${2}"
} else {
  $r = 'none'
}
notify { 'n': message => $r }
