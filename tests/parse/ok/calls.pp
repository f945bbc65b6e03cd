include apache
include apache, mysql, 'php'
require base
contain inner
notice 'hello'
notice('with', 'parens')
realize User['a'], User['b']
tag 'x'
warning "careful ${name}"
fail('stop')
$r = lookup('key', String, 'first', 'default')
$s = Integer('42')
$t = Resource[File]('x')
notice(hash => 1, other => 2)
create_resources('file', { '/tmp/x' => {} })
debug {a => 1}
info()
