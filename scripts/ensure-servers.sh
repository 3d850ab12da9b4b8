#!/usr/bin/env bash
# The servers the deployment tests run from Debian's packages, on loopback (each test starts its
# own, on free ports): PostgreSQL and HAProxy (scale-out.test.ts), Prometheus and promtool (the
# scrape and alert-rule checks), pgBackRest (the point-in-time restore); `npm run db:schema -w
# graph` dumps the migrated schema with that PostgreSQL's pg_dump. Installs what is missing.
set -euo pipefail
source "$(dirname "$0")/lib/apt-install.sh"

need=()
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || need+=(haproxy)
command -v prometheus >/dev/null 2>&1 || need+=(prometheus)
command -v pgbackrest >/dev/null 2>&1 || need+=(pgbackrest)

if [ ${#need[@]} -eq 0 ]; then
  echo "PostgreSQL, HAProxy, Prometheus and pgBackRest found"
  exit 0
fi
apt_install "for the deployment tests; they start them themselves, on free ports" "${need[@]}"
echo "Installed: $(ls /usr/lib/postgresql/*/bin/postgres) $(/usr/sbin/haproxy -v | head -1) $(prometheus --version 2>&1 | head -1) $(pgbackrest version)"
