/**
 * Brands for `instanceof`-free class checks: a plain `instanceof` fails when two copies of the
 * package are loaded (the Pulumi program and the dynamic-provider process each `require` their
 * own), so each error class marks its instances with a registered symbol instead.
 */

/** Marks `target` with the brand (not enumerable, so it shows in no log). */
export function setBrand(target: object, brand: symbol): void {
  Object.defineProperty(target, brand, { value: true, enumerable: false });
}

/** Whether `value` carries the brand. */
export function hasBrand(value: unknown, brand: symbol): boolean {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[brand] === true;
}
