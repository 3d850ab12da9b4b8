#!/usr/bin/env bash
# Prints the path of a `node` of the major version the production image runs (the Dockerfile's
# NODE_IMAGE, node:<major>-...), so that the API tests run on the Node that ships. This machine's
# own node when it is that major; otherwise Node's official build from the npm registry
# (node-linux-<arch>@<major>, the newest of that major, as the image's tag follows it), kept in
# ${PARTSHOP_CACHE_DIR:-~/.cache/partshop}. Messages go to stderr, the path alone to stdout.
set -euo pipefail
cd "$(dirname "$0")/.."

major="$(sed -n 's/^ARG NODE_IMAGE=node:\([0-9][0-9]*\)-.*/\1/p' Dockerfile)"
if [ -z "$major" ]; then
  echo "ERROR: no 'ARG NODE_IMAGE=node:<major>-...' line in the Dockerfile" >&2
  exit 1
fi

majorOf() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || true; }

if command -v node >/dev/null && [ "$(majorOf "$(command -v node)")" = "$major" ]; then
  command -v node
  exit 0
fi

case "$(uname -m)" in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *)
    echo "ERROR: no Node build from the npm registry for $(uname -m)" >&2
    exit 1
    ;;
esac

dir="${PARTSHOP_CACHE_DIR:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/partshop}/node-$major"
binary="$dir/node_modules/node-linux-$arch/bin/node"
if [ "$(majorOf "$binary")" != "$major" ]; then
  echo "Node $major (the production image's) is not this machine's: installing node-linux-$arch@$major into $dir" >&2
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error "node-linux-$arch@$major" >&2
  if [ "$(majorOf "$binary")" != "$major" ]; then
    echo "ERROR: node-linux-$arch@$major was installed but $binary is not a Node $major" >&2
    exit 1
  fi
fi
echo "$binary"
