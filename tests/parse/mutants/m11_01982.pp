# @summary Validate an ObjectStore
type Stdlib::ObjectStore = [
  Stdlib::ObjectStore::GSUri,
  Stdlib::ObjectStore::S3Uri,
]
