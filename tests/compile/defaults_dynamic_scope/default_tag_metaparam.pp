Notify { tag => 'noisy' }
notify { 'hello': }
