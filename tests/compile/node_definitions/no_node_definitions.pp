notify { 'plain': }
