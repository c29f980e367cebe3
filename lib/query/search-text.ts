/** A search box's text: trimmed, bounded as the services' `q` is; empty means no search. The
 * list pages and their CSV exports read `q` with this one rule. */
export function searchText(value: string | undefined): string | undefined {
  const text = value?.trim().slice(0, 200);
  return text ? text : undefined;
}
