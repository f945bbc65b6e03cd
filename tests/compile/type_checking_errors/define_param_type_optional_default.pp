define opt::d (Optional[Integer] $n = undef) { notify { $title: message => "[${n}]" } }
opt::d { 'a': }
opt::d { 'b': n => 5 }
