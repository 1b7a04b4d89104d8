#!/usr/bin/env bash
# A Python virtual environment with the `pulumi` package from PyPI and the other requirements of
# the generated SDK (sdks/python/pyproject.toml), for the check that the SDK imports
# (test/e2e/sdks.test.ts), plus setuptools, wheel and PyPA build to install it and to build its
# wheel and sdist (scripts/sdk-packages.sh). Cached per user, keyed by the requirements;
# prints the environment's python. Needs python3 (>= 3.9) with venv and pip, and PyPI.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=env.sh
source "$root/scripts/env.sh"
requirements=("pulumi==3.259.0" "parver>=0.2.1" "semver>=2.8.1" "setuptools>=61" "wheel" "build")
python="$(command -v python3 || true)"
[ -n "$python" ] || { echo "python-venv: python3 is needed" >&2; exit 1; }
key="$(echo "${requirements[*]}" "$("$python" --version)" | sha256sum | cut -c1-12)"
venv="$PULUMI_SENDER_CACHE/python-venv/$key"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import pulumi, parver, semver, setuptools, wheel, build" 2>/dev/null; then
  echo "python-venv: installing ${requirements[*]} from PyPI into $venv" >&2
  tmp="$venv.tmp.$$"
  rm -rf "$tmp"
  "$python" -m venv "$tmp"
  "$tmp/bin/python" -m pip install --quiet --disable-pip-version-check "${requirements[@]}"
  pulumi_sender_settle "$tmp" "$venv" bin/python
  # The scripts of a moved venv keep the old path; only its python is used here.
fi
echo "$venv/bin/python"
