// The e2e servers: one production server per Playwright worker, each on its own embedded database
// (its own demo agency, outbox, sign-in throttle and in-memory rate limit), and each worker's tests
// go only to its own server. So a worker's tests meet the app as one user's machine does, one
// test at a time, as when a single worker ran them all, and two workers share nothing but the
// machine (and the persisted secrets under .data/, which every process on a machine shares).
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3200);
/** Two: a browser and a server for each of this machine's two cores. */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

export const e2eServerUrl = (workerIndex: number) => `http://127.0.0.1:${E2E_PORT + workerIndex}`;
