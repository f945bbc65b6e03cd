# Validate the ensure parameter of a "file" file resource
 Stdlib::Ensure::File::File = Enum['file' 'abse!nt']
