#!/usr/bin/env bash
# The scale-out test (graph/test/scale-out.test.ts) runs a real PostgreSQL server and a real load
# balancer (HAProxy) from Debian's packages, on loopback. Installs them when missing.
set -euo pipefail

need=()
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || need+=(haproxy)

if [ ${#need[@]} -eq 0 ]; then
  echo "PostgreSQL server and HAProxy found"
  exit 0
fi

echo "Installing ${need[*]} from Debian's packages (for the scale-out test)..."
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ERROR: apt-get is not available: install ${need[*]} yourself, then run the tests again." >&2
  exit 1
fi
if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO=(sudo -n)
else
  echo "ERROR: installing ${need[*]} needs root: run as root or with password-less sudo, or: sudo apt-get install -y ${need[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -qq
# The packages' own services are not wanted: the test starts its servers itself, on free ports.
# (A policy-rc.d that says "no" keeps the installer from starting them; an existing one is kept.)
own_policy=false
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' | "${SUDO[@]}" tee /usr/sbin/policy-rc.d >/dev/null
  "${SUDO[@]}" chmod +x /usr/sbin/policy-rc.d
  own_policy=true
fi
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}"
if [ "$own_policy" = true ]; then "${SUDO[@]}" rm -f /usr/sbin/policy-rc.d; fi
echo "Installed: $(ls /usr/lib/postgresql/*/bin/postgres) $(/usr/sbin/haproxy -v | head -1)"
