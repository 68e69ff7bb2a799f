/** Whether a request's URL is an API call (`/api`, `/api/...`, `/api?...`) rather than a page, an asset or an upload. */
export const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
