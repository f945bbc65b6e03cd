printf 'JAVA_ARGS="-Xmx192m -XX:+Old -Dx=1"\n' > "$SANDBOX/java.ini"
