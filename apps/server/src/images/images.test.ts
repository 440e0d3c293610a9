import type { PermissionName } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../test/app.ts";
import { describeEachDatabase } from "../test/databases.ts";
import { fixtures, type TestSession } from "../test/fixtures.ts";
import { countImages } from "./images.repository.ts";
import { checkImage, sniffImage, storeImage } from "./images.service.ts";
import { solidPng } from "./png.ts";

const PNG = solidPng(16, 16, [200, 30, 60]);

/** A structurally valid baseline JPEG: SOI, APP0, DQT, SOF0, DHT, SOS, scan data, EOI. */
function jpeg(): Buffer {
  const seg = (marker: number, data: number[]) => [
    0xff,
    marker,
    (data.length + 2) >> 8,
    (data.length + 2) & 0xff,
    ...data,
  ];
  return Buffer.from([
    0xff,
    0xd8,
    ...seg(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
    ...seg(0xdb, [0x00, ...Array.from({ length: 64 }, () => 1)]),
    ...seg(0xc0, [0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00]),
    ...seg(0xc4, [0x00, 0x01, ...Array.from({ length: 15 }, () => 0), 0x00]),
    ...seg(0xda, [0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]),
    0x7f,
    0x00,
    0xff,
    0xd9,
  ]);
}

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>',
);

function multipart(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = "----portaltest7MA4YWxkTrZu0gW";
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

describe("image content checks", () => {
  it("knows a PNG and a JPEG by their bytes", () => {
    expect(sniffImage(PNG)).toBe("image/png");
    expect(sniffImage(jpeg())).toBe("image/jpeg");
    expect(checkImage({ bytes: PNG, name: "logo.PNG", contentType: "image/png" })).toBe("image/png");
    expect(checkImage({ bytes: jpeg(), name: "photo.jpeg" })).toBe("image/jpeg");
  });

  const refusals: [string, Parameters<typeof checkImage>[0], string][] = [
    [
      "a text file named .png",
      { bytes: Buffer.from("hello world, not an image at all".repeat(8)), name: "a.png" },
      "image_type",
    ],
    ["a GIF named .jpg", { bytes: Buffer.from(`GIF89a${"\0".repeat(200)}`), name: "a.jpg" }, "image_type"],
    ["an SVG with a script", { bytes: SVG, name: "logo.png", contentType: "image/png" }, "image_type"],
    ["an SVG by name", { bytes: PNG, name: "logo.svg" }, "image_type"],
    ["an SVG by declared type", { bytes: PNG, name: "logo.png", contentType: "image/svg+xml" }, "image_type"],
    [
      "a PNG with a page appended",
      { bytes: Buffer.concat([PNG, Buffer.from("<html><script>x()</script>")]) },
      "image_type",
    ],
    [
      "a PNG with an archive appended",
      { bytes: Buffer.concat([PNG, Buffer.from("PK\u0003\u0004zipzipzip")]) },
      "image_type",
    ],
    [
      "a JPEG with bytes after its end",
      { bytes: Buffer.concat([jpeg(), Buffer.from("<?php ?>")]) },
      "image_type",
    ],
    [
      "a PNG with a script in a text chunk",
      {
        bytes: Buffer.from(PNG.toString("latin1").replace("IDAT", "IDAT").replace(/IEND/, "IEND"), "latin1"),
      },
      "ok",
    ],
    ["a truncated PNG", { bytes: PNG.subarray(0, PNG.length - 6) }, "image_type"],
    ["zero bytes", { bytes: Buffer.alloc(0), name: "empty.png" }, "image_empty"],
    ["a logo over 1 MB", { bytes: Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]) }, "image_too_large_logo"],
    ["a path name", { bytes: PNG, name: "../../etc/logo.png" }, "image_name"],
    ["a Windows path name", { bytes: PNG, name: "..\\..\\logo.png" }, "image_name"],
    ["a hidden name", { bytes: PNG, name: ".logo.png" }, "image_name"],
  ];
  it.each(refusals.filter(([, , code]) => code !== "ok"))("refuses %s", (_label, file, code) => {
    expect(() => checkImage(file)).toThrowError(expect.objectContaining({ code }));
  });

  it("refuses a PNG that hides markup in a chunk (a polyglot)", () => {
    const text = Buffer.from("Comment\0<script>alert(1)</script>", "latin1");
    const length = Buffer.alloc(4);
    length.writeUInt32BE(text.length);
    const chunk = Buffer.concat([length, Buffer.from("tEXt"), text, Buffer.alloc(4)]);
    const iend = PNG.length - 12;
    const polyglot = Buffer.concat([PNG.subarray(0, iend), chunk, PNG.subarray(iend)]);
    expect(sniffImage(polyglot)).toBe("image/png");
    expect(() => checkImage({ bytes: polyglot })).toThrowError(
      expect.objectContaining({ code: "image_type" }),
    );
  });

  it("takes a product image up to 4 MB, not above", () => {
    const big = Buffer.concat([
      PNG.subarray(0, PNG.length - 12),
      Buffer.alloc(0),
      PNG.subarray(PNG.length - 12),
    ]);
    expect(checkImage({ bytes: big }, "product")).toBe("image/png");
    expect(() => checkImage({ bytes: Buffer.alloc(4 * 1024 * 1024 + 1) }, "product")).toThrowError(
      expect.objectContaining({ code: "image_too_large_product" }),
    );
  });
});

