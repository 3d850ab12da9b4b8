#!/usr/bin/env bash
# The scale-out test (graph/test/scale-out.test.ts) runs a real PostgreSQL server and a real load
# balancer (HAProxy) from Debian's packages, on loopback; `npm run db:schema -w graph` dumps the
# migrated schema with that PostgreSQL's pg_dump. Installs them when missing.
set -euo pipefail
source "$(dirname "$0")/lib/apt-install.sh"

need=()
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || need+=(haproxy)

if [ ${#need[@]} -eq 0 ]; then
  echo "PostgreSQL server and HAProxy found"
  exit 0
fi
apt_install "for the scale-out test; the test starts them itself, on free ports" "${need[@]}"
echo "Installed: $(ls /usr/lib/postgresql/*/bin/postgres) $(/usr/sbin/haproxy -v | head -1)"
