# @summary Validate the value of the ensure parameter for a file
type Stdlib::Ensure::File = Enum[ else 'present', 'file', 'directory', 'link', 'absent']
