# Puppet's Ruby function API, as much of it as modules' functions use, for
# kuppet's embedded Ruby. Loaded once when the VM starts. Everything that
# needs the compiler (calling other functions, scope lookups, logging, type
# checks) goes through Kuppet.__callback, which Rust defines and which the
# compile thread services.
require "set"
require "erb"
# Puppet has these loaded (templates call #to_yaml and #to_json on values).
require "yaml"
require "json"

# Puppet's messages carry no error_highlight snippet: no spots.
module ErrorHighlight
  def self.spot(*) = nil
end

# Puppet's names for the scope and the template wrapper (they show in Ruby's
# messages: `undefined method ... for Scope(Class[X]):Puppet::Parser::Scope`).
module Puppet
  module Parser
    class Scope; end
    class TemplateWrapper; end
  end
end

module Kuppet
  Scope = Puppet::Parser::Scope
  TemplateWrapper = Puppet::Parser::TemplateWrapper

  # Raised by the watchdog: not StandardError, so a module's `rescue => e`
  # does not swallow it.
  class Timeout < Exception; end
  class MemoryExceeded < Exception; end
  # A failure inside a callback into kuppet: `id` names the kuppet error the
  # compile thread kept.
  class CallbackError < StandardError
    attr_reader :id
    def initialize(id, msg)
      super(msg)
      @id = id
    end
  end

  FUNCTIONS = {}   # 4.x functions by name (the last loaded)
  BY_FILE = {}     # 4.x functions by [file, name]: modulepaths may differ per compile
  LEGACY_FROM = {} # the file each legacy function was last defined from
  LEGACY = {}      # 3.x functions by name: [type, arity]
  LOADED = {}      # file => mtime
  @depth = 0
  @deadline = nil
  @mem_limit = nil
  @mem_base = 0
  MAIN = Thread.current

  def self.rss
    File.read('/proc/self/statm').split[1].to_i * 4096
  rescue StandardError
    0
  end

  # Budgets of the running call, enforced by a watchdog thread: it runs
  # whenever the main thread yields the GVL (every timeslice while Ruby code
  # runs; never while it waits in Rust for the compile thread).
  def self.arm(seconds, mem_limit)
    @deadline = seconds ? Process.clock_gettime(Process::CLOCK_MONOTONIC) + seconds : nil
    @seconds = seconds
    @mem_limit = mem_limit
    # The watchdog takes the baseline on its first look (reading the size
    # here would cost every call a file read).
    @mem_base = nil
  end

  def self.disarm
    @deadline = nil
    @mem_limit = nil
  end

  def self.watch
    # Between requests there is nothing to stop.
    return if @depth.zero?
    d = @deadline
    if d && Process.clock_gettime(Process::CLOCK_MONOTONIC) > d
      @deadline = nil
      MAIN.raise(Timeout, "the Ruby function ran past the compile's time budget (#{@seconds.round(3)} s left when it was called)")
    end
    m = @mem_limit
    return unless m
    base = (@mem_base ||= rss)
    if rss - base > m
      @mem_limit = nil
      MAIN.raise(MemoryExceeded, "the Ruby function grew the process by more than the compile's memory budget (#{m} bytes)")
    end
  end

  WATCHDOG = Thread.new do
    loop do
      sleep 0.01
      Kuppet.watch
    end
  end

  # Loads a function file once per content version.
  def self.load_file(path)
    # The module's lib directory is on the load path, as Puppet's
    # autoloader has it (`require 'puppet_x/...'`).
    lib = path[%r{\A(.*/lib)/puppet/}, 1]
    $LOAD_PATH.push(lib) if lib && !$LOAD_PATH.include?(lib)
    mtime = File.mtime(path)
    return if LOADED[path] == mtime
    @loading = path
    begin
      load(path)
    ensure
      @loading = nil
    end
    LOADED[path] = mtime
  end

  def self.loading = @loading

  def self.function_of(path, name)
    BY_FILE[[path, name]] || FUNCTIONS.fetch(name)
  end

  # Loads a 4.x function and describes its dispatches for the compile
  # thread: [[method, [[type, name, kind]...], block or nil]...], local
  # type aliases [[name, definition]...].
  def self.describe_4x(path, name)
    load_file(path)
    f = BY_FILE[[path, name]]
    raise Puppet::ParseError, "#{path} does not define the function '#{name}' (Puppet::Functions.create_function(:'#{name}'))" unless f
    [f.dispatch_table, f.local_type_table]
  end

  def self.call_4x(path, name, index, args, has_block)
    f = function_of(path, name)
    d = f.dispatchers[index]
    inst = f.instance
    if has_block
      blk = proc { |*a| Kuppet.__callback('yield', nil, a, nil) }
      inst.send(d.method_name, *args, &blk)
    else
      inst.send(d.method_name, *args)
    end
  end

  def self.load_legacy(path, name)
    LOADED.delete(path) if LEGACY_FROM[name] && LEGACY_FROM[name] != path
    load_file(path)
    l = LEGACY[name]
    raise Puppet::ParseError, "#{path} does not define the function '#{name}' (Puppet::Parser::Functions.newfunction(:#{name}))" unless l
    l
  end

  def self.call_legacy(path, name, args)
    # Another modulepath's function of the same name was defined since.
    load_legacy(path, name) if LEGACY_FROM[name] != path
    # 3.x calling convention: undef arguments arrive as '' at the top level.
    args = args.map { |a| a.nil? ? '' : a }
    r = Scope.instance.send("function_#{name}", args)
    LEGACY[name][0] == :rvalue ? r : nil
  end

  # Runs one request with the budgets armed at the outermost call; any
  # exception becomes [:error, class, message, file, line].
  def self.run(seconds, mem_limit)
    outer = @depth.zero?
    arm(seconds, mem_limit) if outer
    @depth += 1
    ['ok', yield]
  rescue Exception => e
    id = e.is_a?(CallbackError) ? e.id : nil
    file, line = error_location(e)
    ['error', e.class.name, e.message, file, line, id]
  ensure
    @depth -= 1
    disarm if outer
  end

  def self.error_location(e)
    (e.backtrace_locations || []).each do |l|
      p = l.absolute_path || l.path
      next if p.nil? || p.start_with?('<kuppet>')
      return [p, l.lineno]
    end
    [nil, nil]
  end

  # The entry point of every request from Rust.
  def self.serve(kind, seconds, mem_limit, path, a, b, c, d)
    run(seconds, mem_limit) do
      case kind
      when 'describe' then describe_4x(path, a)
      when 'call' then call_4x(path, a, b, c, d)
      when 'load_legacy' then load_legacy(path, a).then { |t, ar| [t.to_s, ar] }
      when 'call_legacy' then call_legacy(path, a, b)
      when 'template' then TemplateWrapper.new(path).kuppet_render(a)
      when 'block' then BLOCKS.fetch(a).call(*b)
      when 'eval' then TOPLEVEL_BINDING.eval(a, '(eval)', 1)
      end
    end
  end

  def self.callback_error(id, message) = CallbackError.new(id, message)

  # Blocks passed to call_function, by id, while the call runs.
  BLOCKS = {}
  @block_seq = 0

  # `call_function(name, *args) { block }`: a modules' Ruby 4.x function
  # gets the block as it is; a native (kuppet) function gets a lambda that
  # calls the block back here.
  def self.call_with_block(name, args, block)
    name = name.to_s.delete_prefix('::')
    id = (@block_seq += 1)
    BLOCKS[id] = block
    begin
      kind, a, b = __callback('dispatch', name, args, [id, block.arity])
      return a if kind == 'value'
      f = function_of(b, name)
      f.instance.send(f.dispatchers[a].method_name, *args, &block)
    ensure
      BLOCKS.delete(id)
    end
  end

  # ERB templates, rendered as Puppet's template wrapper renders them:
  # Ruby's ERB with trim mode '-', every variable of the calling scope as
  # an instance variable of the wrapper (its name with non-word characters
  # as '_'), `scope` for lookups and functions. A template's Ruby is
  # compiled once into a method of the wrapper (Puppet evaluates ERB's
  # source over the wrapper's binding on every render: the same self, the
  # same instance variables; only the compile is kept).
  TEMPLATES = {}
  MAX_TEMPLATES = 4096

  def self.template_method(source, file)
    key = [source, file]
    m = TEMPLATES[key]
    return m unless m.nil?
    return nil if TEMPLATES.size >= MAX_TEMPLATES
    m = "__kuppet_template_#{TEMPLATES.size}"
    begin
      ERB.new(source, trim_mode: '-').def_method(TemplateWrapper, m, file || '(erb)')
    rescue SyntaxError
      # Not valid as a method (a constant assigned, `def` ...) or not Ruby
      # at all: evaluated over the binding on every render, as Puppet does
      # (which also gives Ruby's own message for a syntax error).
      m = false
    end
    TEMPLATES[key] = m
  end

  # Objects templates stored with `scope.setvar`, by name, while the
  # outermost template renders: `scope.lookupvar` gives the same object
  # back (templates rendered from it see its changes), as Puppet's scope
  # holds the Ruby object itself.
  STORED = {}
  @template_depth = 0
  class << self
    attr_accessor :template_depth
  end

  # Puppet's strings reach templates frozen.
  def self.freeze_strings(v)
    case v
    when String then v.freeze
    when Array then v.each { |x| freeze_strings(x) }
    when Hash then v.each_value { |x| freeze_strings(x) }
    end
    v
  end

  class TemplateWrapper
    def initialize(file)
      @__file__ = file
    end

    def scope = Kuppet::Scope.instance
    def file = @__file__
    def has_variable?(name) = scope.exist?(name.to_s)
    def debug(_msg) = nil
    def info(_msg) = nil
    def notice(msg) = Kuppet.__callback('log', 'notice', [msg.to_s], nil)
    def warning(msg) = Kuppet.warning(msg)
    def err(msg) = Kuppet.__callback('log', 'err', [msg.to_s], nil)

    # What a template may reach only by name: it gets every variable.
    DYNAMIC = /instance_variable|binding|eval|send|method/

    def kuppet_render(source)
      # Only the variables the template names (`@x`): the others would be
      # instance variables it never reads.
      only = source.match?(DYNAMIC) ? nil : source.scan(/@(\w+)/).flatten.uniq
      # Arrays and hashes a template may change in place (`@x << y`): in
      # Puppet the variable is that object, so the change reaches the
      # scope (and the resource attribute the value came from).
      containers = []
      Kuppet.__callback('variables', nil, [], only).each do |name, value|
        iv = "@#{name.gsub(/[^\w]/, '_')}"
        instance_variable_set(iv, Kuppet.freeze_strings(value))
        if value.is_a?(Array) || value.is_a?(Hash)
          dump = (Marshal.dump(value) rescue nil)
          containers << [name, value, dump] if dump
        end
      end
      m = Kuppet.template_method(source, @__file__)
      Kuppet.template_depth += 1
      begin
        out = if m
          send(m)
        else
          erb = ERB.new(source, trim_mode: '-')
          erb.filename = @__file__
          erb.result(binding)
        end
        containers.each do |name, value, dump|
          changed = (Marshal.dump(value) rescue dump) != dump
          Kuppet.__callback('changed', name, [value], nil) if changed
        end
        out
      ensure
        Kuppet.template_depth -= 1
        STORED.clear if Kuppet.template_depth.zero?
      end
    end
  end

  # Builds the Ruby value of a Puppet value Ruby has no literal for.
  def self.mk(kind, a, b)
    case kind
    when 'regexp' then Regexp.new(a)
    when 'sensitive' then Puppet::Pops::Types::PSensitiveType::Sensitive.new(a)
    when 'timespan' then Puppet::Pops::Time::Timespan.new(a)
    when 'timestamp' then Puppet::Pops::Time::Timestamp.new(a)
    when 'binary' then Puppet::Pops::Types::PBinaryType::Binary.new(a)
    when 'type' then Puppet::Pops::Types.type_class(b[/\A[A-Z][A-Za-z]*/]).new(a, b)
    when 'resource'
      (b.start_with?('Class[') ? Puppet::Pops::Types::PClassType : Puppet::Pops::Types::PResourceType).new(a, b)
    when 'semver' then SemanticPuppet::Version.new(a, b)
    when 'semver_range' then SemanticPuppet::VersionRange.new(a, b)
    when 'default' then :default
    end
  end

  # [kind, payload] for a Ruby value that is not nil, true, false, an
  # Integer, Float, String, Array or Hash.
  def self.wire(v)
    case v
    when :undef then ['undef', nil]
    when :default then ['default', nil]
    when Symbol then ['string', v.to_s]
    when Regexp then ['regexp', v.source]
    when Puppet::Pops::Types::PSensitiveType::Sensitive then ['sensitive', v.unwrap]
    when Puppet::Pops::Time::Timespan then ['timespan', v.nsecs]
    when Puppet::Pops::Time::Timestamp then ['timestamp', v.nsecs]
    when Puppet::Pops::Types::PBinaryType::Binary then ['binary', v.binary_buffer]
    when Puppet::Pops::Types::KuppetOpaque then ['opaque', v.kuppet_id]
    when Set then ['array', v.to_a]
    when Struct then ['hash', v.to_h.transform_keys(&:to_s)]
    else raise TypeError, "a Ruby #{v.class} has no Puppet type"
    end
  end

  def self.warning(msg)
    __callback('log', 'warning', [msg.to_s], nil)
  end

  # The scope a legacy function runs in; `closure_scope` of 4.x functions.
  class Scope
    def self.instance
      @instance ||= new
    end

    def lookupvar(name, options = {})
      n = name.to_s
      return STORED[n] if STORED.key?(n)
      Kuppet.__callback('lookupvar', n, [], nil)
    end

    def [](name, options = {}) = lookupvar(name, options)

    def exist?(name)
      Kuppet.__callback('defined', name.to_s, [], nil)
    end
    alias include? exist?

    def call_function(name, args, &block)
      return Kuppet.call_with_block(name, args, block) if block
      Kuppet.__callback('call', name.to_s, args, nil)
    end

    def function_exists?(name)
      Kuppet.__callback('has_function', name.to_s, [], nil)
    end

    def lookupdefaults(*) = {}
    def environment = nil
    def compiler = self

    def respond_to_missing?(m, priv = false)
      m.to_s.start_with?('function_') || super
    end

    # function_NAME(args) for functions that are not (yet) loaded legacy
    # ones: kuppet's own, or other modules' (Puppet's scope does the same).
    def method_missing(m, *args, &block)
      s = m.to_s
      return super unless s.start_with?('function_')
      fname = s.delete_prefix('function_')
      argv = args.first
      argv = [argv] unless argv.is_a?(Array)
      Kuppet.__callback('call', fname, argv, nil)
    end

    def to_hash = Kuppet.__callback('variables', nil, [], nil)
    def to_s = Kuppet.__callback('scope_name', nil, [], nil)

    def setvar(name, value, _options = {})
      Kuppet.__callback('setvar', name.to_s, [value], nil)
      STORED[name.to_s] = value if Kuppet.template_depth.positive?
      value
    end
    alias inspect to_s
    def warning(msg) = Kuppet.warning(msg)
    def debug(_msg) = nil
  end
