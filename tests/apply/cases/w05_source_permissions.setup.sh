mkdir -p "$SANDBOX/src/dir"
printf '#!/bin/sh\n' > "$SANDBOX/src/exe"; chmod 750 "$SANDBOX/src/exe"
printf 'r\n' > "$SANDBOX/src/dir/ro"; chmod 400 "$SANDBOX/src/dir/ro"
chmod 711 "$SANDBOX/src/dir"
