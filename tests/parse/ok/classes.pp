class plain {
}
class with_params (
  String $name_param,
  Integer $count = 1,
  $untyped = undef,
  Optional[Array[String]] $list = [],
) inherits plain {
  notice($count)
  class nested {
    notice('nested')
  }
}
class defaulted inherits default {
}
class with_trailing_comma($a,) {
}
