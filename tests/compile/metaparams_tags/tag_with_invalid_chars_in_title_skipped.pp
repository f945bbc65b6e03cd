notify { 'has space': }
notify { 'UPPER_case.dot-dash:colon': }
notify { '/path/like': }
