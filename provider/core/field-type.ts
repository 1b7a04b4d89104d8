// The schema kinds a field or a data-source property can have, shared by the resources and the
// data sources so that neither imports the other.

/** How the Pulumi package schema and the SDK type a field. */
export type FieldType = "string" | "integer" | "number" | "boolean" | "stringList";
