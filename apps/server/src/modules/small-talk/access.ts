/** The Small Talk page's routes: only roles that may open the page reach them. */
export const SMALL_TALK_PAGE = { access: { page: '/talk' } } as const;
/** The Small Talk page's group in the API reference. */
export const SMALL_TALK_TAGS = ['Small talk'];
