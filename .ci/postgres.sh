#!/usr/bin/env bash
# Start Debian's PostgreSQL for the tests (installing the package if it is missing) and print the
# SQLAlchemy URL of a role the tests may use. Idempotent: an installed, running server is reused.
# Needs root (apt-get, pg_ctlcluster), as `make test` and CI have. Progress goes to stderr.
set -euo pipefail
if ! compgen -G "/usr/lib/postgresql/*/bin/pg_ctl" >/dev/null; then
  echo "installing Debian's postgresql package" >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=600 postgresql >&2
fi
version=$(ls /usr/lib/postgresql | sort -V | tail -1)
if ! pg_lsclusters --no-header | awk '{print $1" "$2}' | grep -qx "$version main"; then
  pg_createcluster "$version" main >&2
fi
port=$(pg_lsclusters --no-header | awk -v v="$version" '$1 == v && $2 == "main" {print $3}')
if ! pg_lsclusters --no-header | awk -v v="$version" '$1 == v && $2 == "main" {print $4}' | grep -q online; then
  pg_ctlcluster "$version" main start >&2
fi
for _ in $(seq 1 60); do
  pg_isready -q -h 127.0.0.1 -p "$port" && break
  sleep 0.5
done
pg_isready -q -h 127.0.0.1 -p "$port" || { echo "PostgreSQL did not start on port $port" >&2; exit 1; }
cd /tmp
if [ "$(su postgres -c "psql -p $port -tAc \"SELECT 1 FROM pg_roles WHERE rolname = 'tabletop'\"")" != "1" ]; then
  su postgres -c "psql -p $port -qc \"CREATE ROLE tabletop LOGIN PASSWORD 'tabletop' CREATEDB\"" >&2
fi
if [ "$(su postgres -c "psql -p $port -tAc \"SELECT 1 FROM pg_database WHERE datname = 'tabletop_test'\"")" != "1" ]; then
  su postgres -c "psql -p $port -qc \"CREATE DATABASE tabletop_test OWNER tabletop\"" >&2
fi
echo "postgresql+psycopg://tabletop:tabletop@127.0.0.1:$port/tabletop_test"
