/**
 * `terraform-provider-sender`: plugin protocol 6 served with @grpc/grpc-js from the vendored
 * tfplugin6.10.proto (loaded by protobufjs from proto.generated.ts), behind HashiCorp
 * go-plugin's handshake: the line `1|6|tcp|127.0.0.1:<port>|grpc|<cert>` on stdout, TLS with a fresh
 * self-signed certificate when the client offers its own (AutoMTLS, `PLUGIN_CLIENT_CERT`), the
 * health service go-plugin polls and its controller's Shutdown. Each call is translated by
 * {@link TerraformDoor}; messages are plain objects, values msgpack.
 */
import { generateKeyPairSync, randomBytes, sign, X509Certificate } from "node:crypto";
import * as grpc from "@grpc/grpc-js";
import forge from "node-forge";
import * as protobuf from "protobufjs";
import { printError, printLine } from "../core/diagnostics";
import type { Answer, TerraformDoor, TfDiagnostic } from "./door";
import { callFunction, functionSchemas } from "./functions";
import { identityData, identitySchemas, importId, upgradeIdentity } from "./identity";
import { moveRefusal } from "./move";
import { PROTO_DESCRIPTORS } from "./proto.generated";
import { ctyType, type TfAttribute, type TfBlock } from "./schema";
import { validateDataResourceConfig, validateProviderConfig, validateResourceConfig } from "./validate";
import { type DynamicValue, decodeDynamic, encodeDynamic } from "./values";
import { noteClientCapabilities, validateWithWriteOnly } from "./write-only";

/** A service's client constructor, with its definition, as grpc-js loads it. */
type ServiceConstructor = grpc.ServiceClientConstructor & { service: grpc.ServiceDefinition };

/** How a message becomes a plain object: int64 as numbers, enums as their names, defaults and oneofs filled in. */
const TO_OBJECT: protobuf.IConversionOptions = { longs: Number, enums: String, defaults: true, oneofs: true };

/**
 * A service of `root` as grpc-js serves and calls it: each method's path and its messages'
 * (de)serializers, made by protobufjs from the descriptors (what @grpc/proto-loader's `fromJSON`
 * made, without the descriptor protos of every message that it also built for server reflection:
 * about 25 of the 30 ms the door took to load the protocol).
 */
function serviceDefinition(root: protobuf.Root, name: string): grpc.ServiceDefinition {
  const service = root.lookupService(name);
  const serialize = (type: protobuf.Type) => (value: object) =>
    Buffer.from(type.encode(type.fromObject(value)).finish());
  const deserialize = (type: protobuf.Type) => (bytes: Buffer) =>
    type.toObject(type.decode(bytes), TO_OBJECT);
  return Object.fromEntries(
    service.methodsArray.map((method) => {
      method.resolve();
      const request = method.resolvedRequestType!;
      const response = method.resolvedResponseType!;
      return [
        method.name,
        {
          path: `/${service.fullName.slice(1)}/${method.name}`,
          requestStream: method.requestStream === true,
          responseStream: method.responseStream === true,
          requestSerialize: serialize(request),
          requestDeserialize: deserialize(request),
          responseSerialize: serialize(response),
          responseDeserialize: deserialize(response),
          // A client's method also under its camelCase name, as proto-loader named it.
          originalName: method.name.charAt(0).toLowerCase() + method.name.slice(1),
        },
      ];
    }),
  ) as grpc.ServiceDefinition;
}

/** The vendored protos' services, as client constructors (a test's client) carrying their definitions. */
export function loadProtocol(): {
  provider: ServiceConstructor;
  controller: ServiceConstructor;
  health: ServiceConstructor;
} {
  const root = protobuf.Root.fromJSON(PROTO_DESCRIPTORS as protobuf.INamespace);
  const at = (name: string) =>
    grpc.makeGenericClientConstructor(serviceDefinition(root, name), name) as ServiceConstructor;
  return {
    provider: at("tfplugin6.Provider"),
    controller: at("plugin.GRPCController"),
    health: at("grpc.health.v1.Health"),
  };
}

