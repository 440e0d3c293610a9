import { createHash } from "node:crypto";
import { IFRAME_LIMIT, IFRAME_LIMITS } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures, type TestSession } from "../test/fixtures.ts";
import { insertIframeWithinLimit } from "./iframes.repository.ts";
import { newIframePublicId } from "./iframes.service.ts";

const SUPPORT = "help@provider.example";

const body = (o: Record<string, unknown> = {}) => ({
  name: "Summer banner",
  description: "Shown on the home page",
  html: '<h1 id="title">Hello</h1>',
  javascript: 'document.getElementById("title").textContent = "Hello from the script";',
  css: "h1 { color: #123456; }",
  ...o,
});

describeEachDatabase("iframes", (get) => {
  let app: FastifyInstance;
  let owner: TestSession;
  let other: TestSession;
  let viewer: TestSession;
  let merchantId: number;

  beforeAll(async () => {
    app = await buildTestApp(get().database, { SUPPORT_EMAIL: SUPPORT });
    const fx = fixtures(app.payments.db);
    const merchant = await fx.merchant();
    merchantId = merchant.id;
    owner = await fx.session(await fx.user("Merchant", { merchantId }));
    other = await fx.session(await fx.user("Merchant"));
    viewer = await fx.session(
      await fx.user("MerchantStaff", { merchantId, permissions: ["can view iframe"] }),
    );
  });
  afterAll(() => app.close());

  const create = (payload: Record<string, unknown>, session = owner) =>
    app.inject({ method: "POST", url: "/api/iframes", headers: session.headers, payload });
  const made = async (payload: Record<string, unknown> = body()) => {
    const response = await create(payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const list = async (session = owner) => {
    const response = await app.inject({ url: "/api/iframes", headers: session.headers });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const remove = (id: number, session = owner) =>
    app.inject({ method: "DELETE", url: `/api/iframes/${id}`, headers: session.headers });
  const documentOf = (publicId: string) => app.inject({ url: `/checkout/iframes/${publicId}` });
  const removeAll = async (session = owner) => {
    for (const row of (await list(session)).results)
      expect((await remove(row.id, session)).statusCode).toBe(200);
  };

  it("requires a name and bounds every field, answering each field's message and storing nothing", async () => {
    const missing = await create({ html: "<p>x</p>" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ name: ["This field is required."] });
    const blank = await create(body({ name: "   " }));
    expect(blank.json().fields).toEqual({ name: ["This field is required."] });
    const tooLong = await create(
      body({
        name: "n".repeat(IFRAME_LIMITS.name + 1),
        description: "d".repeat(IFRAME_LIMITS.description + 1),
        html: "h".repeat(IFRAME_LIMITS.html + 1),
        javascript: "j".repeat(IFRAME_LIMITS.javascript + 1),
        css: "c".repeat(IFRAME_LIMITS.css + 1),
      }),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields).toEqual({
      name: ["Ensure this field has no more than 100 characters."],
      description: ["Ensure this field has no more than 1000 characters."],
      html: ["Ensure this field has no more than 64000 characters."],
      javascript: ["Ensure this field has no more than 64000 characters."],
      css: ["Ensure this field has no more than 32000 characters."],
    });
    // A NUL byte is refused at the edge (the transport's bounds).
    expect((await create(body({ html: "a\u0000b" }))).statusCode).toBe(400);
    expect((await list()).count).toBe(0);
    // Exactly the limits are allowed.
    const full = await made(
      body({
        name: "n".repeat(IFRAME_LIMITS.name),
        description: "d".repeat(IFRAME_LIMITS.description),
        html: "h".repeat(IFRAME_LIMITS.html),
        javascript: "j".repeat(IFRAME_LIMITS.javascript),
        css: "c".repeat(IFRAME_LIMITS.css),
      }),
    );
    expect(full.html).toHaveLength(IFRAME_LIMITS.html);
    await removeAll();
  });

  it("creates, lists, shows, edits and deletes an iframe; its link works only while it exists", async () => {
    const iframe = await made();
    expect(iframe).toMatchObject({
      name: "Summer banner",
      description: "Shown on the home page",
      css: body().css,
    });
    expect(iframe.public_id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(iframe.link).toBe(`http://localhost:8080/checkout/iframes/${iframe.public_id}`);

    const listed = await list();
    expect(listed).toMatchObject({ count: 1, limit: IFRAME_LIMIT, support_email: SUPPORT });
    expect(listed.results[0]).toMatchObject({ id: iframe.id, name: "Summer banner", link: iframe.link });
    expect(listed.results[0].html).toBeUndefined();
    // A view-only staff member sees it, and may not change it.
    expect((await list(viewer)).count).toBe(1);
    expect((await create(body(), viewer)).statusCode).toBe(403);

    const details = await app.inject({ url: `/api/iframes/${iframe.id}`, headers: owner.headers });
    expect(details.json()).toMatchObject({ html: body().html, javascript: body().javascript });

    const edited = await app.inject({
      method: "PUT",
      url: `/api/iframes/${iframe.id}`,
      headers: owner.headers,
      payload: { html: "<p>Changed</p>", description: "" },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // Fields left out keep their value; an empty description is none; the link stays.
    expect(edited.json()).toMatchObject({
      name: "Summer banner",
      html: "<p>Changed</p>",
      description: null,
      css: body().css,
      public_id: iframe.public_id,
    });
    const badEdit = await app.inject({
      method: "PUT",
      url: `/api/iframes/${iframe.id}`,
      headers: owner.headers,
      payload: { name: "", html: "<p>Not saved</p>" },
    });
    expect(badEdit.statusCode).toBe(400);
    expect((await documentOf(iframe.public_id)).body).toContain("<p>Changed</p>");

    expect((await remove(iframe.id)).json()).toEqual({ detail: "Iframe deleted successfully" });
    expect((await documentOf(iframe.public_id)).statusCode).toBe(404);
    expect((await remove(iframe.id)).statusCode).toBe(404);
    expect((await list()).count).toBe(0);
  });

  it("duplicates an iframe under a new link, with the name asked for or '(copy)'", async () => {
    const iframe = await made();
    const copy = await app.inject({
      method: "POST",
      url: `/api/iframes/${iframe.id}/duplicate`,
      headers: owner.headers,
      payload: { name: "نسخة من Summer banner" },
    });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({
      name: "نسخة من Summer banner",
      html: iframe.html,
      javascript: iframe.javascript,
      css: iframe.css,
      description: iframe.description,
    });
    expect(copy.json().public_id).not.toBe(iframe.public_id);
    const plain = await app.inject({
      method: "POST",
      url: `/api/iframes/${iframe.id}/duplicate`,
      headers: owner.headers,
    });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().name).toBe("Summer banner (copy)");
    expect((await documentOf(copy.json().public_id)).statusCode).toBe(200);
    // Deleting the original leaves the copies' links working.
    await remove(iframe.id);
    expect((await documentOf(copy.json().public_id)).statusCode).toBe(200);
    expect((await list()).count).toBe(2);
    await removeAll();
  });

  it("refuses the 11th iframe (create or duplicate) with 403 and the spec's words naming the support address", async () => {
    const first = await made();
    for (let i = 2; i <= IFRAME_LIMIT; i++) await made(body({ name: `Iframe ${i}` }));
    const eleventh = await create(body({ name: "Eleventh" }));
    expect(eleventh.statusCode).toBe(403);
    expect(eleventh.json()).toMatchObject({
      code: "iframe_limit",
      detail: `Cannot create more than 10 iframes; contact support at ${SUPPORT}.`,
    });
    const duplicate = await app.inject({
      method: "POST",
      url: `/api/iframes/${first.id}/duplicate`,
      headers: owner.headers,
    });
    expect(duplicate.statusCode).toBe(403);
    expect(duplicate.json().code).toBe("iframe_limit");
    expect((await list()).count).toBe(IFRAME_LIMIT);
    // Another account's limit is its own.
    const theirs = await create(body(), other);
    expect(theirs.statusCode).toBe(201);
    // After a deletion there is room for one again.
    await remove(first.id);
    await made(body({ name: "Tenth again" }));
    expect((await create(body())).statusCode).toBe(403);
    await removeAll();
    await removeAll(other);
  });

  it("never passes the limit of 10 under concurrent creation", async () => {
    const fx = fixtures(app.payments.db);
    const merchant = await fx.merchant();
    const session = await fx.session(await fx.user("Merchant", { merchantId: merchant.id }));
    // Straight to the repository as well as through HTTP, so many transactions overlap between count and insert.
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => create(body({ name: `Parallel ${i}` }), session)),
    );
    const another = await fx.merchant();
    const direct = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        insertIframeWithinLimit(
          app.payments.db,
          { merchant_id: another.id, public_id: newIframePublicId(), name: `Direct ${i}` },
          IFRAME_LIMIT,
        ),
      ),
    );
    expect(direct.filter(Boolean)).toHaveLength(IFRAME_LIMIT);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(IFRAME_LIMIT);
    expect(codes.filter((c) => c === 403)).toHaveLength(16 - IFRAME_LIMIT);
    const { n } = await app.payments.db
      .selectFrom("iframes")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("merchant_id", "=", merchant.id)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(IFRAME_LIMIT);
  });

  it("serves the document on the checkout side in a sandbox with a strict policy, the script allowed by its hash only", async () => {
    const iframe = await made(
      body({
        name: 'A <b>"name"</b>',
        javascript: 'const s = "</script><script>alert(1)</script>"; document.body.dataset.ok = s;',
        css: "p { color: red } </style><script>alert(2)</script>",
        html: '<p onclick="alert(3)">Text</p><script>alert(4)</script>',
      }),
    );
    const response = await documentOf(iframe.public_id);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["x-frame-options"]).toBeUndefined();
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    const csp = String(response.headers["content-security-policy"]);
    const directives = new Map(
      csp.split(";").map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name!, values.join(" ")] as const;
      }),
    );
    expect(directives.get("default-src")).toBe("'none'");
    expect(directives.get("sandbox")).toBe("allow-scripts");
    expect(csp).not.toContain("allow-same-origin");
    expect(directives.get("frame-ancestors")).toBe("'self' https:");
    expect(directives.get("connect-src")).toBeUndefined();
    expect(directives.get("form-action")).toBe("'none'");
    expect(directives.get("base-uri")).toBe("'none'");
    // The one script element holds the merchant's JavaScript, escaped so it cannot end early; its hash is the
    // only script the policy allows (the HTML's own script and handler do not run).
    const html = response.body;
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts.at(-1)).toBe(
      'const s = "<\\/script><script>alert(1)<\\/script>"; document.body.dataset.ok = s;',
    );
    const hash = createHash("sha256").update(scripts.at(-1)!, "utf8").digest("base64");
    expect(directives.get("script-src")).toBe(`'sha256-${hash}'`);
    expect(html).toContain("<style>p { color: red } <\\/style><script>alert(2)</script></style>");
    expect(html).toContain("<title>A &#60;b&#62;&#34;name&#34;&#60;/b&#62;</title>");

    // No JavaScript: no script may run at all.
    const plain = await made(body({ name: "No script", javascript: "  " }));
    const plainCsp = String((await documentOf(plain.public_id)).headers["content-security-policy"]);
    expect(plainCsp).toContain("script-src 'none'");

    // Unknown, malformed and deleted ids are not found.
    expect((await documentOf("A".repeat(32))).statusCode).toBe(404);
    expect((await documentOf("not-an-id")).statusCode).toBe(404);
    await remove(plain.id);
    expect((await documentOf(plain.public_id)).statusCode).toBe(404);
    await removeAll();
  });

  it("keeps each merchant's iframes its own", async () => {
    const mine = await made();
    const theirs = await made(body({ name: "Theirs" }));
    void theirs;
    expect((await list(other)).results.map((r: { id: number }) => r.id)).not.toContain(mine.id);
    const url = `/api/iframes/${mine.id}`;
    expect((await app.inject({ url, headers: other.headers })).statusCode).toBe(404);
    const put = await app.inject({ method: "PUT", url, headers: other.headers, payload: { name: "Taken" } });
    expect(put.statusCode).toBe(404);
    const dup = await app.inject({ method: "POST", url: `${url}/duplicate`, headers: other.headers });
    expect(dup.statusCode).toBe(404);
    expect((await remove(mine.id, other)).statusCode).toBe(404);
    const still = await app.inject({ url, headers: owner.headers });
    expect(still.json().name).toBe("Summer banner");
    expect((await list(other)).count).toBe(0);
    await removeAll();
  });
});
