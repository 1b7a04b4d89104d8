/**
 * StackNonce: the dynamic SDK's one hidden resource per stack, which holds the stack instance's
 * nonce (`provider/core/autoname.ts`) and the place it was last used in (`provider/pulumi/stack-place.ts`).
 * The SDK registers it before the first resource that needs a mark, and every such resource takes
 * its mark from the nonce, so the engine creates it, and writes it to the stack's state, before it
 * creates any of them. It never calls the service.
 */
import type * as pulumi from "@pulumi/pulumi";
import { NONCE_PATTERN, newNonce } from "../core/autoname";
import { judgePlace, PLACE_PATTERN } from "../pulumi/stack-place";

/** The kind of the hidden nonce resource, in its type token `pulumi-nodejs:dynamic/sender:StackNonce`. */
export const STACK_NONCE_KIND = "StackNonce";

const valid = (value: unknown): value is string => typeof value === "string" && NONCE_PATTERN.test(value);
const validPlace = (value: unknown): value is string =>
  typeof value === "string" && PLACE_PATTERN.test(value);

/**
 * The provider of the nonce resource. `check` keeps the nonce the state holds (`olds`) and only
 * when there is none takes the program's candidate (a fresh random value each run) or a fresh
 * one: the nonce is made once per stack instance. It also keeps the place the state was last used
 * in, and in another place it fails with one line until the program's run says whether the stack
 * moved (the nonce stays) or is a copy (the candidate becomes its nonce), see `judgePlace`; so a
 * copy of the state never carries the original's marks into new creates.
 */
export const stackNonceProvider: pulumi.dynamic.ResourceProvider = {
  async check(olds, news) {
    const { movedFrom, copyOf, oldWayPlace, ...rest } = news;
    const candidate = valid(news.nonce) ? news.nonce : newNonce();
    const here = validPlace(news.place) ? news.place : undefined;
    const kept = valid(olds?.nonce) ? olds.nonce : undefined;
    // A program of an older SDK says no place: the recorded one stays.
    if (kept !== undefined && here === undefined)
      return { inputs: { ...rest, nonce: kept, place: olds.place } };
    const text = (value: unknown) => (typeof value === "string" ? value : undefined);
    const verdict = judgePlace(
      kept === undefined ? undefined : text(olds.place),
      here ?? "",
      text(movedFrom),
      text(copyOf),
      text(oldWayPlace),
    );
    if ("failure" in verdict) return { inputs: news, failures: [{ property: "", reason: verdict.failure }] };
    const nonce = verdict.keep && kept !== undefined ? kept : candidate;
    return { inputs: here === undefined ? { ...rest, nonce } : { ...rest, nonce, place: verdict.place } };
  },
  async diff(_id, olds, news) {
    const changes = olds.nonce !== news.nonce || (news.place !== undefined && olds.place !== news.place);
    return { changes, replaces: [], deleteBeforeReplace: false };
  },
  async create(inputs) {
    return { id: inputs.nonce, outs: placed(inputs.nonce, inputs.place) };
  },
  async read(id, props) {
    return { id, props: placed(valid(props?.nonce) ? props.nonce : id, props?.place) };
  },
  async update(_id, _olds, news) {
    return { outs: placed(news.nonce, news.place) };
  },
  async delete() {
    // Nothing in the service: the nonce lives in the stack's state only.
  },
};

/** The outputs: the nonce, and the place when one is known. */
function placed(nonce: string, place: unknown): { nonce: string; place?: string } {
  return validPlace(place) ? { nonce, place } : { nonce };
}
