/** `text` with the LIKE wildcards (`%`, `_`) and the escape (`\`) an operator typed taken literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%` for ILIKE: a search for the text anywhere. */
export const likePattern = (text: string) => `%${escapeLike(text)}%`;

/** `text%` for LIKE: a search for values that start with the text. */
export const prefixPattern = (text: string) => `${escapeLike(text)}%`;
