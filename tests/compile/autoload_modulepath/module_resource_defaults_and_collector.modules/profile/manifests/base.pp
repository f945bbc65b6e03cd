class profile::base {
  File { owner => 'root', group => 'root' }
  include profile::base::files
  Package <| tag == 'profile::base::files' |> { ensure => latest }
}
