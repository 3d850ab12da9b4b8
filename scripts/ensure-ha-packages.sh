#!/usr/bin/env bash
# The highly available PostgreSQL cluster's test (npm run test:ha -w graph) runs Patroni, etcd and
# HAProxy from Debian's packages on loopback, beside the PostgreSQL server of ensure-servers.sh.
# python3-etcd is needed even with Patroni's etcd3 store; Patroni runs on Debian's /usr/bin/python3
# (not a python3 earlier on PATH). Installs what is missing.
set -euo pipefail
source "$(dirname "$0")/lib/apt-install.sh"

need=()
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || need+=(haproxy)
command -v patroni >/dev/null 2>&1 || need+=(patroni)
command -v etcd >/dev/null 2>&1 || need+=(etcd-server)
command -v etcdctl >/dev/null 2>&1 || need+=(etcd-client)
/usr/bin/python3 -c "import etcd" >/dev/null 2>&1 || need+=(python3-etcd)

if [ ${#need[@]} -eq 0 ]; then
  echo "PostgreSQL, HAProxy, Patroni and etcd found"
  exit 0
fi
apt_install "for the highly available cluster's test; it starts them itself, on free ports" "${need[@]}"
for command in patroni etcd etcdctl; do
  if ! command -v "$command" >/dev/null 2>&1; then
    echo "ERROR: the packages were installed but '$command' is not on PATH." >&2
    exit 1
  fi
done
/usr/bin/python3 -c "import etcd" 2>/dev/null || { echo "ERROR: python3-etcd was installed but cannot be imported." >&2; exit 1; }
echo "Installed: $(patroni --version) $(etcd --version | head -1) $(/usr/sbin/haproxy -v | head -1)"
