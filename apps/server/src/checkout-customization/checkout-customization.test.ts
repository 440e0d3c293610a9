import { checkoutApi, checkoutCustomizationApi, DEFAULT_CHECKOUT_COLOURS } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { countImages } from "../images/images.repository.ts";
import { storeImage } from "../images/images.service.ts";
import { solidPng } from "../images/png.ts";
import {
  createTestIntention,
  paymentTokenFor,
  type TestMerchant,
  testMerchant,
} from "../payments/test-support.ts";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures, type TestSession } from "../test/fixtures.ts";
import { findCustomization } from "./checkout-customization.repository.ts";

const PNG = solidPng(16, 16, [10, 90, 160]);

function multipart(filename: string, data: Buffer) {
  const boundary = "----portaltestCheckoutLogo";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describeEachDatabase("checkout customization", (get) => {
  let app: FastifyInstance;
  let m: TestMerchant;
  let owner: TestSession;
  let otherOwner: TestSession;
  let otherIntegration: number;
  let staffView: TestSession;

  beforeAll(async () => {
    app = await buildTestApp(get().database);
    const fx = fixtures(app.payments.db);
    m = await testMerchant(app);
    owner = await fx.session({ id: m.ownerId });
    const other = await fx.user("Merchant");
    otherOwner = await fx.session(other);
    otherIntegration = (await fx.integration(other.merchant_id!)).id;
    staffView = await fx.session(
      await fx.user("MerchantStaff", {
        merchantId: m.merchantId,
        permissions: ["can view payment integration"],
      }),
    );
  });
  afterAll(() => app.close());

  const good = () => ({
    primary_color: "#7A1F5C",
    background_color: "#FFF8F0",
    text_color: "#222222",
    button_text_color: "#ffffff",
    logo_image_id: null as string | null,
    methods: [
      { integration_id: m.integrations.wallet, visible: true },
      { integration_id: m.integrations.card, visible: true },
      { integration_id: m.integrations.kiosk, visible: false },
    ],
    post_payment_text: "  Thank you! Your order ships tomorrow.  ",
    redirect_url: "https://shop.example.com/thanks",
  });
  const save = (body: unknown, session = owner, lang = "en") =>
    app.inject({
      method: "PUT",
      url: "/api/checkout-customization",
      headers: { ...session.headers, "accept-language": lang },
      payload: body as Record<string, unknown>,
    });
  const show = (session = owner) =>
    app.inject({ url: "/api/checkout-customization", headers: session.headers });

  it("shows the checkout's defaults and every integration until the merchant saves", async () => {
    const response = await show(otherOwner);
    expect(response.statusCode, response.body).toBe(200);
    const body = checkoutCustomizationApi.show.answers[200].parse(response.json());
    expect(body.saved).toBe(false);
    expect(body.primary_color).toBe(DEFAULT_CHECKOUT_COLOURS.primary_color);
    expect(body.methods.map((x) => x.integration_id)).toEqual([otherIntegration]);
    expect(body.methods[0]!.visible).toBe(true);
  });

  it("saves colours (lower-cased), the methods' order and visibility, the text and the redirect", async () => {
    const response = await save(good());
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.saved).toBe(true);
    expect(body.primary_color).toBe("#7a1f5c");
    expect(body.post_payment_text).toBe("Thank you! Your order ships tomorrow.");
    expect(body.redirect_url).toBe("https://shop.example.com/thanks");
    const ids = body.methods.map((x: { integration_id: number }) => x.integration_id);
    // The placed ones first in their order, then the merchant's other integrations in their own order.
    expect(ids.slice(0, 3)).toEqual([m.integrations.wallet, m.integrations.card, m.integrations.kiosk]);
    expect(ids).toHaveLength(Object.keys(m.integrations).length);
    expect(body.methods[2].visible).toBe(false);
    expect(body.methods[3].visible).toBe(true);
    expect((await show()).json()).toEqual(body);
  });

  it("refuses unreadable colours with the ratio, in English and Arabic, and writes nothing", async () => {
    const before = await findCustomization(app.payments.db, m.merchantId);
    const grey = await save({ ...good(), text_color: "#999999", background_color: "#ffffff" });
    expect(grey.statusCode).toBe(400);
    expect(grey.json().code).toBe("contrast_text");
    expect(grey.json().detail).toBe(
      "The text colour is hard to read on the background colour (contrast 2.8:1; at least 4.5:1 is needed).",
    );
    expect(grey.json().fields.text_color).toHaveLength(1);

    const ar = await save({ ...good(), button_text_color: "#8a1f5c" }, owner, "ar");
    expect(ar.statusCode).toBe(400);
    expect(ar.json().code).toBe("contrast_button");
    expect(ar.json().detail).toMatch(
      /^يصعب قراءة لون نص الزر على لون الزر \(التباين 1\.\d:1، والمطلوب 4\.5:1 على الأقل\)\.$/,
    );

    const pale = await save({ ...good(), primary_color: "#f0e8e0", button_text_color: "#000000" });
    expect(pale.statusCode).toBe(400);
    expect(pale.json().code).toBe("contrast_control");
    expect(Object.keys(pale.json().fields)).toEqual(["primary_color"]);
    expect(await findCustomization(app.payments.db, m.merchantId)).toEqual(before);
  });

  it("takes a pair exactly at 4.5:1 and refuses one just below", async () => {
    // #767676 on white is 4.54:1 (the lightest grey that passes); #777777 is 4.48:1.
    const white = { ...good(), background_color: "#ffffff" };
    expect((await save({ ...white, text_color: "#767676" })).statusCode).toBe(200);
    const below = await save({ ...white, text_color: "#777777" });
    expect(below.statusCode).toBe(400);
    expect(below.json().detail).toContain("contrast 4.4:1");
  });

  it("refuses a colour that is not #rrggbb", async () => {
    for (const bad of ["red", "#fff", "#12345g", "rgb(0,0,0)", "#0000001"]) {
      const response = await save({ ...good(), primary_color: bad });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().fields.primary_color).toEqual([
        "Enter a colour as # followed by six hexadecimal digits, for example #0b5cad.",
      ]);
    }
  });

  it("takes only http and https redirects; an empty one means none", async () => {
    for (const bad of [
      "javascript:alert(1)",
      "ftp://shop.example.com",
      "shop.example.com",
      "https://",
      "data:text/html,x",
    ]) {
      const response = await save({ ...good(), redirect_url: bad });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().fields.redirect_url).toEqual(["Please enter vallid url."]);
    }
    const http = await save({ ...good(), redirect_url: "http://localhost:3000/done" });
    expect(http.json().redirect_url).toBe("http://localhost:3000/done");
    const none = await save({ ...good(), redirect_url: "  " });
    expect(none.statusCode).toBe(200);
    expect(none.json().redirect_url).toBeNull();
  });

  it("bounds the post-payment text and refuses markup-forbidden characters", async () => {
    expect((await save({ ...good(), post_payment_text: "x".repeat(500) })).statusCode).toBe(200);
    const long = await save({ ...good(), post_payment_text: "x".repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.post_payment_text).toBeDefined();
    expect((await save({ ...good(), post_payment_text: "" })).json().post_payment_text).toBeNull();
  });

  it("refuses another merchant's integration, a method twice, and hiding every method", async () => {
    const foreign = await save({ ...good(), methods: [{ integration_id: otherIntegration, visible: true }] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe("unknown_method");
    const twice = await save({
      ...good(),
      methods: [
        { integration_id: m.integrations.card, visible: true },
        { integration_id: m.integrations.card, visible: false },
      ],
    });
    expect(twice.json().code).toBe("duplicate_method");
    const all = Object.values(m.integrations).map((id) => ({ integration_id: id, visible: false }));
    const hidden = await save({ ...good(), methods: all }, owner, "ar");
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().code).toBe("no_visible_method");
    expect(hidden.json().detail).toBe("اعرض طريقة دفع واحدة على الأقل.");
  });

  it("uploads a logo checked by content, saves it, and refuses another merchant's image", async () => {
    const upload = (filename: string, data: Buffer, session = owner) => {
      const body = multipart(filename, data);
      return app.inject({
        method: "POST",
        url: "/api/checkout-customization/logo",
        headers: { ...session.headers, "content-type": body.contentType },
        payload: body.payload,
      });
    };
    const before = await countImages(app.payments.db, m.merchantId);
    const fake = await upload("logo.png", Buffer.from("not an image at all ".repeat(20)));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().code).toBe("image_type");
    const big = await upload("logo.png", Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe("image_too_large_logo");
    expect(await countImages(app.payments.db, m.merchantId)).toBe(before);

    const ok = await upload("logo.png", PNG);
    expect(ok.statusCode, ok.body).toBe(201);
    const saved = await save({ ...good(), logo_image_id: ok.json().id });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().logo_url).toBe(`/api/images/${ok.json().id}`);

    const theirs = await storeImage(app.payments.db, (await otherMerchantId()) ?? 0, { bytes: PNG }, "logo");
    const refused = await save({ ...good(), logo_image_id: theirs.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("logo_not_yours");
  });

  async function otherMerchantId() {
    const body = (await show(otherOwner)).json();
    const row = await app.payments.db
      .selectFrom("integrations")
      .select("merchant_id")
      .where("id", "=", body.methods[0].integration_id)
      .executeTakeFirst();
    return row?.merchant_id;
  }

  it("needs the update permission to save; the view permission reads", async () => {
    expect((await show(staffView)).statusCode).toBe(200);
    expect((await save(good(), staffView)).statusCode).toBe(403);
  });

  it("keeps each merchant's customization its own", async () => {
    await save(good());
    const theirs = (await show(otherOwner)).json();
    expect(theirs.saved).toBe(false);
    expect(theirs.methods.map((x: { integration_id: number }) => x.integration_id)).toEqual([
      otherIntegration,
    ]);
  });

  it("the hosted checkout applies it at once: look, logo, methods' order and hidden methods", async () => {
    await save(good());
    const intention = await createTestIntention(app, m, {
      payment_methods: [m.integrations.card, m.integrations.kiosk, m.integrations.wallet],
    });
    const unified = await app.inject({
      url: `/api/checkout/intention?public_key=${encodeURIComponent(m.keys.publicKeyTest)}&client_secret=${encodeURIComponent(intention.client_secret)}`,
    });
    expect(unified.statusCode, unified.body).toBe(200);
    const body = checkoutApi.intention.answers[200].parse(unified.json());
    expect(body.methods.map((x) => x.integration_id)).toEqual([m.integrations.wallet, m.integrations.card]);
    expect(body.look).toEqual({
      primary_color: "#7a1f5c",
      background_color: "#fff8f0",
      text_color: "#222222",
      button_text_color: "#ffffff",
      post_payment_text: "Thank you! Your order ships tomorrow.",
      redirect_url: "https://shop.example.com/thanks",
    });

    const { token } = await paymentTokenFor(app, m, m.integrations.card);
    const payment = await app.inject({
      url: `/api/checkout/payment?payment_token=${encodeURIComponent(token)}`,
    });
    expect(payment.json().look.primary_color).toBe("#7a1f5c");

    // Changed in the dashboard, applied on the next load.
    await save({ ...good(), primary_color: "#004d40", methods: [] });
    const again = await app.inject({
      url: `/api/checkout/payment?payment_token=${encodeURIComponent(token)}`,
    });
    expect(again.json().look.primary_color).toBe("#004d40");
  });

  it("a merchant that never customized gets the checkout's own look (no look)", async () => {
    const plain = await testMerchant(app);
    const { token } = await paymentTokenFor(app, plain, plain.integrations.card);
    const payment = await app.inject({
      url: `/api/checkout/payment?payment_token=${encodeURIComponent(token)}`,
    });
    expect(payment.statusCode).toBe(200);
    expect(payment.json().look).toBeNull();
  });
});
