// Its own file so that the restore command can tell a start's setup row from a user's without loading the setup page's
// code (the common-password list among it).
/** The `verification.identifier` of setup tokens (better-auth's own rows name an e-mail or a reset/verify purpose). */
export const SETUP_IDENTIFIER = 'first-run-setup';
