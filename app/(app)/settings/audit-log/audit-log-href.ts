import type { AuditLogFilterParams } from "@/lib/audit/audit-log-filters";
import { hrefWith } from "@/components/ui/cursor-pager";

export const AUDIT_LOG_PATH = "/settings/audit-log";

/** A page of the audit log, or (export) its CSV, under the same filters. */
export function auditLogHref(params: AuditLogFilterParams & { cursor?: string }, { exportCsv = false } = {}): string {
  return hrefWith(exportCsv ? `${AUDIT_LOG_PATH}/export` : AUDIT_LOG_PATH, { ...params });
}
