#!/usr/bin/env bash
# What the gitops tests and the review report need beyond Node: Debian's Chromium (the review report
# renders emails in it, driven by puppeteer-core; no browser is downloaded by npm) and Debian's
# PostgreSQL server binaries (the tests start a throwaway cluster for the shared Pulumi backend), and a
# font when the machine has none.
# Idempotent: apt runs only when a binary is missing. Prints the paths it found, as
#   chromium=<path>
#   pg_bin=<directory holding initdb and pg_ctl>
#   runuser=<path>   (util-linux; under root the server runs as postgres through it; it lives in
#                     /usr/sbin, which a CI's PATH may lack)
set -euo pipefail

find_chromium() {
  for c in "${PULUMI_SENDER_CHROMIUM:-}" /usr/bin/chromium /usr/bin/chromium-browser; do
    [ -n "$c" ] && [ -x "$c" ] && { echo "$c"; return 0; }
  done
  return 1
}
find_pg_bin() {
  local d
  for d in /usr/lib/postgresql/*/bin; do
    [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && { echo "$d"; return 0; }
  done
  return 1
}

find_runuser() {
  local c
  for c in "$(command -v runuser 2>/dev/null || true)" /usr/sbin/runuser /sbin/runuser /usr/bin/runuser; do
    [ -n "$c" ] && [ -x "$c" ] && { echo "$c"; return 0; }
  done
  return 1
}

missing=()
find_chromium >/dev/null || missing+=(chromium)
find_pg_bin >/dev/null || missing+=(postgresql)
# The rendered emails need at least one font; slim images have none.
{ command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list 2>/dev/null | head -n1)" ]; } || missing+=(fonts-dejavu-core)
if [ "${#missing[@]}" -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  command -v apt-get >/dev/null 2>&1 || { echo "setup-gitops: ${missing[*]} missing and no apt-get to install them" >&2; exit 1; }
  echo "setup-gitops: installing ${missing[*]} from Debian's packages" >&2
  # Another process may hold the apt lock for a while; wait for it rather than fail.
  $sudo apt-get -o DPkg::Lock::Timeout=600 update -qq >&2
  # The cluster is started by the tests, not as a service: keep the package from starting one.
  DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >&2
fi
chromium="$(find_chromium)" || { echo "setup-gitops: no chromium after installing it" >&2; exit 1; }
pg_bin="$(find_pg_bin)" || { echo "setup-gitops: no PostgreSQL server binaries after installing them" >&2; exit 1; }
runuser="$(find_runuser)" || { [ "$(id -u)" -ne 0 ] || { echo "setup-gitops: no runuser (util-linux) to run PostgreSQL as postgres" >&2; exit 1; }; }
echo "chromium=$chromium"
echo "pg_bin=$pg_bin"
echo "runuser=${runuser:-}"