end

module Puppet
  class Error < RuntimeError; end
  class ParseError < Error; end
  class ParseErrorWithIssue < ParseError; end
  class DevError < Error; end

  def self.warning(msg) = Kuppet.warning(msg)
  def self.warn_once(_kind, _key, msg, *_rest) = Kuppet.warning(msg)
  def self.deprecation_warning(msg, *_rest) = Kuppet.warning(msg)
  def self.debug(_msg) = nil
  def self.info(_msg) = nil
  def self.notice(msg) = Kuppet.__callback('log', 'notice', [msg.to_s], nil)
  def self.err(msg) = Kuppet.__callback('log', 'err', [msg.to_s], nil)
  def self.[](key)
    { version: '7.23.0' }.fetch(key.to_sym, nil)
  end
  def self.version = '7.23.0'

  module Util
    module Package
      def self.versioncmp(a, b) = Kuppet.__callback('call', 'versioncmp', [a.to_s, b.to_s], nil)
    end

    module Json
      def self.dump(obj, options = {})
        require 'json'
        options.is_a?(Hash) && options[:pretty] ? JSON.pretty_generate(obj) : JSON.generate(obj)
      end

      def self.load(text, _options = {})
        require 'json'
        JSON.parse(text)
      end
    end

    module Warnings
      def warning(msg) = Kuppet.warning(msg)
      def warnonce(msg) = Kuppet.warning(msg)
      def debug(_msg) = nil
    end
  end

  module Pops
    # Where in the Puppet code the call is (kuppet does not track it for
    # Ruby: empty, as Puppet's when no Puppet frame is on the stack).
    module PuppetStack
      def self.top_of_stack = []
      def self.stacktrace = []
    end

    module Time
      class Timespan
        attr_reader :nsecs
        def initialize(nsecs) = @nsecs = nsecs
        def to_f = @nsecs / 1_000_000_000.0
        def to_i = @nsecs / 1_000_000_000
        def to_s = Kuppet.__callback('string', nil, [self], nil)
        def ==(o) = o.is_a?(Timespan) && o.nsecs == @nsecs
      end

      class Timestamp
        attr_reader :nsecs
        def initialize(nsecs) = @nsecs = nsecs
        def to_f = @nsecs / 1_000_000_000.0
        def to_i = @nsecs / 1_000_000_000
        def to_s = Kuppet.__callback('string', nil, [self], nil)
        def ==(o) = o.is_a?(Timestamp) && o.nsecs == @nsecs
      end
    end

    module Types
      # A Puppet value kuppet keeps (types, SemVer): an id for the compile
      # thread, and its string form.
      class KuppetOpaque
        attr_reader :kuppet_id
        def initialize(id, text)
          @kuppet_id = id
          @text = text
        end
        def to_s = @text
        def inspect = @text
        def ==(o) = o.is_a?(KuppetOpaque) && o.to_s == @text
        alias eql? ==
        def hash = @text.hash
        def instance?(value) = Kuppet.__callback('instance', nil, [self, value], nil)
      end

      class PAnyType < KuppetOpaque; end

      # The class Puppet has for a type (`Integer[1]` is a PIntegerType).
      def self.type_class(name)
        return PAnyType if name.nil?
        cname = "P#{name}Type"
        const_defined?(cname, false) ? const_get(cname, false) : const_set(cname, Class.new(PAnyType))
      end

      # Resource references (`File['/x']`, `Class['foo']`).
      class PResourceType < PAnyType
        def type_name = to_s[/\A[^\[]+/]
        def title = to_s[/\[(.*)\]\z/m, 1]&.delete_prefix("'")&.delete_suffix("'")
      end

      class PClassType < PResourceType
        def class_name = title
      end

      class PSensitiveType
        class Sensitive
          def initialize(value) = @value = value
          def unwrap = @value
          def to_s = 'Sensitive [value redacted]'
          def inspect = '#<Sensitive [value redacted]>'
          def ==(o) = o.is_a?(Sensitive) && o.unwrap == @value
        end
      end

      class PBinaryType
        class Binary
          attr_reader :binary_buffer
          def self.from_binary_string(s) = new(s)
          def self.from_base64(s) = new(s.unpack1('m'))
          def initialize(bytes) = @binary_buffer = bytes.b.freeze
          def to_s = [@binary_buffer].pack('m0')
          def length = @binary_buffer.length
          def ==(o) = o.is_a?(Binary) && o.binary_buffer == @binary_buffer
        end
      end

      # What Puppet iterates: arrays, hashes (pairs), strings (characters),
      # integers (0...n).
      module Iterable
        def self.on(o, _element_type = nil, _strict = false)
          case o
          when Array then o.each
          when Hash then o.each_pair
          when String then o.each_char
          when Integer then o.negative? ? nil : o.times
          end
        end

        def self.asserted_iterable(_caller, o, _infer_elements = false)
          on(o) || raise(ArgumentError, "An Iterable was expected, got #{o.class}")
        end
      end

      # Type inference through kuppet's own (`infer_set` is what Puppet's
      # mismatch messages and `type()` use).
      class TypeCalculator
        def self.infer(v) = Kuppet.__callback('infer', 'infer', [v], nil)
        def self.infer_set(v) = Kuppet.__callback('infer', 'infer_set', [v], nil)
        def self.generalize(t) = t
        def self.singleton = self
        def self.instance?(t, v) = Kuppet.__callback('instance', nil, [t, v], nil)
      end

      class TypeParser
        def self.singleton = new
        def parse(text, _scope = nil) = Kuppet.__callback('type', text.to_s, [], nil)
      end
    end
  end

  module Pops
    module Serialization
      # Puppet's rich data as plain data (`__ptype` / `__pvalue` hashes).
      class ToDataConverter
        def self.convert(value, options = {})
          new(options).convert(value)
        end

        def initialize(options = {})
          @rich = options.fetch(:rich_data, false)
          @symbol_as_string = options.fetch(:symbol_as_string, false)
        end

        def convert(v)
          case v
          when nil, true, false, Integer, Float, String then v
          when Array then v.map { |x| convert(x) }
          when Hash
            if v.keys.all? { |k| k.is_a?(String) && k != '__ptype' && k != '__pvalue' }
              v.transform_values { |x| convert(x) }
            else
              pcore('Hash', v.flat_map { |k, x| [convert(k), convert(x)] })
            end
          when :default then pcore('Default', nil)
          when :undef then nil
          when Symbol then @symbol_as_string ? v.to_s : pcore('Symbol', v.to_s)
          when Regexp then pcore('Regexp', v.source)
          when Types::PSensitiveType::Sensitive then pcore('Sensitive', convert(v.unwrap))
          when Time::Timespan then pcore('Timespan', v.to_s)
          when Time::Timestamp then pcore('Timestamp', v.to_s)
          when Types::PBinaryType::Binary then pcore('Binary', v.to_s)
          when SemanticPuppet::Version then pcore('SemVer', v.to_s)
          when SemanticPuppet::VersionRange then pcore('SemVerRange', v.to_s)
          when Types::PAnyType then pcore('Type', v.to_s)
          else raise TypeError, "#{v.class} cannot be converted to data"
          end
        end

        private

        def pcore(type, value)
          raise TypeError, "rich data (#{type}) is not allowed here" unless @rich
          value.nil? ? { '__ptype' => type } : { '__ptype' => type, '__pvalue' => value }
        end
      end
    end
  end

  module Functions
    def self.create_function(name, base = Function, &block)
      name = name.to_s
      cls = Class.new(base)
      cls.instance_variable_set(:@func_name, name)
      cls.class_eval(&block) if block
      Kuppet::FUNCTIONS[name] = cls
      Kuppet::BY_FILE[[Kuppet.loading, name]] = cls if Kuppet.loading
      cls
    end

    # One `dispatch` block: the parameters it declares.
    class Dispatch
      attr_reader :method_name, :params, :block, :returns
      def initialize(method_name)
        @method_name = method_name
        @params = []
        @block = nil
      end

      def param(type, name) = @params << [type.to_s, name.to_s, 'required']
      alias required_param param
      def optional_param(type, name) = @params << [type.to_s, name.to_s, 'optional']
      def repeated_param(type, name) = @params << [type.to_s, name.to_s, 'repeated']
      alias optional_repeated_param repeated_param
      def required_repeated_param(type, name) = @params << [type.to_s, name.to_s, 'required_repeated']
      def block_param(type = 'Callable', name = 'block')
        type, name = 'Callable', type if name == 'block' && type.is_a?(Symbol)
        @block = [type.to_s, name.to_s, false]
      end
      alias required_block_param block_param
      def optional_block_param(type = 'Callable', name = 'block')
        type, name = 'Callable', type if name == 'block' && type.is_a?(Symbol)
        @block = [type.to_s, name.to_s, true]
      end
      def return_type(type) = @returns = type.to_s
      def scope_param = nil
      def argument_mismatch(*) = nil
    end

    class LocalTypes
      attr_reader :types
      def initialize = @types = []
      def type(assignment)
        name, definition = assignment.split('=', 2).map(&:strip)
        @types << [name, definition]
      end
    end

    class Function
      class << self
        def func_name = @func_name
        def dispatchers = (@dispatchers ||= [])
        def local_type_table = (@local_types ||= [])

        def dispatch(meth, &block)
          d = Dispatch.new(meth.to_s)
          d.instance_eval(&block) if block
          dispatchers << d
        end

        def argument_mismatch(_meth, &_block) = nil

        def local_types(&block)
          lt = LocalTypes.new
          lt.instance_eval(&block)
          local_type_table.concat(lt.types)
        end

        def instance = (@instance ||= new)

        # Without dispatch blocks the method named like the function takes
        # any arguments (Puppet's default dispatcher, from its arity).
        def dispatch_table
          if dispatchers.empty?
            m = func_name.split('::').last
            d = Dispatch.new(m)
            instance_method(m).parameters.each do |kind, pname|
              case kind
              when :req then d.param('Any', pname || 'arg')
              when :opt then d.optional_param('Any', pname || 'arg')
              when :rest then d.repeated_param('Any', pname || 'args')
              when :block then d.optional_block_param('Callable', pname || 'block')
              end
            end
            dispatchers << d
          end
          dispatchers.map { |d| [d.method_name, d.params, d.block, d.returns] }
        end
      end

      def closure_scope = Kuppet::Scope.instance

      def call_function(name, *args, &block)
        return Kuppet.__callback('call', name.to_s, args, nil) unless block
        Kuppet.call_with_block(name, args, block)
      end

      def call_function_with_scope(_scope, name, *args, &block) = call_function(name, *args, &block)

      def loader = nil
      def self.loader = nil
    end

    # Puppet::Functions::InternalFunction: scope_param receives the scope.
    class InternalFunction < Function; end
  end

  module Parser
    module Functions
      def self.newfunction(name, options = {}, &block)
        name = name.to_s
        type = (options[:type] || :statement).to_sym
        arity = options[:arity] || -1
        Kuppet::LEGACY[name] = [type, arity]
        Kuppet::LEGACY_FROM[name] = Kuppet.loading
        # A method of its own, so that `return` in the block returns from it.
        real = "real_function_#{name}"
        Kuppet::Scope.send(:define_method, real, &block)
        Kuppet::Scope.send(:define_method, "function_#{name}") do |args|
          args = [args] unless args.is_a?(Array)
          if arity >= 0 ? args.size != arity : args.size < (-arity - 1)
            expect = arity >= 0 ? arity : "minimum #{-arity - 1}"
            raise ArgumentError, "#{name}(): Wrong number of arguments given (#{args.size} for #{expect})"
          end
          send(real, args)
        end
        { name: name, type: type, arity: arity }
      end

      def self.function(name) = "function_#{name}"
      def self.autoloader = self
      def self.loaded?(_name) = true
    end
  end
end

module SemanticPuppet
  class Version < Puppet::Pops::Types::KuppetOpaque; end
  class VersionRange < Puppet::Pops::Types::KuppetOpaque; end
end

module PuppetX; end

# A function must not end the compile's process: `exit` raises SystemExit,
# which the request's rescue turns into an error; `exit!` and `abort` are
# made to raise too.
module Kernel
  def exit!(*) = raise(SecurityError, 'exit! is not allowed in a Puppet function')
  def abort(msg = nil) = raise(SecurityError, "abort is not allowed in a Puppet function#{msg ? ": #{msg}" : ''}")
  module_function :exit!, :abort
end

module Process
  def self.exit!(*) = raise(SecurityError, 'Process.exit! is not allowed in a Puppet function')
  def self.abort(*) = raise(SecurityError, 'Process.abort is not allowed in a Puppet function')
end

# `require 'puppet'`, `'puppet_x'` and Puppet's own files (`'puppet/util'`
# ...) are this shim: only modules' files are loaded.
module Kernel
  alias_method :kuppet_original_require, :require

  def require(name)
    n = name.to_s
    return false if n == 'puppet' || n == 'puppet_x'
    kuppet_original_require(n)
  rescue LoadError
    raise unless n.start_with?('puppet/')
    false
  end
  private :require
end
