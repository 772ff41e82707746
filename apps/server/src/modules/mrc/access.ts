/** Documents live on the A.I. page (/ai/mrc): only roles that may open it reach their routes. */
export const MRC_PAGE = { access: { page: '/ai' } } as const;
/** Document scanning's group in the API reference. */
export const MRC_TAGS = ['Document scanning'];
