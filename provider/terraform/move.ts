/**
 * `MoveResourceState` (plugin protocol 6.5; Terraform 1.8): a `moved` block from one resource type to
 * another. No move between two of this provider's types makes sense: each type manages a different
 * object of the service (a campaign, a transactional campaign, a webhook, an attachment) or a
 * different part of one campaign (its schedule, targeting, proof, follow-up), so no state of one is
 * the state of another, and no other provider's type manages these objects. The capability stays
 * undeclared (`move_resource_state: false`), and a call is answered with a diagnostic that says so
 * and how to change a resource's type instead (`removed`, then `import`).
 */

/** The protocol's `MoveResourceState.Request`, as much of it as the answer names. */
export interface MoveRequest {
  /** The source's provider address. */
  readonly source_provider_address?: string;
  /** The source's resource type. */
  readonly source_type_name?: string;
  /** The target's resource type. */
  readonly target_type_name?: string;
}

/** The diagnostic a move answers, naming its two types. */
export function moveRefusal(request: MoveRequest): { severity: "ERROR"; summary: string; detail: string } {
  const source = request.source_type_name || "(no type)";
  const target = request.target_type_name || "(no type)";
  return {
    severity: "ERROR",
    summary: `terraform-provider-sender moves no state from ${source} to ${target}`,
    detail:
      "Each resource type of this provider manages a different object of Sender, or a different part of one campaign, " +
      "so no state of one type is the state of another. To manage an object under another type, " +
      "end the old resource with a `removed` block (lifecycle { destroy = false }) and bring the object in with an `import` block " +
      "of the new type; a `moved` block within one type (a new name or module) needs no provider call.",
  };
}