/** A diagnostic as the protocol's message. */
function diagnostic(d: TfDiagnostic): Record<string, unknown> {
  return {
    severity: d.severity,
    summary: d.summary,
    detail: d.detail ?? "",
    ...(d.path && d.path.length > 0
      ? {
          attribute: {
            steps: d.path.map((step) =>
              typeof step === "number" ? { element_key_int: step } : { attribute_name: step },
            ),
          },
        }
      : {}),
  };
}

const diagnostics = (answer: Answer) => answer.diagnostics.map(diagnostic);

function attribute(a: TfAttribute): Record<string, unknown> {
  return {
    name: a.name,
    type: Buffer.from(JSON.stringify(ctyType(a.type))),
    description: a.description,
    description_kind: "MARKDOWN",
    required: a.required,
    optional: a.optional,
    computed: a.computed,
    sensitive: a.sensitive,
    write_only: a.writeOnly === true,
  };
}

function schemaOf(block: TfBlock, version = 0): Record<string, unknown> {
  return {
    version,
    block: {
      version,
      attributes: block.attributes.map(attribute),
      description: block.description,
      description_kind: "MARKDOWN",
    },
  };
}

/** The protocol's schema response, built once. */
function providerSchema(door: TerraformDoor): Record<string, unknown> {
  const { schema } = door;
  return {
    provider: schemaOf(schema.provider),
    resource_schemas: Object.fromEntries(
      Object.entries(schema.resources).map(([type, r]) => [type, schemaOf(r.block, r.version)]),
    ),
    data_source_schemas: Object.fromEntries(
      Object.entries(schema.dataSources).map(([type, d]) => [type, schemaOf(d.block)]),
    ),
    diagnostics: [],
    server_capabilities: {
      plan_destroy: false,
      get_provider_schema_optional: true,
      move_resource_state: false,
    },
    functions: functionSchemas(),
    ephemeral_resource_schemas: {},
  };
}

const state = (value: Parameters<typeof encodeDynamic>[0] | undefined) =>
  value === undefined ? undefined : encodeDynamic(value);

/** One unary handler: `run` answers, a throw becomes an error diagnostic in `errorAnswer`'s shape. */
function unary<Req>(
  run: (request: Req) => Promise<Record<string, unknown>> | Record<string, unknown>,
): grpc.handleUnaryCall<Req, Record<string, unknown>> {
  return (call, callback) => {
    Promise.resolve()
      .then(() => run(call.request))
      .then(
        (response) => callback(null, response),
        (error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          // Every call with diagnostics answers them; the rest fail with the message.
          callback(null, { diagnostics: [diagnostic({ severity: "ERROR", summary: message })] });
        },
      );
  };
}

interface Typed {
  readonly type_name: string;
}

