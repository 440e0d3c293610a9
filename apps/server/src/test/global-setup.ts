import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { POSTGRES_TEMPLATE_PREFIX, TEST_PG_URL, type TemplateRun } from "./database-templates.ts";

/**
 * The server project's global setup: gives the run an id and a private folder for its migrated templates
 * (database-templates.ts). It migrates nothing itself: the first suite that needs a kind of database does, so a
 * run of one file costs no more than before. The teardown removes the folder and drops the run's PostgreSQL
 * template; templates and folders of runs whose process has gone (killed before their teardown) go here too.
 */
export default async function setup(project: TestProject) {
  const run: TemplateRun = {
    runId: `${process.pid}x${randomBytes(3).toString("hex")}`,
    dir: fs.mkdtempSync(path.join(os.tmpdir(), `${DIR_PREFIX}${process.pid}-`)),
  };
  project.provide("testDatabaseTemplates", run);
  removeStaleFolders();
  await dropTemplates((pid) => pid !== process.pid && !alive(pid));
  return async () => {
    fs.rmSync(run.dir, { recursive: true, force: true });
    await dropTemplates((_pid, runId) => runId === run.runId);
  };
}

const DIR_PREFIX = "portal-test-templates-";

/** Removes the template folders of runs whose process has gone (killed before their teardown). */
function removeStaleFolders(): void {
  for (const name of fs.readdirSync(os.tmpdir())) {
    const pid = new RegExp(`^${DIR_PREFIX}(\\d+)-`).exec(name)?.[1];
    if (pid && Number(pid) !== process.pid && !alive(Number(pid))) {
      fs.rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
    }
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Drops the PostgreSQL templates whose run matches; does nothing when PostgreSQL is not there. */
async function dropTemplates(match: (pid: number, runId: string) => boolean): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  try {
    await admin.connect();
  } catch {
    return; // no PostgreSQL: the suites that need it say so themselves
  }
  try {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where starts_with(datname, $1)",
      [POSTGRES_TEMPLATE_PREFIX],
    );
    for (const { datname } of rows) {
      const runId = /^portal_test_tpl_[0-9a-f]+_((\d+)x[0-9a-f]+)(_b)?$/.exec(datname);
      if (!runId?.[1] || !runId[2] || !match(Number(runId[2]), runId[1])) continue;
      await admin.query(`drop database if exists ${datname} with (force)`);
    }
  } finally {
    await admin.end();
  }
}
