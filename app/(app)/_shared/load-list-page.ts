import { ApiError } from "@/lib/errors/api-error";
import type { Page } from "@/lib/pagination/keyset";

/** A list page's query. A cursor from an old link (other filters, edited by hand) is not an
 * error page: the page says so and offers the first page. */
export async function loadListPage<T>(load: Promise<Page<T>>): Promise<Page<T> | "invalid_cursor"> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ApiError && error.code === "invalid_cursor") return "invalid_cursor";
    throw error;
  }
}
