import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ReceivedLead, startWebhookSink, type WebhookSink } from "./webhook.ts";

const lead = {
  name: "Loretta Finch",
  email: "loretta@example.com",
  phone: "(870) 555-0199",
  interests: ["coworking-space", "think-lounge"],
  referralSource: "Friend or Colleague",
};

let sink: WebhookSink;

beforeAll(async () => {
  sink = await startWebhookSink({ control: true });
});

afterAll(async () => {
  await sink.close();
});

beforeEach(() => {
  sink.clear();
  sink.failNext(0);
  sink.faults.clear();
});

function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${sink.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

describe("receiving leads", () => {
  it("records a JSON body with its path, content type and headers", async () => {
    const before = Date.now();
    const response = await postJson("/hooks/lead", lead, { "Idempotency-Key": "lead-42" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });

    const [record, ...rest] = sink.received();
    expect(rest).toEqual([]);
    expect(record!.path).toBe("/hooks/lead");
    expect(record!.contentType).toBe("application/json");
    expect(record!.body).toEqual(lead);
    expect(record!.headers["idempotency-key"]).toBe("lead-42");
    expect(Date.parse(record!.receivedAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it("records form fields of a form post, charset parameter and all", async () => {
    const form = new URLSearchParams({
      "form-name": "Contact Form",
      "bot-field": "",
      name: lead.name,
      interests: lead.interests.join(", "),
      referralSource: lead.referralSource,
    });
    form.append("tag", "a");
    form.append("tag", "b");
    const response = await fetch(`${sink.url}/`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded; charset=UTF-8" },
      body: form.toString(),
    });
    expect(response.status).toBe(200);
    const [record] = sink.received();
    expect(record!.path).toBe("/");
    expect(record!.contentType).toBe("application/x-www-form-urlencoded");
    expect(record!.body).toEqual({
      "form-name": "Contact Form",
      "bot-field": "",
      name: "Loretta Finch",
      interests: "coworking-space, think-lounge",
      referralSource: "Friend or Colleague",
      tag: ["a", "b"],
    });
  });

  it("hands out copies, so callers cannot change what was recorded", async () => {
    await postJson("/lead", lead);
    const [first] = sink.received();
    (first!.body as { name: string }).name = "Changed";
    expect((sink.received()[0]!.body as { name: string }).name).toBe("Loretta Finch");
  });

  it("rejects unsupported content types with 415 and records nothing", async () => {
    const response = await fetch(`${sink.url}/lead`, {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: "hello",
    });
    expect(response.status).toBe(415);
    expect(sink.received()).toEqual([]);
  });

  it("rejects malformed JSON with 400", async () => {
    const response = await fetch(`${sink.url}/lead`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{oops",
    });
    expect(response.status).toBe(400);
    expect(sink.received()).toEqual([]);
  });

  it("rejects bodies over 100 KB with 413 and accepts one just under", async () => {
    const tooBig = await postJson("/lead", { padding: "x".repeat(110 * 1024) });
    expect(tooBig.status).toBe(413);
    expect(sink.received()).toEqual([]);

    const justUnder = await postJson("/lead", { padding: "x".repeat(100 * 1024 - 20) });
    expect(justUnder.status).toBe(200);
    expect(sink.received()).toHaveLength(1);
  });

  it("answers 405 to anything but POST", async () => {
    const response = await fetch(`${sink.url}/lead`);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });
});

describe("failNext", () => {
  it("fails the next requests with 500 by default, without recording them", async () => {
    sink.failNext(2);
    expect((await postJson("/lead", lead)).status).toBe(500);
    expect((await postJson("/lead", lead)).status).toBe(500);
    expect(sink.received()).toEqual([]);
    expect((await postJson("/lead", lead)).status).toBe(200);
    expect(sink.received()).toHaveLength(1);
  });

  it("uses the given status", async () => {
    sink.failNext(1, 503);
    expect((await postJson("/lead", lead)).status).toBe(503);
    expect((await postJson("/lead", lead)).status).toBe(200);
  });
});

describe("control endpoints", () => {
  it("lists and clears received requests", async () => {
    await postJson("/lead", lead, { "Idempotency-Key": "abc" });
    const listed = (await (await fetch(`${sink.url}/__control/received`)).json()) as ReceivedLead[];
    expect(listed).toHaveLength(1);
    expect(listed[0]!.body).toEqual(lead);
    expect(listed[0]!.headers["idempotency-key"]).toBe("abc");

    expect((await fetch(`${sink.url}/__control/received`, { method: "DELETE" })).status).toBe(200);
    expect(sink.received()).toEqual([]);
  });

  it("arms failures over HTTP", async () => {
    const armed = await postJson("/__control/fail", { count: 1, status: 502 });
    expect(armed.status).toBe(200);
    expect((await postJson("/lead", lead)).status).toBe(502);
    expect((await postJson("/lead", lead)).status).toBe(200);
  });

  it("rejects a malformed failure request", async () => {
    expect((await postJson("/__control/fail", { count: -1 })).status).toBe(400);
    expect((await postJson("/__control/fail", { count: 1, status: 200 })).status).toBe(400);
    expect((await postJson("/lead", lead)).status).toBe(200);
  });

  it("serves the fault controller's endpoints, and a catch-all fault does not block them", async () => {
    const added = await postJson("/__control/faults", { status: 504, body: { error: "gateway" } });
    expect(added.status).toBe(201);
    expect((await postJson("/lead", lead)).status).toBe(504);
    expect(sink.received()).toEqual([]);

    const requests = (await (await fetch(`${sink.url}/__control/requests`)).json()) as { url: string }[];
    expect(requests.map((request) => request.url)).toEqual(["/lead"]);

    expect((await fetch(`${sink.url}/__control/faults`, { method: "DELETE" })).status).toBe(200);
    expect((await postJson("/lead", lead)).status).toBe(200);
  });

  it("records control paths as leads when control is off", async () => {
    const plain = await startWebhookSink();
    try {
      const response = await fetch(`${plain.url}/__control/received`);
      expect(response.status).toBe(405);
      const posted = await fetch(`${plain.url}/__control/fail`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ count: 5 }),
      });
      expect(posted.status).toBe(200);
      expect(plain.received().map((record) => record.path)).toEqual(["/__control/fail"]);
    } finally {
      await plain.close();
    }
  });
});

describe("bounded memory", () => {
  it("keeps only the latest posts (personal data included), oldest forgotten first", async () => {
    const small = await startWebhookSink({ maxReceived: 3 });
    try {
      for (let index = 1; index <= 5; index++) {
        const response = await fetch(`${small.url}/hooks/lead`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ ...lead, name: `Visitor ${index}` }),
        });
        expect(response.status).toBe(200);
      }
      expect(small.received().map((record) => (record.body as { name: string }).name)).toEqual([
        "Visitor 3",
        "Visitor 4",
        "Visitor 5",
      ]);
      // Its request log is a bounded window as well.
      expect(small.faults.requests.length).toBe(5);
    } finally {
      await small.close();
    }
  });
});

