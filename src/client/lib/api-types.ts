// The API's answers as the client sees them, read from the server's route declarations (docs/decisions/060): types only,
// so nothing of the server (nor zod) reaches the bundle. A field renamed or retyped in a route's response schema is a type
// error in every client file that reads it.
import type { ApiSchema } from '../../server/api-routes';

/** Every API path, in Hono's `:param` form: '/api/teams/:id'. */
export type ApiPath = ApiSchema extends infer S ? (S extends unknown ? keyof S & string : never) : never;

type Endpoint<P extends ApiPath, M extends string> = ApiSchema extends infer S
  ? S extends Record<P, Record<`$${M}`, infer E>>
    ? E
    : never
  : never;

/** The JSON a route answers with on success (200 or 201): `ApiAnswer<'/api/teams/:id'>`, `ApiAnswer<'/api/teams/:id', 'put'>`. */
export type ApiAnswer<P extends ApiPath, M extends 'get' | 'post' | 'put' | 'patch' | 'delete' = 'get'> =
  Endpoint<P, M> extends infer E ? (E extends { status: 200 | 201; output: infer O } ? O : never) : never;
