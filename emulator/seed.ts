import type { FieldRecord, GroupRecord, ImageRecord, NamedRef, Plan, Subscriber } from "./types";

/** The seeded account (assumed, deterministic). */
export const ACCOUNT_ID = "acc001";
/** The seeded user. */
export const USER_ID = "usr001";
/** The default sender name of the account. */
export const SENDER_NAME = "Example News";
/** The default sender address of the account. */
export const SENDER_EMAIL = "news@example.com";

/** Sending domains of the account: only verified ones may be used in `reply_to` (observed). */
export const DOMAINS = [
  { id: "dom001", domain: "example.com", verified: true },
  { id: "dom002", domain: "unverified.example", verified: false },
] as const;

/** Seeded tags. */
export const TAGS: readonly NamedRef[] = [
  { id: "tag001", name: "Customers" },
  { id: "tag002", name: "Newsletter" },
  { id: "tag003", name: "VIP" },
  { id: "tag004", name: "Churned" },
];

/** Seeded segment filters. */
export const FILTERS: readonly NamedRef[] = [
  { id: "flt001", name: "Opened last 30 days" },
  { id: "flt002", name: "Bought twice" },
  { id: "flt003", name: "Inactive" },
];

/** When the seeded account's groups and fields were made (assumed). */
const SEEDED_AT = "2026-01-02 09:00:00";

/** Seeded groups (lists): their ids are kept, so that stacks and examples naming `grp001` keep working. */
export const GROUPS: readonly GroupRecord[] = [
  { id: "grp001", title: "Main list", created: SEEDED_AT, modified: null },
  { id: "grp002", title: "Beta testers", created: SEEDED_AT, modified: null },
];

const field = (
  n: number,
  title: string,
  tag: string,
  type: FieldRecord["type"],
  isDefault: boolean,
): FieldRecord => ({
  id: `col00${n}`,
  title,
  type,
  field_name: `{$${tag}}`,
  default: isDefault,
  position: n,
  show: 1,
  created: SEEDED_AT,
  modified: null,
});

/** Seeded subscriber fields: the default ones, then two custom ones (wire contract "Groups and fields"). */
export const FIELDS: readonly FieldRecord[] = [
  field(1, "Email", "email", "text", true),
  field(2, "First name", "firstname", "text", true),
  field(3, "Last name", "lastname", "text", true),
  field(4, "Phone", "phone", "text", true),
  field(5, "Company", "company", "text", false),
  field(6, "Birthday", "birthday", "datetime", false),
];

const FIRST_NAMES = [
  "Ada",
  "Ben",
  "Cleo",
  "Dan",
  "Eve",
  "Finn",
  "Gia",
  "Hugo",
  "Ivy",
  "Jon",
  "Kai",
  "Lea",
  "Max",
];
const LAST_NAMES = ["Stone", "Rivera", "Okafor", "Lind", "Moreau", "Tanaka", "Novak"];

const pad3 = (n: number) => String(n).padStart(3, "0");

/**
 * 25 subscribers; memberships follow simple arithmetic rules so that tests can predict every
 * audience: sub024 and sub025 are unsubscribed, the other 23 are active.
 */
export const SUBSCRIBERS: readonly Subscriber[] = Array.from({ length: 25 }, (_, index) => {
  const n = index + 1;
  const member = (rules: [string, boolean][]) => rules.filter(([, on]) => on).map(([id]) => id);
  return {
    id: `sub${pad3(n)}`,
    email: `subscriber${n}@example.com`,
    phone: `+1555000${String(n).padStart(4, "0")}`,
    firstname: FIRST_NAMES[index % FIRST_NAMES.length] ?? "Sam",
    lastname: LAST_NAMES[index % LAST_NAMES.length] ?? "Lee",
    status: n >= 24 ? "UNSUBSCRIBED" : "ACTIVE",
    tags: member([
      ["tag001", n % 2 === 1],
      ["tag002", n <= 20],
      ["tag003", n % 5 === 0],
      ["tag004", n >= 22],
    ]),
    groups: member([
      ["grp001", n <= 20],
      ["grp002", n % 4 === 0],
    ]),
    filters: member([
      ["flt001", n % 3 === 0],
      ["flt002", n % 2 === 0 && n <= 12],
      ["flt003", n >= 21],
    ]),
  };
});

/** Seeded plans (assumed shape). */
export const PLANS: readonly Plan[] = [
  {
    id: 1,
    name: "Free",
    price: 0,
    currency: "USD",
    period: "month",
    subscribers_limit: 2500,
    emails_limit: 15000,
    features: ["campaigns", "automation"],
  },
  {
    id: 2,
    name: "Standard",
    price: 15,
    currency: "USD",
    period: "month",
    subscribers_limit: 10000,
    emails_limit: 120000,
    features: ["campaigns", "automation", "transactional", "webhooks"],
  },
  {
    id: 3,
    name: "Professional",
    price: 29,
    currency: "USD",
    period: "month",
    subscribers_limit: 10000,
    emails_limit: null,
    features: ["campaigns", "automation", "transactional", "webhooks", "multivariate", "priority-support"],
  },
];

/** Seeded image folders. */
export const IMAGE_FOLDERS: readonly NamedRef[] = [
  { id: "fld001", name: "Brand" },
  { id: "fld002", name: "Products" },
];

/** Base of every fake file URL the emulator hands out (`.test` never resolves). */
export const CDN = "https://cdn.emulator.sender.test";

/** Seeded images: 2 in Brand, 3 in Products. */
export const SEEDED_IMAGES: readonly ImageRecord[] = [
  ["img001", "fld001"],
  ["img002", "fld001"],
  ["img003", "fld002"],
  ["img004", "fld002"],
  ["img005", "fld002"],
].map(([id, folder]) => ({ id: id!, folder_id: folder!, url: `${CDN}/images/${id}.png` }));

/** Content of the seeded SENT campaign: three links so that link reports have data. */
export const LAUNCH_CONTENT =
  '<h1>We have launched</h1><p>Read the <a href="https://example.com/launch">announcement</a>, ' +
  'see <a href="https://example.com/pricing">pricing</a> or the <a href="https://example.com/docs">docs</a>.</p>';

/** When the seeded SENT campaign went out. */
export const LAUNCH_SENT_TIME = "2026-01-06 10:00:00";

/** Extra history of sub001 in the seeded transactional campaigns, so that every action has data. */
export const SEEDED_HISTORY: readonly {
  subscriber_id: string;
  action: "got" | "bounced" | "unsubscribed";
  campaign_id: string;
  title: string;
  created_at: string;
}[] = [
  {
    subscriber_id: "sub001",
    action: "got",
    campaign_id: "trn001",
    title: "Order confirmation",
    created_at: "2026-01-03 09:15:00",
  },
  {
    subscriber_id: "sub001",
    action: "unsubscribed",
    campaign_id: "trn001",
    title: "Order confirmation",
    created_at: "2026-01-03 09:20:00",
  },
  {
    subscriber_id: "sub001",
    action: "bounced",
    campaign_id: "trn002",
    title: "Password reset",
    created_at: "2026-01-04 11:00:00",
  },
];