describeEachDatabase("uploaded images", (get) => {
  let app: FastifyInstance;
  let owner: TestSession;
  let other: TestSession;
  let merchantId: number;

  beforeAll(async () => {
    app = await buildTestApp(get().database);
    const fx = fixtures(app.payments.db);
    const user = await fx.user("Merchant");
    merchantId = user.merchant_id!;
    owner = await fx.session(user);
    other = await fx.session(await fx.user("Merchant"));
  });
  afterAll(() => app.close());

  const upload = (parts: Parameters<typeof multipart>[0], session = owner, purpose = "logo") => {
    const body = multipart(parts);
    return app.inject({
      method: "POST",
      url: `/api/images?purpose=${purpose}`,
      headers: { ...session.headers, "content-type": body.contentType },
      payload: body.payload,
    });
  };

  it("stores a PNG and serves it with its true type, nosniff and a CSP that runs nothing", async () => {
    const response = await upload([{ name: "file", filename: "logo.png", type: "image/png", data: PNG }]);
    expect(response.statusCode, response.body).toBe(201);
    const image = response.json();
    expect(image.id).toMatch(/^[0-9a-f]{32}$/);
    expect(image.content_type).toBe("image/png");
    expect(image.url).toBe(`/api/images/${image.id}`);
    // Public: no session needed (the customer page shows it).
    const served = await app.inject({ url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(String(served.headers["content-security-policy"])).toContain("default-src 'none'");
    expect(Buffer.compare(served.rawPayload, PNG)).toBe(0);
  });

  it("serves a JPEG declared as PNG with its true type", async () => {
    const response = await upload([{ name: "file", filename: "photo.png", type: "image/png", data: jpeg() }]);
    expect(response.statusCode, response.body).toBe(201);
    const served = await app.inject({ url: response.json().url });
    expect(served.headers["content-type"]).toBe("image/jpeg");
  });

  it("stores through storeImage for another feature (the products' image)", async () => {
    const image = await storeImage(app.payments.db, merchantId, { bytes: PNG, name: "p.png" }, "product");
    expect((await app.inject({ url: image.url })).statusCode).toBe(200);
  });

  const hostile: [string, Parameters<typeof multipart>[0], string, number][] = [
    [
      "wrong magic bytes, right extension",
      [{ name: "file", filename: "x.png", type: "image/png", data: "not a png".repeat(20) }],
      "image_type",
      400,
    ],
    [
      "an SVG with a script",
      [{ name: "file", filename: "x.svg", type: "image/svg+xml", data: SVG }],
      "image_type",
      400,
    ],
    [
      "an SVG with a script named .png",
      [{ name: "file", filename: "x.png", type: "image/png", data: SVG }],
      "image_type",
      400,
    ],
    [
      "a polyglot (PNG + page)",
      [
        {
          name: "file",
          filename: "x.png",
          data: Buffer.concat([PNG, Buffer.from("<html><script>alert(1)</script></html>")]),
        },
      ],
      "image_type",
      400,
    ],
    [
      "zero bytes",
      [{ name: "file", filename: "x.png", type: "image/png", data: Buffer.alloc(0) }],
      "image_empty",
      400,
    ],
    [
      "oversized logo",
      [{ name: "file", filename: "x.png", data: Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 1)]) }],
      "image_too_large_logo",
      413,
    ],
    [
      "a ../ path name",
      [{ name: "file", filename: "../../../etc/passwd.png", type: "image/png", data: PNG }],
      "image_name",
      400,
    ],
    ["no file part", [{ name: "other", data: "x" }], "image_missing", 400],
    [
      "two files",
      [
        { name: "file", filename: "a.png", data: PNG },
        { name: "file", filename: "b.png", data: PNG },
      ],
      "image_missing",
      400,
    ],
  ];
  it.each(hostile)(
    "refuses %s with a clear message and stores nothing",
    async (_label, parts, code, status) => {
      const before = await countImages(app.payments.db);
      const response = await upload(parts);
      expect(`${response.statusCode} ${response.json().code}`, response.body).toBe(`${status} ${code}`);
      expect(response.json().fields?.file?.[0]).toBeTruthy();
      expect(await countImages(app.payments.db)).toBe(before);
    },
  );

  it("refuses a body over the limit and more than 100 parts before parsing", async () => {
    const before = await countImages(app.payments.db);
    const huge = await upload(
      [{ name: "file", filename: "x.png", data: Buffer.alloc(4 * 1024 * 1024 + 70 * 1024) }],
      owner,
      "product",
    );
    expect(huge.statusCode).toBe(413);
    const many = await upload(Array.from({ length: 101 }, (_, i) => ({ name: `f${i}`, data: "x" })));
    expect(many.statusCode).toBe(413);
    expect(await countImages(app.payments.db)).toBe(before);
  });

  it("needs a signed-in merchant with the permission, and an unknown id is 404", async () => {
    const body = multipart([{ name: "file", filename: "x.png", data: PNG }]);
    const anonymous = await app.inject({
      method: "POST",
      url: "/api/images",
      headers: { "content-type": body.contentType },
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await app.inject({ url: `/api/images/${"0".repeat(32)}` })).statusCode).toBe(404);
    expect((await app.inject({ url: "/api/images/..%2F..%2Fetc" })).statusCode).toBe(400);
    // Another merchant's upload is its own.
    const theirs = await upload([{ name: "file", filename: "x.png", data: PNG }], other);
    expect(theirs.statusCode, theirs.body).toBe(201);
  });

  it("takes an upload from staff who may create payment links or create or edit products, and refuses the rest", async () => {
    const fx = fixtures(app.payments.db);
    const staff = async (permissions: PermissionName[]) =>
      fx.session(await fx.user("MerchantStaff", { merchantId, permissions }));
    const file = [{ name: "file", filename: "product.png", data: PNG }];
    for (const permissions of [
      ["can create products"],
      ["can update products"],
      ["can create quick links"],
    ] as PermissionName[][]) {
      const res = await upload(file, await staff(permissions), "product");
      expect(res.statusCode, `${permissions}: ${res.body}`).toBe(201);
    }
    // Products read-only, or another feature's rights: neither feature's writer.
    for (const permissions of [
      [],
      ["can view products"],
      ["can view orders", "can delete products"],
    ] as PermissionName[][]) {
      const res = await upload(file, await staff(permissions), "product");
      expect(res.statusCode, `${permissions}: ${res.body}`).toBe(403);
      expect(res.json()).toMatchObject({ code: "forbidden" });
    }
  });
});
