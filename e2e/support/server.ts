import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/** Starts the real server (tsx apps/server/src/main.ts) and waits until it is ready. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "portal-e2e-"));
  const url = `http://localhost:${port}`;
  let log = "";
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: "warn",
      // The journeys' callback receivers listen on 127.0.0.1.
      CALLBACK_ALLOW_PRIVATE_NETWORKS: "true",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => {
    log += d;
  });
  child.stderr?.on("data", (d) => {
    log += d;
  });
  // Seeding the demo takes longer on a loaded machine: E2E_SERVER_READY_MS gives it more (docs/e2e.md).
  const deadline = Date.now() + (Number(process.env.E2E_SERVER_READY_MS) || 170_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${log}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok && log.includes("Portal is running")) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become ready:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    dataDir,
    process: child,
    output: () => log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
    },
  };
}
