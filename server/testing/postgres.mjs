// Tests' own PostgreSQL databases: one per test file and run (t29_…), dropped afterwards.
import { randomBytes } from "node:crypto";
import pg from "pg";

/** The server the tests use: the local one (.ci/run starts it), or TEST_POSTGRES_URL. */
export const ADMIN_URL = process.env.TEST_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres";

async function admin(statement) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new, empty database: its URL, and drop() (which ends the connections still open to it). */
export async function createTestDatabase(prefix = "t29") {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
  // The name is made here of [a-z0-9_] only: an identifier cannot be a bind parameter.
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}
