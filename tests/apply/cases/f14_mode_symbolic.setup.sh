printf 'e' > "$SANDBOX/sym-existing"; chmod 0640 "$SANDBOX/sym-existing"
printf 'm' > "$SANDBOX/minus"; chmod 0666 "$SANDBOX/minus"
mkdir "$SANDBOX/dir-g+w"; chmod 0755 "$SANDBOX/dir-g+w"
