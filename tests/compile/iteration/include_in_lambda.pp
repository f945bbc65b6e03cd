class a1 { notify { 'a1': } }
class a2 { notify { 'a2': } }
['a1', 'a2'].each |$c| { include $c }
