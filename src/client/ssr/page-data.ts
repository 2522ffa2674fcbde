/** The element of a server-rendered page that carries the data it was rendered with (JSON), for the browser to hydrate. */
export const PAGE_DATA_ID = 'page-data';
/**
 * The attribute of the root element of a server-rendered page naming the address (path and query) it was rendered for. The
 * browser hydrates that markup only on that address: any other document (the service worker's app shell, or a page
 * answered for another address) is rendered afresh.
 */
export const RENDERED_URL_ATTRIBUTE = 'data-rendered-url';
