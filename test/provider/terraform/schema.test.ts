import { describe, expect, it } from "vitest";
import { dataSources } from "../../../provider/functions";
import { fieldTables, RESOURCE_KINDS } from "../../../provider/kinds/registry";
import {
  camelCase,
  ctyType,
  dataSourceTypeOf,
  functionOfDataSourceType,
  kindOfResourceType,
  resourceTypeOf,
  snakeCase,
  type TfAttribute,
  terraformSchema,
} from "../../../provider/terraform/schema";

const schema = terraformSchema();

/** An attribute as one line: `name:type:flags` (R required, O optional, C computed, S sensitive). */
const line = (a: TfAttribute) =>
  `${a.name}:${JSON.stringify(ctyType(a.type))}:${a.required ? "R" : ""}${a.optional ? "O" : ""}${a.computed ? "C" : ""}${a.sensitive ? "S" : ""}`;

describe("terraform names", () => {
  it("snake_cases the tables' names and back", () => {
    expect(snakeCase("replyTo")).toBe("reply_to");
    expect(snakeCase("contentType")).toBe("content_type");
    expect(snakeCase("tagIds")).toBe("tag_ids");
    expect(snakeCase("deleteEvenIfSent")).toBe("delete_even_if_sent");
    expect(snakeCase("CampaignFollowUp")).toBe("campaign_follow_up");
    expect(camelCase("excluded_filter_ids")).toBe("excludedFilterIds");
    for (const kind of RESOURCE_KINDS) {
      for (const name of Object.keys(fieldTables[kind])) expect(camelCase(snakeCase(name))).toBe(name);
    }
  });

  it("names every kind sender_<snake kind> and every function sender_<snake name without get>", () => {
    expect(RESOURCE_KINDS.map(resourceTypeOf)).toEqual([
      "sender_campaign",
      "sender_campaign_targeting",
      "sender_campaign_follow_up",
      "sender_campaign_schedule",
      "sender_campaign_proof",
      "sender_attachment",
      "sender_transactional_campaign",
      "sender_webhook",
      "sender_group",
    ]);
    expect(Object.keys(schema.resources)).toEqual(RESOURCE_KINDS.map(resourceTypeOf));
    expect(kindOfResourceType("sender_campaign_follow_up")).toBe("CampaignFollowUp");
    expect(kindOfResourceType("sender_campaign_proof")).toBe("CampaignProof");
    expect(kindOfResourceType("sender_nothing")).toBeUndefined();
    expect(dataSourceTypeOf("getCampaignReport")).toBe("sender_campaign_report");
    expect(functionOfDataSourceType("sender_plans")).toBe("getPlans");
    expect(functionOfDataSourceType("sender_nothing")).toBeUndefined();
    expect(Object.keys(schema.dataSources).sort()).toEqual(
      Object.keys(dataSources).map(dataSourceTypeOf).sort(),
    );
    expect(Object.keys(schema.dataSources)).toEqual(
      expect.arrayContaining([
        "sender_plans",
        "sender_campaign",
        "sender_campaigns",
        "sender_campaign_report",
        "sender_tag",
        "sender_tags",
      ]),
    );
  });
});

