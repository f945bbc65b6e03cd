function f() >> Integer { 'str' }
f()
