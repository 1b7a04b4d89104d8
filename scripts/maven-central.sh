#!/usr/bin/env bash
# Publishes the release's Java SDK (<release-dir>/maven/, scripts/release.sh) to Maven Central
# through the Central Portal's Publisher API: signs each jar and pom with the OpenPGP key in
# MAVEN_GPG_PRIVATE_KEY (ASCII-armored; its passphrase MAVEN_GPG_PASSPHRASE), bundles the Maven
# repository layout with the signatures (.asc) beside the .sha1 and .md5 it has, uploads the bundle
# with the Portal user token (MAVEN_CENTRAL_USERNAME, MAVEN_CENTRAL_PASSWORD) and waits until Central
# has validated it and publishes it, or says why it failed. The namespace io.github.pulumi-sender
# must be verified in the Portal first, and the key's public half on a key server.
#   scripts/maven-central.sh <release-dir>
#   scripts/maven-central.sh --bundle-only <release-dir> <bundle.zip>   sign and bundle, no upload
set -euo pipefail
bundle_only=""
if [ "${1:-}" = "--bundle-only" ]; then bundle_only=1; shift; fi
release="${1:?usage: maven-central.sh [--bundle-only] <release-dir> [<bundle.zip>]}"
[ -d "$release/maven" ] || { echo "maven-central: $release has no maven/ folder" >&2; exit 1; }
: "${MAVEN_GPG_PRIVATE_KEY:?maven-central: MAVEN_GPG_PRIVATE_KEY (the signing key) is not set}"
: "${MAVEN_GPG_PASSPHRASE:?maven-central: MAVEN_GPG_PASSPHRASE is not set}"
work="$(mktemp -d)"
trap 'gpgconf --kill gpg-agent 2>/dev/null; rm -rf "$work"' EXIT
# A keyring of this run only: the key never lands in the runner's.
export GNUPGHOME="$work/gnupg"
mkdir -m 700 "$GNUPGHOME"
printf '%s\n' "$MAVEN_GPG_PRIVATE_KEY" | gpg --batch --quiet --import 2>/dev/null
cp -r "$release/maven" "$work/bundle"
find "$work/bundle" -type f \( -name '*.jar' -o -name '*.pom' \) -print0 | sort -z |
  while IFS= read -r -d '' file; do
    printf '%s' "$MAVEN_GPG_PASSPHRASE" | gpg --batch --quiet --yes --pinentry-mode loopback \
      --passphrase-fd 0 --armor --detach-sign --output "$file.asc" "$file"
  done
bundle="${2:-$work/central-bundle.zip}"
(cd "$work/bundle" && zip -q -X -r "$bundle" .)
echo "maven-central: bundle of $(unzip -Z1 "$bundle" | grep -vc '/$') files" >&2
[ -z "$bundle_only" ] || exit 0

: "${MAVEN_CENTRAL_USERNAME:?maven-central: MAVEN_CENTRAL_USERNAME (the Portal user token name) is not set}"
: "${MAVEN_CENTRAL_PASSWORD:?maven-central: MAVEN_CENTRAL_PASSWORD (the Portal user token) is not set}"
api="${MAVEN_CENTRAL_API:-https://central.sonatype.com/api/v1/publisher}"
# The Portal's bearer token is base64 of <name>:<token>; curl reads the header from a file, so it
# never shows in a process list.
printf 'Authorization: Bearer %s\n' "$(printf '%s:%s' "$MAVEN_CENTRAL_USERNAME" "$MAVEN_CENTRAL_PASSWORD" | base64 -w0)" \
  >"$work/auth"
version="$(basename "$release")"
id="$(curl -sS --fail-with-body -H @"$work/auth" -F "bundle=@$bundle" \
  "$api/upload?publishingType=AUTOMATIC&name=sender-$version")"
echo "maven-central: uploaded, deployment $id" >&2
for _ in $(seq 1 90); do
  status="$(curl -sS --fail-with-body -X POST -H @"$work/auth" "$api/status?id=$id")"
  state="$(jq -r .deploymentState <<<"$status")"
  case "$state" in
    PUBLISHING | PUBLISHED) echo "maven-central: $state" >&2; exit 0 ;;
    FAILED) echo "maven-central: Central refused the deployment: $(jq -c .errors <<<"$status")" >&2; exit 1 ;;
  esac
  sleep 10
done
echo "maven-central: deployment $id still $state after 15 minutes" >&2
exit 1
