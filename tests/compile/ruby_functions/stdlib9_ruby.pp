# puppetlabs-stdlib 9.7 functions kuppet has no native version of, run as
# they are in the embedded Ruby (4.x under stdlib::, legacy ones, a block).
notify { 'clamp': message => clamp(5, 1, 3) }
notify { 'squeeze': message => squeeze('aaabbb') }
notify { 'dos2unix': message => dos2unix("a\r\nb") }
notify { 'to_toml': message => stdlib::to_toml({ 'a' => { 'b' => 1, 'c' => [1, 2] } }) }
notify { 'to_python': message => stdlib::to_python({ 'a' => [true, undef, 'x'] }) }
notify { 'to_ruby': message => stdlib::to_ruby({ 'a' => [true, undef, 'x'] }) }
notify { 'sort_by': message => stdlib::sort_by([3, 1, 2]) |$x| { -$x } }
notify { 'rewrap': message => stdlib::rewrap_sensitive_data({ 'a' => Sensitive('x') }) |$v| { $v } =~ Hash }
notify { 'convert_base': message => convert_base('254', '16') }
notify { 'swapcase': message => swapcase('aBc') }
notify { 'to_bytes': message => to_bytes('2 kB') }
notify { 'delete_regex': message => delete_regex(['abc', 'b', 'c'], 'b') }
