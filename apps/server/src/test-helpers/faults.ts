import type { FastifyRequest } from "fastify";

/**
 * Forced errors for a merchant's own tests (issue 15 item 4, docs/payments.md "Test helpers"): the next call of a
 * named public route made with the merchant's test secret key answers the chosen status and body, once.
 *
 * They live in this process's memory, keyed by merchant then route: the public API's hook looks them up with one
 * map read (`faultFor`), and only while some merchant has one armed, so the payment path pays nothing for them
 * (no query, and live keys and auth tokens are never looked up at all). The cost of that choice: with several
 * server processes behind one address, a fault is answered by the process that armed it only. Test environments
 * run one process (the sandbox, `npm run dev`, the journeys); a multi-process deployment routes a merchant's test
 * calls to one process or arms the fault where the call will land. A shared table would make every test-mode call
 * pay a query for a rarely used feature.
 */

export interface ArmedFault {
  route: string;
  status: number;
  body: Record<string, unknown>;
  armedAt: Date;
}

/** At most this many routes armed per merchant (a fault per route; arming a route again replaces it). */
export const MAX_FAULTS_PER_MERCHANT = 50;

const armed = new Map<number, Map<string, ArmedFault>>();

/** The key of a route as the helpers name it: "POST /v1/intention" (the trailing slash is optional). */
export function routeKey(method: string, url: string): string {
  const path = url.length > 1 ? url.replace(/\/+$/, "") : url;
  return `${method.toUpperCase()} ${path}`;
}

/** Parses "POST /v1/intention/" into its key; undefined when it is not METHOD and a path. */
export function parseRouteName(name: string): string | undefined {
  const match = /^\s*(GET|POST|PUT|PATCH|DELETE)\s+(\/\S*)\s*$/i.exec(name);
  return match ? routeKey(match[1]!, match[2]!) : undefined;
}

export function armFault(merchantId: number, fault: ArmedFault): boolean {
  let faults = armed.get(merchantId);
  if (!faults) {
    faults = new Map();
    armed.set(merchantId, faults);
  }
  if (!faults.has(fault.route) && faults.size >= MAX_FAULTS_PER_MERCHANT) return false;
  faults.set(fault.route, fault);
  return true;
}

export function armedFaults(merchantId: number): ArmedFault[] {
  return [...(armed.get(merchantId)?.values() ?? [])];
}

/** Takes (and removes) the fault armed for this merchant's call of this route, if any. */
export function takeFault(merchantId: number, route: string): ArmedFault | undefined {
  if (armed.size === 0) return undefined;
  const faults = armed.get(merchantId);
  const fault = faults?.get(route);
  if (!fault) return undefined;
  faults!.delete(route);
  if (faults!.size === 0) armed.delete(merchantId);
  return fault;
}

/** Whether any merchant has a fault armed in this process (the hook's first, cheapest check). */
export function anyFaultArmed(): boolean {
  return armed.size > 0;
}

/** The provider's default answer of a forced status. */
export function defaultFaultBody(status: number): Record<string, unknown> {
  const detail: Record<number, string> = {
    400: "Bad request.",
    401: "Authentication credentials were not provided.",
    403: "You do not have permission to perform this action.",
    404: "Not found.",
    408: "Request timeout.",
    409: "Conflict.",
    422: "Unprocessable entity.",
    429: "Request was throttled.",
    500: "A server error occurred.",
    502: "Bad gateway.",
    503: "Service temporarily unavailable, try again later.",
    504: "Gateway timeout.",
  };
  return { detail: detail[status] ?? "Error." };
}

/**
 * The public API hook's check: the fault armed for this call, taken, when the call was made with a test secret
 * key and some fault is armed in this process; otherwise undefined after one map read.
 */
export function forcedFault(request: FastifyRequest): ArmedFault | undefined {
  if (armed.size === 0) return undefined;
  const caller = request.merchantCaller;
  if (caller?.via !== "secret_key" || caller.isLive !== false) return undefined;
  return takeFault(caller.merchantId, routeKey(request.method, request.routeOptions.url ?? request.url));
}
