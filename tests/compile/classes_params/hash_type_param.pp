class h (Hash[String, Integer] $limits = {}) { notify { 'h': message => $limits } }
class { 'h': limits => { 'nofile' => 4096, 'nproc' => 512 } }
