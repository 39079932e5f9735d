/** The OpenAPI document as a page for people: one section per call, schemas folded away. */
const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface Operation {
  operationId?: string;
  security?: unknown[];
  description?: string;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}

const schemaBlock = (label: string, schema: unknown) =>
  `<details><summary>${escape(label)}</summary><pre>${escape(JSON.stringify(schema, null, 2))}</pre></details>`;

export function openApiPage(document: Record<string, unknown>, jsonPath: string): string {
  const info = document.info as { title: string; description?: string };
  const paths = document.paths as Record<string, Record<string, Operation>>;
  const sections = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const auth = op.security && op.security.length > 0 ? 'Bearer token' : 'No token';
      const request = op.requestBody?.content['application/json']?.schema;
      const ok = op.responses['200']?.content?.['application/json']?.schema;
      const errors = Object.entries(op.responses)
        .filter(([status]) => status !== '200')
        .map(([status, r]) => `<li><code>${status}</code> ${escape(r.description)}</li>`)
        .join('');
      return [
        `<section id="${escape(op.operationId ?? path)}">`,
        `<h2><code>${method.toUpperCase()} ${escape(path)}</code></h2>`,
        `<p>${auth}.${op.description ? ` ${escape(op.description)}` : ''}</p>`,
        request ? schemaBlock('Request body', request) : '',
        ok ? schemaBlock('Response (200)', ok) : '',
        `<p>Errors, all in the one error body:</p><ul>${errors}</ul>`,
        '</section>',
      ].join('\n');
    }),
  );
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(info.title)}</title></head>
<body>
<header><h1>${escape(info.title)}</h1><p>${escape(info.description ?? '')}</p>
<p>Machine-readable: <a href="${escape(jsonPath)}">${escape(jsonPath)}</a> (OpenAPI 3.1).</p></header>
<main>
${sections.join('\n')}
</main>
</body>
</html>
`;
}
