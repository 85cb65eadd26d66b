#!/bin/sh
# Installs Debian's Chromium for the e2e test (npm run test:e2e) when it is missing. For CI images based
# on Debian/Ubuntu; needs root (or sudo). playwright-core drives this browser: it downloads none itself.
set -eu
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
  echo "chromium present: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
  exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
# Debian names the package chromium; Ubuntu's chromium-browser is a snap wrapper, so prefer chromium.
$SUDO apt-get install -y --no-install-recommends chromium fonts-liberation
"$CHROMIUM" --version
