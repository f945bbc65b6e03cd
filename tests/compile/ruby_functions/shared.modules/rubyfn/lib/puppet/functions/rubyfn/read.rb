# Reads a file (the compile worker's sandbox must refuse files outside its
# read paths to module Ruby too).
Puppet::Functions.create_function(:'rubyfn::read') do
  dispatch :read do
    param 'String', :path
  end

  def read(path)
    File.read(path)
  end
end
