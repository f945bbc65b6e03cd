$a = 1; $b = 2
notice($a); notice($b)
class s { $c = 3; notice($c) }
