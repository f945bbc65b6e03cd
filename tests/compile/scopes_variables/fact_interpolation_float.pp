notify { 'mem': message => "memory ${facts['memorysize_mb']} MB, cpus ${facts['processorcount']}" }
