import { z } from "zod";
import type { PermissionName } from "./permissions.ts";

/**
 * One contract for every HTTP route (ADR 0008). A route is declared once, here in packages/domain, as a
 * RouteContract: method, path, who may call it, params, query, body and its answers by status. The server
 * registers its handler from the contract (apps/server/src/http/contract-routes.ts: validation, serialisation,
 * the OpenAPI document and the access rule all come from it); the dashboard and the checkout call it through one
 * typed client that imports the contracts' types only (apps/web/src/api/client.ts, apps/checkout/src/api.ts), so
 * no schema reaches a bundle that does not ask for it.
 */

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Who may call a route: anyone, or a signed-in user with a permission (null: any signed-in user). A list of
 * permissions is any one of them: a route two features share (POST /api/images, the payment links' and the
 * products' images).
 */
export type RouteAccess = { public: true } | { permission: PermissionRule | null };

/** A route's permission: one, or a list of which the caller needs any one. */
export type PermissionRule = PermissionName | readonly PermissionName[];

/** The permissions a rule names. */
export function rulePermissions(rule: PermissionRule): readonly PermissionName[] {
  return typeof rule === "string" ? [rule] : rule;
}

/** Does a caller holding `held` satisfy the rule (one of its permissions)? */
export function satisfiesRule(rule: PermissionRule, held: ReadonlySet<PermissionName>): boolean {
  return rulePermissions(rule).some((p) => held.has(p));
}

export interface RouteContract {
  method: HttpMethod;
  /** Fastify-style path: `/api/transactions/:id`. */
  path: string;
  access: RouteAccess;
  tags: readonly string[];
  summary: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Request headers the route reads (documented and validated; a client sends them as call options). */
  headers?: z.ZodType;
  /** The answers by status code; the 2xx ones are what the client's call resolves to. */
  answers: Readonly<Record<number, z.ZodType>>;
  /** The provider's API answers with and without a trailing slash: the other spelling is a hidden twin. */
  trailingSlash?: boolean;
  /** Left out of the OpenAPI document. */
  hidden?: boolean;
  /** A session with a temporary password may call it (only /me, change_password, logout). */
  allowTempSession?: boolean;
  /**
   * A public API merchant route: the dashboard permission an auth token made from a user's password needs here
   * (keys are merchant-wide). The route stays `public`; apps/server/src/public-api/caller.ts enforces it.
   */
  apiPermission?: PermissionName;
}

/** Declares a route; keeps its literal types so the server and the clients infer everything from it. */
export function route<const C extends RouteContract>(contract: C): C {
  return contract;
}

/** A feature's routes by name. */
export type ContractGroup = Readonly<Record<string, RouteContract>>;

// ---------------------------------------------------------------------------------------------- shared shapes

/**
 * The dashboard's and checkout's one error shape: {detail, code, fields}. `detail` is English; clients translate
 * by `code`; `fields` maps a field to its messages. (The public API keeps the provider's shapes:
 * apps/server/src/public-api/http.ts.)
 */
export const errorResponseSchema = z.object({
  detail: z.string(),
  code: z.string().optional(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** The one code of a request whose params, query or body do not match its contract. */
export const VALIDATION_ERROR_CODE = "validation";

/** Every list answers {count, page, page_size, results}; page is 1-based. */
export function listAnswer<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    results: z.array(item),
  });
}
export interface ListAnswer<T> {
  count: number;
  page: number;
  page_size: number;
  results: T[];
}

/** The denials every signed-in route may answer. */
export const signedInErrors = { 401: errorResponseSchema, 403: errorResponseSchema } as const;

// ---------------------------------------------------------------------------------------------- inferred types

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type SuccessStatus = 200 | 201 | 202 | 204;

/** What a successful call answers: the union of the contract's 2xx answers. */
export type AnswerOf<C extends RouteContract> = {
  [K in keyof C["answers"]]: K extends SuccessStatus ? Out<C["answers"][K]> : never;
}[keyof C["answers"]];

/** The params, query and body a handler receives (after parsing and defaults). */
export interface RequestOf<C extends RouteContract> {
  Params: Out<C["params"]>;
  Querystring: Out<C["query"]>;
  Body: Out<C["body"]>;
}

type Field<Name extends string, T> = T extends z.ZodType
  ? undefined extends z.input<T>
    ? { [K in Name]?: z.input<T> }
    : { [K in Name]: z.input<T> }
  : { [K in Name]?: never };

/** What a client passes to call the route: params, query and body as the contract takes them. */
export type CallInput<C extends RouteContract> = Field<"params", C["params"]> &
  Field<"query", C["query"]> &
  Field<"body", C["body"]>;

/** The routes of some groups by their `METHOD /path` key: what the typed clients call. */
export type RouteTable<Groups extends Record<string, ContractGroup>> = UnionToTable<Flatten<Groups>>;

type Flatten<Groups extends Record<string, ContractGroup>> = {
  [G in keyof Groups]: { [N in keyof Groups[G]]: Groups[G][N] }[keyof Groups[G]];
}[keyof Groups];

type UnionToTable<C> = {
  [K in C extends RouteContract ? `${C["method"]} ${C["path"]}` : never]: Extract<
    C,
    {
      method: K extends `${infer M} ${string}` ? M : never;
      path: K extends `${string} ${infer P}` ? P : never;
    }
  >;
};
