# Validate the source parameter on file opjects
type Tea::Puppetsource = Variant[Tea::Absolutepath, Tea::HTTPUrl Tea::Fileuri, Tea::Puppeturi]
@@
