/**
 * Where the Pulumi engine that started this process listens: an argument of the dynamic-provider
 * process and of the native plugin, which each Pulumi door hands to its `EngineWatch`
 * (provider/core/engine-watch.ts). The Terraform door's engine names no address: it watches its
 * parent instead.
 */
const isAddress = (text: string) => /^[\w.-]+:\d+$/.test(text) || /^\[[\da-f:]+\]:\d+$/i.test(text);

/** The engine's address when this process is the engine's dynamic-provider process, else undefined. */
export function engineAddressOf(argv: readonly string[] = process.argv): string | undefined {
  const script = argv[1] ?? "";
  const address = argv[2] ?? "";
  if (!/dynamic-provider/.test(script)) return undefined;
  return isAddress(address) ? address : undefined;
}

/**
 * The engine's address among the native plugin's arguments (`[--logtostderr] [-v=N] [--tracing
 * <endpoint>] <engine>`, as @pulumi/pulumi's provider `main` reads them), else undefined.
 */
export function pluginEngineAddress(args: readonly string[]): string | undefined {
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--tracing") i += 1;
    else if (arg !== "--logtostderr" && !arg.startsWith("-v=")) rest.push(arg);
  }
  return rest[0] !== undefined && isAddress(rest[0]) ? rest[0] : undefined;
}
