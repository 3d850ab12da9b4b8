/** A LIKE/ILIKE pattern matching `text` anywhere: `%`, `_` and `\` in it match themselves. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
