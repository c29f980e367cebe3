// What a request body may be, beyond its schema: read by the API's parser (lib/api/parse-input.ts)
// and written in the API's document (lib/openapi/error-catalogue.ts).

/** Objects and arrays inside one another, at most. The deepest body any operation takes nests 5
 * levels (a batch item's custom field list); 100 KB of brackets nests 50,000. */
export const MAX_JSON_DEPTH = 32;
