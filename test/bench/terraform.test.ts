import { describe, expect, test } from "vitest";
import { campaignsConfig, floorConfig, handshakeOf, mirrorCliConfig, SOURCES } from "../../bench/terraform";

describe("go-plugin's handshake line, as the bench's Terraform part reads a provider's stdout", () => {
  test("our door's line under AutoMTLS: TCP on loopback, gRPC, the certificate", () => {
    expect(handshakeOf("1|6|tcp|127.0.0.1:38633|grpc|MIIBrz\n")).toEqual({
      coreVersion: 1,
      appVersion: 6,
      network: "tcp",
      address: "127.0.0.1:38633",
      protocol: "grpc",
      cert: "MIIBrz",
    });
  });

  test("the Go floor's line: a unix socket, no certificate when none was asked for", () => {
    expect(handshakeOf('1|6|unix|/tmp/plugin3285775116|grpc|\n{"@level":"debug"}\n')).toEqual({
      coreVersion: 1,
      appVersion: 6,
      network: "unix",
      address: "/tmp/plugin3285775116",
      protocol: "grpc",
      cert: "",
    });
  });

  test("a line of four fields is netrpc with no certificate, as go-plugin reads it; a CRLF is dropped", () => {
    expect(handshakeOf("1|5|tcp|127.0.0.1:1234\r\n")).toEqual({
      coreVersion: 1,
      appVersion: 5,
      network: "tcp",
      address: "127.0.0.1:1234",
      protocol: "netrpc",
      cert: "",
    });
  });

  test.each([
    ["an incomplete line", "1|6|tcp|127.0.0.1:38633|grpc|MII"],
    ["a log line first", '{"@level":"debug"}\n1|6|tcp|127.0.0.1:1|grpc|\n'],
    ["too few fields", "1|6|tcp\n"],
    ["too many fields", "1|6|tcp|127.0.0.1:1|grpc|x|y\n"],
    ["a version that is no number", "v1|6|tcp|127.0.0.1:1|grpc|\n"],
    ["another network", "1|6|udp|127.0.0.1:1|grpc|\n"],
    ["no address", "1|6|tcp||grpc|\n"],
  ])("is none for %s", (_, text) => {
    expect(handshakeOf(text)).toBeUndefined();
  });
});

describe("the configurations of the Terraform part", () => {
  test("our side: N titled campaigns in one count block, in the given ownership scope", () => {
    expect(campaignsConfig(100, "bench/terraform/100")).toBe(`terraform {
  required_providers {
    sender = { source = "registry.opentofu.org/pulumi-sender/sender" }
  }
}

provider "sender" {
  ownership_scope = "bench/terraform/100"
}

resource "sender_campaign" "bench" {
  count        = 100
  title        = "Bench campaign \${count.index}"
  subject      = "Bench subject \${count.index}"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = "<p>bench</p>"
}
`);
  });

  test("the floor's side: N floor_thing titled as the campaigns are", () => {
    expect(floorConfig(1000)).toBe(`terraform {
  required_providers {
    floor = { source = "registry.opentofu.org/bench/floor" }
  }
}

resource "floor_thing" "bench" {
  count = 1000
  title = "Bench campaign \${count.index}"
}
`);
  });

  test("the CLI config installs both providers from the mirror and nothing else", () => {
    expect(SOURCES).toEqual({
      sender: "registry.opentofu.org/pulumi-sender/sender",
      floor: "registry.opentofu.org/bench/floor",
    });
    expect(mirrorCliConfig("/x/mirror")).toBe(`provider_installation {
  filesystem_mirror {
    path    = "/x/mirror"
    include = ["registry.opentofu.org/pulumi-sender/sender", "registry.opentofu.org/bench/floor"]
  }
}
`);
  });
});
