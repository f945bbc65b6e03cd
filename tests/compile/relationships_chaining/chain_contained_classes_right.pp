class inner { notify { 'inner': } }
class outer { contain inner }
include outer
notify { 'first': } -> Class['outer']
