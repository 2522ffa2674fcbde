// Row ids are UUIDs (schema.ts `uuid().defaultRandom()`). Zod's `z.uuid()` checks them in request schemas; this is the same
// test for text that arrives outside a schema: a session's metadata, a page's query string.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);
