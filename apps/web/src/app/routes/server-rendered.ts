/**
 * Pages the server renders to HTML (entry-server.tsx): public pages whose first screen needs nothing the server
 * cannot know (no session), or that show such parts only after hydration (the checkout's cart and form:
 * `ClientOnly`). Marked on the page's route: `handle: SERVER_RENDERED`; the API server keeps the same list.
 */
export const SERVER_RENDERED = { serverRendered: true } as const;

export const isServerRendered = (handle: unknown) => (handle as typeof SERVER_RENDERED | undefined)?.serverRendered === true;
