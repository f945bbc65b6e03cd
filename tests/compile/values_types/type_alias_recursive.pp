type Tree = Variant[Integer, Array[Tree]]
type Json = Variant[String, Integer, Boolean, Undef, Array[Json], Hash[String, Json]]
$t = [1, [2, [3, 4]], 5]
$j = {'a' => [1, 'x', {'b' => true}], 'c' => undef}
notify { 'n': message => [$t =~ Tree, [1, ['x']] =~ Tree, $j =~ Json, {'a' => 1.5} =~ Json, String(Tree), Tree] }
