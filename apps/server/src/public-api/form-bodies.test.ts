import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type TestMerchant, testMerchant } from "../payments/test-support.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { MAX_FORM_FIELD_BYTES, MAX_FORM_FIELDS } from "./http.ts";

/** A multipart body of `parts` tiny fields, built by hand (a FormData of 60,000 parts would be slow to make). */
function multipart(
  parts: number,
  fields: Record<string, string> = {},
): { body: Buffer; contentType: string } {
  const boundary = "----portal-test-boundary";
  const chunks: string[] = [];
  const add = (name: string, value: string) =>
    chunks.push(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  for (const [name, value] of Object.entries(fields)) add(name, value);
  for (let i = chunks.length; i < parts; i++) add(`f${i}`, "x");
  chunks.push(`--${boundary}--\r\n`);
  return { body: Buffer.from(chunks.join("")), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Issue 10 item 8: form bodies are bounded, and a credentialed route checks the credential before parsing. */
describeEachDatabase("public API form bodies", (get) => {
  let app: FastifyInstance;
  let m: TestMerchant;
  let authToken: string;
  beforeAll(async () => {
    app = await buildTestApp(get().database);
    m = await testMerchant(app);
    authToken = (
      await app.inject({ method: "POST", url: "/api/auth/tokens", payload: { api_key: m.keys.apiKey } })
    ).json().token;
  });
  afterAll(() => app.close());
  afterEach(() => vi.restoreAllMocks());

  const links = async () =>
    Number(
      (
        await app.payments.db
          .selectFrom("payment_links")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("merchant_id", "=", m.merchantId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const post = (form: { body: Buffer; contentType: string }, headers: Record<string, string> = {}) =>
    app.inject({
      method: "POST",
      url: "/api/ecommerce/payment-links",
      headers: { ...headers, "content-type": form.contentType },
      payload: form.body,
    });
  const linkFields = () => ({
    amount_cents: "10000",
    payment_methods: String(m.integrations.card),
    full_name: "Ahmed Hassan",
    email: "ahmed@example.com",
    phone_number: "+201000000000",
    is_live: "false",
  });

  it("refuses a 60,000-part body without credentials before parsing it", async () => {
    const parse = vi.spyOn(Response.prototype, "formData");
    const before = await links();
    const response = await post(multipart(60_000));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: "Authentication credentials were not provided." });
    expect(parse).not.toHaveBeenCalled();
    expect(await links()).toBe(before);
  });

  it("refuses a form body with a wrong credential before parsing it", async () => {
    const parse = vi.spyOn(Response.prototype, "formData");
    const response = await post(multipart(3, linkFields()), { authorization: "Bearer not-a-token" });
    expect(response.statusCode).toBe(401);
    expect(parse).not.toHaveBeenCalled();
  });

  it("refuses a 60,000-part body with 413 and a message even with credentials, without parsing it", async () => {
    const parse = vi.spyOn(Response.prototype, "formData");
    const before = await links();
    // 60,000 parts are over the body limit; 2,000 fit in it and are refused by the count of parts.
    const huge = await post(multipart(60_000, linkFields()), { authorization: `Bearer ${authToken}` });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().detail).toBeTruthy();
    const many = await post(multipart(2_000, linkFields()), { authorization: `Bearer ${authToken}` });
    expect(many.statusCode).toBe(413);
    expect(many.json()).toEqual({ detail: `Too many form fields (at most ${MAX_FORM_FIELDS}).` });
    expect(parse).not.toHaveBeenCalled();
    expect(await links()).toBe(before);
  });

  it("refuses a Content-Type whose boundary is ambiguous with 400, without parsing the body", async () => {
    // 8,500 parts separated by --z: a count by the first "boundary=" in the header (q) found none of them.
    const body = Buffer.from(
      `${Array.from({ length: 8_500 }, (_, i) => `--z\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`).join("")}--z--\r\n`,
    );
    const parse = vi.spyOn(Response.prototype, "formData");
    const before = await links();
    for (const contentType of [
      'multipart/form-data; x="; boundary=q"; boundary=z',
      "multipart/form-data; boundary=z, boundary=q",
      "multipart/form-data; boundary=q; boundary=z",
      "multipart/form-data; boundary=z,q",
      "multipart/form-data; boundary=q; x=boundary",
      "multipart/form-data; boundary=",
    ]) {
      const response = await post({ body, contentType }, { authorization: `Bearer ${authToken}` });
      expect(response.statusCode, contentType).toBe(400);
      expect(response.json().detail).toMatch(/boundary/);
    }
    expect(parse).not.toHaveBeenCalled();
    expect(await links()).toBe(before);
  });

  it("reads a plain or quoted boundary beside other parameters, as the platform parser does", async () => {
    const { body } = multipart(0, linkFields());
    for (const contentType of [
      'multipart/form-data; charset=utf-8; boundary="----portal-test-boundary"',
      "Multipart/Form-Data;BOUNDARY=----portal-test-boundary ",
    ]) {
      const response = await post({ body, contentType }, { authorization: `Bearer ${authToken}` });
      expect(response.statusCode, response.body).toBe(201);
    }
    // 101 parts by the one boundary the parser uses are still refused by the count.
    const many = multipart(MAX_FORM_FIELDS + 1, linkFields());
    const response = await post(
      { body: many.body, contentType: 'multipart/form-data; x="y"; boundary="----portal-test-boundary"' },
      { authorization: `Bearer ${authToken}` },
    );
    expect(response.statusCode).toBe(413);
  });

  it("refuses an over-long field with 413", async () => {
    const before = await links();
    const response = await post(
      multipart(0, { ...linkFields(), description: "d".repeat(MAX_FORM_FIELD_BYTES + 1) }),
      { authorization: `Bearer ${authToken}` },
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().detail).toMatch(/longer than/);
    expect(await links()).toBe(before);
  });

  it("refuses too many urlencoded pairs with 413", async () => {
    const body = Array.from({ length: 5_000 }, (_, i) => `f${i}=x`).join("&");
    const response = await app.inject({
      method: "POST",
      url: "/api/ecommerce/payment-links",
      headers: { authorization: `Bearer ${authToken}`, "content-type": "application/x-www-form-urlencoded" },
      payload: body,
    });
    expect(response.statusCode).toBe(413);
  });

  describe("a form the size of a real one still works", () => {
    it("creates the link", async () => {
      const before = await links();
      const response = await post(multipart(0, linkFields()), { authorization: `Bearer ${authToken}` });
      expect(response.statusCode, response.body).toBe(201);
      expect(await links()).toBe(before + 1);
    });
  });
});
