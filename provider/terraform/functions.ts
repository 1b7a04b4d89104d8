/**
 * The provider-defined functions of the Terraform door (plugin protocol 6.5 and later; Terraform 1.8,
 * OpenTofu 1.7): `provider::sender::<name>(…)` in a configuration. A function is pure: the engine may
 * call it before the provider is configured, so none reaches the service. Each is declared in
 * GetProviderSchema's `functions` and GetFunctions, and run by CallFunction.
 */
import { contentHashOf } from "../core/content-hash";
import { contentReport } from "../functions/content-report";
import { inDialect } from "../words";
import { ctyType, type TfType } from "./schema";
import type { TfValue } from "./values";
import { TERRAFORM_WORDS } from "./words";

/** One parameter of a function: its name, type and description. */
export interface TfFunctionParameter {
  /** The parameter's name, as the engine shows it in a message. */
  readonly name: string;
  /** Its type. */
  readonly type: TfType;
  /** What it is (Markdown). */
  readonly description: string;
}

/** One provider-defined function: what the engine is told, and what CallFunction runs. */
export interface TfFunction {
  /** Its parameters, in order; none takes null or an unknown value (the engine refuses or defers those). */
  readonly parameters: readonly TfFunctionParameter[];
  /** The type of its result. */
  readonly returns: TfType;
  /** One line. */
  readonly summary: string;
  /** More (Markdown). */
  readonly description: string;
  /** Its use in a configuration, as the docs show it: one `output` block of HCL. */
  readonly example: string;
  /** The result of the arguments, already of the parameters' types. */
  run(args: readonly TfValue[]): TfValue;
}

const STRING: TfType = { kind: "string" };

/** The functions, by name. */
export const TF_FUNCTIONS: Readonly<Record<string, TfFunction>> = {
  content_hash: {
    parameters: [
      { name: "subject", type: STRING, description: "The campaign's subject." },
      { name: "content", type: STRING, description: "The campaign's HTML content." },
    ],
    returns: STRING,
    summary: "The content hash of a subject and an HTML content",
    description:
      "The hex SHA-256 of `subject` and `content` as a JSON pair: the `content_hash` a `sender_campaign` " +
      "reports and the `proofed_hash` a `sender_campaign_proof` compares, computed from the configuration " +
      "(for example to gate a schedule on a proof of exactly this text). The service keeps the content as " +
      "given, so the hash of what was configured equals the campaign's.",
    example: [
      'output "proofed_text_hash" {',
      "  value = provider::sender::content_hash(sender_campaign.news.subject, sender_campaign.news.content)",
      "}",
    ].join("\n"),
    run: ([subject, content]) => contentHashOf(String(subject), String(content)),
  },
  content_report: {
    parameters: [
      { name: "subject", type: STRING, description: "The campaign's subject." },
      { name: "preheader", type: STRING, description: 'The campaign\'s preheader (`""` for none).' },
      { name: "content", type: STRING, description: "The campaign's content." },
      {
        name: "content_type",
        type: STRING,
        description:
          "How `content` is read: `html`, `editor`, `text` or `plain` (a transactional campaign's).",
      },
    ],
    returns: { kind: "list", element: STRING },
    summary: "The content checks' findings of a campaign's text, one line each",
    description:
      "The lines a plan shows for a campaign of this subject, preheader and content " +
      "(docs/content-checks.md): a body Gmail clips, no unsubscribe link (not asked of `plain`, a " +
      "transactional campaign's), a misspelt personalization tag, an image without alt text, a link no " +
      "recipient can open, a subject longer than inboxes show. An empty list when the text passes. Pure: " +
      "no request, no link fetched. The `sender_content_report` data source gives each finding's parts.",
    example: [
      'output "news_content_findings" {',
      '  value = provider::sender::content_report(sender_campaign.news.subject, "", sender_campaign.news.content, sender_campaign.news.content_type)',
      "}",
    ].join("\n"),
    run: ([subject, preheader, content, contentType]) =>
      inDialect(TERRAFORM_WORDS, () =>
        contentReport({
          subject: String(subject),
          preheader: String(preheader),
          content: String(content),
          contentType: String(contentType),
          transactional: contentType === "plain",
        }).findings.map((finding) => finding.message),
      ),
  },
};

/** A function's failure: its text, and the index of the argument it is about when one is. */
export interface TfFunctionError {
  /** What went wrong. */
  readonly text: string;
  /** The argument at fault (0-based), when one is. */
  readonly argument?: number;
}

/** What CallFunction answers: the result, or the error. */
export type TfFunctionResult = { readonly result: TfValue } | { readonly error: TfFunctionError };

/**
 * Runs function `name` on `args`. An unknown name, a wrong count, or a null or non-string argument
 * (which the engine never sends) is an error naming it.
 */
export function callFunction(name: string, args: readonly TfValue[]): TfFunctionResult {
  const fn = Object.hasOwn(TF_FUNCTIONS, name) ? TF_FUNCTIONS[name] : undefined;
  if (!fn)
    return {
      error: {
        text: `terraform-provider-sender has no function ${name}: it has ${Object.keys(TF_FUNCTIONS).join(", ")}`,
      },
    };
  if (args.length !== fn.parameters.length)
    return {
      error: { text: `${name} takes ${fn.parameters.length} arguments, not ${args.length}` },
    };
  for (const [index, parameter] of fn.parameters.entries()) {
    if (typeof args[index] !== "string")
      return {
        error: { text: `${name}: ${parameter.name} must be a string`, argument: index },
      };
  }
  return { result: fn.run(args) };
}

/** The protocol's `Function` messages of {@link TF_FUNCTIONS}, by name (GetProviderSchema's and GetFunctions' `functions`). */
export function functionSchemas(): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(TF_FUNCTIONS).map(([name, fn]) => [
      name,
      {
        parameters: fn.parameters.map((p) => ({
          name: p.name,
          type: Buffer.from(JSON.stringify(ctyType(p.type))),
          allow_null_value: false,
          allow_unknown_values: false,
          description: p.description,
          description_kind: "MARKDOWN",
        })),
        return: { type: Buffer.from(JSON.stringify(ctyType(fn.returns))) },
        summary: fn.summary,
        description: fn.description,
        description_kind: "MARKDOWN",
      },
    ]),
  );
}
