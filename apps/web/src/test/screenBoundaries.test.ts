import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * A screen folder (src/screens/<name>/) is private to its screen (direction.md principle 12): shared pieces live
 * in src/components/ (the list kit in components/list/, the analytics pieces in components/analytics/), src/lib/,
 * src/i18n/ or a feature folder such as src/exports/. Only the router reaches into a screen folder, and only to
 * load a screen's page lazily (`import("../screens/x/XPage.tsx")`).
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ROUTER = "routes/router.tsx";

/** The screen folder a path (relative to src/) belongs to, or null: "screens/orders/OrdersPage.tsx" is "orders". */
export function screenFolderOf(relPath: string): string | null {
  const match = /^screens\/([^/]+)\//.exec(relPath.split(path.sep).join("/"));
  return match ? (match[1] as string) : null;
}

interface Import {
  specifier: string;
  dynamic: boolean;
}

/** Every relative module a source names: import/export ... from "x", import "x", import("x"). */
export function importsOf(source: string): Import[] {
  const out: Import[] = [];
  const re = /(?:\bfrom\s*|\bimport\s*)(\(\s*)?["'](\.{1,2}\/[^"']+)["']/g;
  for (const m of source.matchAll(re)) out.push({ specifier: m[2] as string, dynamic: Boolean(m[1]) });
  return out;
}

/** The imports of one file (relative to src/) that reach into another screen's folder. */
export function crossings(relFile: string, source: string): string[] {
  const own = screenFolderOf(relFile);
  const bad: string[] = [];
  for (const { specifier, dynamic } of importsOf(source)) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(relFile), specifier));
    const folder = screenFolderOf(target);
    if (folder === null || folder === own) continue;
    if (relFile === ROUTER && dynamic) continue;
    bad.push(`${relFile} imports ${target}`);
  }
  return bad;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe("screen folders are private to their screen", () => {
  it("no file outside a screen folder imports from it (the router only loads pages lazily)", () => {
    const self = fileURLToPath(import.meta.url);
    const files = sourceFiles(SRC).filter((file) => file !== self);
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) => {
      const rel = path.relative(SRC, file).split(path.sep).join("/");
      return crossings(rel, fs.readFileSync(file, "utf8"));
    });
    expect(found).toEqual([]);
  });

  it("catches what the list kit's old home allowed", () => {
    expect(
      crossings(
        "api/orders.api.ts",
        'import { ORDER_FILTERS } from "../screens/transactions/tableSearch.ts";',
      ),
    ).toEqual(["api/orders.api.ts imports screens/transactions/tableSearch.ts"]);
    expect(
      crossings(
        "screens/orders/OrdersPage.tsx",
        'import type { ColumnMeta } from "../transactions/DataTable.tsx";',
      ),
    ).toEqual(["screens/orders/OrdersPage.tsx imports screens/transactions/DataTable.tsx"]);
    expect(
      crossings(
        "routes/router.tsx",
        'import { parseTableSearch } from "../screens/transactions/tableSearch.ts";',
      ),
    ).toHaveLength(1);
    expect(
      crossings("screens/reports/ReportsScreen.tsx", 'export { Figures } from "../home/Figures.tsx";'),
    ).toHaveLength(1);
  });

  it("allows a screen's own files, shared folders and the router's lazy pages", () => {
    expect(
      crossings("screens/transactions/TransactionsPage.tsx", 'import { x } from "./TotalsHeader.tsx";'),
    ).toEqual([]);
    expect(
      crossings(
        "screens/orders/OrdersPage.tsx",
        'import { ListScreen } from "../../components/list/ListScreen.tsx";',
      ),
    ).toEqual([]);
    expect(
      crossings("routes/router.tsx", 'lazyRouteComponent(() => import("../screens/orders/OrdersPage.tsx"))'),
    ).toEqual([]);
    expect(
      crossings("layouts/DashboardLayout.tsx", 'import NoPermission from "../screens/NoPermission.tsx";'),
    ).toEqual([]);
  });
});
