import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { describeEachDatabase } from "../test/databases.ts";

describeEachDatabase("health", (get) => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    app = await buildApp({ config: loadConfig({}), database: get().database }, { logger: false });
  });
  afterAll(() => app.close());

  it("answers liveness and readiness with the database kind", async () => {
    expect((await app.inject({ url: "/healthz" })).json()).toEqual({ status: "ok" });
    const ready = await app.inject({ url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", database: get().kind });
  });
});
