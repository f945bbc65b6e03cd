# stdlib: values as YAML
notify { 'to_yaml 1': message => to_yaml({a=>1, b=>[1.5, undef, true], c=>'x: y', d=>'yes', e=>'1', f=>''}) }
notify { 'to_yaml 2': message => to_yaml('a') }
notify { 'to_yaml 3': message => to_yaml([]) }
notify { 'to_yaml 4': message => to_yaml({a=>{b=>{c=>[1,{d=>2}]}}}) }
notify { 'to_yaml 5': message => to_yaml("multi\nline\n") }
notify { 'to_yaml 6': message => to_yaml({'path'=>'/etc/x', 'y'=>'y', 'cmd'=>'run --all', 'list'=>[[1,2],[3]], 'empty'=>{}}) }
notify { 'to_yaml 7': message => to_yaml({'long'=>'word word word word word word word word word word word word word word word word word word word word word'}) }
notify { 'to_yaml 8': message => to_yaml(['- a', '#b', 'a #b', 'key:', ' lead', 'trail ', "tab\there", '08', '0x1f', '12:30', '2024-01-01', '~', 'null', 'on', '1e5']) }
notify { 'to_yaml 9': message => to_yaml({'sources'=>[{'name'=>'meter_source', 'interval'=>600, 'meters'=>['*'], 'sinks'=>['meter_sink']}]}) }
