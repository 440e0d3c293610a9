import { ACTIVATION_MESSAGES, ibanCheckDigits } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoActivation } from "../demo/activation.ts";
import { solidPng } from "../images/png.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { type FixtureUser, fixtures, type TestSession } from "../test/fixtures.ts";
import { countActivationFiles } from "./activation.repository.ts";

const png = (seed: number) => solidPng(8, 8, [seed % 256, (seed * 7) % 256, (seed * 13) % 256]);
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>',
);
const EG_IBAN = (() => {
  const bban = "0019000500000000263180002";
  return `EG${ibanCheckDigits("EG", bban)}${bban}`;
})();

function multipart(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = "----activationtest7MA4YWxk";
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ""}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ""}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describeEachDatabase("account activation wizard", (get) => {
  let app: FastifyInstance;
  let fx: ReturnType<typeof fixtures>;

  beforeAll(async () => {
    app = await buildTestApp(get().database);
    fx = fixtures(app.payments.db);
  });
  afterAll(() => app.close());

  async function newOwner(o: { bankId?: number; country?: "EGY" | "ARE" } = {}) {
    const merchant = await fx.merchant({ country: o.country ?? "EGY", bank_id: o.bankId ?? null });
    const user = await fx.user("Merchant", { merchantId: merchant.id, country: o.country ?? "EGY" });
    return { user, session: await fx.session(user), merchantId: merchant.id };
  }

  const show = (s: TestSession) => app.inject({ url: "/api/activation", headers: s.headers });
  const put = (s: TestSession, step: string, body: object) =>
    app.inject({ method: "PUT", url: `/api/activation/steps/${step}`, headers: s.headers, payload: body });
  const upload = (s: TestSession, kind: string, parts: Parameters<typeof multipart>[0]) => {
    const body = multipart(parts);
    return app.inject({
      method: "POST",
      url: `/api/activation/documents?kind=${kind}`,
      headers: { ...s.headers, "content-type": body.contentType },
      payload: body.payload,
    });
  };
  const uploadPng = (s: TestSession, kind: string, seed: number) =>
    upload(s, kind, [{ name: "file", filename: `${kind}.png`, type: "image/png", data: png(seed) }]);
  const submit = (s: TestSession, terms: boolean | undefined = true) =>
    app.inject({
      method: "POST",
      url: "/api/activation/submit",
      headers: s.headers,
      payload: terms === undefined ? {} : { terms_accepted: terms },
    });

  let seed = 1;
  async function fillAll(s: TestSession) {
    expect(
      (
        await put(s, "business_info", {
          business_type: "registered_company",
          industry: "retail",
          online_presence: "https://shop.example.com",
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await put(s, "payment_solutions", { payment_solutions: ["online_card", "pos"] })).statusCode,
    ).toBe(200);
    for (const kind of [
      "national_id_front",
      "national_id_back",
      "proof_of_residence",
      "company_registration",
      "tax_card",
      "rent_contract",
      "utility_bill",
    ])
      expect((await uploadPng(s, kind, seed++)).statusCode).toBe(201);
    expect((await put(s, "documents", { id_type: "national_id" })).statusCode).toBe(200);
    expect(
      (
        await put(s, "settlements", {
          settlement_method: "bank_account",
          bank: "NBE",
          account_name: "Ahmed Mohamed Ali",
          account_number: "1234567890123",
          iban: EG_IBAN,
        })
      ).statusCode,
    ).toBe(200);
  }

  it("starts empty at the first step", async () => {
    const { session } = await newOwner();
    const response = await show(session);
    expect(response.statusCode, response.body).toBe(200);
    const app0 = response.json();
    expect(app0).toMatchObject({
      status: "draft",
      country: "EGY",
      current_step: "business_info",
      completed_steps: [],
      business_info: null,
      files: [],
      submitted_at: null,
    });
  });

  it("saves each step on the server, so a reload (or another device) resumes where the merchant left", async () => {
    const { user, session } = await newOwner();
    await put(session, "business_info", {
      business_type: "individual",
      industry: "other",
      industry_other: "  Handmade candles ",
      online_presence: "instagram.com/candles",
    });
    await put(session, "payment_solutions", { payment_solutions: ["qr", "online_card", "qr"] });
    // Another device: a second session of the same owner.
    const other = await fx.session(user);
    const read = (await show(other)).json();
    expect(read.business_info).toEqual({
      business_type: "individual",
      industry: "other",
      industry_other: "Handmade candles",
      online_presence: "instagram.com/candles",
    });
    expect(read.payment_solutions).toEqual({ payment_solutions: ["online_card", "qr"] });
    expect(read.completed_steps).toEqual(["business_info", "payment_solutions"]);
    expect(read.current_step).toBe("documents");
    // An individual without point of sale needs the ID and a proof of residence only.
    expect(read.required_documents).toEqual(["national_id_front", "national_id_back", "proof_of_residence"]);
  });

  describe("every rule and message of the steps", () => {
    let session: TestSession;
    beforeAll(async () => {
      session = (await newOwner()).session;
    });
    const cases: [string, string, object, Record<string, string>][] = [
      ["business info empty", "business_info", {}, { business_type: "required", industry: "required" }],
      [
        "unknown business type",
        "business_info",
        { business_type: "corporation", industry: "retail" },
        { business_type: "unknown_option" },
      ],
      [
        "other industry unspecified",
        "business_info",
        { business_type: "individual", industry: "other", industry_other: " " },
        { industry_other: "required" },
      ],
      [
        "other industry too short",
        "business_info",
        { business_type: "individual", industry: "other", industry_other: "ab" },
        { industry_other: "industry_other_short" },
      ],
      [
        "other industry with HTML",
        "business_info",
        { business_type: "individual", industry: "other", industry_other: "<b>shop</b>" },
        { industry_other: "html_tags" },
      ],
      [
        "online presence not a link",
        "business_info",
        { business_type: "individual", industry: "retail", online_presence: "not a link" },
        { online_presence: "invalid_url" },
      ],
      [
        "no payment method",
        "payment_solutions",
        { payment_solutions: [] },
        { payment_solutions: "choose_payment_method" },
      ],
      [
        "unknown payment method",
        "payment_solutions",
        { payment_solutions: ["barter"] },
        { payment_solutions: "unknown_option" },
      ],
      [
        "documents missing",
        "documents",
        { id_type: "passport" },
        {
          passport: "document_required",
          proof_of_residence: "document_required",
          company_registration: "document_required",
          tax_card: "document_required",
        },
      ],
      ["no settlement method", "settlements", {}, { settlement_method: "required" }],
      [
        "wallet without phone",
        "settlements",
        { settlement_method: "wallet" },
        { wallet_phone: "phone_required" },
      ],
      [
        "wallet phone wrong",
        "settlements",
        { settlement_method: "wallet", wallet_phone: "0123" },
        { wallet_phone: "phone_incorrect" },
      ],
      [
        "bank account wrong",
        "settlements",
        {
          settlement_method: "bank_account",
          bank: "CHASE",
          account_name: "Ahmed",
          account_number: "12345",
          iban: "EG00123",
        },
        {
          bank: "unknown_bank",
          account_name: "invalid_account_holder",
          account_number: "invalid_bank_account",
          iban: "invalid_iban",
        },
      ],
      [
        "IBAN with wrong check digits",
        "settlements",
        {
          settlement_method: "bank_account",
          bank: "NBE",
          account_name: "Ahmed Ali",
          account_number: "1234567890",
          iban: EG_IBAN.replace(/^EG\d\d/, EG_IBAN.startsWith("EG00") ? "EG01" : "EG00"),
        },
        { iban: "invalid_iban" },
      ],
      ["terms not accepted", "terms", { terms_accepted: false }, { terms_accepted: "terms_required" }],
    ];
    it.each(cases)(
      "refuses %s with the spec's messages and saves nothing",
      async (_label, step, body, errors) => {
        const before = (await show(session)).json();
        const response = await put(session, step, body);
        expect(response.statusCode, response.body).toBe(400);
        const answer = response.json();
        expect(answer.errors).toEqual(errors);
        for (const [field, code] of Object.entries(errors))
          expect(answer.fields[field]).toEqual([
            ACTIVATION_MESSAGES[code as keyof typeof ACTIVATION_MESSAGES],
          ]);
        expect((await show(session)).json()).toEqual(before);
      },
    );

    it("uses the spec's words", () => {
      expect(ACTIVATION_MESSAGES.choose_payment_method).toBe("Choose at least one payment method.");
      expect(ACTIVATION_MESSAGES.invalid_iban).toBe("Incorrect IBAN.");
      expect(ACTIVATION_MESSAGES.invalid_bank_account).toBe(
        "Please make sure you insert a valid bank account number.",
      );
      expect(ACTIVATION_MESSAGES.phone_required).toBe("Phone number is required");
      expect(ACTIVATION_MESSAGES.phone_incorrect).toBe("Phone number is not correct");
    });

    it("takes a wallet phone of the merchant's country", async () => {
      const response = await put(session, "settlements", {
        settlement_method: "wallet",
        wallet_phone: "010 1234 5678",
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().settlements).toEqual({
        settlement_method: "wallet",
        wallet_phone: "01012345678",
      });
    });

    it("checks the IBAN by the merchant's country (a UAE merchant needs an AE IBAN of 23)", async () => {
      const uae = (await newOwner({ country: "ARE" })).session;
      const bban = "0331234567890123456";
      const ae = `AE${ibanCheckDigits("AE", bban)}${bban}`;
      const body = {
        settlement_method: "bank_account",
        bank: "ENBD",
        account_name: "Sara Khan",
        account_number: "1234567890",
      };
      expect((await put(uae, "settlements", { ...body, iban: EG_IBAN })).json().errors).toEqual({
        iban: "invalid_iban",
      });
      expect((await put(uae, "settlements", { ...body, bank: "NBE", iban: ae })).json().errors).toEqual({
        bank: "unknown_bank",
      });
      const ok = await put(uae, "settlements", { ...body, iban: ae.replace(/(.{4})/g, "$1 ") });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().settlements.iban).toBe(ae);
    });
  });

  it("keeps the settlement details encrypted at rest", async () => {
    const { session, merchantId } = await newOwner();
    await put(session, "settlements", {
      settlement_method: "bank_account",
      bank: "NBE",
      account_name: "Ahmed Ali",
      account_number: "9876543210123",
      iban: EG_IBAN,
    });
    const row = await app.payments.db
      .selectFrom("merchant_activations")
      .select("settlements_encrypted")
      .where("merchant_id", "=", merchantId)
      .executeTakeFirstOrThrow();
    expect(row.settlements_encrypted).toMatch(/^v1:/);
    expect(row.settlements_encrypted).not.toContain("9876543210123");
  });

  describe("uploads", () => {
    let owner: Awaited<ReturnType<typeof newOwner>>;
    beforeAll(async () => {
      owner = await newOwner();
    });

    it("stores a PNG encrypted, lists its metadata only, and serves it to its owner with its true type and nosniff", async () => {
      const bytes = png(9001);
      const response = await upload(owner.session, "passport", [
        { name: "file", filename: "my passport.png", type: "image/png", data: bytes },
      ]);
      expect(response.statusCode, response.body).toBe(201);
      const file = response.json();
      expect(file).toMatchObject({ kind: "passport", content_type: "image/png", size_bytes: bytes.length });
      const stored = await app.payments.db
        .selectFrom("merchant_documents")
        .select(["content", "encryption"])
        .where("id", "=", file.id)
        .executeTakeFirstOrThrow();
      expect(stored.encryption).toBe("v1");
      expect(Buffer.from(stored.content).includes(bytes.subarray(0, 16))).toBe(false);
      const listed = (await show(owner.session)).json().files;
      expect(listed.map((f: { id: number }) => f.id)).toContain(file.id);
      for (const f of listed) expect(Object.keys(f).sort()).toEqual(Object.keys(file).sort());
      const served = await app.inject({ url: file.url, headers: owner.session.headers });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/png");
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
      expect(Buffer.compare(served.rawPayload, bytes)).toBe(0);
    });

    it("replaces the kind's previous file, refuses the same file twice, and deletes on request", async () => {
      const first = await uploadPng(owner.session, "proof_of_residence", 4242);
      expect(first.statusCode, first.body).toBe(201);
      const before = await countActivationFiles(app.payments.db, owner.merchantId);
      const again = await uploadPng(owner.session, "utility_bill", 4242);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({
        code: "file_duplicate",
        detail: "You have uploaded this file before.",
      });
      expect(await countActivationFiles(app.payments.db, owner.merchantId)).toBe(before);
      const second = await uploadPng(owner.session, "proof_of_residence", 4343);
      expect(second.statusCode).toBe(201);
      const files = (await show(owner.session)).json().files as { id: number; kind: string }[];
      expect(files.filter((f) => f.kind === "proof_of_residence").map((f) => f.id)).toEqual([
        second.json().id,
      ]);
      const removed = await app.inject({
        method: "DELETE",
        url: `/api/activation/documents/${second.json().id}`,
        headers: owner.session.headers,
      });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json().files.some((f: { kind: string }) => f.kind === "proof_of_residence")).toBe(false);
    });

    const hostile: [string, Parameters<typeof multipart>[0], string, number][] = [
      [
        "wrong magic bytes with a right extension",
        [{ name: "file", filename: "id.png", type: "image/png", data: "not a png at all".repeat(20) }],
        "file_type_not_accepted",
        400,
      ],
      [
        "a GIF named .jpg",
        [
          {
            name: "file",
            filename: "id.jpg",
            type: "image/jpeg",
            data: Buffer.from(`GIF89a${"\0".repeat(200)}`),
          },
        ],
        "file_type_not_accepted",
        400,
      ],
      [
        "an SVG with a script",
        [{ name: "file", filename: "id.svg", type: "image/svg+xml", data: SVG }],
        "file_type_not_accepted",
        400,
      ],
      [
        "an SVG with a script named .png",
        [{ name: "file", filename: "id.png", type: "image/png", data: SVG }],
        "file_type_not_accepted",
        400,
      ],
      [
        "a polyglot: PNG header with an HTML tail",
        [
          {
            name: "file",
            filename: "id.png",
            data: Buffer.concat([png(77), Buffer.from("<html><script>alert(1)</script></html>")]),
          },
        ],
        "file_type_not_accepted",
        400,
      ],
      [
        "a polyglot: PNG with a ZIP appended",
        [
          {
            name: "file",
            filename: "id.png",
            data: Buffer.concat([png(78), Buffer.from("PK\u0003\u0004zipzipzip")]),
          },
        ],
        "file_type_not_accepted",
        400,
      ],
      [
        "a PDF named .jpeg",
        [{ name: "file", filename: "id.jpeg", data: Buffer.from(`%PDF-1.7\n${"x".repeat(200)}`) }],
        "file_type_not_accepted",
        400,
      ],
      [
        "over 4 MB",
        [{ name: "file", filename: "id.png", data: Buffer.concat([png(79), Buffer.alloc(4 * 1024 * 1024)]) }],
        "file_too_large",
        413,
      ],
      [
        "zero bytes",
        [{ name: "file", filename: "id.png", type: "image/png", data: Buffer.alloc(0) }],
        "file_empty",
        400,
      ],
      [
        "a ../ path name",
        [{ name: "file", filename: "../../../etc/passwd.png", type: "image/png", data: png(80) }],
        "file_name",
        400,
      ],
      [
        "a Windows path name",
        [{ name: "file", filename: "..\\..\\boot.png", type: "image/png", data: png(81) }],
        "file_name",
        400,
      ],
      ["no file part", [{ name: "other", data: "x" }], "file_missing", 400],
      [
        "two files",
        [
          { name: "file", filename: "a.png", data: png(82) },
          { name: "file", filename: "b.png", data: png(83) },
        ],
        "file_missing",
        400,
      ],
    ];
    it.each(hostile)(
      "refuses %s with its message and stores nothing",
      async (_label, parts, code, status) => {
        const before = await countActivationFiles(app.payments.db);
        const response = await upload(owner.session, "tax_card", parts);
        expect(`${response.statusCode} ${response.json().code}`, response.body).toBe(`${status} ${code}`);
        expect(response.json().detail).toBe(ACTIVATION_MESSAGES[code as keyof typeof ACTIVATION_MESSAGES]);
        expect(await countActivationFiles(app.payments.db)).toBe(before);
      },
    );

    it("refuses an unknown document kind", async () => {
      const response = await uploadPng(owner.session, "selfie", 90);
      expect(response.statusCode).toBe(400);
    });
  });

  describe("submit", () => {
    it("refuses an incomplete application, naming the open steps and fields", async () => {
      const { session } = await newOwner();
      await put(session, "payment_solutions", { payment_solutions: ["qr"] });
      const response = await submit(session);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        code: "incomplete",
        detail: ACTIVATION_MESSAGES.incomplete,
        steps: ["business_info", "documents", "settlements"],
      });
      expect(response.json().errors.settlement_method).toBe("required");
      expect((await show(session)).json().status).toBe("draft");
    });

    it("refuses without the terms", async () => {
      const { session } = await newOwner();
      await fillAll(session);
      const response = await submit(session, false);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: "terms_required",
        errors: { terms_accepted: "terms_required" },
      });
    });

    it("submits a complete application: success message, Pending Verification, then read only", async () => {
      const bank = await fx.bank();
      const { session, merchantId } = await newOwner({ bankId: bank.id });
      await fillAll(session);
      const before = (await show(session)).json();
      expect(before.completed_steps).toEqual([
        "business_info",
        "payment_solutions",
        "documents",
        "settlements",
      ]);
      expect(before.current_step).toBe("terms");
      const response = await submit(session);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().message).toBe("You have completed on boarding successfully.");
      expect(response.json().application).toMatchObject({ status: "submitted", current_step: "terms" });
      const merchant = await app.payments.db
        .selectFrom("merchants")
        .select(["bank_merchant_status", "filled_business_data"])
        .where("id", "=", merchantId)
        .executeTakeFirstOrThrow();
      expect(merchant).toEqual({ bank_merchant_status: "pending", filled_business_data: true });
      // The bank sees it among its Pending Verification merchants.
      const bankUser = await fx.user("Bank", { bankId: bank.id });
      const bankSession = await fx.session(bankUser);
      const list = await app.inject({
        url: "/api/bank/merchants?stage=pending_verification",
        headers: bankSession.headers,
      });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().results.map((m: { id: number }) => m.id)).toContain(merchantId);
      // Read only now.
      expect((await put(session, "payment_solutions", { payment_solutions: ["qr"] })).statusCode).toBe(409);
      expect((await uploadPng(session, "passport", 5555)).statusCode).toBe(409);
      expect((await submit(session)).statusCode).toBe(409);
    });
  });

  it("demo: the half-filled application resumes at Documents; the submitted one is complete for its bank", async () => {
    await fx.bank({ country: "EGY" });
    const credentials = { generated_at: "", accounts: [], merchants: [] };
    await seedDemoActivation(app.payments.db, credentials, app.payments.dataKey, new Date());
    const owner = async (username: string) => {
      const user = await app.payments.db
        .selectFrom("users")
        .select(["id", "merchant_id"])
        .where("username", "=", username)
        .executeTakeFirstOrThrow();
      return { session: await fx.session({ id: user.id }), merchantId: user.merchant_id! };
    };
    const draft = (await show((await owner("activation.draft")).session)).json();
    expect(draft).toMatchObject({ status: "draft", current_step: "documents" });
    expect(draft.files.map((f: { kind: string }) => f.kind)).toEqual([
      "national_id_front",
      "national_id_back",
    ]);
    for (const username of ["activation.en", "activation.ar"])
      expect((await show((await owner(username)).session)).json().current_step).toBe("business_info");
    const submitted = await owner("activation.submitted");
    const mine = (await show(submitted.session)).json();
    expect(mine.status).toBe("submitted");
    expect(mine.completed_steps).toEqual([
      "business_info",
      "payment_solutions",
      "documents",
      "settlements",
      "terms",
    ]);
    const merchant = await app.payments.db
      .selectFrom("merchants")
      .select("bank_id")
      .where("id", "=", submitted.merchantId)
      .executeTakeFirstOrThrow();
    const bankSession = await fx.session(await fx.user("Bank", { bankId: merchant.bank_id! }));
    const review = await app.inject({
      url: `/api/bank/merchants/${submitted.merchantId}/activation`,
      headers: bankSession.headers,
    });
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json().files).toHaveLength(7);
    const file = await app.inject({ url: review.json().files[0].url, headers: bankSession.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.rawPayload.subarray(1, 4).toString()).toBe("PNG");
  });

  describe("who may see what", () => {
    let bank: { id: number };
    let owner: Awaited<ReturnType<typeof newOwner>>;
    let fileId: number;
    let bankSession: TestSession;
    let otherBankSession: TestSession;
    let otherOwner: TestSession;
    let staff: FixtureUser;

    beforeAll(async () => {
      bank = await fx.bank();
      owner = await newOwner({ bankId: bank.id });
      const response = await uploadPng(owner.session, "national_id_front", 31337);
      fileId = response.json().id;
      bankSession = await fx.session(await fx.user("Bank", { bankId: bank.id }));
      otherBankSession = await fx.session(await fx.user("Bank"));
      otherOwner = (await newOwner({ bankId: bank.id })).session;
      staff = await fx.user("MerchantStaff", {
        merchantId: owner.merchantId,
        permissions: ["can view transactions", "can create quick links"],
      });
    });

    it("the owner's bank reads the application and its files with their true type and nosniff", async () => {
      const response = await app.inject({
        url: `/api/bank/merchants/${owner.merchantId}/activation`,
        headers: bankSession.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      const file = response.json().files.find((f: { id: number }) => f.id === fileId);
      expect(file.url).toBe(`/api/bank/merchants/${owner.merchantId}/documents/${fileId}`);
      const served = await app.inject({ url: file.url, headers: bankSession.headers });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/png");
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
      expect(Buffer.compare(served.rawPayload, png(31337))).toBe(0);
    });

    it("another bank, another merchant and the owner's staff get nothing", async () => {
      const otherBank = await app.inject({
        url: `/api/bank/merchants/${owner.merchantId}/activation`,
        headers: otherBankSession.headers,
      });
      expect(otherBank.statusCode).toBe(404);
      const otherBankFile = await app.inject({
        url: `/api/bank/merchants/${owner.merchantId}/documents/${fileId}`,
        headers: otherBankSession.headers,
      });
      expect(otherBankFile.statusCode).toBe(404);
      const otherMerchantFile = await app.inject({
        url: `/api/merchant/documents/${fileId}`,
        headers: otherOwner.headers,
      });
      expect(otherMerchantFile.statusCode).toBe(404);
      const deleted = await app.inject({
        method: "DELETE",
        url: `/api/activation/documents/${fileId}`,
        headers: otherOwner.headers,
      });
      expect(deleted.statusCode).toBe(404);
      expect((await show(otherOwner)).json().files).toEqual([]);
      const staffSession = await fx.session(staff);
      const asStaff = await show(staffSession);
      expect(asStaff.statusCode).toBe(403);
      expect(asStaff.json().code).toBe("not_owner");
      expect(
        (await app.inject({ url: `/api/merchant/documents/${fileId}`, headers: staffSession.headers }))
          .statusCode,
      ).toBe(403);
      // A bank is not a merchant owner either.
      expect((await show(bankSession)).statusCode).toBe(403);
      expect(await countActivationFiles(app.payments.db, owner.merchantId)).toBe(1);
    });
  });
});
