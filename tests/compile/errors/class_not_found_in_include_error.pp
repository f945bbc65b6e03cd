class a {
  include b::missing
}
include a
