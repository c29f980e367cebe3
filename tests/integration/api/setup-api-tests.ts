import { beforeAll } from "vitest";
import { TEST_REDIS_URL, useRateLimitEnv as selectRateLimitEnv } from "../../helpers/rate-limit-env";

// API tests count requests in the real local Redis (through the REDIS_URL store).
export function limitThroughRealRedis() {
  beforeAll(async () => {
    await selectRateLimitEnv({ REDIS_URL: TEST_REDIS_URL });
  });
}
