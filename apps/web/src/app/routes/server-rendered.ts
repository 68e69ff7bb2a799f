/**
 * Pages the server renders to HTML (entry-server.tsx): public pages whose first screen needs nothing the server
 * cannot know (no cart, no session, no form state). Marked on the page's route: `handle: SERVER_RENDERED`.
 */
export const SERVER_RENDERED = { serverRendered: true } as const;

export const isServerRendered = (handle: unknown) => (handle as typeof SERVER_RENDERED | undefined)?.serverRendered === true;