/** The Provider service's handlers over `door`. */
export function providerService(door: TerraformDoor): grpc.UntypedServiceImplementation {
  const schema = providerSchema(door);
  const unimplemented =
    (name: string): grpc.handleUnaryCall<unknown, unknown> =>
    (_call, callback) =>
      callback({
        code: grpc.status.UNIMPLEMENTED,
        message: `${name} is not implemented by terraform-provider-sender`,
      });
  return {
    GetMetadata: unary(() => ({
      server_capabilities: schema.server_capabilities,
      diagnostics: [],
      data_sources: Object.keys(door.schema.dataSources).map((type_name) => ({ type_name })),
      resources: Object.keys(door.schema.resources).map((type_name) => ({ type_name })),
      functions: Object.keys(schema.functions as object).map((name) => ({ name })),
    })),
    GetProviderSchema: unary(() => schema),
    GetResourceIdentitySchemas: unary(() => ({
      identity_schemas: identitySchemas(door.schema),
      diagnostics: [],
    })),
    // The validate calls run every check that needs no API, with no request (./validate.ts).
    ValidateProviderConfig: unary((request: { config?: DynamicValue }) => ({
      diagnostics: validateProviderConfig(door.schema, decodeDynamic(request.config)).map(diagnostic),
    })),
    ValidateResourceConfig: unary(
      async (
        request: Typed & {
          config?: DynamicValue;
          client_capabilities?: { write_only_attributes_allowed?: boolean };
        },
      ) => ({
        // A write-only attribute is checked, then given to the checks as the one it stands for.
        diagnostics: (
          await validateWithWriteOnly(
            request.type_name,
            decodeDynamic(request.config),
            request.client_capabilities,
            (config) => validateResourceConfig(door.schema, request.type_name, config),
          )
        ).map(diagnostic),
      }),
    ),
    ValidateDataResourceConfig: unary((request: Typed & { config?: DynamicValue }) => ({
      diagnostics: validateDataResourceConfig(
        door.schema,
        request.type_name,
        decodeDynamic(request.config),
      ).map(diagnostic),
    })),
    UpgradeResourceState: unary((request: Typed & { raw_state?: { json?: Uint8Array } }) => {
      const answer = door.upgrade(request.type_name, request.raw_state?.json);
      return { upgraded_state: state(answer.state), diagnostics: diagnostics(answer) };
    }),
    UpgradeResourceIdentity: unary((request: { raw_identity?: { json?: Uint8Array } }) => {
      const { identity, error } = upgradeIdentity(request.raw_identity?.json);
      return {
        upgraded_identity: identity,
        diagnostics: error === undefined ? [] : [diagnostic({ severity: "ERROR", summary: error })],
      };
    }),
    ConfigureProvider: unary(
      (request: {
        config?: DynamicValue;
        client_capabilities?: { write_only_attributes_allowed?: boolean };
      }) => {
        noteClientCapabilities(door, request.client_capabilities);
        return { diagnostics: diagnostics(door.configure(decodeDynamic(request.config))) };
      },
    ),
    ReadResource: unary(async (request: Typed & { current_state?: DynamicValue; private?: Uint8Array }) => {
      const answer = await door.read(
        request.type_name,
        decodeDynamic(request.current_state),
        request.private,
      );
      return {
        new_state: state(answer.state),
        private: answer.private ?? Buffer.alloc(0),
        diagnostics: diagnostics(answer),
        new_identity: identityData(answer.state),
      };
    }),
    PlanResourceChange: unary(
      async (
        request: Typed & {
          prior_state?: DynamicValue;
          proposed_new_state?: DynamicValue;
          config?: DynamicValue;
          prior_private?: Uint8Array;
        },
      ) => {
        const answer = await door.plan(
          request.type_name,
          decodeDynamic(request.prior_state),
          decodeDynamic(request.proposed_new_state),
          decodeDynamic(request.config),
          request.prior_private,
        );
        return {
          planned_state: state(answer.planned),
          requires_replace: answer.requiresReplace.map((name) => ({ steps: [{ attribute_name: name }] })),
          planned_private: answer.private ?? request.prior_private ?? Buffer.alloc(0),
          diagnostics: diagnostics(answer),
          planned_identity: identityData(answer.planned),
        };
      },
    ),
    ApplyResourceChange: unary(
      async (
        request: Typed & {
          prior_state?: DynamicValue;
          planned_state?: DynamicValue;
          config?: DynamicValue;
          planned_private?: Uint8Array;
        },
      ) => {
        const answer = await door.apply(
          request.type_name,
          decodeDynamic(request.prior_state),
          decodeDynamic(request.planned_state),
          decodeDynamic(request.config),
          request.planned_private,
        );
        // A failed create or update keeps the prior state: nothing is claimed that was not answered.
        const fallback =
          answer.state === undefined ? (request.prior_state ?? encodeDynamic(null)) : state(answer.state);
        return {
          new_state: fallback,
          private: answer.private ?? Buffer.alloc(0),
          diagnostics: diagnostics(answer),
          new_identity: identityData(answer.state),
        };
      },
    ),
    ImportResourceState: unary(async (request: Typed & Parameters<typeof importId>[0]) => {
      const id = importId(request);
      if (id === "")
        return {
          imported_resources: [],
          diagnostics: [
            diagnostic({ severity: "ERROR", summary: `${request.type_name}: import needs an id` }),
          ],
        };
      const answer = await door.import(request.type_name, id);
      return {
        imported_resources:
          answer.state === undefined
            ? []
            : [
                {
                  type_name: request.type_name,
                  state: state(answer.state),
                  private: Buffer.alloc(0),
                  identity: identityData(answer.state),
                },
              ],
        diagnostics: diagnostics(answer),
      };
    }),
    MoveResourceState: unary((request: Parameters<typeof moveRefusal>[0]) => ({
      diagnostics: [diagnostic(moveRefusal(request))],
    })),
    ReadDataSource: unary(async (request: Typed & { config?: DynamicValue }) => {
      const answer = await door.readDataSource(request.type_name, decodeDynamic(request.config));
      return { state: state(answer.state), diagnostics: diagnostics(answer) };
    }),
    ValidateEphemeralResourceConfig: unary(() => ({ diagnostics: [] })),
    OpenEphemeralResource: unimplemented("OpenEphemeralResource"),
    RenewEphemeralResource: unimplemented("RenewEphemeralResource"),
    CloseEphemeralResource: unimplemented("CloseEphemeralResource"),
    GetFunctions: unary(() => ({ functions: schema.functions, diagnostics: [] })),
    CallFunction: unary((request: { name: string; arguments?: DynamicValue[] }) => {
      const answer = callFunction(
        request.name,
        (request.arguments ?? []).map((a) => decodeDynamic(a)),
      );
      return "result" in answer
        ? { result: encodeDynamic(answer.result) }
        : { error: { text: answer.error.text, function_argument: answer.error.argument } };
    }),
    // Terraform's interrupt: the calls in flight finish and answer (as the plugin's Cancel, which
    // does nothing either), so that a create that reached the service is recorded; go-plugin's
    // Shutdown, or its kill, ends the process.
    StopProvider: unary(() => ({ Error: "" })),
  };
}

