import { beforeAll } from "vitest";
import { setAppRateLimitEnv, TEST_REDIS_URL } from "../../helpers/rate-limit-env";

// API tests count requests in the real local Redis (through the REDIS_URL store).
export function limitThroughRealRedis() {
  beforeAll(() => {
    setAppRateLimitEnv({ REDIS_URL: TEST_REDIS_URL });
  });
}
