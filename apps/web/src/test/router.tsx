import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import type { ReactNode } from "react";

/**
 * A small route tree with the ids the list kit knows (useTableSearch's TableRoute) and the transaction details
 * route the rows link to, in memory, so a component test can read and change the URL's table state.
 */
export function memoryRouter(ui: () => ReactNode, initial = "/en/transactions") {
  const root = createRootRoute({ component: Outlet });
  const lang = createRoute({ getParentRoute: () => root, path: "{-$lang}" });
  // "app" is the signed-in layout: a route without a path of its own, as in routes/router.tsx.
  const app = createRoute({ getParentRoute: () => lang, id: "app" });
  const search = (s: Record<string, unknown>) => s;
  const list = (path: string) =>
    createRoute({ getParentRoute: () => app, path, validateSearch: search, component: () => <>{ui()}</> });
  const details = createRoute({
    getParentRoute: () => app,
    path: "transactions/$id",
    component: () => <p data-testid="details-route">details</p>,
  });
  const tree = root.addChildren([
    lang.addChildren([
      app.addChildren([list("transactions"), list("orders"), list("payment-integrations"), details]),
    ]),
  ]);
  const history = createMemoryHistory({ initialEntries: [initial] });
  const router = createRouter({ routeTree: tree, history });
  return { router, history, element: <RouterProvider router={router as never} /> };
}
