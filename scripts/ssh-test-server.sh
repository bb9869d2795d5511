#!/bin/sh
# Starts a throwaway OpenSSH server on 127.0.0.1 for trying `orbit` over SSH by hand, the
# way Tests/ReliabilityTests/SSHServer.swift does for the tests: its own config, host key
# and user key in a temporary folder, key login for the current user only. Prints the ssh
# command to use; Ctrl-C stops the server and removes everything.
#   usage: scripts/ssh-test-server.sh [PORT]     (default: a free port chosen by the kernel)
set -eu
SSHD=$(command -v sshd || echo /usr/sbin/sshd)
[ -x "$SSHD" ] || { echo "ssh-test-server: sshd not found (apt-get install openssh-server)" >&2; exit 1; }
DIR=$(mktemp -d "${TMPDIR:-/tmp}/orbit-sshd.XXXXXX")
cleanup() {
    [ -f "$DIR/sshd.pid" ] && kill "$(cat "$DIR/sshd.pid")" 2>/dev/null || true
    rm -rf "$DIR"
}
trap cleanup EXIT INT TERM
PORT=${1:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' 2>/dev/null || echo 2222)}
USER_NAME=$(id -un)
ssh-keygen -q -t ed25519 -N '' -C orbit-host -f "$DIR/host"
ssh-keygen -q -t ed25519 -N '' -C orbit-user -f "$DIR/user"
cp "$DIR/user.pub" "$DIR/authorized_keys"
# As root sshd needs its (empty) privilege-separation folder; it is left for other users.
if [ "$(id -u)" = 0 ] && [ ! -d /run/sshd ]; then mkdir -p -m 755 /run/sshd; fi
cat > "$DIR/sshd_config" <<CONF
Port $PORT
ListenAddress 127.0.0.1
HostKey $DIR/host
AuthorizedKeysFile $DIR/authorized_keys
PidFile $DIR/sshd.pid
AllowUsers $USER_NAME
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
UsePAM no
StrictModes no
PrintMotd no
LogLevel ERROR
CONF
echo "sshd on 127.0.0.1:$PORT; log in with:"
echo "  ssh -tt -p $PORT -i $DIR/user -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null $USER_NAME@127.0.0.1"
echo "(add -C for compression). Ctrl-C stops the server."
"$SSHD" -D -e -f "$DIR/sshd_config"
