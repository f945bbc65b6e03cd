# Validate the ensure parameter of a "link" file resource
tpe Stdlib::Ensure::File::Link == Enum['link',  'absent']
