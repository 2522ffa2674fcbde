// The tests across server processes (R4): two `npm start` processes on one fresh PostgreSQL database for the file, and
// a sign-in through one of them answering the Cookie header a browser would send afterwards.
import { afterAll, beforeAll, expect } from 'vitest';
import { openTestDatabase, type TestDatabase } from './database';
import { startServer, stopServer, type ServerProcess } from './server-process';
import { TEST_PASSWORD } from './test-app';

export interface ServerPair {
  database: TestDatabase;
  a: ServerProcess;
  b: ServerProcess;
}

/** Starts the pair before the file's tests (read its fields inside them) and stops it after. */
export function useServerPair(timeoutMs = 120_000): ServerPair {
  const pair = {} as ServerPair;
  beforeAll(async () => {
    pair.database = await openTestDatabase();
    [pair.a, pair.b] = await Promise.all([
      startServer({ DATABASE_URL: pair.database.url! }),
      startServer({ DATABASE_URL: pair.database.url! }),
    ]);
  }, timeoutMs);
  afterAll(async () => {
    await Promise.all([stopServer(pair.a), stopServer(pair.b)]);
    await pair.database?.close();
  });
  return pair;
}

export async function signInAt(server: ServerProcess, email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
