# stdlib: a pattern and a failing validate_re
validate_legacy(Pattern[/^\d+$/], 'validate_re', 'x1', ['^\d+$'])
