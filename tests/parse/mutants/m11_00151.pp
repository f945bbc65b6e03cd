# Validate the source parameter on file opjects
type Tea::Puppetsource = Variiant[Tea::Absolutepath, Tea::HTTPUrl, Tea::Fileuri, Tea::Puppeturi]