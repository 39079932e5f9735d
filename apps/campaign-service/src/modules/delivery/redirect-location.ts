/**
 * The Location a stored web address is redirected to, or null when it is none. Only web links are
 * followed (an address of another scheme is not redirected to). An address may hold characters a
 * header cannot carry (a personalised `https://shop.example/café?name=José`, an IDN host, an opt-out
 * page at `https://acme.example/退订`): the browser's own serialisation of the URL (percent-encoded,
 * punycode) goes out instead, the same address.
 */
export function redirectLocation(url: string): string | null {
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