describe("checking Standard Webhooks signatures", () => {
  const secret = (fill: number) => `whsec_${Buffer.alloc(32, fill).toString("base64")}`;
  const body = JSON.stringify(lead);
  const signed = (signer: string, at = new Date(), id = "lead_1") => ({
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(signer).sign(id, at, body),
  });
  const post = (url: string, headers: Record<string, string>) =>
    fetch(`${url}/hooks/lead`, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body });

  it("records a post signed with any of its secrets, and refuses (401) unsigned, forged and stale ones", async () => {
    const checking = await startWebhookSink({ secrets: [secret(1), secret(2)] });
    try {
      expect((await post(checking.url, signed(secret(1)))).status).toBe(200);
      expect((await post(checking.url, signed(secret(2), new Date(), "lead_2"))).status).toBe(200);
      const both = signed(secret(3));
      both["webhook-signature"] = `${both["webhook-signature"]} ${signed(secret(2))["webhook-signature"]}`;
      expect((await post(checking.url, both)).status).toBe(200);
      expect(checking.received().map((record) => [record.headers["webhook-id"], record.verified])).toEqual([
        ["lead_1", true],
        ["lead_2", true],
        ["lead_1", true],
      ]);

      const refusals = [
        await post(checking.url, {}),
        await post(checking.url, signed(secret(3))),
        await post(checking.url, { ...signed(secret(1)), "webhook-id": "lead_other" }),
        await post(checking.url, signed(secret(1), new Date(Date.now() - 6 * 60_000))),
        await post(checking.url, { ...signed(secret(1)), "webhook-timestamp": "soon" }),
      ];
      expect(refusals.map((response) => response.status)).toEqual([401, 401, 401, 401, 401]);
      const errors = await Promise.all(
        refusals.map(async (response) => ((await response.json()) as { error: string }).error),
      );
      expect(errors[0]).toMatch(/^Not signed/);
      expect(errors[1]).toMatch(/^No signature .* matches/);
      expect(errors[3]).toMatch(/more than 5 minutes/);
      expect(checking.received()).toHaveLength(3);
    } finally {
      await checking.close();
    }
  });
});
