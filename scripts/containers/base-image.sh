#!/usr/bin/env bash
# bash scripts/containers/base-image.sh SUITE: prints the name of a minimal base image of SUITE,
# building it first when podman does not hold it yet. SUITE is bookworm (Debian 12, the workbook's
# image) or jammy (Ubuntu 22.04, what Gradescope grades on). No registry of images is needed: the
# root file system comes from the distribution's own archive (mmdebstrap) and is imported into
# podman. The tag is a hash of the recipe (the suite and mmdebstrap's options), so a changed recipe
# builds anew and a kept one is reused (a CI run on the same machine finds the last run's image). jammy holds curl and CA certificates,
# as Gradescope's base image does. DEBIAN_MIRROR and UBUNTU_MIRROR move
# the archives.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
suite="${1:-}"
# Ubuntu's archive key, for a host that is not Ubuntu: the ubuntu-keyring package from Ubuntu's
# own archive, fetched over HTTP and so checked against the hash pinned here.
UBUNTU_KEYRING_DEB="pool/main/u/ubuntu-keyring/ubuntu-keyring_2021.03.26_all.deb"
UBUNTU_KEYRING_SHA256="0d0e7ed6b112f5d03eabf3c7eb01ebdacf9c57714b279e90495cfc58c8c4520f"

case "$suite" in
  bookworm)
    mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
    options=(--include=ca-certificates)
    ;;
  jammy)
    mirror="${UBUNTU_MIRROR:-http://archive.ubuntu.com/ubuntu}"
    options=(--components=main,universe --include=apt,ca-certificates,curl)
    ;;
  *)
    echo "base-image: expected a suite, bookworm or jammy; got '${suite}'" >&2
    exit 2
    ;;
esac
# The tag is a hash of what makes the image (not of this script: tidying it must not rebuild).
recipe="mmdebstrap --variant=minbase ${options[*]} $suite"
image="localhost/mcp-workbook-base:$suite-$(printf '%s' "$recipe" | sha256sum | cut -c1-12)"
if "$here/podman.sh" image exists "$image"; then
  echo "$image"
  exit 0
fi

work="$(mktemp -d)"
chmod 755 "$work" # apt inside mmdebstrap reads the keyring as its own unprivileged user
trap 'rm -rf "$work"' EXIT
if [ "$suite" = jammy ]; then
  keyring=/usr/share/keyrings/ubuntu-archive-keyring.gpg
  if [ ! -f "$keyring" ]; then
    curl -fsS --retry 2 -o "$work/keyring.deb" "$mirror/$UBUNTU_KEYRING_DEB"
    echo "$UBUNTU_KEYRING_SHA256  $work/keyring.deb" | sha256sum -c --quiet -
    dpkg-deb -x "$work/keyring.deb" "$work/keyring"
    keyring="$work/keyring/usr/share/keyrings/ubuntu-archive-keyring.gpg"
  fi
  options+=(--keyring="$keyring")
fi
started=$SECONDS
# To a file first: a failed mmdebstrap must not leave a half image under the final name.
mmdebstrap --quiet --variant=minbase "${options[@]}" "$suite" "$work/root.tar" "$mirror"
"$here/podman.sh" import --quiet "$work/root.tar" "$image" >/dev/null
echo "base-image: built $image in $((SECONDS - started)) s" >&2
# Earlier recipes' images of this suite are not used again.
"$here/podman.sh" images --format '{{.Repository}}:{{.Tag}}' "localhost/mcp-workbook-base" |
  grep -F ":$suite-" | grep -vxF "$image" | xargs -r "$here/podman.sh" rmi >/dev/null 2>&1 || true
echo "$image"
