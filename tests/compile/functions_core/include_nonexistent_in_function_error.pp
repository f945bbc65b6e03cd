function f() { include nosuchclass }
f()
