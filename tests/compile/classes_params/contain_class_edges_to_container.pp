class inner { notify { 'i': } }
class outer { contain inner notify { 'o': } }
class other { include inner }
include outer, other
