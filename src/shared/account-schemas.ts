// The account forms' rules and messages (spec §5, R6), used by the forms and by the server.
import { z } from './zod';
import { email as emailField, nameText, optionalNameText } from './field-schemas';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const email = emailField();

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const passwordSchema = z
  .string({ error: `Password must be at least ${PASSWORD_MIN} characters` })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

const name = (message: string) => nameText(message);
const company = optionalNameText(200);

export const signUpSchema = z.object({
  firstName: name('First name is required'),
  lastName: name('Last name is required'),
  email,
  company,
  password: passwordSchema,
});
export type SignUpInput = z.input<typeof signUpSchema>;

/** The first-run page (R50): the first admin, with sign-up's own fields and rules (no company: it is the organisation's). */
export const firstAdminSchema = signUpSchema.pick({ firstName: true, lastName: true, email: true, password: true });
export type FirstAdminInput = z.input<typeof firstAdminSchema>;

/** What the first-run page and its API say for an address that is not (or no longer) valid (R50). */
export const SETUP_LINK_TITLE = 'This setup address does not work';
export const SETUP_LINK_WHY = 'It was already used, has expired (a restart prints a new one), or an admin already exists.';
export const SETUP_LINK_INVALID = `${SETUP_LINK_TITLE}. ${SETUP_LINK_WHY}`;

export const profileSchema = z.object({
  firstName: name('First name is required'),
  lastName: name('Last name is required'),
  company,
});
export type ProfileInput = z.input<typeof profileSchema>;

/** 'Forgot password?': the e-mail to send a reset link to (R33). */
export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const INVALID_RESET_LINK = 'This reset link has expired or was already used. Ask for a new one.';

/** The reset page: the link's token and the new password. */
export const resetPasswordSchema = z.object({
  token: z.string({ error: INVALID_RESET_LINK }).min(1, INVALID_RESET_LINK).max(200, INVALID_RESET_LINK),
  newPassword: passwordSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The profile's change form: the current password, then the new one (R33). */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
