import { describe, expect, it } from "vitest";
import { SenderClient } from "../../../provider/client";
import { accountEndpoints } from "../../../provider/client/endpoints/account";
import { attachmentEndpoints } from "../../../provider/client/endpoints/attachments";
import { campaignEndpoints } from "../../../provider/client/endpoints/campaigns";
import { cartEndpoints } from "../../../provider/client/endpoints/carts";
import { groupEndpoints } from "../../../provider/client/endpoints/groups";
import { reportEndpoints } from "../../../provider/client/endpoints/reports";
import { subscriberEndpoints } from "../../../provider/client/endpoints/subscribers";
import { targetingEndpoints } from "../../../provider/client/endpoints/targeting";
import { transactionalEndpoints } from "../../../provider/client/endpoints/transactional";
import { webhookEndpoints } from "../../../provider/client/endpoints/webhooks";
import { TOKEN } from "./helpers/fixtures";

const AREAS = {
  account: accountEndpoints,
  attachments: attachmentEndpoints,
  campaigns: campaignEndpoints,
  carts: cartEndpoints,
  groups: groupEndpoints,
  reports: reportEndpoints,
  subscribers: subscriberEndpoints,
  targeting: targetingEndpoints,
  transactional: transactionalEndpoints,
  webhooks: webhookEndpoints,
};

describe("endpoint areas composed into SenderClient", () => {
  const names = Object.values(AREAS).flatMap((area) => Object.keys(area));

  it("no two areas define the same method, which would silently replace one", () => {
    expect(names).toHaveLength(88);
    expect(new Set(names).size).toBe(88);
  });

  it("installs every area method on the prototype, not enumerable, as class methods are", () => {
    for (const [area, methods] of Object.entries(AREAS)) {
      for (const [name, method] of Object.entries(methods)) {
        const descriptor = Object.getOwnPropertyDescriptor(SenderClient.prototype, name);
        expect({ area, name, value: descriptor?.value, enumerable: descriptor?.enumerable }).toEqual({
          area,
          name,
          value: method,
          enumerable: false,
        });
      }
    }
  });

  it("gives a client no own property: the transport, and its token, stay out of reach", () => {
    const client = new SenderClient({ baseUrl: "http://127.0.0.1:9", apiToken: TOKEN });
    expect(Reflect.ownKeys(client)).toEqual([]);
    expect(JSON.stringify(client)).toBe('{"baseUrl":"http://127.0.0.1:9"}');
  });

  it("a method taken off its client fails with a TypeError naming the route, before any request", () => {
    const client = new SenderClient({ baseUrl: "http://127.0.0.1:9", apiToken: TOKEN });
    const { getCampaign } = client;
    expect(() => getCampaign("c1")).toThrow(
      new TypeError("SenderClient method for GET /campaigns/{id} called without its client as `this`"),
    );
  });
});
