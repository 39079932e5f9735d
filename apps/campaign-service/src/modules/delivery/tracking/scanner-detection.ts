import { BlockList, isIP } from 'node:net';

/**
 * Tells opens and clicks by people from those by security scanners and link checkers. Mail
 * gateways fetch every image and follow every link of a message on arrival to vet it; counted
 * as engagement they would make every campaign look read. Rules, first match wins:
 *
 * 1. prefetch       - the request says it is a prefetch (`Purpose`/`Sec-Purpose: prefetch`,
 *                     `X-Moz: prefetch`): nobody looked at anything yet.
 * 2. scanner_user_agent - the user agent names a security gateway or an automated client
 *                     (SCANNER_AGENTS below: Barracuda, Proofpoint, Mimecast, Microsoft Defender
 *                     Safe Links / BingPreview / Office existence discovery, Cisco IronPort,
 *                     Symantec/MessageLabs, Trend Micro, Sophos, Fortinet, Zscaler, Check Point,
 *                     Avanan, and generic bots, crawlers and HTTP libraries).
 * 3. scanner_network - the client address is in a configured range (TRACKING_SCANNER_CIDRS):
 *                     gateways that send an ordinary browser user agent are known by network.
 * 4. instant_click  - (clicks) within INSTANT_CLICK_SECONDS of the message being sent or
 *                     delivered: no person opens, reads and clicks that fast.
 * 5. all_links      - (clicks) the click completes a set in which every distinct link of a
 *                     message with two or more links was clicked within ALL_LINKS_SECONDS.
 *
 * Image proxies that fetch the pixel when the person opens the mail (Gmail's GoogleImageProxy,
 * Yahoo's and Apple's mail proxies) are counted as human opens: the fetch follows a real open,
 * and calling them scanners would hide most of a list's readers. An empty user agent is
 * treated like any other unknown one (human): some privacy tools strip it.
 */
export const INSTANT_CLICK_SECONDS = 5;
export const ALL_LINKS_SECONDS = 2;

export type NonHumanReason =
  'prefetch' | 'scanner_user_agent' | 'scanner_network' | 'instant_click' | 'all_links';

export interface Judgement {
  human: boolean;
  reason: NonHumanReason | null;
}

/** Who asked: the parts of the request the rules read. */
export interface Requester {
  userAgent: string | null;
  ip: string | null;
  prefetch: boolean;
}

/** The message as the rules need it for a click. */
export interface ClickedMessage {
  sentAt: Date | null;
  deliveredAt: Date | null;
  /** The message's links (original URLs, body order; repeats allowed). */
  links: readonly string[];
  /** Clicks of this message already recorded or judged, any order. */
  recentClicks: readonly { url: string; at: Date }[];
}

export const SCANNER_AGENTS: readonly RegExp[] = [
  /barracuda/i,
  /proofpoint|urldefense/i,
  /mimecast/i,
  /safe ?links|bingpreview|microsoft office existence discovery|ms-office-existence|microsoft-defender/i,
  /ironport|cisco[- ]?secure[- ]?email/i,
  /messagelabs|symantec|broadcom/i,
  /trend ?micro|\btmase\b/i,
  /sophos/i,
  /fortinet|fortimail|fortiguard/i,
  /zscaler/i,
  /check ?point|harmony email/i,
  /avanan/i,
  /\b(bot|crawler|spider|scanner)\b|bot\//i,
  /^(curl|wget|python-requests|python-urllib|go-http-client|java|okhttp|libwww-perl|axios|node-fetch|undici|apache-httpclient)\b/i,
  /headlesschrome|phantomjs/i,
];

/** The pattern a user agent matches, if it names a scanner. */
export function scannerAgent(userAgent: string | null): RegExp | null {
  if (!userAgent) return null;
  return SCANNER_AGENTS.find((pattern) => pattern.test(userAgent)) ?? null;
}

/** The configured scanner ranges (`10.0.0.0/8, 2001:db8::/32, 198.51.100.7`); throws on a bad entry. */
export function scannerNetworks(list: string): BlockList {
  const networks = new BlockList();
  for (const entry of list
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address);
    if (!family) throw new Error(`not an IP address or CIDR range: ${entry}`);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) {
      networks.addAddress(address, type);
      continue;
    }
    const prefix = Number(bits);
    if (!/^\d+$/.test(bits) || prefix > (family === 6 ? 128 : 32)) {
      throw new Error(`not an IP address or CIDR range: ${entry}`);
    }
    networks.addSubnet(address, prefix, type);
  }
  return networks;
}

function inNetworks(networks: BlockList | null, ip: string | null): boolean {
  if (!networks || !ip) return false;
  // An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d.
  const plain = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(plain);
  return family !== 0 && networks.check(plain, family === 6 ? 'ipv6' : 'ipv4');
}

const HUMAN: Judgement = { human: true, reason: null };
const notHuman = (reason: NonHumanReason): Judgement => ({ human: false, reason });

/** Rules 1-3, which need only the request. */
export function judgeRequester(requester: Requester, networks: BlockList | null): Judgement {
  if (requester.prefetch) return notHuman('prefetch');
  if (scannerAgent(requester.userAgent)) return notHuman('scanner_user_agent');
  if (inNetworks(networks, requester.ip)) return notHuman('scanner_network');
  return HUMAN;
}

export function judgeOpen(requester: Requester, networks: BlockList | null): Judgement {
  return judgeRequester(requester, networks);
}

export function judgeClick(
  requester: Requester & { at: Date; url: string },
  message: ClickedMessage,
  networks: BlockList | null,
): Judgement {
  const byRequest = judgeRequester(requester, networks);
  if (!byRequest.human) return byRequest;
  const at = requester.at.getTime();
  const instant = [message.sentAt, message.deliveredAt].some(
    (when) => when && at >= when.getTime() && at - when.getTime() < INSTANT_CLICK_SECONDS * 1000,
  );
  if (instant) return notHuman('instant_click');
  const distinct = new Set(message.links);
  if (distinct.size >= 2) {
    const clicked = new Set([requester.url]);
    for (const click of message.recentClicks) {
      if (Math.abs(at - click.at.getTime()) <= ALL_LINKS_SECONDS * 1000) clicked.add(click.url);
    }
    if ([...distinct].every((url) => clicked.has(url))) return notHuman('all_links');
  }
  return HUMAN;
}
