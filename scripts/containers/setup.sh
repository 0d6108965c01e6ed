#!/usr/bin/env bash
# Installs what the container tests need (npm run test:containers calls it): podman with runc and
# its helpers, mmdebstrap for base images, Debian's JupyterHub for the hub test, and the proxy that
# hub runs, configurable-http-proxy from npm (pinned in hub/package-lock.json; Debian's needs
# Debian's own Node). Chromium for the browser comes from scripts/setup.sh. Skips what is there.
set -euo pipefail
PACKAGES=(podman runc conmon containernetworking-plugins iptables mmdebstrap uidmap fuse-overlayfs
  slirp4netns catatonit jupyterhub zip unzip)
missing=()
for package in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "containers: installing with apt: ${missing[*]}"
  [ "$(id -u)" = 0 ] || { echo "containers: run as root (apt-get install and podman as root)" >&2; exit 2; }
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
hub="$(cd "$(dirname "$0")" && pwd)/hub"
if [ ! -x "$hub/node_modules/.bin/configurable-http-proxy" ]; then
  echo "containers: installing configurable-http-proxy (npm ci in scripts/containers/hub)"
  npm ci --prefix "$hub" --no-audit --no-fund --loglevel=error
fi
