// The data sources by name, as the plugin, the SDK and the reference in docs/ read them: every
// declaration the area modules export, found by its shape, so that a new one needs no list here.
import * as audiences from "./audiences";
import * as campaignReports from "./campaign-reports";
import * as campaigns from "./campaigns";
import * as carts from "./carts";
import * as contentReport from "./content-report";
import type { AnyDataSource, DataSource } from "./declare";
import * as plans from "./plans";
import { type RunContext, runDataSource } from "./run";
import * as subscriberEvents from "./subscriber-events";
import * as transactional from "./transactional-campaigns";

/** A data source as the registry holds it: its declaration, and how to run it on unchecked args. */
export interface Registered extends AnyDataSource {
  /** Runs it with these args (checked first) in this context. */
  readonly invoke: (args: unknown, context: RunContext) => Promise<unknown>;
}

/** The modules that declare data sources, one per area of the API. */
const AREAS = [
  plans,
  audiences,
  campaigns,
  campaignReports,
  carts,
  contentReport,
  subscriberEvents,
  transactional,
];

type Declared = DataSource<unknown, unknown> & AnyDataSource;

/** Whether an export of an area module is a data-source declaration (a `DataSource<A, R>`). */
function isDataSource(value: unknown): value is Declared {
  if (typeof value !== "object" || value === null) return false;
  const { name, args, result, docs, run } = value as Partial<Record<keyof Declared, unknown>>;
  return typeof name === "string" && typeof run === "function" && [args, result, docs].every(isObject);
}

const isObject = (value: unknown) => typeof value === "object" && value !== null;

function registered(source: Declared): Registered {
  return { ...source, invoke: (args, context) => runDataSource(source, args, context) };
}

/** Every data source, by name (`sender:index:<name>`), in name order. */
export const dataSources: Readonly<Record<string, Registered>> = Object.fromEntries(
  AREAS.flatMap((area) => Object.values(area).filter(isDataSource))
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .map((source) => [source.name, registered(source)]),
);
