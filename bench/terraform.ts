// The pieces of the bench's Terraform part (bench/run.ts, `--only=terraform`) that hold no process:
// go-plugin's handshake line, the configurations of both providers, the CLI config of their mirror.

/** go-plugin's handshake line, as a plugin prints it on stdout: `core|app|network|address|protocol|cert`. */
export interface Handshake {
  /** go-plugin's core protocol version (1). */
  readonly coreVersion: number;
  /** The application's protocol version (Terraform's plugin protocol: 5 or 6). */
  readonly appVersion: number;
  /** `tcp` or `unix`. */
  readonly network: string;
  /** `127.0.0.1:<port>` or a socket's path. */
  readonly address: string;
  /** `grpc` or `netrpc`. */
  readonly protocol: string;
  /** The server's certificate (base64 DER, no padding) under AutoMTLS; "" without it. */
  readonly cert: string;
}

/**
 * The handshake of the first line of `text` (a plugin's stdout so far), or undefined while that line
 * is incomplete or is not one (go-plugin's client reads the first line the same way).
 */
export function handshakeOf(text: string): Handshake | undefined {
  const end = text.indexOf("\n");
  if (end < 0) return undefined;
  const parts = text.slice(0, end).replace(/\r$/, "").split("|");
  if (parts.length < 4 || parts.length > 6) return undefined;
  const [core, app, network, address, protocol = "netrpc", cert = ""] = parts as [
    string,
    string,
    string,
    string,
  ];
  if (
    !/^\d+$/.test(core) ||
    !/^\d+$/.test(app) ||
    (network !== "tcp" && network !== "unix") ||
    address === ""
  )
    return undefined;
  return { coreVersion: Number(core), appVersion: Number(app), network, address, protocol, cert };
}

/** Where the bench's filesystem mirror puts each provider, as OpenTofu's source addresses. */
export const SOURCES = {
  sender: "registry.opentofu.org/pulumi-sender/sender",
  floor: "registry.opentofu.org/bench/floor",
} as const;

/** The floor's version in the mirror (it is built from tools/tf-floor, which has none of its own). */
export const FLOOR_VERSION = "0.0.1";

/** `count` explicitly titled sender_campaign resources (one `count` block), in `scope`. */
export function campaignsConfig(count: number, scope: string): string {
  return `terraform {
  required_providers {
    sender = { source = "${SOURCES.sender}" }
  }
}

provider "sender" {
  ownership_scope = "${scope}"
}

resource "sender_campaign" "bench" {
  count        = ${count}
  title        = "Bench campaign \${count.index}"
  subject      = "Bench subject \${count.index}"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = "<p>bench</p>"
}
`;
}

/** `count` floor_thing resources (one `count` block), titled as the campaigns are. */
export function floorConfig(count: number): string {
  return `terraform {
  required_providers {
    floor = { source = "${SOURCES.floor}" }
  }
}

resource "floor_thing" "bench" {
  count = ${count}
  title = "Bench campaign \${count.index}"
}
`;
}

/** The CLI config that installs both providers from the filesystem mirror at `mirror` only. */
export function mirrorCliConfig(mirror: string): string {
  return `provider_installation {
  filesystem_mirror {
    path    = ${JSON.stringify(mirror)}
    include = ["${SOURCES.sender}", "${SOURCES.floor}"]
  }
}
`;
}
