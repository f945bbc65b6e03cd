type Systemd::JournaldSettings::Ensure = Struct[{ 'ensure' => Enum['present','absent'] }]]
