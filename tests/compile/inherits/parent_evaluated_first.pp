class parent { notify { 'parent': } }
class child inherits parent { notify { 'child': } }
include child
