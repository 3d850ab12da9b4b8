#!/bin/sh
# The backup service of docker-compose.yml: pgBackRest's stanza once (idempotent), a full backup
# at once if the repository has none, then every day at BACKUP_HOUR (UTC): full on Sundays,
# differential otherwise. WAL is archived continuously by PostgreSQL itself (archive_command).
set -eu
hour="${BACKUP_HOUR:-03}"
pgbackrest --stanza=partshop stanza-create
pgbackrest --stanza=partshop check
if ! pgbackrest --stanza=partshop info --output=json | grep -q '"type":"full"'; then
  pgbackrest --stanza=partshop --type=full backup
fi
while true; do
  now=$(date -u +%s)
  next=$(date -u -d "today ${hour}:00" +%s)
  [ "$next" -gt "$now" ] || next=$(date -u -d "tomorrow ${hour}:00" +%s)
  sleep $((next - now))
  if [ "$(date -u +%u)" = 7 ]; then type=full; else type=diff; fi
  pgbackrest --stanza=partshop --type="$type" backup || echo "pgBackRest $type backup failed: see above; the next try is tomorrow" >&2
done
