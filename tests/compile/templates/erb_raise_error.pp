# An exception raised and not rescued in a template.
notify { 'x':
  message => inline_template('<% raise ArgumentError, "custom failure" %>'),
}
