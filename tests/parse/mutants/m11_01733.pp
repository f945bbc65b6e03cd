# @summary Validate a Google Cloud object store URI
+> Stdlib::ObjectStore::GSUri = Pattern[/\Ags:\/\/.*\z/]
