/** Escapes LIKE wildcards so a search term is always a plain substring. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
