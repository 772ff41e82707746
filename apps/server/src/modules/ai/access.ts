/** The A.I. page's routes: only roles that may open the page reach them. */
export const AI_PAGE = { access: { page: '/ai' } } as const;
/** Where the routes of topics and what hangs off them live. */
export const INTENTS = '/ai_config/intents';
/** The A.I. page's group in the API reference. */
export const AI_TAGS = ['AI configuration'];
