# lookup_options in module data: unique, hash (by pattern), deep with a
# knockout prefix, first (a higher level's options win), convert_to; used by
# automatic parameter lookup and by lookup().
include lo
notify { 'by lookup':
  message => String([lookup('lo::packages'), lookup('lo::users').keys, lookup('lo::packages', Array, 'first')]),
}
