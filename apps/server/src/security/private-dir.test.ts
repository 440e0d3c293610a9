import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.ts";
import { loadDataKey } from "./keys.ts";
import { ensurePrivateDir } from "./private-dir.ts";

const modeOf = (dir: string) => fs.statSync(dir).mode & 0o777;

/** Issue 10 follow-up: DATA_DIR and DATA_DIR/db were created 0755; they hold the database and the data key. */
describe("the data folders are the server user's only", () => {
  const made: string[] = [];
  const tempRoot = () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "portal-private-"));
    made.push(root);
    return root;
  };
  afterEach(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("creates DATA_DIR and DATA_DIR/db 0700 for the embedded database", async () => {
    const dataDir = path.join(tempRoot(), "data");
    const database = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(path.join(dataDir, "db"))).toBe(0o700);
    } finally {
      await database.close();
    }
  }, 60_000);

  it("narrows folders an older version made 0755, and the data key's folder", () => {
    const root = tempRoot();
    const dataDir = path.join(root, "data");
    fs.mkdirSync(path.join(dataDir, "db"), { recursive: true, mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    ensurePrivateDir(path.join(dataDir, "db"));
    expect(modeOf(path.join(dataDir, "db"))).toBe(0o700);
    loadDataKey(dataDir, {});
    expect(modeOf(dataDir)).toBe(0o700);
    expect(fs.statSync(path.join(dataDir, "data.key")).mode & 0o777).toBe(0o600);
  });
});
