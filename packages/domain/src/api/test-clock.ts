import { z } from "zod";
import { errorResponseSchema, route, signedInErrors } from "../contract.ts";

/**
 * The merchant's test clock (issue 15 item 3; docs/payments.md "Test clock"), for the Developers page. Test mode
 * only: the clock moves the merchant's test-mode time (invoice and link expiry, delayed settlement, callback
 * retries, transfer pending hours, statement month); live mode always runs on real time. Advance and set only
 * move forward; reset returns to real time. Viewing takes the permission to view payment integrations, moving it
 * the permission to update them (as the other developer settings). The public test helpers (test secret key)
 * call the same functions (apps/server/src/test-clock/clock.ts).
 */

/** The longest one move may jump (and the clock may run ahead of real time): 10 years, in seconds. */
export const TEST_CLOCK_MAX_SECONDS = 10 * 366 * 24 * 60 * 60;

export const testClockSchema = z.object({
  /** The merchant's test-mode time now (ISO 8601). */
  now: z.string(),
  /** The real time now (ISO 8601). */
  real_now: z.string(),
  /** How far test time runs ahead of real time, in milliseconds (0: not moved). */
  offset_ms: z.number().int().min(0),
  /** Whether the clock was moved since its last reset. */
  moved: z.boolean(),
  updated_at: z.string().nullable(),
});
export type TestClock = z.infer<typeof testClockSchema>;

export const advanceTestClockSchema = z.object({
  /** How far to move the clock forward, in seconds. */
  seconds: z.number().int().positive().max(TEST_CLOCK_MAX_SECONDS),
});
export const setTestClockSchema = z.object({
  /** The instant to move the clock to (ISO 8601 with a zone); not before the current test time. */
  now: z.string().datetime({ offset: true }),
});

const TAGS = ["test clock"] as const;
const VIEW = { permission: "can view payment integration" } as const;
const MOVE = { permission: "can update payment integration" } as const;
const moveErrors = { 400: errorResponseSchema, ...signedInErrors } as const;

export const testClockApi = {
  get: route({
    method: "GET",
    path: "/api/test-clock",
    access: VIEW,
    tags: TAGS,
    summary: "The merchant's test clock: test-mode time, real time and the offset between them",
    answers: { 200: testClockSchema, ...signedInErrors },
  }),
  advance: route({
    method: "POST",
    path: "/api/test-clock/advance",
    access: MOVE,
    tags: TAGS,
    summary: "Move the merchant's test clock forward by a duration",
    description:
      "Whatever falls due by the new test time happens: invoices and payment links expire, delayed test payments " +
      "settle, callback retries run. Live mode is untouched.",
    body: advanceTestClockSchema,
    answers: { 200: testClockSchema, ...moveErrors },
  }),
  set: route({
    method: "PUT",
    path: "/api/test-clock",
    access: MOVE,
    tags: TAGS,
    summary: "Move the merchant's test clock to an instant (not before its current test time)",
    description:
      "400 'The test clock cannot move backwards: choose an instant after the current test time, or reset it.'",
    body: setTestClockSchema,
    answers: { 200: testClockSchema, ...moveErrors },
  }),
  reset: route({
    method: "DELETE",
    path: "/api/test-clock",
    access: MOVE,
    tags: TAGS,
    summary: "Return the merchant's test clock to real time",
    description: "Nothing that happened while the clock was ahead is undone.",
    answers: { 200: testClockSchema, ...signedInErrors },
  }),
};
