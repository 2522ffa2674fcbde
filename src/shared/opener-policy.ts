// Its own module: the router imports it into every first load, without the list of pages (client-paths.ts).
import { BOARD_PATH } from './board-path';

/**
 * The one document served without Cross-Origin-Opener-Policy (docs/decisions/134): the public live board, the page most
 * people open on the day, on a phone. The header would put it in a browsing context group of its own, a longer start on
 * a phone for a page that holds nothing of anyone's. The app leaves this document by a page load for any other page
 * (client/router), so every other page still runs in a document with the header.
 */
export const WITHOUT_OPENER_POLICY = BOARD_PATH;
