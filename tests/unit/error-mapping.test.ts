import { describe, expect, it } from "vitest";
import { ApiError, ERROR_STATUS } from "@/lib/errors/api-error";
import { isDatabaseUnavailable, toApiError } from "@/lib/api/respond";
import { errorBody } from "@/lib/errors/error-body";
import { describeError } from "@/lib/log/describe-error";

describe("error mapping", () => {
  it("a 500 never echoes the real message, SQL or stack", () => {
    const cause = Object.assign(new Error('relation "leads" does not exist'), { code: "42P01" });
    const error = new Error("Failed query: select * from leads where key_hash = $1\nparams: abc123", { cause });
    const mapped = toApiError(error, "req_1");
    expect(mapped.code).toBe("internal_error");
    const body = JSON.stringify(errorBody(mapped, "req_1"));
    expect(body).not.toMatch(/select|leads|abc123|42P01|at .*\.ts/);
    expect(describeError(error)).toBe('42P01: relation "leads" does not exist');
  });

  it("connection failures are 503 service_unavailable", () => {
    for (const code of ["ECONNREFUSED", "CONNECTION_CLOSED", "CONNECT_TIMEOUT", "57P01"]) {
      const error = new Error("Failed query", { cause: Object.assign(new Error("down"), { code }) });
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(toApiError(error, "req_1").code).toBe("service_unavailable");
    }
  });

  it("every code has its status, and ApiError keeps details", () => {
    const error = new ApiError("validation_error", "bad", [{ path: "name", message: "Required" }]);
    expect(error.status).toBe(400);
    expect(errorBody(error, "req_2")).toEqual({
      error: {
        code: "validation_error",
        message: "bad",
        details: [{ path: "name", message: "Required" }],
        requestId: "req_2",
      },
    });
    expect(Object.values(ERROR_STATUS).every((s) => s >= 400 && s < 600)).toBe(true);
  });
});
