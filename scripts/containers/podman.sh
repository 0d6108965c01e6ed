#!/usr/bin/env bash
# podman with this folder's containers.conf: every container script and test runs podman through
# here, so one file says how podman is configured.
export CONTAINERS_CONF="${CONTAINERS_CONF:-$(cd "$(dirname "$0")" && pwd)/containers.conf}"
exec podman "$@"
