/** The element of a server-rendered page that carries the data it was rendered with (JSON), for the browser to hydrate. */
export const PAGE_DATA_ID = 'page-data';
