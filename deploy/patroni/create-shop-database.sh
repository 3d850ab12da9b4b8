#!/bin/sh
# The shop's role and database on the highly available cluster, created once (Patroni creates only
# its own users): the role owns the database, so its migrations create the extensions they need
# (all trusted ones). Run by docker-compose.yml's ha-db-init service, and by graph/test/ha/storm.test.ts
# on the test's cluster. PGHOST, PGPORT, PGUSER and PGPASSWORD name the cluster's superuser on
# HAProxy's read-write port; PARTSHOP_PASSWORD is the shop's password. Running it again changes nothing.
set -eu
tries=0
until pg_isready -q; do
  tries=$((tries + 1))
  if [ "$tries" -ge 120 ]; then
    echo "no primary answered on $PGHOST:$PGPORT in 2 minutes" >&2
    exit 1
  fi
  sleep 1
done
psql -X -q -v ON_ERROR_STOP=1 -v password="$PARTSHOP_PASSWORD" <<'SQL'
SELECT format('CREATE ROLE partshop LOGIN PASSWORD %L', :'password')
WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'partshop') \gexec
SELECT 'CREATE DATABASE partshop OWNER partshop'
WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'partshop') \gexec
SQL
