Class['late'] -> Class['early']
class early { notify { 'early': } }
class late { notify { 'late': } }
include early
include late
