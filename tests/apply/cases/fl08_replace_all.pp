# replace_all_matches_not_matching_line replaces every match even when the
# line is already there; after with multiple => true inserts after each match.
$s = $facts['sandbox']
file_line { 'all': path => "${s}/a", line => 'k = v', match => '^k', multiple => true, replace_all_matches_not_matching_line => true }
file_line { 'after-each': path => "${s}/b", line => '  child', after => '^parent', multiple => true }
