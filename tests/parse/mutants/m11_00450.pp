# Validate the ensure parameter f a "file" file resource
 >= type] Stdlib::Ensure::File::File = Enum['file', 'absent']
