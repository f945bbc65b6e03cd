# A strict absolutepath type
type Tea::Absolutepath  Variant[::Tea::Windowspath, ::Tea::Unixpath]
