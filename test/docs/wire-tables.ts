import { ROUTE_TABLE } from "../../provider/client/routes";
import { RECORD_TABLES } from "../../provider/client/schemas";

/** The source as the doc shows it: a docs page by its URL, a section of the contract by its title. */
const shown = (source: string) => source.replace(/^docs /, "").replace(/^wire contract /, "section ");

/** The route table as the doc shows it. */
export function routeSourcesTable(): string {
  const rows = Object.entries(ROUTE_TABLE).map(
    ([route, spec]) => `| \`${route}\` | ${spec.safety} | ${shown(spec.source)} |`,
  );
  return ["| route (below `/v2`) | retry | source |", "| --- | --- | --- |", ...rows].join("\n");
}

/** The field table as the doc shows it. */
export function fieldSourcesTable(): string {
  const rows = Object.entries(RECORD_TABLES).flatMap(([name, table]) =>
    Object.entries(table).map(
      ([field, rule]) =>
        `| ${name} | \`${field}\` | ${rule.needed ? "needed" : "optional"} | ${shown(rule.source)} |`,
    ),
  );
  return ["| record | field | read as | source |", "| --- | --- | --- | --- |", ...rows].join("\n");
}
