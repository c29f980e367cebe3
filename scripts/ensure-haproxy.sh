#!/usr/bin/env bash
# The fleet test (tests/fleet/) puts Debian's HAProxy in front of the web processes: install it
# when it is missing, as ensure-chromium.sh does Chromium. The test runs its own haproxy on its
# own ports with scripts/haproxy/leadprop.cfg; the package's default config has no frontend, so a
# system service the package may start listens on nothing.
set -euo pipefail
HAPROXY="${HAPROXY_PATH:-$(command -v haproxy || echo /usr/sbin/haproxy)}"
if [ ! -x "$HAPROXY" ]; then
  echo "installing Debian's haproxy"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq haproxy >/dev/null
  HAPROXY=/usr/sbin/haproxy
fi
# awk reads to the end: `head -n1` closed the pipe early, haproxy died of SIGPIPE and pipefail
# failed the whole CI run with exit 141.
"$HAPROXY" -v | awk 'NR == 1'
