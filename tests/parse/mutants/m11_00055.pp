# Validate the ensure parameter of a "file" file resource
Stdlib::Ensure::File::File type = Enum['file', 'absent']
