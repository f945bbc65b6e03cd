@File { mode => 1 }
