// Shapes the API answers with, shared by the server and the client.
import type { Role } from './roles';

/** Every error the API sends has this shape (one error model, STYLE.md). */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export interface Me {
  user: { id: string; email: string; role: Role; emailVerified: boolean };
  profile: { firstName: string; lastName: string; company: string };
}
