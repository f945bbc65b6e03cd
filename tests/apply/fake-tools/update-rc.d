#!/bin/sh
# update-rc.d [-f] NAME defaults|remove|disable: start links in $KUPPET_ROOT/etc/rc{2,3,4,5}.d
. "$(dirname "$0")/_log"
[ "$1" = "-f" ] && shift
name=$1
case "$2" in
  defaults)
    [ -e "$KUPPET_ROOT/etc/init.d/$name" ] || { echo "error: file '/etc/init.d/$name' doesn't exist" >&2; exit 1; }
    for l in 2 3 4 5; do mkdir -p "$KUPPET_ROOT/etc/rc$l.d"; ln -sf "../init.d/$name" "$KUPPET_ROOT/etc/rc$l.d/S01$name"; done ;;
  remove|disable) rm -f "$KUPPET_ROOT"/etc/rc?.d/S??"$name" ;;
esac
