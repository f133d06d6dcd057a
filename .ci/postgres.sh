# Installs PostgreSQL from Debian's packages when it is missing, starts a
# cluster, creates the role the store tests use and exports
# BOARDBOT_TEST_POSTGRES with its URL. Sourced by .ci/run; needs root.

start_postgres() {
    if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ -z "$(ls /etc/postgresql 2>/dev/null)" ]; then
        echo "PostgreSQL is missing: installing Debian's postgresql package"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    fi
    local version port
    version=$(ls /etc/postgresql | sort -n | tail -1)
    if ! pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main"' | grep -q .; then
        pg_createcluster "$version" main >/dev/null
    fi
    pg_ctlcluster "$version" main start 2>/dev/null || true
    port=$(pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" {print $3}')
    for _ in $(seq 1 30); do
        if runuser -u postgres -- pg_isready -q -p "$port"; then break; fi
        sleep 1
    done
    runuser -u postgres -- psql -q -p "$port" -v ON_ERROR_STOP=1 <<'SQL'
DO $$
BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'boardbot') THEN
        CREATE ROLE boardbot LOGIN CREATEDB PASSWORD 'boardbot';
    END IF;
END
$$;
SQL
    export BOARDBOT_TEST_POSTGRES="postgres://boardbot:boardbot@127.0.0.1:${port}/postgres"
    echo "PostgreSQL $version is up on port $port"
}

# Drops the databases the store tests created (named bb_...).
drop_test_databases() {
    local port
    port=$(pg_lsclusters -h | awk '$2 == "main" {print $3}' | tail -1)
    runuser -u postgres -- psql -q -At -p "$port" -c \
        "SELECT datname FROM pg_database WHERE datname LIKE 'bb\_%'" 2>/dev/null |
        while read -r db; do
            runuser -u postgres -- psql -q -p "$port" -c "DROP DATABASE IF EXISTS \"$db\"" >/dev/null 2>&1 || true
        done
}
