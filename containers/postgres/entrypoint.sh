#!/bin/sh
# Creates the cluster on a fresh volume (POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB), then runs
# the command: the parts of the official image's entry point the stack uses.
set -eu
if [ "${1:-}" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  user="${POSTGRES_USER:-postgres}"
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set for a new database}"
  mkdir -p "$PGDATA" && chmod 700 "$PGDATA"
  pwfile="$(mktemp)"
  printf '%s' "$POSTGRES_PASSWORD" > "$pwfile"
  initdb -D "$PGDATA" --username="$user" --pwfile="$pwfile" --encoding=UTF8 --locale=C.UTF-8 \
    --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  {
    echo "listen_addresses = '*'"
    echo "unix_socket_directories = '/var/run/postgresql'"
  } >> "$PGDATA/postgresql.conf"
  echo 'host all all all scram-sha-256' >> "$PGDATA/pg_hba.conf"
  db="${POSTGRES_DB:-$user}"
  if [ "$db" != postgres ]; then
    echo "CREATE DATABASE \"$db\" OWNER \"$user\"" | postgres --single -D "$PGDATA" postgres >/dev/null
  fi
  echo "PostgreSQL init process complete; ready for start up."
fi
if [ "${1:-}" = postgres ]; then
  shift
  exec postgres -D "$PGDATA" "$@"
fi
exec "$@"
