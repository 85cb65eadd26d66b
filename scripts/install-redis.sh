#!/bin/sh
# Debian's redis-server, for the cluster harness (`npm run cluster`, `npm run test:cluster`). Needs root
# (or sudo). The harness starts its own server on a free port; the system service is not needed.
set -e
if command -v redis-server >/dev/null 2>&1; then
  echo "redis-server is installed: $(redis-server --version)"
  exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends redis-server
redis-server --version
