define mod::thing { notify { "thing ${title}": } }
class mod::holder { mod::thing { 'x': } }
include mod::holder
