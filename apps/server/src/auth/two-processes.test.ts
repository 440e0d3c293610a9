import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CSRF_COOKIE, SESSION_COOKIE } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/databases.ts";
import { fixtures } from "../test/fixtures.ts";

/**
 * Two real server processes over one PostgreSQL database: a session opened on one is honoured, CSRF-checked
 * and ended on the other, so nothing of a session lives in process memory.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface ServerProcess {
  child: ChildProcess;
  base: string;
  output: string[];
}

function startServer(databaseUrl: string, port: number): ServerProcess {
  // One node process per server (tsx as a loader), so killing its pid stops it entirely.
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DEMO_DATA: "false",
      SERVE_WEB: "false",
      LOG_LEVEL: "warn",
      SMTP_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  child.stdout?.on("data", (d) => output.push(String(d)));
  child.stderr?.on("data", (d) => output.push(String(d)));
  return { child, base: `http://127.0.0.1:${port}`, output };
}

async function waitReady(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output.join("")}`);
    try {
      const r = await fetch(`${server.base}/readyz`);
      if (r.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not become ready:\n${server.output.join("")}`);
}

async function stopServer(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGTERM");
  const timer = setTimeout(() => server.child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

// biome-ignore lint/suspicious/noExplicitAny: test answers are checked by expect, field by field.
const json = async (r: Response): Promise<any> => r.json();

/** The cookies a browser would keep from Set-Cookie headers, as one Cookie header. */
function cookieHeader(response: Response): { cookie: string; csrf: string } {
  const jar = new Map<string, string>();
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const [name, ...value] = pair!.split("=");
    jar.set(name!.trim(), value.join("="));
  }
  return {
    cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
    csrf: jar.get(CSRF_COOKIE) ?? "",
  };
}

describe("two server processes share sessions through PostgreSQL [postgres]", () => {
  let test: (TestDatabase & { drop(): Promise<void> }) | undefined;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;

  beforeAll(async () => {
    test = await createTestDatabase("postgres");
    const [portA, portB] = [await freePort(), await freePort()];
    a = startServer(test.url!, portA);
    b = startServer(test.url!, portB);
    await Promise.all([waitReady(a), waitReady(b)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stopServer(a), stopServer(b)]);
    await test?.drop();
  }, 60_000);

  it("signs in on A, continues on B, logs out on B and A refuses the session", async () => {
    const user = await fixtures(test!.database.db).user("Merchant");

    const login = await fetch(`${a!.base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: user.username, password: user.password }),
    });
    expect(login.status).toBe(200);
    const { cookie, csrf } = cookieHeader(login);
    expect(cookie).toContain(`${SESSION_COOKIE}=`);
    expect(csrf).toBe((await json(login)).csrf_token);

    const me = await fetch(`${b!.base}/api/auth/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect((await json(me)).profile.user.id).toBe(user.id);

    const post = (headers: Record<string, string>) =>
      fetch(`${b!.base}/api/auth/change_password`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie, ...headers },
        body: JSON.stringify({ old_password: user.password, new_password: "Moved-Pa55word!" }),
      });
    const forged = await post({});
    expect(forged.status).toBe(403);
    expect((await json(forged)).code).toBe("csrf");
    const changed = await post({ "x-csrf-token": csrf });
    expect(changed.status).toBe(200);

    const logout = await fetch(`${b!.base}/api/auth/logout`, { headers: { cookie } });
    expect(logout.status).toBe(200);
    const after = await fetch(`${a!.base}/api/auth/me`, { headers: { cookie } });
    expect(after.status).toBe(401);
    expect((await json(after)).code).toBe("not_authenticated");
  });
});
