import { testHelpersApi, testHelpersPublicApi } from "@portal/domain/api/test-helpers";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { requireMerchantId } from "../auth/auth.hook.ts";
import { implement } from "../http/contract-routes.ts";
import { fieldError, PaymentError } from "../payments/errors.ts";
import { authenticateMerchant, type MerchantCaller } from "../public-api/caller.ts";
import {
  advanceTestClock,
  readTestClock,
  resetTestClock,
  setTestClock,
  TestClockError,
  type TestClockState,
} from "../test-clock/clock.ts";
import { completeIntention, completePaymentKey } from "./complete.service.ts";
import { cancelTestDelivery, listTestDeliveries, replayTestDelivery } from "./deliveries.service.ts";
import {
  type ArmedFault,
  armedFaults,
  armFault,
  defaultFaultBody,
  MAX_FAULTS_PER_MERCHANT,
  parseRouteName,
  routeKey,
} from "./faults.ts";

export const TEST_KEY_ONLY =
  "The test helpers take your test secret key only (Authorization: Token <test secret key>).";
export const TEST_MODE_ONLY =
  "The test helpers work in test mode only: use your test secret key, not the live one.";

/** The merchant of a call made with its test secret key; 403 in the provider's shape for anything else. */
async function testCaller(request: FastifyRequest): Promise<MerchantCaller> {
  const rt = request.server.payments;
  const caller = await authenticateMerchant(rt.db, request, rt.now());
  if (caller.via !== "secret_key") throw new PaymentError(403, { detail: TEST_KEY_ONLY });
  if (caller.isLive !== false) throw new PaymentError(403, { detail: TEST_MODE_ONLY });
  return caller;
}

/** Whether a public route may be faulted: a merchant route of the public API, not a helper itself. */
function faultable(request: FastifyRequest, key: string): boolean {
  return request.server.routeTable.some(
    (r) =>
      r.config.apiPermission !== undefined &&
      !r.url.startsWith("/v1/test/") &&
      routeKey(r.method, r.url) === key,
  );
}

function faultObject(f: ArmedFault) {
  return { route: f.route, status: f.status, body: f.body, armed_at: f.armedAt.toISOString() };
}

/**
 * The test helpers of the public API (docs/payments.md "Test helpers"), in the public API's scope (its error
 * shapes and its authentication before the body).
 */
export const testHelperPublicRoutes: FastifyPluginAsync = async (app) => {
  const rt = app.payments;

  implement(app, testHelpersPublicApi.completeIntention, async (request) => {
    const caller = await testCaller(request);
    const b = request.body;
    return completeIntention(rt, caller.merchantId, request.params.client_secret, b.scenario, {
      integration: b.integration,
      settleAfterSeconds: b.settle_after_seconds,
    });
  });

  implement(app, testHelpersPublicApi.completePaymentKey, async (request) => {
    const caller = await testCaller(request);
    const b = request.body;
    return completePaymentKey(rt, caller.merchantId, b.payment_token, b.scenario, b.settle_after_seconds);
  });

  implement(app, testHelpersPublicApi.deliveries, async (request) => {
    const caller = await testCaller(request);
    return listTestDeliveries(rt, caller.merchantId, request.query.limit ?? 20);
  });

  implement(app, testHelpersPublicApi.replay, async (request) => {
    const caller = await testCaller(request);
    return replayTestDelivery(rt, caller.merchantId, request.params.id);
  });

  implement(app, testHelpersPublicApi.cancel, async (request) => {
    const caller = await testCaller(request);
    return cancelTestDelivery(rt, caller.merchantId, request.params.id);
  });

  implement(app, testHelpersPublicApi.faults, async (request) => {
    const caller = await testCaller(request);
    return { results: armedFaults(caller.merchantId).map(faultObject) };
  });

  implement(app, testHelpersPublicApi.armFault, async (request, reply) => {
    const caller = await testCaller(request);
    const key = parseRouteName(request.body.route);
    if (!key || !faultable(request, key))
      throw fieldError(
        "route",
        'Name a public API route as METHOD and path, for example "POST /v1/intention/".',
      );
    const fault: ArmedFault = {
      route: key,
      status: request.body.status,
      body: request.body.body ?? defaultFaultBody(request.body.status),
      armedAt: new Date(),
    };
    if (!armFault(caller.merchantId, fault))
      throw fieldError("route", `At most ${MAX_FAULTS_PER_MERCHANT} routes can have a fault armed at once.`);
    return reply.code(201).send(faultObject(fault));
  });

  // The test clock, as the Developers page moves it (test-clock/clock.ts).
  const BY = "test helpers (test secret key)";
  implement(app, testHelpersPublicApi.clock, async (request) => {
    const caller = await testCaller(request);
    const real = new Date();
    return clockObject(await readTestClock(rt.db, caller.merchantId, real), real);
  });

  implement(app, testHelpersPublicApi.advanceClock, async (request) => {
    const caller = await testCaller(request);
    const real = new Date();
    const ms = request.body.seconds * 1000;
    return clockMove(() => advanceTestClock(rt.db, caller.merchantId, ms, BY, real), real);
  });

  implement(app, testHelpersPublicApi.setClock, async (request) => {
    const caller = await testCaller(request);
    const real = new Date();
    const instant = new Date(request.body.now);
    return clockMove(() => setTestClock(rt.db, caller.merchantId, instant, BY, real), real);
  });

  implement(app, testHelpersPublicApi.resetClock, async (request) => {
    const caller = await testCaller(request);
    const real = new Date();
    return clockMove(() => resetTestClock(rt.db, caller.merchantId, BY, real), real);
  });
};

function clockObject(state: TestClockState, real: Date) {
  return {
    now: state.now.toISOString(),
    real_now: real.toISOString(),
    offset_ms: state.offset_ms,
    moved: state.moved,
    updated_at: state.updated_at ? new Date(state.updated_at).toISOString() : null,
  };
}

/** Runs a clock move, answering the clock's refusals as the provider's 400 {detail}. */
async function clockMove(move: () => Promise<{ state: TestClockState }>, real: Date) {
  try {
    return clockObject((await move()).state, real);
  } catch (error) {
    if (error instanceof TestClockError) throw new PaymentError(400, { detail: error.message });
    throw error;
  }
}

/** The Developers page's deliveries (dashboard session; always test mode). */
export const testHelperRoutes: FastifyPluginAsync = async (app) => {
  const rt = app.payments;

  implement(app, testHelpersApi.deliveries, async (request) =>
    listTestDeliveries(rt, requireMerchantId(request), 20),
  );

  implement(app, testHelpersApi.replay, async (request) =>
    replayTestDelivery(rt, requireMerchantId(request), request.params.id),
  );

  implement(app, testHelpersApi.cancel, async (request) =>
    cancelTestDelivery(rt, requireMerchantId(request), request.params.id),
  );
};
