# shellcheck shell=bash
# Sourced by the hub-site-* scripts (docs/operations.md): the operator's settings, and what the scripts
# share. Not a command of its own.

HUB_SITE_OPS_ENV=${HUB_SITE_OPS_ENV:-/etc/hub-site/ops.env}

fail() {
  printf '%s: %s\n' "${0##*/}" "$*" >&2
  exit 1
}

# Reads the settings (ops/ops.env.example): shell assignments, run as root, so only root may change them.
load_settings() {
  [ -r "$HUB_SITE_OPS_ENV" ] || fail "cannot read the settings in $HUB_SITE_OPS_ENV (ops/ops.env.example shows them)"
  if [ -n "$(find "$HUB_SITE_OPS_ENV" -perm /022)" ]; then
    fail "$HUB_SITE_OPS_ENV may be changed by others than its owner, and the scripts run what it says: chmod 600 it"
  fi
  # shellcheck source=/dev/null
  . "$HUB_SITE_OPS_ENV"
  HUB_SITE_CONTAINER=${HUB_SITE_CONTAINER:-hub-site}
  HUB_SITE_IMAGE_NAME=${HUB_SITE_IMAGE_NAME:-hub-site}
  HUB_SITE_ENV_FILE=${HUB_SITE_ENV_FILE:-/etc/hub-site/production.env}
  HUB_SITE_DATA_VOLUME=${HUB_SITE_DATA_VOLUME:-hub-data}
  HUB_SITE_PUBLISH=${HUB_SITE_PUBLISH:-127.0.0.1:3000:3000}
  HUB_SITE_READY_SECONDS=${HUB_SITE_READY_SECONDS:-60}
  HUB_SITE_COMPOSE_DIR=${HUB_SITE_COMPOSE_DIR:-}
  HUB_SITE_COMPOSE_SERVICES=${HUB_SITE_COMPOSE_SERVICES:-site-a site-b}
  HUB_SITE_STATE_DIR=${HUB_SITE_STATE_DIR:-/var/lib/hub-site}
  HUB_SITE_BACKUP_DIR=${HUB_SITE_BACKUP_DIR:-/var/backups/hub-site}
  HUB_SITE_BACKUP_KEEP_DAYS=${HUB_SITE_BACKUP_KEEP_DAYS:-30}
  HUB_SITE_BACKUP_COPY=${HUB_SITE_BACKUP_COPY:-}
  HUB_SITE_BACKUP_SCRATCH_URL=${HUB_SITE_BACKUP_SCRATCH_URL:-}
  HUB_SITE_BACKUP_TEXTFILE=${HUB_SITE_BACKUP_TEXTFILE:-}
  # The leads' database as this host reaches it: by default the site's own DATABASE_URL (none: SQLite).
  HUB_SITE_DATABASE_URL=${HUB_SITE_DATABASE_URL:-$(env_file_value DATABASE_URL)}
  DEPLOY_HISTORY="$HUB_SITE_STATE_DIR/deployed"
}

# A variable's value in the site's env file (docker's --env-file format: NAME=value, no quotes).
env_file_value() {
  [ -r "$HUB_SITE_ENV_FILE" ] || return 0
  sed -n "s/^$1=//p" "$HUB_SITE_ENV_FILE" | tail -n 1
}

# The image the site's container was started from (a stopped container says too).
container_image() {
  docker inspect --format '{{.Config.Image}}' "$HUB_SITE_CONTAINER" 2>/dev/null ||
    fail "there is no container $HUB_SITE_CONTAINER (HUB_SITE_CONTAINER) to read the image from"
}

# Copies a backup into a new folder in $2 that only the image's user, node (uid 1000), reads, for a
# container of the image to mount read-only (the backups' own folder is root's alone); prints the folder.
readable_by_node() {
  local folder
  folder=$(mktemp -d "$2/.hub-site-XXXXXX")
  install -m 600 -o 1000 -g 1000 "$1" "$folder/"
  chown 1000:1000 "$folder"
  printf '%s\n' "$folder"
}

# The releases a rollback can walk back through, oldest first, the one live last: each once, in the
# order they last went live. Each line of the deploy history is `<time> run|rollback <tag>` (a line with
# the tag alone, as earlier versions wrote, is a run). A run puts its tag on top; a rollback takes the
# release it leaves off, so the next rollback goes one further back.
releases() {
  [ -f "$DEPLOY_HISTORY" ] || return 0
  awk '
    NF == 1 { action = "run"; tag = $1 }
    NF >= 3 { action = $2; tag = $3 }
    NF == 1 || NF >= 3 {
      if (action == "rollback" && n > 0) n--
      kept = 0
      for (i = 1; i <= n; i++) if (stack[i] != tag) stack[++kept] = stack[i]
      n = kept
      stack[++n] = tag
    }
    END { for (i = 1; i <= n; i++) print stack[i] }
  ' "$DEPLOY_HISTORY"
}

