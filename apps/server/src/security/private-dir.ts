import fs from "node:fs";

/** Folders that hold the database, the data key, demo credentials or exports: the server's own user only. */
export const PRIVATE_DIR_MODE = 0o700;

/**
 * Creates `dir` (and any missing parent) readable by the server's user only, and narrows it if it already exists
 * with a wider mode (an older version made DATA_DIR and DATA_DIR/db 0755).
 */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.chmodSync(dir, PRIVATE_DIR_MODE);
}
