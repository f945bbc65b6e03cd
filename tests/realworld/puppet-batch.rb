# Compiles many manifests with Puppet 7's own compiler in one Ruby process
# (Puppet's start-up costs seconds; a compile alone a fraction of one).
#
#   ruby puppet-batch.rb --facts FACTS.yaml --modulepath DIR OUTDIR MANIFEST.pp...
#
# For each MANIFEST.pp writes OUTDIR/NAME.json (the catalog, as
# shared/tools/puppet-catalog prints it) or OUTDIR/NAME.error (Puppet's
# message). Every compile gets a fresh environment, so nothing parsed for one
# manifest is seen by the next; the node is node1.example.com, as in
# puppet-catalog. Optional: --hiera-config FILE (Puppet's hiera_config).
require 'puppet'
require 'json'
require 'yaml'
require 'tmpdir'
require 'fileutils'

node_name = 'node1.example.com'
facts_file = nil
modulepath = nil
hiera_config = nil
outdir = nil
manifests = []
args = ARGV.dup
until args.empty?
  a = args.shift
  case a
  when '--node' then node_name = args.shift
  when '--facts' then facts_file = args.shift
  when '--modulepath' then modulepath = args.shift
  when '--hiera-config' then hiera_config = args.shift
  else
    if outdir.nil? then outdir = a else manifests << a end
  end
end
abort('usage: puppet-batch.rb [--facts F] [--modulepath D] OUTDIR MANIFEST.pp...') unless outdir

dir = Dir.mktmpdir('puppet-batch')
settings = ['--confdir', "#{dir}/conf", '--vardir', "#{dir}/var", '--codedir', "#{dir}/code",
            '--logdir', "#{dir}/log", '--rundir', "#{dir}/run", '--strict', 'warning']
settings += ['--modulepath', modulepath] if modulepath
settings += ['--hiera_config', hiera_config] if hiera_config
Puppet.initialize_settings(settings)
Puppet[:color] = false
Puppet::Util::Log.newdestination(:console) if ENV['PUPPET_BATCH_LOG']

facts = facts_file ? (facts_file.end_with?('.json') ? JSON.parse(File.read(facts_file)) : YAML.safe_load(File.read(facts_file))) : {}
facts = { 'hostname' => node_name.split('.').first, 'fqdn' => node_name }.merge(facts)
FileUtils.mkdir_p(outdir)

manifests.each do |manifest|
  name = File.basename(manifest, '.pp')
  Puppet[:code] = File.read(manifest)
  Puppet[:manifest] = File.expand_path(manifest)
  env = Puppet::Node::Environment.create(:production, Puppet[:modulepath].split(File::PATH_SEPARATOR), File.expand_path(manifest))
  Puppet.override(current_environment: env, environments: Puppet::Environments::Static.new(env)) do
    node = Puppet::Node.new(node_name, facts: Puppet::Node::Facts.new(node_name, facts.dup), environment: env)
    node.merge(facts)
    node.trusted_data = Puppet::Context::TrustedInformation.new('local', node_name, {}).to_h
    begin
      catalog = Puppet::Parser::Compiler.compile(node)
      File.write(File.join(outdir, "#{name}.json"), JSON.pretty_generate(catalog.to_data_hash))
      File.delete(File.join(outdir, "#{name}.error")) if File.exist?(File.join(outdir, "#{name}.error"))
    rescue Exception => e
      File.write(File.join(outdir, "#{name}.error"), "Error: #{e.message}\n")
      File.delete(File.join(outdir, "#{name}.json")) if File.exist?(File.join(outdir, "#{name}.json"))
    end
  end
  STDOUT.puts name
  STDOUT.flush
end
FileUtils.rm_rf(dir)
