include myapp
