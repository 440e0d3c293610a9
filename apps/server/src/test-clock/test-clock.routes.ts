import { testClockApi as api, type TestClock } from "@portal/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireMerchantId, requireUser } from "../auth/auth.hook.ts";
import { implement } from "../http/contract-routes.ts";
import { HttpError } from "../http/errors.ts";
import {
  advanceTestClock,
  loadTestClocks,
  readTestClock,
  resetTestClock,
  setTestClock,
  TestClockError,
  type TestClockState,
} from "./clock.ts";
import "./due-work.ts";

/** The answer of every test clock route. */
export function testClockView(state: TestClockState, real: Date): TestClock {
  return {
    now: state.now.toISOString(),
    real_now: real.toISOString(),
    offset_ms: state.offset_ms,
    moved: state.moved,
    updated_at: state.updated_at?.toISOString() ?? null,
  };
}

/** A refused move as the API answers it (400 with the model's message). */
export function testClockHttpError(err: unknown): unknown {
  if (err instanceof TestClockError) return new HttpError(400, err.code, err.message);
  return err;
}

/**
 * The merchant's test clock on the dashboard (Developers page): read, advance, set, reset. Merchant-scoped by the
 * signed-in user's merchant; test mode only by construction (the clock never touches live mode). Loads every
 * database's clocks into memory when the server is ready (test-clock/clock.ts).
 */
export async function installTestClock(app: FastifyInstance): Promise<void> {
  const rt = app.payments;
  app.addHook("onReady", async () => {
    // A database without the table (the OpenAPI writer's, unmigrated) leaves the clocks unloaded: reads then go
    // to the row, as through a transaction.
    await loadTestClocks(rt.db).catch((error: unknown) =>
      app.log.warn({ err: error }, "test clocks not loaded"),
    );
  });

  const actor = (request: FastifyRequest) => {
    const user = requireUser(request);
    return { merchantId: requireMerchantId(request), by: String(user.id) };
  };

  implement(app, api.get, async (request) => {
    const { merchantId } = actor(request);
    const real = rt.now();
    return testClockView(await readTestClock(rt.db, merchantId, real), real);
  });

  implement(app, api.advance, async (request) => {
    const { merchantId, by } = actor(request);
    const real = rt.now();
    try {
      const move = await advanceTestClock(rt.db, merchantId, request.body.seconds * 1000, by, real);
      return testClockView(move.state, real);
    } catch (err) {
      throw testClockHttpError(err);
    }
  });

  implement(app, api.set, async (request) => {
    const { merchantId, by } = actor(request);
    const real = rt.now();
    try {
      const move = await setTestClock(rt.db, merchantId, new Date(request.body.now), by, real);
      return testClockView(move.state, real);
    } catch (err) {
      throw testClockHttpError(err);
    }
  });

  implement(app, api.reset, async (request) => {
    const { merchantId, by } = actor(request);
    const real = rt.now();
    return testClockView((await resetTestClock(rt.db, merchantId, by, real)).state, real);
  });
}
