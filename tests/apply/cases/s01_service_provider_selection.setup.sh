mkdir -p "$SANDBOX/init.d" "$SANDBOX/run"
for s in s01a s01b s01c; do
cat > "$SANDBOX/init.d/kuppet-$s" <<SCRIPT
#!/bin/sh
echo "\$1" >> $SANDBOX/run/$s.log
case "\$1" in
  start) : > $SANDBOX/run/$s ;;
  stop) rm -f $SANDBOX/run/$s ;;
  restart) : > $SANDBOX/run/$s ;;
esac
SCRIPT
chmod 755 "$SANDBOX/init.d/kuppet-$s"
done
: > "$SANDBOX/run/s01c"
printf '#!/bin/sh\necho "cannot start: $1" >&2\nexit 3\n' > "$SANDBOX/init.d/kuppet-s01f.sh"
chmod 755 "$SANDBOX/init.d/kuppet-s01f.sh"
