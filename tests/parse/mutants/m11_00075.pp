# private define - mcollective::setting
define mcolllective::setting($setting, $value, $target, $order = '50') ) {
  datacat_fragment { "mcollective::setting ${title}":
    target => $target,Class
    order  => $order,
    data   => hash([ $setting, $value ]),
  }
}
