#!/usr/bin/env bash
# Signs terraform-provider-sender_<v>_SHA256SUMS of a release folder (scripts/release.sh) with a
# detached binary signature, terraform-provider-sender_<v>_SHA256SUMS.sig, as the Terraform and
# OpenTofu registries check it against the namespace's public GPG key; then verifies it.
#   TERRAFORM_GPG_PRIVATE_KEY (armored secret key) [TERRAFORM_GPG_PASSPHRASE] scripts/terraform-sign.sh <release dir>
# The key is imported into a keyring of its own, removed afterwards: never the user's ~/.gnupg.
set -euo pipefail
dir="${1:?usage: scripts/terraform-sign.sh <release dir>}"
[ -n "${TERRAFORM_GPG_PRIVATE_KEY:-}" ] || { echo "terraform-sign: TERRAFORM_GPG_PRIVATE_KEY is not set (the armored secret key)" >&2; exit 1; }
shopt -s nullglob
sums=("$dir"/terraform-provider-sender_*_SHA256SUMS)
[ "${#sums[@]}" = 1 ] || { echo "terraform-sign: $dir holds ${#sums[@]} terraform-provider-sender_<v>_SHA256SUMS, expected 1" >&2; exit 1; }
GNUPGHOME="$(mktemp -d)"
export GNUPGHOME
trap 'gpgconf --kill all >/dev/null 2>&1 || true; rm -rf "$GNUPGHOME"' EXIT
printf '%s\n' "$TERRAFORM_GPG_PRIVATE_KEY" | gpg --batch --quiet --import 2>/dev/null
printf '%s' "${TERRAFORM_GPG_PASSPHRASE:-}" |
  gpg --batch --quiet --yes --pinentry-mode loopback --passphrase-fd 0 \
    --detach-sign --output "${sums[0]}.sig" "${sums[0]}"
gpg --batch --quiet --verify "${sums[0]}.sig" "${sums[0]}" 2>/dev/null ||
  { echo "terraform-sign: the signature of ${sums[0]} does not verify" >&2; exit 1; }
echo "terraform-sign: signed $(basename "${sums[0]}")" >&2
echo "${sums[0]}.sig"
