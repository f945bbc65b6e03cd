# The Ruby class each Puppet value arrives as, and the values themselves
# handed back unchanged.
Puppet::Functions.create_function(:'rubyfn::kinds') do
  dispatch :kinds do
    repeated_param 'Any', :values
  end

  def kinds(*values)
    values.map do |v|
      cls = case v
            when nil then 'nil'
            when true, false then 'boolean'
            when Integer then 'Integer'
            when Float then 'Float'
            when String then 'String'
            when Array then 'Array'
            when Hash then 'Hash'
            when Regexp then "Regexp:#{v.source}"
            when :default then 'default'
            else v.class.name.split('::').last
            end
      [cls, v]
    end
  end
end
