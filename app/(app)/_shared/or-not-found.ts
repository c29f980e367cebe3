import { notFound } from "next/navigation";
import { ApiError } from "@/lib/errors/api-error";

/** A page's main lookup: the service's not_found (a missing id, a deleted lead, another
 * account's id) becomes the 404 page; anything else goes to the error boundary. */
export async function orNotFound<T>(lookup: Promise<T>): Promise<T> {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  }
}
