// The schema kinds a field or a data-source property can have, shared by the resources and the
// data sources so that neither imports the other.

/**
 * How the Pulumi package schema and the SDK type a field. `anyList` is a list of values of any type
 * (the schema's `pulumi.json#/Any` items), for inputs only compared, never sent (CampaignProof's `triggers`).
 */
export type FieldType = "string" | "integer" | "number" | "boolean" | "stringList" | "anyList";
