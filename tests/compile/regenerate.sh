#!/usr/bin/env bash
# Regenerates the expected results of the compile cases with the real Puppet 7.
#
# How to run (from anywhere; needs Debian's puppet-agent: apt-get install -y puppet-agent,
# and the oracle wrapper puppet-catalog from the shared tools):
#   tests/compile/regenerate.sh                 # every case under tests/compile
#   tests/compile/regenerate.sh DIR|CASE.pp...  # only these folders or cases
# Environment: PUPPET_CATALOG=path of puppet-catalog (default ../shared/tools/puppet-catalog beside the repository),
#              JOBS=parallel compiles (default 2),
#              STDLIB9_MODULES=a modulepath holding puppetlabs-stdlib 9.7 as stdlib/ (for stdlib9/:
#              e.g. `git archive` of its lib functions types manifests metadata.json).
#
# For every CASE.pp (files inside CASE.modules/ directories are modules, not cases) it runs
#   puppet-catalog CASE.pp --facts tests/compile/facts.yaml [--modulepath CASE.modules]
# (with a CASE.hiera.yaml, the global Hiera layer, tests/realworld/puppet-batch.rb with
# --hiera-config CASE.hiera.yaml instead, from the case's directory)
# (for cases under stdlib/, CASE.modules:/usr/share/puppet/modules, so that
# puppetlabs-stdlib stays available) and writes CASE.json (Puppet's catalog) when Puppet compiles it, or CASE.error (Puppet's
# message, from its `Error:` line on) when Puppet refuses it; the other of the two files is removed.
# The node is puppet-catalog's default, node1.example.com, as in tests/compile_cases.rs.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export PUPPET_CATALOG="${PUPPET_CATALOG:-$here/../../../shared/tools/puppet-catalog}"
export FACTS="$here/facts.yaml"
[ -x "$PUPPET_CATALOG" ] || { echo "regenerate: $PUPPET_CATALOG not found (set PUPPET_CATALOG)" >&2; exit 2; }

one() {
  pp="$1"
  base="${pp%.pp}"
  args=("$pp" --facts "$FACTS")
  if [[ "$pp" == */stdlib9/* ]]; then
    # stdlib 9 cases: Puppet needs puppetlabs-stdlib 9.7 (kuppet has its
    # functions built in): STDLIB9_MODULES is a directory holding it as stdlib/.
    [ -d "${STDLIB9_MODULES:-}/stdlib" ] || { echo "regenerate: set STDLIB9_MODULES for $pp" >&2; return; }
    args+=(--modulepath "$STDLIB9_MODULES")
  elif [ -f "$base.modules/MODULEPATH" ]; then
    # Several module directories, in the order the MODULEPATH file lists them.
    args+=(--modulepath "$(sed -e '/^[[:space:]]*$/d' -e "s|^|$base.modules/|" "$base.modules/MODULEPATH" | paste -sd:)")
  elif [ -d "$base.modules" ]; then
    # A modulepath replaces Debian's default one; stdlib cases keep stdlib
    # (kuppet has its functions built in).
    case "$pp" in
      */stdlib/*) args+=(--modulepath "$base.modules:/usr/share/puppet/modules") ;;
      *) args+=(--modulepath "$base.modules") ;;
    esac
  fi
  rm -f "$base.json" "$base.error"
  if [ -f "$base.hiera.yaml" ]; then
    # A global Hiera layer (Puppet's hiera_config): puppet-catalog has no option
    # for it, the batch driver of tests/realworld does (same catalogs otherwise).
    out="$(mktemp -d)"
    mp=()
    [ -d "$base.modules" ] && mp=(--modulepath "$base.modules")
    (cd "$(dirname "$pp")" && ruby "$here/../realworld/puppet-batch.rb" --facts "$FACTS" "${mp[@]}" \
      --hiera-config "$base.hiera.yaml" "$out" "$pp" > /dev/null)
    name="$(basename "$base")"
    if [ -f "$out/$name.json" ]; then
      mv "$out/$name.json" "$base.json"; echo "ok    ${pp#$here/}"
    else
      mv "$out/$name.error" "$base.error"; echo "error ${pp#$here/}: $(head -c 160 "$base.error")"
    fi
    rm -rf "$out"
    return
  fi
  if "$PUPPET_CATALOG" "${args[@]}" > "$base.json.tmp" 2> "$base.stderr.tmp"; then
    mv "$base.json.tmp" "$base.json"
    echo "ok    ${pp#$here/}"
  else
    rm -f "$base.json.tmp"
    # Puppet's message, from its `Error:` line to the end (some span several lines).
    sed -n '/^Error/,$p' "$base.stderr.tmp" > "$base.error"
    [ -s "$base.error" ] || cp "$base.stderr.tmp" "$base.error"
    echo "error ${pp#$here/}: $(head -c 160 "$base.error")"
  fi
  rm -f "$base.stderr.tmp"
}
export -f one
export here

targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("$here")
for t in "${targets[@]}"; do
  if [ -d "$t" ]; then
    find "$t" -name '*.modules' -prune -o -name '*.pp' -print
  else
    echo "$t"
  fi
done | sort | xargs -r -P "${JOBS:-2}" -I{} bash -c 'one "$(realpath "{}")"'
