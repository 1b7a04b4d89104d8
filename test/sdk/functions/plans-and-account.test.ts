import { describe, expect, test } from "vitest";
import { getActiveSubscribers, getImageFolders, getPlan, getPlans } from "../../../sdk/functions";
import { useEmulator } from "./helpers";

const emulator = useEmulator();

// The three seeded plans (emulator/seed.ts).
const FREE = {
  id: 1,
  name: "Free",
  price: 0,
  currency: "USD",
  period: "month",
  subscribersLimit: 2500,
  emailsLimit: 15000,
  features: ["campaigns", "automation"],
};
const STANDARD = {
  id: 2,
  name: "Standard",
  price: 15,
  currency: "USD",
  period: "month",
  subscribersLimit: 10000,
  emailsLimit: 120000,
  features: ["campaigns", "automation", "transactional", "webhooks"],
};
const PROFESSIONAL = {
  id: 3,
  name: "Professional",
  price: 29,
  currency: "USD",
  period: "month",
  subscribersLimit: 10000,
  // Unlimited emails: null, not 0.
  emailsLimit: null,
  features: ["campaigns", "automation", "transactional", "webhooks", "multivariate", "priority-support"],
};

describe("getPlans / getPlan", () => {
  test("should list the seeded plans with their limits in camelCase", async () => {
    expect(await getPlans()).toEqual({ plans: [FREE, STANDARD, PROFESSIONAL] });
  });

  test("should read one plan by numeric id", async () => {
    expect(await getPlan({ planId: 3 })).toEqual(PROFESSIONAL);
  });

  test("should accept the id as decimal text, as stack config gives it", async () => {
    await emulator.clearRequests();
    expect(await getPlan({ planId: "2" })).toEqual(STANDARD);
    expect(await emulator.requests()).toEqual([{ method: "GET", path: "/v2/plans/2", status: 200 }]);
  });
});

describe("getActiveSubscribers", () => {
  test("should count the 23 active seeded subscribers (sub024 and sub025 unsubscribed)", async () => {
    expect(await getActiveSubscribers()).toEqual({ activeSubscribers: 23 });
  });
});

describe("getImageFolders", () => {
  test("should list the seeded folders with their image counts", async () => {
    expect(await getImageFolders()).toEqual({
      folders: [
        { id: "fld001", name: "Brand", imagesCount: 2 },
        { id: "fld002", name: "Products", imagesCount: 3 },
      ],
    });
  });
});
