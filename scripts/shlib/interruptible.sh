# Sourced by the scripts that start long children (builds, bench runs, worktrees): a SIGTERM, SIGINT or
# SIGHUP sent to the script ends the child that is running, waits for it (the bench ends its own
# children and removes its own temporary files on SIGTERM), says one line, and exits with 128 + the
# signal. On every exit, interrupted or not, the script's `cleanup` function runs when it has one.
#
# Bash runs a trap only once the foreground command has returned, which for a bench run is minutes
# later; so a long command is run as `interruptible COMMAND...`: in the background and waited for,
# since `wait` returns as soon as a trapped signal arrives.

running_child=""

# Runs COMMAND... and returns its status; a signal meanwhile ends it (see above).
interruptible() {
  "$@" &
  running_child=$!
  local status=0
  wait "$running_child" || status=$?
  running_child=""
  return "$status"
}

interrupted() {
  local number=$1 name=$2
  trap - TERM INT HUP
  if [ -n "$running_child" ]; then
    kill -TERM "$running_child" 2> /dev/null || true
    wait "$running_child" 2> /dev/null || true
  fi
  echo "$(basename "$0"): interrupted by $name; its child ended and its temporary files removed" >&2
  exit $((128 + number))
}

run_cleanup() {
  if declare -F cleanup > /dev/null; then cleanup; fi
}

trap run_cleanup EXIT
trap 'interrupted 15 SIGTERM' TERM
trap 'interrupted 2 SIGINT' INT
trap 'interrupted 1 SIGHUP' HUP
