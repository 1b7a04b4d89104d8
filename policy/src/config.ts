/**
 * The pack's own check of its config. The engine validates each rule's config against the rule's
 * `configSchema`, but @pulumi/policy hands it only `properties` and `required`: a property the
 * schema does not name (`{"schedule-lead-time": {"hour": 48}}`) passes, and the rule would run on
 * its defaults. Nor does the engine look at rule names the pack does not have. So the pack checks
 * the config the engine configures it with, and refuses it, one line per problem, before any rule runs.
 */
import { createRequire } from "node:module";
import type { Policies } from "@pulumi/policy";

/** The config of one rule as the engine configures the pack: its properties, besides `enforcementLevel`. */
export type RuleConfig = Readonly<Record<string, unknown>>;

/** The key that configures every rule at once (`{"all": "advisory"}`), which @pulumi/policy reserves. */
const ALL_RULES = "all";

const list = (names: readonly string[]) => names.map((n) => JSON.stringify(n)).join(", ");

/**
 * One line per problem of the pack's config: a rule name the pack does not have, and a property a
 * rule's `configSchema` does not name, each with what the pack has instead. Empty when it is valid.
 */
export function configProblems(policies: Policies, config: Readonly<Record<string, RuleConfig>>): string[] {
  const byName = new Map(policies.map((p) => [p.name, p]));
  const problems: string[] = [];
  for (const [rule, props] of Object.entries(config)) {
    if (rule === ALL_RULES) continue;
    const policy = byName.get(rule);
    if (!policy) {
      problems.push(
        `unknown rule ${JSON.stringify(rule)} in the config of the pulumi-sender-policy pack: its rules are ${list([...byName.keys()])}`,
      );
      continue;
    }
    const known = Object.keys(policy.configSchema?.properties ?? {});
    for (const property of Object.keys(props)) {
      if (property === "enforcementLevel" || known.includes(property)) continue;
      const valid = known.length > 0 ? `its properties are ${list(known)}` : "it has none";
      problems.push(
        `rule ${JSON.stringify(rule)} has no config property ${JSON.stringify(property)}: ${valid} (and enforcementLevel)`,
      );
    }
  }
  return problems;
}

/** What @pulumi/policy's Configure request gives for one rule (a protobuf message). */
interface PolicyConfigMessage {
  getProperties(): { toJavaScript(): Record<string, unknown> } | undefined;
}

/** The Configure request's rule configs as plain data. */
function requestConfig(request: {
  getPolicyconfigMap(): { entries(): Iterable<[string, PolicyConfigMessage]> };
}): Record<string, RuleConfig> {
  const config: Record<string, RuleConfig> = {};
  for (const [rule, message] of request.getPolicyconfigMap().entries()) {
    config[rule] = message.getProperties()?.toJavaScript() ?? {};
  }
  return config;
}

type Handler = (call: { request: any }, callback: (error: unknown, value?: unknown) => void) => unknown;

/**
 * Runs `serve` (the pack's `new PolicyPack`) with its Configure handler checking the config first:
 * a config with {@link configProblems} is refused with them, and the engine stops before any rule
 * runs, printing them. @pulumi/policy exposes no hook for this, so the gRPC server it starts (the
 * same `@grpc/grpc-js` module it loads) gets the checking handler as the pack registers its service.
 */
export function serveCheckingConfig(policies: Policies, serve: () => void): void {
  const fromPolicy = createRequire(require.resolve("@pulumi/policy"));
  const grpc = fromPolicy("@grpc/grpc-js") as {
    Server: { prototype: { addService(service: object, implementation: Record<string, unknown>): void } };
    status: { INVALID_ARGUMENT: number };
  };
  const prototype = grpc.Server.prototype;
  const addService = prototype.addService;
  prototype.addService = function (service, implementation) {
    const configure = implementation.configure as Handler | undefined;
    const checked: Handler = (call, callback) => {
      const problems = configProblems(policies, requestConfig(call.request));
      if (problems.length === 0) return (configure as Handler)(call, callback);
      callback({ code: grpc.status.INVALID_ARGUMENT, details: problems.join("; ") });
      return undefined;
    };
    addService.call(this, service, configure ? { ...implementation, configure: checked } : implementation);
  };
  try {
    serve();
  } finally {
    prototype.addService = addService;
  }
}
