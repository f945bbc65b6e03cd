class outer { include inner }
class inner { file { '/inner': } }
include outer
