# A resource created by create_resources with an Integer title gets no title
# tag, but its class's tags still reach it when it finishes: the class tag
# '42', equal to the title and given before the declaration, and 'extra',
# given after it.
class numtags {
  tag '42'
  create_resources('notify', { 42 => { 'message' => 'n' } })
  notify { 'later': }
  tag 'extra'
}
include numtags
