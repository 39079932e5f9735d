import { X509Certificate } from 'node:crypto';

/**
 * An identity provider certificate as a PEM, from what an admin pastes: a PEM,
 * or the bare base64 body IdPs often show. Null when it is not an X.509 certificate.
 */
export function normaliseCertificate(input: string): string | null {
  const body = input
    .replace(/-----BEGIN CERTIFICATE-----/g, '')
    .replace(/-----END CERTIFICATE-----/g, '')
    .replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body)) return null;
  const pem = `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
  try {
    new X509Certificate(pem);
    return pem;
  } catch {
    return null;
  }
}
