#!/usr/bin/env bash
# The browser journeys (npm run test:e2e -w web) drive Debian's Chromium at /usr/bin/chromium
# (Playwright cannot download its own browsers on the project's machines). Installs it when missing.
set -euo pipefail
source "$(dirname "$0")/lib/apt-install.sh"

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
  echo "Chromium found at $CHROMIUM"
  exit 0
fi
echo "Chromium is missing ($CHROMIUM): the browser journeys need it (about a minute)."
apt_install "for the browser journeys" chromium
if [ ! -x "$CHROMIUM" ]; then
  echo "ERROR: the chromium package was installed but $CHROMIUM does not exist." >&2
  exit 1
fi
echo "Chromium installed: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
