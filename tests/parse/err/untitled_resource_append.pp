file { mode +> 1 }
