class bar { notify { 'top bar': } }
class foo::bar { notify { 'foo bar': } }
class foo { include bar }
include foo
