import type { FastifyInstance } from "fastify";
import { expect } from "vitest";

/** Test set-up shared by the test clock's tests: a request to pay of 100.00 EGP made through the dashboard route. */
export async function makeRequestToPay(
  app: FastifyInstance,
  headers: Record<string, string>,
  isLive: boolean,
): Promise<{ id: number; token: string }> {
  const response = await app.inject({
    method: "POST",
    url: "/api/request-to-pay",
    headers,
    payload: {
      is_live: isLive,
      amount_cents: 10000,
      currency: "EGP",
      mob_num: "01001234567",
      tip_type: "none",
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const made = response.json() as { id: number; link_url: string };
  return { id: made.id, token: new URL(made.link_url).searchParams.get("token")! };
}

/** A request to pay's state as its details answer it. */
export async function requestToPayState(
  app: FastifyInstance,
  headers: Record<string, string>,
  id: number,
): Promise<string> {
  return (await app.inject({ url: `/api/request-to-pay/${id}`, headers })).json().state;
}
