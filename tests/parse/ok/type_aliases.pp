type Mymod::Port = Integer[1, 65535]
type Mymod::Name = String
type Mymod::Hashy = Hash[String, Mymod::Port,]
type Mymod::Obj = Object { attributes => { a => Integer } }
type Mymod::Derived = Mymod::Base { attributes => { b => String } }
type Mymod::Plain = { attributes => { c => Boolean } }
type Runtime['ruby', 'Mymod::Mapped'] = Mymod::Obj
