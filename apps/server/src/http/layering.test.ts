import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Routes hold no SQL (issue 11): a feature's queries live in its repository (or the statement files of ADR 0007),
 * so a reader finds every query of a feature in one place and every query takes the caller's scope there. This
 * reads every `*.routes.ts` as TypeScript (comments and strings cannot fool it) and fails on a query builder
 * call, a run of one, a raw statement, or a value imported from kysely.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Kysely's ways into a statement, and pg's or PGlite's raw ones (`Database.exec`, `pool.query`). */
const QUERY_CALLS = new Set([
  "selectFrom",
  "selectNoFrom",
  "updateTable",
  "insertInto",
  "replaceInto",
  "deleteFrom",
  "mergeInto",
  "with",
  "withRecursive",
  "execute",
  "executeTakeFirst",
  "executeTakeFirstOrThrow",
  "stream",
  "transaction",
  "connection",
  "exec",
  "query",
]);

/** Where a file holds SQL: `line: what`, empty when it holds none. */
export function queriesIn(fileName: string, text: string): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node, what: string) =>
    found.push(`${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}: ${what}`);
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      QUERY_CALLS.has(node.expression.name.text)
    ) {
      at(node, `.${node.expression.name.text}()`);
    } else if (ts.isTaggedTemplateExpression(node) && /sql/i.test(node.tag.getText(file))) {
      at(node, `${node.tag.getText(file)}\`...\``);
    } else if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      node.moduleSpecifier.text === "kysely"
    ) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const values =
        clause === undefined || clause.isTypeOnly
          ? []
          : [
              ...(clause.name ? [clause.name.text] : []),
              ...(bindings && ts.isNamedImports(bindings)
                ? bindings.elements.filter((e) => !e.isTypeOnly).map((e) => e.name.text)
                : bindings
                  ? [bindings.name.text]
                  : []),
            ];
      if (values.length > 0) at(node, `import { ${values.join(", ")} } from "kysely"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function routeFiles(): string[] {
  return (readdirSync(SRC, { recursive: true }) as string[])
    .filter((f) => f.endsWith(".routes.ts"))
    .map((f) => f.split(path.sep).join("/"))
    .sort();
}

describe("routes hold no SQL", () => {
  it("finds every routes file of the server", () => {
    const files = routeFiles();
    expect(files.length).toBeGreaterThanOrEqual(20);
    expect(files).toEqual(
      expect.arrayContaining([
        "checkout/checkout.routes.ts",
        "exports/exports.routes.ts",
        "health/health.routes.ts",
        "integrations/integrations.routes.ts",
        "integrations/keys.routes.ts",
        "onboarding/onboarding.routes.ts",
        "public-api/legacy.routes.ts",
        "transactions/transactions.routes.ts",
      ]),
    );
  });

  it("no routes file builds, runs or writes a query (they call their feature's repository)", () => {
    const offenders = Object.fromEntries(
      routeFiles()
        .map((f) => [f, queriesIn(f, readFileSync(path.join(SRC, f), "utf8"))] as const)
        .filter(([, found]) => found.length > 0),
    );
    expect(offenders).toEqual({});
  });

  it("recognises the ways a handler could hold SQL", () => {
    const held = (code: string) => queriesIn("x.routes.ts", code);
    expect(held('await db.selectFrom("merchants").selectAll().executeTakeFirstOrThrow();')).toEqual([
      "1: .executeTakeFirstOrThrow()",
      "1: .selectFrom()",
    ]);
    expect(held('await rt.db\n  .updateTable("exports")\n  .set({ state: "x" })\n  .execute();')).toEqual([
      "1: .execute()",
      "1: .updateTable()",
    ]);
    expect(held('db.insertInto("a").values(v); db.deleteFrom("a");')).toEqual([
      "1: .insertInto()",
      "1: .deleteFrom()",
    ]);
    expect(held("await sql`select 1`.execute(db);")).toEqual(["1: .execute()", "1: sql`...`"]);
    expect(held("const q = sql<number>`select 1`;")).toEqual(["1: sql`...`"]);
    expect(held("await sql.raw(text).execute(db);")).toEqual(["1: .execute()"]);
    expect(held("await app.deps.database.exec('select 1');")).toEqual(["1: .exec()"]);
    expect(held("await db.transaction().execute(async (trx) => f(trx));")).toEqual([
      "1: .execute()",
      "1: .transaction()",
    ]);
    expect(held('import { sql, type Kysely } from "kysely";')).toEqual(['1: import { sql } from "kysely"']);
  });

  it("lets handlers call repositories, and mention SQL words in comments, strings and types", () => {
    const held = (code: string) => queriesIn("x.routes.ts", code);
    expect(
      held(
        [
          'import type { Updateable } from "kysely";',
          'import { type Selectable } from "kysely";',
          '// db.selectFrom("x").execute() belongs in the repository',
          "/* sql`select 1` */",
          "const html = String.raw`<b>name</b>`;",
          'const text = "selectFrom updateTable insertInto deleteFrom sql`x` .execute()";',
          "const row = await findIntegration(db, merchantId, id);",
          "const page = request.query.page;",
        ].join("\n"),
      ),
    ).toEqual([]);
  });
});

/**
 * Outside the routes too, a feature's queries are in its repository files (`*.repository.ts`) or the database
 * layer (`db/`: the connection, migrations, ADR 0007's statement helper), so every query of a feature is found in
 * one place. Services may open a database transaction (`db.transaction().execute(fn)`) and hand it to the
 * repository functions. Scope files build query conditions for the repositories but run nothing.
 */
const NOT_FEATURE_CODE = [
  /^db\//,
  /^demo\//,
  /^jobs\//,
  /^openapi\//,
  /^test\//,
  /\.test\.ts$/,
  // Tests' set-up helpers, beside the tests they serve.
  /test-support\.ts$/,
  /test-rows\.ts$/,
];
/** Files that build query conditions (expressions, `sql` fragments) for repositories and run none. */
const CONDITION_FILES = new Set(["transactions/scope.ts", "orders/status-sql.ts"]);
const RUNS = new Set([
  "execute",
  "executeTakeFirst",
  "executeTakeFirstOrThrow",
  "stream",
  "exec",
  "query",
  "connection",
]);

function featureFiles(): string[] {
  return (readdirSync(SRC, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join("/"))
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".repository.ts") && !f.endsWith(".routes.ts"))
    .filter((f) => !NOT_FEATURE_CODE.some((p) => p.test(f)))
    .sort();
}

/** The queries a feature file holds, less the opening of a transaction (`x.transaction().execute(fn)`). */
function featureQueries(f: string, text: string): string[] {
  // `.exec()` and `.query()` are raw statements in routes; elsewhere they are mostly RegExp#exec, and a raw
  // statement outside db/ still needs an execute, a builder or a sql template, which are all counted.
  const found = queriesIn(f, text).filter((line) => !/: \.(exec|query)\(\)$/.test(line));
  const opened = (text.match(/\.transaction\(\)\s*\.execute\(/g) ?? []).length;
  let transactions = opened;
  let executes = opened;
  const rest = found.filter((line) => {
    if (line.endsWith(": .transaction()") && transactions > 0) return transactions-- < 0;
    if (line.endsWith(": .execute()") && executes > 0) return executes-- < 0;
    return true;
  });
  if (!CONDITION_FILES.has(f)) return rest;
  return rest.filter((line) => RUNS.has(line.replace(/^\d+: \.|\(\)$/g, "")));
}

describe("services hold no SQL either", () => {
  it("reads the server's feature files", () => {
    const files = featureFiles();
    expect(files).toEqual(expect.arrayContaining(["payments/card-payment.ts", "auth/auth.service.ts"]));
    expect(files.some((f) => f.endsWith(".repository.ts"))).toBe(false);
  });

  it("no feature file outside the repositories builds or runs a query", () => {
    const offenders = Object.fromEntries(
      featureFiles()
        .map((f) => [f, featureQueries(f, readFileSync(path.join(SRC, f), "utf8"))] as const)
        .filter(([, found]) => found.length > 0),
    );
    expect(offenders).toEqual({});
  });

  it("allows opening a transaction, and building conditions in a scope file", () => {
    expect(
      featureQueries("x.service.ts", "await db.transaction().execute(async (trx) => save(trx, v));"),
    ).toEqual([]);
    expect(featureQueries("x.service.ts", 'await db.selectFrom("a").selectAll().execute();')).toEqual([
      "1: .execute()",
      "1: .selectFrom()",
    ]);
    expect(featureQueries("transactions/scope.ts", "const c = sql`a = 1`;")).toEqual([]);
    expect(featureQueries("transactions/scope.ts", "await sql`select 1`.execute(db);")).toEqual([
      "1: .execute()",
    ]);
  });
});
