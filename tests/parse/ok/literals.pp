$t = true
$f = false
$u = undef
$d = default
$bare = bareword
$dashed = foo-bar
$underscore = _private
$qualified = foo::bar
$absolute = ::foo::bar
$regex = /^(a|b)\/c$/
$array = [1, 'two', [3], {}, []]
$trailing = [1, 2, ]
$hash = { 'a' => 1, b => [2], 3 => { c => d }, }
$empty_hash = {}
$var = $::top::level
$scoped = $mod::var
$numbered = $1
$keywords = [type, function]
$keys = { type => 1, function => 2 }
