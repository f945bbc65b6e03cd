# Labels manifests with Puppet's own verdicts (a dev tool for tests/parse/mutate.py;
# tests never run it). It parses and validates each file exactly as
# /work/shared/tools/puppet-parse-check.rb and `puppet parser validate` do, and
# prints one JSON object per file:
#   {"file", "ok"} and, when rejected: "code" (Puppet's issue code), "message"
#   (the whole message), "line"/"column" (nil when Puppet gives none), and
#   "errors" (how many validation errors; Puppet reports "Language validation
#   logged N errors. Giving up" when N > 1, and the first error is given here).
# Usage: ruby tests/parse/puppet-label.rb < list-of-files
require 'puppet'
require 'json'
Puppet.initialize_settings(['--confdir', '/tmp/ppc/conf', '--vardir', '/tmp/ppc/var'])
files = ARGV.empty? ? STDIN.read.split("\n") : ARGV
ep = Puppet::Pops::Parser::EvaluatingParser.new
t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
files.each do |f|
  r = { 'file' => f }
  begin
    result = ep.parser.parse_file(f)
    result['source_ref'] = f if result['source_ref'].nil? || result['source_ref'] == ''
    acceptor = ep.validate(result.model)
    errors = acceptor.errors
    if errors.empty?
      r['ok'] = true
    else
      e = errors[0]
      formatter = Puppet::Pops::Validation::DiagnosticFormatterPuppetStyle.new
      r.merge!('ok' => false, 'code' => e.issue.issue_code.to_s,
               'message' => formatter.format_message(e), 'line' => e.source_pos.line,
               'column' => e.source_pos.pos, 'errors' => errors.size)
    end
  rescue Puppet::ParseError => e
    code = e.respond_to?(:issue_code) && e.issue_code ? e.issue_code.to_s : 'PARSE_ERROR'
    message = if e.respond_to?(:basic_message)
                e.basic_message
              else
                e.message.to_s.sub(/ \((?:file: .*?)?(?:, )?(?:line: \d+)?(?:, column: \d+)?\)\z/m, '')
              end
    r.merge!('ok' => false, 'code' => code, 'message' => message,
             'line' => e.line, 'column' => e.pos, 'errors' => 1)
  rescue Exception => e
    r.merge!('ok' => false, 'code' => e.class.to_s, 'message' => e.message.to_s,
             'line' => nil, 'column' => nil, 'errors' => 1)
  end
  puts JSON.generate(r)
end
t1 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
STDERR.puts "#{files.size} files in #{'%.3f' % (t1 - t0)} s"
