/**
 * The Terraform door's names for the tables' (snake_case, `sender_<kind>` types), apart from the
 * schema so that its wording layer (words.ts), which the schema imports, spells them the same way.
 */
import type { ResourceKind } from "../kinds/registry";

/** The provider's name in type names and in its source address (`registry.opentofu.org/pulumi-sender/sender`). */
export const TF_PROVIDER_NAME = "sender";

/** `replyTo` → `reply_to`, `tagIds` → `tag_ids`: the snake_case of a camelCase name. */
export function snakeCase(camel: string): string {
  return camel
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z])([A-Z][a-z])/g, "$1_$2")
    .toLowerCase();
}

/** `reply_to` → `replyTo`: the camelCase of a snake_case name (the inverse of {@link snakeCase} on the tables' names). */
export function camelCase(snake: string): string {
  return snake.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** The data-source type of a function: `getCampaignReport` → `sender_campaign_report`. */
export function dataSourceTypeOf(functionName: string): string {
  return `${TF_PROVIDER_NAME}_${snakeCase(functionName.replace(/^get/, ""))}`;
}

/** The resource type of a kind: `CampaignTargeting` → `sender_campaign_targeting`. */
export function resourceTypeOf(kind: ResourceKind): string {
  return `${TF_PROVIDER_NAME}_${snakeCase(kind)}`;
}
