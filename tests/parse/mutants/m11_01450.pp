type Systemd::LogindSettings::Ensure = Struct[{ 'ensure' => Enum['present','absent'] }]

