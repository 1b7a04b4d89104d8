/**
 * A property bag as the engine hands it, keyed by property name: genuinely untyped until `check`
 * has judged it (the table's schema), and what the generic helpers that compare by name take.
 * A leaf module, so that every resource module can name it without an import cycle.
 */
export type PropertyBag = Readonly<Record<string, unknown>>;
