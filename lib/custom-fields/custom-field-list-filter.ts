import { ApiError } from "@/lib/errors/api-error";
import type { CustomFieldFilter } from "@/lib/schemas/custom-fields";

// The web UI's list filter by one custom field: `?cfKey=stage&cfValue=hot` in the page's URL
// (a field chosen from a select, then its value), the API's `cf[stage]=hot` for the service.

export interface CustomFieldListFilter {
  /** For the URL and the filter bar's fields. */
  params: { cfKey?: string; cfValue?: string };
  /** For the list service; undefined without a complete filter. */
  cf?: CustomFieldFilter;
}

export function customFieldListFilter(params: Record<string, string | undefined>): CustomFieldListFilter {
  const key = params.cfKey?.trim() || undefined;
  const value = params.cfValue?.trim() || undefined;
  return { params: { cfKey: key, cfValue: value }, cf: key && value ? { [key]: value } : undefined };
}

/** The list, or the reason its custom field filter was refused (a value its type cannot hold,
 * a field deleted since the link was made): the page says so instead of failing. */
export async function withCustomFieldFilterError<T>(load: Promise<T>): Promise<T | { filterError: string }> {
  try {
    return await load;
  } catch (error) {
    const detail = error instanceof ApiError ? error.details?.find((d) => d.path.startsWith("cf[")) : undefined;
    if (detail) return { filterError: detail.message };
    throw error;
  }
}
