/**
 * Reads the root element of canonical XML (exclusive C14N, as a verified
 * signature hands it over): its local name and attributes. Canonical form has
 * no prolog or comments, double-quoted attributes, and `"`, `&` and `<` escaped
 * inside values, which is what makes this small reader exact.
 */
export function readCanonicalRoot(
  xml: string,
): { localName: string; attributes: Record<string, string> } | null {
  const open = /^<(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)/.exec(xml);
  if (!open) return null;
  const attributes: Record<string, string> = {};
  let rest = xml.slice(open[0].length);
  for (;;) {
    const end = /^\s*(\/?>)/.exec(rest);
    if (end) return { localName: open[1]!, attributes };
    const attribute = /^\s+([A-Za-z_][\w.:-]*)="([^"]*)"/.exec(rest);
    if (!attribute) return null;
    attributes[attribute[1]!] = attribute[2]!
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&#x[9AD];/g, ' ')
      .replace(/&amp;/g, '&');
    rest = rest.slice(attribute[0].length);
  }
}
