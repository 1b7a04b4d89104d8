/** The campaign the emulator is seeded with (a sent one), which no stack made. */
export const SEEDED_CAMPAIGNS: readonly string[] = ["snt001"];

/** The transactional campaigns the emulator is seeded with, which no stack made. */
export const SEEDED_TRANSACTIONAL: readonly string[] = ["trn001", "trn002"];

/** The items of an emulator list that are not seeded ones (campaigns unless told), in order. */
export function ours(items: any[], seeded: readonly string[] = SEEDED_CAMPAIGNS): any[] {
  return items.filter((i) => !seeded.includes(i.id));
}
