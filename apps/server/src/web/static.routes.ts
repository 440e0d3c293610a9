import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { checkoutFrameOrigins } from "../checkout/frame-origins.ts";
import { checkoutCsp } from "../security/headers.ts";

const appsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** A built single-page app served under a base path, with index.html for every path that is not a file. */
export interface SpaMount {
  base: string;
  dist: string;
  /** The checkout's index.html may be framed by the origins the payment's integration allows. */
  checkout?: boolean;
}

/**
 * The build folders, `dist` inside each app. PORTAL_DIST names another folder inside the apps (for example
 * `dist-settings`), so that several builds of one working tree can be tested side by side (docs/e2e.md).
 */
const distName = /^dist(-[a-z0-9-]+)?$/.test(process.env.PORTAL_DIST ?? "")
  ? String(process.env.PORTAL_DIST)
  : "dist";

export const SPA_MOUNTS: SpaMount[] = [
  { base: "/portal2", dist: path.join(appsDir, "web", distName) },
  { base: "/checkout", dist: path.join(appsDir, "checkout", distName), checkout: true },
];

/**
 * Serves the built dashboard and checkout apps. Hashed assets are cached for a year; index.html never, so a
 * deploy is picked up at once. Missing builds answer 503 with a hint instead of failing start-up.
 */
export const staticRoutes: FastifyPluginAsync<{ mounts?: SpaMount[] }> = async (app, opts) => {
  const mounts = opts.mounts ?? SPA_MOUNTS;
  const root = opts.mounts ? "/" : appsDir;
  // cacheControl: false, or @fastify/static replaces our Cache-Control with its "public, max-age=0".
  await app.register(fastifyStatic, { root, serve: false, cacheControl: false });

  const send = async (request: FastifyRequest, reply: FastifyReply, mount: SpaMount, rest: string) => {
    const clean = path.normalize(`/${rest}`).slice(1);
    const file = path.join(mount.dist, clean);
    if (clean && file.startsWith(mount.dist) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      const immutable = clean.startsWith("assets/");
      return reply
        .header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache")
        .sendFile(path.relative(root, file));
    }
    if (!fs.existsSync(path.join(mount.dist, "index.html"))) {
      return reply
        .code(503)
        .type("text/plain")
        .send(`This app is not built yet: run \`npm run build\` (missing ${mount.dist}).`);
    }
    if (mount.checkout)
      reply.header(
        "content-security-policy",
        checkoutCsp(await checkoutFrameOrigins(app.payments, request.query)),
      );
    return reply
      .header("cache-control", "no-cache")
      .sendFile(path.relative(root, path.join(mount.dist, "index.html")));
  };

  for (const mount of mounts) {
    app.get(mount.base, { config: { public: true }, schema: { hide: true } }, (_req, reply) =>
      reply.redirect(`${mount.base}/`),
    );
    app.get<{ Params: { "*": string } }>(
      `${mount.base}/*`,
      { config: { public: true }, schema: { hide: true } },
      (req, reply) => send(req, reply, mount, req.params["*"]),
    );
  }
  app.get("/", { config: { public: true }, schema: { hide: true } }, (_req, reply) =>
    reply.redirect("/portal2/"),
  );
  // The spec's top-level delivery page lives in the dashboard app, which adds the remembered language.
  app.get("/delivery", { config: { public: true }, schema: { hide: true } }, (_req, reply) =>
    reply.redirect("/portal2/delivery"),
  );
};
