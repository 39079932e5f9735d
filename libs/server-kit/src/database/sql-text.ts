/** Escapes LIKE wildcards so a keyword matches literally, anywhere in the text (use with ILIKE). */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