/** node-forge's encoder of a certificate's extensions, which its typings leave out. */
const extensionsToAsn1 = (
  forge.pki as unknown as { certificateExtensionsToAsn1(exts: unknown[]): forge.asn1.Asn1 }
).certificateExtensionsToAsn1;

/**
 * A fresh self-signed certificate for `localhost` (an ECDSA P-256 key), both server and CA, as
 * go-plugin's AutoMTLS pins it: its DER goes in the handshake line and becomes the client's only
 * root. Node's crypto makes the key and signs; node-forge encodes the TBSCertificate (RFC 5280),
 * whose own signing is RSA only: an RSA key and forge's signature in JavaScript took 70 of the
 * door's 300 ms start-up, a P-256 key and Node's signature take about 1 ms.
 */
export function selfSignedCertificate(): { certPem: string; keyPem: string; der: Buffer } {
  const { asn1, pki } = forge;
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const keyPem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const sequence = (value: forge.asn1.Asn1[]) =>
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, value);
  // ecdsa-with-SHA256, with no parameters (RFC 5758).
  const algorithm = () =>
    sequence([
      asn1.create(
        asn1.Class.UNIVERSAL,
        asn1.Type.OID,
        false,
        asn1.oidToDer("1.2.840.10045.4.3.2").getBytes(),
      ),
    ]);
  const time = (date: Date) =>
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.UTCTIME, false, asn1.dateToUtcTime(date));
  // The names and extensions as forge fills them in (their values' encodings).
  const fields = pki.createCertificate();
  const name = [
    { name: "commonName", value: "localhost" },
    { name: "organizationName", value: "terraform-provider-sender" },
  ];
  fields.setSubject(name);
  fields.setExtensions([
    { name: "basicConstraints", cA: true, critical: true },
    { name: "keyUsage", digitalSignature: true, keyCertSign: true, critical: true },
    { name: "extKeyUsage", serverAuth: true, clientAuth: true },
    { name: "subjectAltName", altNames: [{ type: 2, value: "localhost" }] },
  ]);
  const now = Date.now();
  const tbs = sequence([
    // v3
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(2).getBytes()),
    ]),
    // A positive serial of 64 random bits (the first byte's high bit clear).
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, `\x01${randomBytes(8).toString("binary")}`),
    algorithm(),
    pki.distinguishedNameToAsn1(fields.subject),
    sequence([time(new Date(now - 30_000)), time(new Date(now + 30 * 24 * 3600_000))]),
    pki.distinguishedNameToAsn1(fields.subject),
    asn1.fromDer(publicKey.export({ type: "spki", format: "der" }).toString("binary")),
    extensionsToAsn1(fields.extensions),
  ]);
  const toDer = (node: forge.asn1.Asn1) => Buffer.from(asn1.toDer(node).getBytes(), "binary");
  const signature = sign("sha256", toDer(tbs), privateKey);
  const der = toDer(
    sequence([
      tbs,
      algorithm(),
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.BITSTRING, false, `\x00${signature.toString("binary")}`),
    ]),
  );
  return { certPem: new X509Certificate(der).toString(), keyPem, der };
}

