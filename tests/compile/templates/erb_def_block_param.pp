# A method the template defines may take `&block` and pass it on (puppet-gitlab's
# gitlab.rb.erb: `def sort_hash_by_key(hash, deep=true, &block)` calling
# `hash.keys.sort(&block)` and itself with `&block`); called without a block,
# the block is nil and `&block` passes no block.
$t = @(ERB)
<%- def sorted(h, deep=true, &block)
  h.keys.sort(&block).reduce({}) do |memo, k|
    memo[k] = (deep && h[k].is_a?(Hash)) ? sorted(h[k], true, &block) : h[k]
    memo
  end
end -%>
<%= sorted(@data).inspect %> <%= sorted(@data, false).keys.inspect %>
ERB
$data = { 'b' => 1, 'a' => { 'z' => 2, 'y' => 3 } }
notify { 'n': message => inline_template($t) }
