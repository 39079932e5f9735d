/**
 * Splits items into runs whose serialised JSON stays within `limitBytes` (one byte per item for
 * the separating comma), in order. An item larger than the limit alone travels alone.
 * Publishers use it to keep one event under the transport's message size.
 */
export function chunkBySerialisedSize<T>(items: readonly T[], limitBytes: number): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const item of items) {
    const bytes = Buffer.byteLength(JSON.stringify(item)) + 1;
    if (current.length > 0 && size + bytes > limitBytes) {
      chunks.push(current);
      current = [];
      size = 0;
    }
    current.push(item);
    size += bytes;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