/** A door being served: its port, the handshake line it printed, and the server (to stop it). */
export interface Served {
  /** The loopback port. */
  readonly port: number;
  /** go-plugin's handshake line, as printed. */
  readonly line: string;
  /** The gRPC server. */
  readonly server: grpc.Server;
}

/**
 * Serves `door` on 127.0.0.1 at a free port and prints go-plugin's handshake line. With
 * `PLUGIN_CLIENT_CERT`, the server speaks TLS and requires that client certificate. `onStop` runs
 * when go-plugin asks the door to stop (the process's: exit).
 */
export async function serveTerraform(
  door: TerraformDoor,
  env: NodeJS.ProcessEnv = process.env,
  onStop: () => void = () => process.exit(0),
): Promise<Served> {
  const server = new grpc.Server({ "grpc.max_receive_message_length": 256 * 1024 * 1024 });
  const stop = () => {
    // The answer goes out first; go-plugin then waits for the process to end.
    setTimeout(() => server.tryShutdown(onStop), 10);
  };
  const { provider, controller, health } = loadProtocol();
  server.addService(provider.service, providerService(door));
  server.addService(controller.service, {
    Shutdown: (_call: unknown, callback: grpc.sendUnaryData<object>) => {
      callback(null, {});
      stop();
    },
  });
  server.addService(health.service, {
    Check: (_call: unknown, callback: grpc.sendUnaryData<object>) => callback(null, { status: "SERVING" }),
  });
  const clientCert = env.PLUGIN_CLIENT_CERT;
  let credentials = grpc.ServerCredentials.createInsecure();
  let certField = "";
  if (clientCert) {
    const own = selfSignedCertificate();
    credentials = grpc.ServerCredentials.createSsl(
      Buffer.from(clientCert),
      [{ private_key: Buffer.from(own.keyPem), cert_chain: Buffer.from(own.certPem) }],
      true,
    );
    // go-plugin decodes the certificate with base64.RawStdEncoding: no padding.
    certField = own.der.toString("base64").replace(/=+$/, "");
  }
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", credentials, (err, bound) => (err ? reject(err) : resolve(bound))),
  );
  const line = `1|6|tcp|127.0.0.1:${port}|grpc|${certField}`;
  printLine(line);
  return { port, line, server };
}

/** The door's process: serve, and report a failure to start on stderr. */
export function terraformMain(door: TerraformDoor): void {
  serveTerraform(door).catch((error: unknown) => {
    printError(`terraform-provider-sender: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
