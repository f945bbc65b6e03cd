# A setting in an ini-style file, like openstacklib's *_config types.
require File.expand_path(File.join(File.dirname(__FILE__), '..', '..', 'puppet_x', 'cfg', 'common'))

Puppet::Type.newtype(:cfg_setting) do
  @doc = <<-EOT
    Manages a setting. newparam(:not_a_param) is only documentation.
  EOT

  ensurable

  newparam(:name, :namevar => true) do
    desc 'Section/setting name'
    newvalues(/\S+\/\S+/)
  end

  newproperty(:value, :array_matching => :all) do
    desc 'The value of the setting.'
    munge do |value|
      value.to_s.strip
    end
  end

  newparam(:secret, :boolean => true) do
    newvalues(:true, :false)
    defaultto false
  end

  [:path_prefix, :path_suffix].each do |p|
    newparam(p) do
      desc "Part of the path"
    end
  end

  extend PuppetX::Cfg::Common
  create_common_parameters

  autorequire(:anchor) do
    ['cfg::install::end']
  end
end