# Waits until `<command…> node -e <probe>` (a docker exec into an instance) says /readyz answers 200,
# for HUB_SITE_READY_SECONDS; a 503 (the lead store refuses writes) ends the wait at once.
wait_until_ready() {
  local what=$1 waited=0 answer
  shift
  while :; do
    answer=0
    "$@" node -e \
      "fetch('http://127.0.0.1:' + process.env.PORT + '/readyz').then((r) => process.exit(r.ok ? 0 : r.status === 503 ? 3 : 2), () => process.exit(2))" \
      >/dev/null 2>&1 || answer=$?
    [ "$answer" -eq 0 ] && return 0
    [ "$answer" -eq 3 ] && fail "$what answers /readyz with 503: its lead store refuses writes. To go back: hub-site-rollback."
    [ "$waited" -lt "$HUB_SITE_READY_SECONDS" ] ||
      fail "$what does not answer /readyz after $waited s (docker logs shows why). To go back: hub-site-rollback."
    sleep 2
    waited=$((waited + 2))
  done
}

# Runs $HUB_SITE_IMAGE_NAME:<tag> and notes it in the deploy history as <action> (run or rollback): in
# place of the site's container, or, with HUB_SITE_COMPOSE_DIR, in each Compose service in turn, each
# once the one before answers /readyz.
run_release() {
  local tag=$1 action=$2
  local image="$HUB_SITE_IMAGE_NAME:$tag"
  [[ $tag =~ ^[A-Za-z0-9_][A-Za-z0-9_.-]*$ ]] || fail "'$tag' is not an image tag"
  docker image inspect "$image" >/dev/null 2>&1 ||
    fail "there is no image $image on this host (build it first: docs/deploy.md); what runs is left as it is"
  mkdir -p "$HUB_SITE_STATE_DIR"
  if [ -n "$HUB_SITE_COMPOSE_DIR" ]; then
    run_in_compose "$tag" "$action"
    return
  fi
  [ -r "$HUB_SITE_ENV_FILE" ] || fail "cannot read the site's variables in $HUB_SITE_ENV_FILE (HUB_SITE_ENV_FILE)"

  if docker container inspect "$HUB_SITE_CONTAINER" >/dev/null 2>&1; then
    docker stop -t 30 "$HUB_SITE_CONTAINER" >/dev/null
    docker rm "$HUB_SITE_CONTAINER" >/dev/null
  fi
  if ! docker run -d --name "$HUB_SITE_CONTAINER" --restart unless-stopped --stop-timeout 30 --memory 1g \
    -e NODE_OPTIONS=--max-old-space-size=256 --log-opt max-size=10m --log-opt max-file=5 \
    -p "$HUB_SITE_PUBLISH" -v "$HUB_SITE_DATA_VOLUME:/data" --env-file "$HUB_SITE_ENV_FILE" "$image" >/dev/null; then
    local live
    live=$(releases | tail -n 1)
    fail "docker run $image failed, and no site runs now.${live:+ hub-site-run $live starts the release that ran before.}"
  fi
  printf '%s %s %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$action" "$tag" >>"$DEPLOY_HISTORY"
  wait_until_ready "$image" docker exec "$HUB_SITE_CONTAINER"
}

# The Compose file's services take the tag from HUB_SITE_TAG in the project's .env (docs/deploy.md).
run_in_compose() {
  local tag=$1 action=$2 service
  cd "$HUB_SITE_COMPOSE_DIR" || fail "cannot enter HUB_SITE_COMPOSE_DIR ($HUB_SITE_COMPOSE_DIR)"
  touch .env
  if grep -q '^HUB_SITE_TAG=' .env; then
    sed -i "s/^HUB_SITE_TAG=.*/HUB_SITE_TAG=$tag/" .env
  else
    printf 'HUB_SITE_TAG=%s\n' "$tag" >>.env
  fi
  printf '%s %s %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$action" "$tag" >>"$DEPLOY_HISTORY"
  for service in $HUB_SITE_COMPOSE_SERVICES; do
    docker compose up -d --no-deps --force-recreate "$service" >/dev/null
    wait_until_ready "$service on $HUB_SITE_IMAGE_NAME:$tag (the services after it still run the release before)" \
      docker compose exec -T "$service"
  done
}
