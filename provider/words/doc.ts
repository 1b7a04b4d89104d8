/**
 * A doc (a field's, a kind's, a data source's, a setting's) in a door's words. A doc is written once,
 * in the words of no engine: where it names something an engine calls otherwise, it says so with an
 * inline tag, as TSDoc writes `{@link …}`, and each door spells the tag:
 *
 * - `{@command up}` (`refresh`, `destroy`, `import`, `replace`, `upSkippingPreview`): the command, in backticks;
 * - `{@apply}`: the run that writes, as prose names it (`up`, `apply`);
 * - `{@preview}`: the run that writes nothing (`preview`, `plan`);
 * - `{@declared}` and `{@recorded}`: where resources are declared and recorded (`stack`, `configuration`, `state`);
 * - `{@state}`: the engine's record of a resource (`the stack's state`, `the state`);
 * - `{@lookupUse tagIds tag vip}`: an argument given a data source's id (`tagIds: [vip.id]`);
 * - `{@link getTag}`: a data source (kept as TSDoc's link for Pulumi's SDK; `the sender_tag data source`).
 *
 * The names of kinds and fields are the core's (`CampaignTargeting`, `tagIds`): a dialect that spells
 * names otherwise gives each identifier its own spelling ({@link Dialect.identifier}).
 */
import type { Command, Dialect } from "./index";

const TAG = /\{@(\w+)((?:\s+[^\s}]+)*)\s*\}/g;

/** The text of one tag in `dialect`; a tag this module does not know is an error of the doc's author. */
function tagText(dialect: Dialect, name: string, args: readonly string[]): string {
  switch (name) {
    case "command":
      return dialect.command(args[0] as Command);
    case "apply":
      return dialect.apply;
    case "preview":
      return dialect.preview;
    case "declared":
      return dialect.declared;
    case "recorded":
      return dialect.recorded;
    case "state":
      return dialect.state;
    case "lookupUse":
      return dialect.lookupUse(args[0] as string, args[1] as string, args[2] as string);
    case "link":
      return dialect.link(args[0] as string);
    default:
      throw new Error(`a doc names an unknown tag {@${name}}`);
  }
}

/** The literal text between tags in `dialect`: each identifier as the dialect spells it. */
function proseText(dialect: Dialect, text: string): string {
  const spell = dialect.identifier;
  if (spell === undefined) return text;
  const words = (piece: string, where: "code" | "prose") =>
    piece
      .split(/([A-Za-z_][A-Za-z0-9_]*)/)
      .map((word, i) => (i % 2 === 1 ? (spell(word, where) ?? word) : word))
      .join("");
  return text
    .split(/(`[^`]*`)/)
    .map((piece) => {
      if (!(piece.length > 1 && piece.startsWith("`") && piece.endsWith("`"))) return words(piece, "prose");
      const inner = piece.slice(1, -1);
      const alone = /^[A-Za-z_][A-Za-z0-9_]*$/.test(inner) ? spell(inner, "alone") : undefined;
      return alone !== undefined ? `\`${alone}\`` : `\`${words(inner, "code")}\``;
    })
    .join("");
}

/** `doc` in `dialect`: its tags spelt, its names as the dialect's users write them. */
export function spellDoc(doc: string, dialect: Dialect): string {
  // The tags stand aside while the names are read, so that a code span around a tag stays whole.
  const tags: string[] = [];
  const held = doc.replace(TAG, (_, name: string, args: string) => {
    tags.push(tagText(dialect, name, args.trim().split(/\s+/).filter(Boolean)));
    return `\uE000${tags.length - 1}\uE001`;
  });
  return proseText(dialect, held).replace(
    /\uE000(\d+)\uE001/g,
    (_, index: string) => tags[Number(index)] ?? "",
  );
}
