#!/usr/bin/env bash
# bash scripts/containers/build-image.sh [--tag NAME] [--base IMAGE] [-- PODMAN_BUILD_OPTIONS...]
# Builds the workbook's image (workbook.Containerfile) with podman, default tag
# localhost/mcp-workbook:latest. Run `npm run build` first: the image holds the built library.
# The base is Debian 12 built here from Debian's archive (base-image.sh bookworm) unless --base
# names another (docker.io/library/debian:bookworm-slim where Docker Hub is reachable). The context
# is staged: the repository's tracked files but its tests and docs, the built dist folders, and
# course/, the files each learner gets (notebooks but their masters, and learner/). Options after
# `--` go to podman build (a volume with local package copies, a build argument for a CA).
# Unchanged steps come from podman's layer cache, so a rebuild after a commit copies the workbook
# again and no more.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/../.."
tag=localhost/mcp-workbook:latest
base=""
while [ $# -gt 0 ]; do
  case "$1" in
    --tag) tag="${2:?--tag needs a name}"; shift 2 ;;
    --base) base="${2:?--base needs an image}"; shift 2 ;;
    --) shift; break ;;
    *) echo "build-image: unknown option '$1' (expected --tag NAME, --base IMAGE, or -- then podman build options)" >&2; exit 2 ;;
  esac
done
for built in lib/dist/index.js server/dist/main.js; do
  [ -f "$built" ] || { echo "build-image: $built is missing; run npm run build first" >&2; exit 2; }
done
[ -n "$base" ] || base="$(bash "$here/base-image.sh" bookworm)"

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
# What npm ci reads, on its own, so its layer is kept while these stay the same.
mkdir -p "$stage/lib" "$stage/server" "$stage/scripts/containers" "$stage/workbook/course"
cp package.json package-lock.json "$stage/"
cp lib/package.json "$stage/lib/"
cp server/package.json "$stage/server/"
cp scripts/containers/install-node.sh "$stage/scripts/containers/"
# The workbook: tracked files (as they are in the work tree) but tests and docs, and the builds.
git ls-files -z | grep -zv -E '^(test|docs)/' | tar -cf - --null -T - | tar -xf - -C "$stage/workbook"
cp -r lib/dist "$stage/workbook/lib/dist"
cp -r server/dist "$stage/workbook/server/dist"
find "$stage/workbook" -name '*.tsbuildinfo' -delete
# The learner's files: the notebooks (not the masters they are made from) and learner/, links
# followed (notebooks/ch14-checkpoint.ipynb links to checkpoints/, which a learner's copy lacks).
cp -rL "$stage/workbook/notebooks" "$stage/workbook/learner" "$stage/workbook/course/"
rm -rf "$stage/workbook/course/notebooks/masters"

previous="$("$here/podman.sh" image inspect -f '{{.Id}}' "$tag" 2>/dev/null || true)"
"$here/podman.sh" build --layers --quiet -f "$here/workbook.Containerfile" --build-arg "BASE=$base" -t "$tag" "$@" "$stage" >/dev/null
# The image the tag named before, now nameless, goes (its layers the new one shares stay).
current="$("$here/podman.sh" image inspect -f '{{.Id}}' "$tag")"
if [ -n "$previous" ] && [ "$previous" != "$current" ]; then
  "$here/podman.sh" rmi "$previous" >/dev/null 2>&1 || true
fi
echo "$tag"
