import type { FastifyInstance, InjectOptions } from "fastify";
import { expect } from "vitest";
import type { TestSession } from "./fixtures.ts";

export interface CrossTenantCase {
  /** The request, without credentials: method, url, payload. */
  request: InjectOptions;
  /** A user of the tenant the data belongs to. */
  owner: TestSession;
  /** A user of another tenant, with whatever permissions the route needs. */
  intruder: TestSession;
  /**
   * Values that only the owner's tenant may see: distinctive strings such as a company name or an order's
   * merchant_order_id from the fixtures (unique per call), not bare numbers that could occur by chance.
   */
  secrets: string[];
  /** Answers the intruder may get instead of a 2xx without the secrets. Default 403 and 404. */
  deniedStatuses?: number[];
  /**
   * The intruder must be denied (no 2xx at all): for answers that carry no secret to look for (an action's
   * "done", a PDF), where a 2xx would mean the intruder acted on the owner's row.
   */
  mustDeny?: boolean;
}

/**
 * Asserts that one tenant cannot reach another's data through a route. The intruder goes first, so for a
 * state-changing request the owner's call afterwards shows the data was still there. The owner's answer must
 * contain every secret (otherwise the check proves nothing); the intruder's must be a denial or contain none.
 */
export async function expectCrossTenantIsolation(app: FastifyInstance, c: CrossTenantCase): Promise<void> {
  const as = (s: TestSession) => ({ ...c.request, headers: { ...c.request.headers, ...s.headers } });
  const intruder = await app.inject(as(c.intruder));
  const owner = await app.inject(as(c.owner));
  const label = `${c.request.method ?? "GET"} ${String(c.request.url)}`;

  expect(owner.statusCode, `${label}: the owner's own request`).toBeLessThan(300);
  for (const secret of c.secrets) expect(owner.body, `${label}: the owner sees ${secret}`).toContain(secret);

  if (intruder.statusCode < 300 && !c.mustDeny) {
    for (const secret of c.secrets)
      expect(intruder.body, `${label}: another tenant must not see ${secret}`).not.toContain(secret);
  } else {
    expect(c.deniedStatuses ?? [403, 404], `${label}: another tenant's answer`).toContain(
      intruder.statusCode,
    );
  }
}
