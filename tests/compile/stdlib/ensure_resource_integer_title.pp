# Titles that are not strings (apache::vhost: ensure_resource('apache::listen', $port)):
# the resource keeps its name in the catalog and gets no title tag.
define d() { notify { "in ${title} ${name}": } }
create_resources('d', { 8043 => {} })
ensure_resource('d', 8044)
ensure_resource('d', [8045, '8046'])
ensure_resource('notify', 8047)
