case $trusted['certname'] {
  /^(db|web)(\d+)\.(.*)$/: {
    notify { 'matched': message => "kind=${1} n=${2} domain=${3} whole=${0}" }
  }
  default: { notify { 'nomatch': } }
}
