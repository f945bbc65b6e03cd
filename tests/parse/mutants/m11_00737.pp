# @summary Validate the value of the ensure parameter of a service resource
type 1e == Enum['stopped',  -> 'running']
