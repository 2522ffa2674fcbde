// The code that patches a changed board (board-patch.ts), fetched once, with the first change: the first load does not
// need it (R41's 90 KB on a real day, docs/decisions/109). For the app's board and the phone's live board alike.
let boardPatch: typeof import('./board-patch') | undefined;
let loading: Promise<typeof import('./board-patch')> | undefined;

export const loadBoardPatch = () => (loading ??= import('./board-patch').then((module) => (boardPatch = module)));
/** That code, if it has come. */
export const boardPatchLoaded = () => boardPatch;
