printf '# aliases\nkuppet-change: old, older\nkuppet-gone: nobody\nkuppet-postmaster: root\n' > "$SANDBOX/aliases"
