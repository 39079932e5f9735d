import { isEmailAtDomain, isSupportWidgetUrl } from '@meridian/contracts';

/** Marks the widget's script, so the page adds it once whatever renders again. */
const MARK = 'data-support-widget';

/**
 * Whether someone is internal staff (product decisions, "Staff"): an email at the internal
 * organisation's domain or a subdomain of it, or the organisation with that domain.
 */
export function isInternalUser(
  internalDomain: string,
  emails: ReadonlyArray<string | null | undefined>,
  organisationDomain?: string,
): boolean {
  const domain = internalDomain.trim().toLowerCase();
  if (!domain) return false;
  if (organisationDomain?.trim().toLowerCase() === domain) return true;
  return emails.some((email) => !!email && isEmailAtDomain(email, domain));
}

/** Whether the widget's script is on the page. */
export function hasSupportWidget(doc: Document = document): boolean {
  return doc.querySelector(`script[${MARK}]`) !== null;
}

/**
 * Adds the widget's script to the page, once: false when it was there already or the address
 * is not an https script URL (the auth service checks it too; the page never loads another kind).
 */
export function addSupportWidget(src: string, doc: Document = document): boolean {
  if (!isSupportWidgetUrl(src) || hasSupportWidget(doc)) return false;
  const script = doc.createElement('script');
  script.src = src;
  script.async = true;
  script.setAttribute(MARK, '');
  doc.head.appendChild(script);
  return true;
}
