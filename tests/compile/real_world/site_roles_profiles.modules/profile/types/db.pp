type Profile::Db = Struct[{ owner => String[1], encoding => Enum['UTF8', 'LATIN1'] }]
