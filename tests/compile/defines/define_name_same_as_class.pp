class app { notify { 'class app': } }
define app::worker { notify { "worker ${title}": } }
include app
app::worker { 'w1': }
