#!/usr/bin/env bash
# The demo, end to end on a fresh machine and offline: starts the emulator, previews and applies the
# quickstart, prints the stack outputs and what the emulator now holds, changes one input and shows
# the preview diff, then destroys the stack. Local file backend, throwaway passphrase, no internet.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=setup.sh
source "$root/scripts/setup.sh"

work="$(mktemp -d)"
token="demo-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
emulator_pid=""
cleanup() {
  [ -n "$emulator_pid" ] && kill "$emulator_pid" 2>/dev/null || true
  rm -rf "$work" "$root/.e2e/demo"
}
trap cleanup EXIT

step() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }

step "Starting the Sender emulator"
# --detach returns once it listens, or fails here with the reason; a free port, its log in $work.
line="$(SENDER_API_TOKEN="$token" node "$root/dist/emulator/cli.js" --port 0 --detach \
  --log "$work/emulator.log" --pid-file "$work/emulator.pid")"
emulator_pid="$(cat "$work/emulator.pid")"
url="$(grep -o 'http://[0-9.]*:[0-9]*' <<<"$line")"
echo "emulator at $url"

export PULUMI_BACKEND_URL="file://$work/backend" PULUMI_CONFIG_PASSPHRASE="demo-passphrase" PULUMI_HOME="$work/home"
mkdir -p "$work/backend"
# The program runs from a copy inside the checkout, so that it resolves this checkout's packages
# and its stack settings stay out of examples/.
prog="$root/.e2e/demo"
rm -rf "$prog" && mkdir -p "$prog" && cp "$root/examples/quickstart/"{index.ts,Pulumi.yaml,package.json} "$prog/"
cd "$prog"
pulumi stack init demo --non-interactive >/dev/null
pulumi config set sender:baseUrl "$url"
pulumi config set --secret sender:apiToken "$token"

step "pulumi preview"
pulumi preview --non-interactive
step "pulumi up"
pulumi up --yes --non-interactive --skip-preview
step "Stack outputs"
pulumi stack output --json
step "What the emulator holds now"
curl -s "$url/__emulator/state" | node -e '
  const s = JSON.parse(require("fs").readFileSync(0, "utf8"));
  for (const c of s.campaigns) console.log(`campaign      ${c.id}  ${c.status.padEnd(9)} ${c.title} — "${c.subject}"${c.schedule_time ? " at " + c.schedule_time : ""}`);
  for (const [id, t] of Object.entries(s.targeting)) console.log(`targeting     ${id}  tags ${t.tags.map((x) => x.id).join(",") || "-"}, excluded ${t.exclude_tags.map((x) => x.id).join(",") || "-"}`);
  for (const [id, files] of Object.entries(s.attachments)) for (const f of files) console.log(`attachment    ${id}  ${f.file_name}`);
  for (const t of s.transactional) console.log(`transactional ${t.id}  ${t.title} — "${t.subject}"`);
  for (const w of s.webhooks) console.log(`webhook       ${w.id}  ${w.topic} -> ${w.url} (${w.status})`);
'
step "Changing one input (the campaign subject) and previewing the diff"
pulumi config set subject "Welcome aboard, and thanks for joining"
pulumi preview --diff --non-interactive
step "pulumi destroy"
pulumi destroy --yes --non-interactive --skip-preview
pulumi stack rm demo --yes --non-interactive >/dev/null
echo
echo "demo: done. The emulator sent no mail; nothing left the machine."
