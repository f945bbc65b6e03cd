class tagger { tag 'extra_tag' }
include tagger
