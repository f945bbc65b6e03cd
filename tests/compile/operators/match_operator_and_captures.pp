$host = 'web42.prod.example.com'
if $host =~ /^(\w+?)(\d+)\.(\w+)\./ {
  notify { 'm': message => "role=${1} num=${2} env=${3} all=${0}" }
}
