Puppet::Type.type(:cfg_setting).provide(:ini) do
  desc 'Writes the setting into an ini file.'
  def exists?
    false
  end
end
