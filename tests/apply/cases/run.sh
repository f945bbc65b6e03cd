#!/bin/sh
# usage: run.sh case1,case2   (runs own cases via catalog)
cd /work/wt-apply && KUPPET_CASES="$1" cargo test --release --test apply_cases ${2:-own_cases_match_puppet} 2>&1 | grep -v "^\s*$" | grep -v "^\s*[0-9]*: \|stack backtrace\|note: Some details\|^running\|^failures:\|own_cases_match_puppet$\|FAILED\|test result\|error: test failed\|Finished\|Running" | cut -c1-${3:-400}
