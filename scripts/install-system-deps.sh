#!/usr/bin/env bash
# Debian packages the project needs at run or test time; installs only what is missing.
# `--optional` (npm install's use, for ffmpeg and its ffprobe): where the packages cannot be installed (not root, no apt),
# say what is missing and carry on; the product runs without them (video uploads are refused).
set -euo pipefail
optional=false
if [ "${1:-}" = "--optional" ]; then optional=true; shift; fi
needed=()
for pkg in "$@"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || needed+=("$pkg")
done
[ ${#needed[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "missing Debian packages: ${needed[*]} (install them as root)" >&2
  $optional && exit 0
  exit 1
fi
if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${needed[@]}"; }; then
  echo "could not install: ${needed[*]}" >&2
  $optional && exit 0
  exit 1
fi
