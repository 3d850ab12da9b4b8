#!/usr/bin/env bash
# The browser journeys (npm run test:e2e -w web) drive Debian's Chromium at /usr/bin/chromium
# (Playwright cannot download its own browsers on the project's machines). Installs it when missing.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
  echo "Chromium found at $CHROMIUM"
  exit 0
fi

echo "Chromium is missing ($CHROMIUM): the browser journeys need it. Installing Debian's chromium package (apt-get, about a minute)..."

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ERROR: apt-get is not available on this machine, so Chromium cannot be installed automatically." >&2
  echo "       Install Chromium so that $CHROMIUM exists (or set CHROMIUM_PATH for the journeys) and run the tests again." >&2
  exit 1
fi

if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO=(sudo -n)
else
  echo "ERROR: installing Chromium needs root: run this script as root or with password-less sudo," >&2
  echo "       or install it yourself: sudo apt-get update && sudo apt-get install -y chromium" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
if ! "${SUDO[@]}" apt-get update; then
  echo "ERROR: 'apt-get update' failed: Chromium could not be installed (are Debian's package mirrors reachable?)." >&2
  exit 1
fi
if ! "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium; then
  echo "ERROR: 'apt-get install -y chromium' failed: Chromium could not be installed." >&2
  exit 1
fi

if [ ! -x "$CHROMIUM" ]; then
  echo "ERROR: the chromium package was installed but $CHROMIUM does not exist." >&2
  exit 1
fi
echo "Chromium installed: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
