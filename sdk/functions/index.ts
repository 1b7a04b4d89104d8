// Data-source functions: reads of the account from a Pulumi program. Each comes as `getX(args, opts?)`
// (a Promise) and `getXOutput(args, opts?)` (Input args, an Output). They run in the program process
// with their own client built from the program's `sender:*` config, not through the engine. Of
// `opts` (InvokeOptions), `parent` applies: a failure is reported on that resource; `provider`,
// `version`, `pluginDownloadURL` and `async` concern engine invokes and have no effect. No answer
// read here holds a secret, so no result is marked secret; secret args still make the Output
// form's result secret. The functions and their types are generated from the declarations in
// provider/functions/ by `npm run sdk:functions`.

export { type InputArgs, SenderFunctionError, type SenderFunctionFailure } from "./common";
export * from "./index.generated";
