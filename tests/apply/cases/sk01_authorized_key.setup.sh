mkdir -p "$SANDBOX/home"
printf '# keys\nssh-ed25519 OLDKEY carol@old\nssh-ed25519 X dave@gone\nno-pty ssh-ed25519 OPTS erin@opts\nssh-rsa UNNAMED\n' > "$SANDBOX/keys"
chmod 0644 "$SANDBOX/keys"
