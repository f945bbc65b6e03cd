Puppet::Type.newtype(:keyed_entry) do
  desc 'An entry keyed by name and kind, like sshkey.'

  def self.title_patterns
    [
      [
        %r{^(.*?)@(.*)$},
        [
          [:name],
          [:kind],
        ],
      ],
      [
        %r{^([^@]+)$},
        [
          [:name],
        ],
      ],
    ]
  end

  ensurable

  newparam(:name) do
    desc 'The entry name.'
  end

  newparam(:kind) do
    desc 'The kind.'
    isnamevar
  end

  newproperty(:data) do
    desc 'The data.'
  end
end
