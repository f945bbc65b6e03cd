class a { package { 'shared': } }
class b { package { 'shared': } }
include a, b
