import type { Context } from "hono";
import { z } from "zod";
import { badRequest, invalid, type ValidationErrors } from "./errors";

type Issue = z.core.$ZodIssue;

/** Laravel names a field in messages by its key with spaces for underscores (observed). */
function attributeName(key: string): string {
  return key.replaceAll("_", " ");
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value: unknown = input;
  for (const segment of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

const TYPE_WORDS: Record<string, string> = {
  string: "must be a string",
  number: "must be a number",
  int: "must be an integer",
  array: "must be an array",
  object: "must be an object",
};

/**
 * One Laravel-style message for a zod issue. Refinements carry their own message; otherwise a
 * missing value (absent, null or "") reads as "required", as Laravel's `required` rule runs
 * first. `:attribute` in a message names the field.
 */
function messageFor(issue: Issue, attribute: string, value: unknown): string {
  if (issue.code === "custom") return issue.message.replaceAll(":attribute", attribute);
  if (value === undefined || value === null || value === "") return `The ${attribute} field is required.`;
  if (issue.message.includes(":attribute")) return issue.message.replaceAll(":attribute", attribute);
  switch (issue.code) {
    case "invalid_type":
      if (issue.expected === "boolean") return `The ${attribute} field must be true or false.`;
      return `The ${attribute} ${TYPE_WORDS[issue.expected] ?? `must be of type ${issue.expected}`}.`;
    case "invalid_value":
      return `The selected ${attribute} is invalid.`;
    case "invalid_format":
      if (issue.format === "email") return `The ${attribute} must be a valid email address.`;
      if (issue.format === "url") return `The ${attribute} must be a valid URL.`;
      return `The ${attribute} format is invalid.`;
    case "too_small":
      if (issue.origin === "string") return `The ${attribute} must be at least ${issue.minimum} characters.`;
      if (issue.origin === "array") return `The ${attribute} must have at least ${issue.minimum} items.`;
      return `The ${attribute} must be at least ${issue.minimum}.`;
    case "too_big":
      if (issue.origin === "string")
        return `The ${attribute} may not be greater than ${issue.maximum} characters.`;
      if (issue.origin === "array") return `The ${attribute} may not have more than ${issue.maximum} items.`;
      return `The ${attribute} may not be greater than ${issue.maximum}.`;
    default:
      return `The ${attribute} is invalid.`;
  }
}

/** Maps zod issues to Laravel's `errors` object with dotted snake_case keys (observed). */
export function issuesToErrors(issues: readonly Issue[], input: unknown): ValidationErrors {
  const errors: ValidationErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "body";
    const message = messageFor(issue, attributeName(key), valueAt(input, issue.path));
    const list = errors[key] ?? [];
    if (!list.includes(message)) list.push(message);
    errors[key] = list;
  }
  return errors;
}

/**
 * Validates `input` with `schema`, throwing the 422 answer on failure. `crossField` adds the
 * errors of rules that span fields, reported together with the others as Laravel does.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  input: unknown,
  crossField?: (input: Record<string, unknown>) => ValidationErrors,
): z.output<S> {
  const result = schema.safeParse(input);
  const errors = result.success ? {} : issuesToErrors(result.error.issues, input);
  const isObject = input !== null && typeof input === "object" && !Array.isArray(input);
  for (const [key, messages] of Object.entries(
    crossField && isObject ? crossField(input as Record<string, unknown>) : {},
  )) {
    errors[key] = [...new Set([...(errors[key] ?? []), ...messages])];
  }
  if (result.success && Object.keys(errors).length === 0) return result.data;
  throw invalid(errors);
}

/** Laravel's ConvertEmptyStringsToNull middleware: every "" in the input becomes null. */
function emptyStringsToNull(value: unknown): unknown {
  if (value === "") return null;
  if (Array.isArray(value)) return value.map(emptyStringsToNull);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, emptyStringsToNull(item)]));
  }
  return value;
}

/**
 * Reads the JSON body. An empty body is `{}`; a body that is JSON but not an object is read as
 * `{}` too, the way Laravel reads its input (assumed); malformed JSON is a 400 (assumed). Empty
 * strings read as null, as Laravel's default middleware makes them.
 */
export async function readJson(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest("The request body is not valid JSON.");
  }
  return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)
    ? (emptyStringsToNull(parsed) as Record<string, unknown>)
    : {};
}

/** Reads and validates the JSON body in one step. */
export async function parseBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  return validate(schema, await readJson(c));
}

/** A custom issue message; `:attribute` is replaced by the field's name. */
export const message = (text: string) => ({ message: text });

/** A required, non-empty string (Laravel's `required|string`). */
export const requiredString = (max = 255) => z.string().min(1).max(max);

/** An optional string that may also be sent as null to clear it. */
export const optionalString = (max = 255) => z.string().max(max).nullish();

/** Laravel's boolean: true/false, 0/1 (and their string forms), stored as 0 | 1. */
export const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal("0"), z.literal("1")], {
    error: "The :attribute field must be true or false.",
  })
  .transform((value): 0 | 1 => (value === true || value === 1 || value === "1" ? 1 : 0));

/** A whole number, also accepted as a numeric string (Laravel's `integer`). */
export const integer = z
  .union([z.number(), z.string().regex(/^-?\d+$/, { error: "The :attribute must be an integer." })], {
    error: "The :attribute must be an integer.",
  })
  .transform(Number)
  .refine(Number.isInteger, message("The :attribute must be an integer."));

/**
 * A 0/1 number where the specification types a field as a number (`google_analytics`,
 * wire contract "Regular campaigns"), checked as Laravel's `integer` rule: a JSON boolean is not
 * an integer and is refused (422).
 */
export const numberFlag = z
  .unknown()
  .superRefine((value, ctx) => {
    const integral =
      (typeof value === "number" && Number.isInteger(value)) ||
      (typeof value === "string" && /^-?\d+$/.test(value));
    if (!integral) ctx.addIssue({ code: "custom", message: "The :attribute must be an integer." });
    else if (Number(value) !== 0 && Number(value) !== 1)
      ctx.addIssue({ code: "custom", message: "The selected :attribute is invalid." });
  })
  .transform((value): 0 | 1 => (Number(value) === 1 ? 1 : 0));

/** The follow-up delays in hours (wire contract "Follow-up"). */
export const FOLLOW_UP_DELAYS = [12, 24, 48, 72, 96, 120, 144, 168] as const;

/** One of the allowed follow-up delays, as a number or numeric string (wire contract "Follow-up"). */
export const followUpDelay = integer.refine(
  (value) => (FOLLOW_UP_DELAYS as readonly number[]).includes(value),
  message("The selected :attribute is invalid."),
);

/** An http(s) URL. */
export const httpUrl = z.url({ protocol: /^https?$/, error: "The :attribute must be a valid URL." });

/** Whether a string is an email address (so that later checks do not report a bad address twice). */
export const isEmail = (value: string) => z.email().safeParse(value).success;

/** spec: an address on a verified domain of the account (checked only once it is an address). */
export const verifiedReplyTo = (isVerified: (email: string) => boolean) =>
  z
    .email()
    .refine(
      (email) => !isEmail(email) || isVerified(email),
      message("The :attribute must be an address on a verified domain."),
    );
