// Interim copy of the field-table contract of provider/resources/fields.ts (issue 10), so that the
// schema generator compiles before that branch lands; replaced by an import after the rebase.
import type { z } from "zod";

/** How the Pulumi package schema and the SDK type a field. */
export type FieldType = "string" | "integer" | "number" | "boolean" | "stringList";

/** Every fact about one field of a resource. */
export interface Field {
  readonly type: FieldType;
  readonly doc: string;
  readonly api?: string;
  readonly enum?: readonly (string | number)[];
  readonly required?: boolean;
  readonly output?: boolean;
  readonly replaceOnChange?: boolean;
  readonly set?: boolean;
  readonly cleared?: unknown;
  readonly secret?: boolean;
  readonly check?: z.ZodType;
}

/** The fields of one resource kind, keyed by camelCase property name. */
export type FieldTable = Readonly<Record<string, Field>>;
