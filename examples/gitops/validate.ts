// `npm run validate`: checks every campaign file against the schema without Pulumi or the service,
// the first step of the CI workflow. Prints one line per problem (`<file>: <field>: <reason>`) and
// exits 1 when there is any.
//
//   npm run validate -- [campaigns-folder]
import * as path from "node:path";
import { loadCampaigns } from "./campaigns";

const dir = path.resolve(process.argv[2] ?? path.join(__dirname, "campaigns"));
try {
  const campaigns = loadCampaigns(dir);
  console.log(`validate: ${campaigns.length} campaign files valid in ${path.basename(dir)}/`);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
