/**
 * StackNonce: the dynamic SDK's one hidden resource per stack, which holds the stack instance's
 * nonce (`provider/autoname.ts`). The SDK registers it before the first resource that needs a
 * mark, and every such resource takes its mark from the nonce, so the engine creates it, and
 * writes it to the stack's state, before it creates any of them. It never calls the service.
 */
import type * as pulumi from "@pulumi/pulumi";
import { NONCE_PATTERN, newNonce } from "../autoname";

/** The kind of the hidden nonce resource, in its type token `pulumi-nodejs:dynamic/sender:StackNonce`. */
export const STACK_NONCE_KIND = "StackNonce";

const valid = (value: unknown): value is string => typeof value === "string" && NONCE_PATTERN.test(value);

/**
 * The provider of the nonce resource. `check` keeps the nonce the state holds (`olds`) and only
 * when there is none takes the program's candidate (a fresh random value each run) or a fresh
 * one: the nonce is made once per stack instance and never changes after, so no diff, no update.
 */
export const stackNonceProvider: pulumi.dynamic.ResourceProvider = {
  async check(olds, news) {
    const nonce = valid(olds?.nonce) ? olds.nonce : valid(news.nonce) ? news.nonce : newNonce();
    return { inputs: { ...news, nonce } };
  },
  async diff(_id, olds, news) {
    return { changes: olds.nonce !== news.nonce, replaces: [], deleteBeforeReplace: false };
  },
  async create(inputs) {
    return { id: inputs.nonce, outs: { nonce: inputs.nonce } };
  },
  async read(id, props) {
    return { id, props: { nonce: valid(props?.nonce) ? props.nonce : id } };
  },
  async update(_id, olds) {
    return { outs: { nonce: olds.nonce } };
  },
  async delete() {
    // Nothing in the service: the nonce lives in the stack's state only.
  },
};
