$value = 42
case $value {
  String: { notify { 'string': } }
  Integer[0, 10]: { notify { 'small': } }
  Integer: { notify { 'integer': } }
  default: { notify { 'other': } }
}
