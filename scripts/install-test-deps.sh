#!/usr/bin/env bash
# The Debian packages `npm test` needs on a bare machine, in one list: Chromium for the browser journeys
# (apps/web/e2e; never downloaded by npm packages), ffmpeg (with ffprobe) for video, postgresql-client (pg_dump,
# pg_restore) for backups on PostgreSQL, and haproxy for the multi-instance test. Run by `npm test` (its
# pretest) and by .ci/run; installs only what is missing.
set -euo pipefail
exec bash "$(dirname "$0")/install-system-deps.sh" chromium ffmpeg postgresql-client haproxy
