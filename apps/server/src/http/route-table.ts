import type { FastifyContextConfig, FastifyInstance, FastifySchema } from "fastify";

/** One registered route as the server sees it: for the contract, permission and tenant tests. */
export interface RouteEntry {
  method: string;
  url: string;
  config: FastifyContextConfig;
  /** Left out of the OpenAPI document (trailing-slash twins, static files). */
  hidden: boolean;
  /** The route's schema as declared (zod params, querystring, body): for the hostile-input corpus. */
  schema: FastifySchema | undefined;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route of the app, in the order registered (HEAD twins of GET routes left out). */
    routeTable: RouteEntry[];
  }
}

/** Records every route registered after it (call it on the root instance before any route). */
export function installRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate("routeTable", table);
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === "HEAD") continue;
      table.push({
        method,
        url: route.url,
        config: route.config ?? {},
        hidden: Boolean((route.schema as { hide?: boolean } | undefined)?.hide),
        schema: route.schema,
      });
    }
  });
}
