class outer { contain inner }
class inner { file { '/inner': } }
include outer
