// The one error shape of the API, shared by the server and the client. The answers' shapes are the routes' response
// schemas (docs/decisions/060); the client reads them through ApiAnswer (src/client/lib/api-types.ts).

/** Every error the API sends has this shape (one error model, docs/conventions.md). */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}
