// The public live board's address, in one place: the server renders its document (server-render.ts), serves it without
// the opener policy (opener-policy.ts), and the phone's island serves only the document rendered for it (island-gate.ts).
export const BOARD_PATH = '/leaderboard';
