import type { FastifyReply } from 'fastify';
import { redirectLocation } from '../redirect-location';

/**
 * The page an unsubscribe link opens. A GET never unsubscribes: mail scanners and link
 * previewers fetch every link of a message, and would unsubscribe everyone. The person confirms
 * with the form, which POSTs back to the same address (the document's own URL, so it works
 * behind any gateway prefix). Self-contained and without script or style, so it renders under
 * the API's `default-src 'none'` policy.
 */
export const UNSUBSCRIBE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Unsubscribe</title>
</head>
<body>
<main>
<h1>Unsubscribe</h1>
<p>Do you want to stop receiving these emails?</p>
<form method="post">
<input type="hidden" name="confirm" value="unsubscribe">
<button type="submit">Unsubscribe</button>
</form>
</main>
</body>
</html>
`;

const NO_STORE = 'no-store, max-age=0';

export function sendUnsubscribePage(reply: FastifyReply): void {
  void reply
    .code(200)
    .header('cache-control', NO_STORE)
    .header('content-type', 'text/html; charset=utf-8')
    .send(UNSUBSCRIBE_PAGE);
}

/** RFC 8058: a mail client's one-click POST carries `List-Unsubscribe=One-Click`. */
export function isOneClick(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as Record<string, unknown>)['List-Unsubscribe'] === 'One-Click'
  );
}

/**
 * After an unsubscribe: a mail client's one-click POST gets a 200 (it follows nothing), a person's
 * form POST is sent on to the opt-out page with a 303 (the browser follows with a GET).
 */
export function sendUnsubscribed(reply: FastifyReply, body: unknown, optOutPage: string): void {
  void reply.header('cache-control', NO_STORE);
  if (isOneClick(body)) {
    void reply.code(200).send({ url: optOutPage });
  } else {
    // The setting keeps the address as typed; the header carries its encoded form.
    const location = redirectLocation(optOutPage) ?? optOutPage;
    void reply.code(303).header('location', location).send({ url: optOutPage });
  }
}
