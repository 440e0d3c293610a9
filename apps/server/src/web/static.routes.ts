import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync, FastifyReply } from "fastify";

const appsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** A built single-page app served under a base path, with index.html for every path that is not a file. */
interface SpaMount {
  base: string;
  dist: string;
}

export const SPA_MOUNTS: SpaMount[] = [
  { base: "/portal2", dist: path.join(appsDir, "web", "dist") },
  { base: "/checkout", dist: path.join(appsDir, "checkout", "dist") },
];

/**
 * Serves the built dashboard and checkout apps. Hashed assets are cached for a year; index.html never, so a
 * deploy is picked up at once. Missing builds answer 503 with a hint instead of failing start-up.
 */
export const staticRoutes: FastifyPluginAsync = async (app) => {
  await app.register(fastifyStatic, { root: appsDir, serve: false });

  const send = (reply: FastifyReply, mount: SpaMount, rest: string) => {
    const clean = path.normalize(`/${rest}`).slice(1);
    const file = path.join(mount.dist, clean);
    if (clean && file.startsWith(mount.dist) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      const immutable = clean.startsWith("assets/");
      return reply
        .header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache")
        .sendFile(path.relative(appsDir, file));
    }
    if (!fs.existsSync(path.join(mount.dist, "index.html"))) {
      return reply
        .code(503)
        .type("text/plain")
        .send(`This app is not built yet: run \`npm run build\` (missing ${mount.dist}).`);
    }
    return reply
      .header("cache-control", "no-cache")
      .sendFile(path.relative(appsDir, path.join(mount.dist, "index.html")));
  };

  for (const mount of SPA_MOUNTS) {
    app.get(mount.base, { config: { public: true }, schema: { hide: true } }, (_req, reply) =>
      reply.redirect(`${mount.base}/`),
    );
    app.get<{ Params: { "*": string } }>(
      `${mount.base}/*`,
      { config: { public: true }, schema: { hide: true } },
      (req, reply) => send(reply, mount, req.params["*"]),
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