describe("terraform schema", () => {
  it("has the provider block of the config table, api_token sensitive, and ownership_scope", () => {
    expect(schema.provider.attributes.map(line)).toEqual([
      'api_token:"string":OS',
      'base_url:"string":O',
      'max_attempts:"number":O',
      'retry_deadline_seconds:"number":O',
      'max_in_flight:"number":O',
      'request_timeout_seconds:"number":O',
      'min_schedule_lead_minutes:"number":O',
      'schedule_needs_audience:"bool":O',
      'content_checks:"string":O',
      'ownership_scope:"string":O',
    ]);
    const token = schema.provider.attributes.find((a) => a.name === "api_token");
    expect(token?.description).toBe(
      "The Sender API token. A secret: never stored in clear, never logged. Falls back to SENDER_API_TOKEN.",
    );
  });

  it("types sender_campaign from its table: snake_case, the id, sets, computed outputs, no hidden marks, none another resource moves", () => {
    const campaign = schema.resources.sender_campaign!;
    expect(campaign.block.attributes.map(line)).toEqual([
      'id:"string":C',
      'title:"string":R',
      'subject:"string":R',
      'from:"string":R',
      'reply_to:"string":R',
      'content_type:"string":R',
      'preheader:"string":O',
      'content:"string":O',
      'google_analytics:"bool":O',
      'groups:["set","string"]:O',
      'segments:["set","string"]:O',
      'adopt_id:"string":O',
      'delete_even_if_sent:"bool":O',
      'created:"string":C',
      'domain_id:"string":C',
      'last_action:"string":C',
      'content_hash:"string":C',
    ]);
    expect(campaign.replaceOnChange).toEqual([]);
    expect(campaign.block.attributes.find((a) => a.name === "content_type")?.description).toBe(
      'How the content is written: `editor`, `html` or `text`. One of: "editor", "html", "text".',
    );
    // The table's doc quotes camelCase names; the door's quotes them as Terraform spells them.
    expect(campaign.block.description).toContain("unless `delete_even_if_sent` is true");
    // Left out: the schedule, the targeting, the follow-up and the attachments move them.
    expect(campaign.block.description).toContain(
      " `status`, `modified`, `schedule_time`, `sent_time` and `recipient_count` are not attributes of this resource: " +
        "`sender_campaign_schedule`, `sender_campaign_targeting`, `sender_campaign_follow_up` and `sender_attachment` change them, " +
        "and a refresh would report each of their changes as made outside the configuration. " +
        "Read them with the `sender_campaign` data source.",
    );
    expect(campaign.version).toBe(1);
    expect(schema.resources.sender_campaign_schedule!.version).toBe(0);
  });

  it("returns the parts' replace-on-change fields and their defaults as computed", () => {
    const replaces = Object.fromEntries(
      Object.entries(schema.resources).map(([t, r]) => [t, r.replaceOnChange]),
    );
    expect(replaces).toEqual({
      sender_campaign: [],
      sender_campaign_targeting: ["campaign_id"],
      sender_campaign_follow_up: ["campaign_id"],
      sender_campaign_schedule: ["campaign_id"],
      sender_campaign_proof: ["campaign_id"],
      sender_attachment: ["campaign_id", "url"],
      sender_transactional_campaign: ["editor", "content"],
      sender_webhook: ["topic", "relation_id"],
      sender_group: [],
    });
    expect(schema.resources.sender_campaign_targeting!.block.attributes.map(line)).toEqual([
      'id:"string":C',
      'campaign_id:"string":R',
      'adopt_id:"string":O',
      'tag_ids:["set","string"]:O',
      'excluded_tag_ids:["set","string"]:O',
      'filter_ids:["set","string"]:O',
      'excluded_filter_ids:["set","string"]:O',
      'send_to_all:"bool":O',
    ]);
    expect(schema.resources.sender_campaign_follow_up!.block.attributes.map(line)).toContain(
      'active:"bool":OC',
    );
  });

  it("makes data sources of the functions: arguments as given, results computed, object lists typed", () => {
    const plans = schema.dataSources.sender_plans!;
    expect(plans.function).toBe("getPlans");
    expect(
      plans.block.attributes.map((a) => `${a.name}:${a.computed ? "C" : a.required ? "R" : "O"}`),
    ).toEqual(["plans:C"]);
    const type = ctyType(plans.block.attributes[0]!.type) as [string, [string, Record<string, unknown>]];
    expect(type[0]).toBe("list");
    expect(type[1][0]).toBe("object");
    expect(Object.keys(type[1][1])).toContain("subscribers_limit");
    const campaigns = schema.dataSources.sender_campaigns!;
    expect(campaigns.block.attributes.map(line)).toEqual([
      expect.stringMatching(/^status:"string":O$/),
      expect.stringMatching(/^limit:"number":O$/),
      expect.stringMatching(/^max_items:"number":O$/),
      expect.stringMatching(/^campaigns:\["list",\["object",/),
      'total:"number":C',
    ]);
    expect(schema.dataSources.sender_campaign!.block.attributes.slice(0, 2).map(line)).toEqual([
      'id:"string":R',
      'title:"string":C',
    ]);
  });
});
