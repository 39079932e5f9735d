#!/usr/bin/env node
// Builds the starter templates of the email gallery from the HTML in `sources/`: loads each into
// GrapesJS with the newsletter preset (as the visual editor does) in Chromium, and writes beside
// the templates module the editor's project data (`<name>.json`), the email HTML with its CSS
// inlined (`<name>.html`, what the editor saves as `content`) and a preview image (`<name>.png`).
// Usage: node tools/gallery/build-gallery.mjs
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const sources = join(root, 'tools/gallery/sources');
const out = join(root, 'apps/campaign-service/src/modules/assets/templates/gallery');
const modules = join(root, 'node_modules');

/**
 * A whole email document around the editor's inlined export, which is a `<body>` element: its
 * attributes move to the document's body (the document the web app saves, see
 * features/templates/utils/email-html.ts).
 */
const emailDocument = (exported, title) => {
  // The export may end with the CSS rules it kept as a <style> element: they go to the head.
  const match = /^\s*<body([^>]*)>([\s\S]*)<\/body>\s*((?:<style>[\s\S]*?<\/style>\s*)*)$/.exec(exported);
  const bodyAttributes = match ? match[1] : ' style="margin:0;padding:0;"';
  const body = match ? match[2] : exported;
  const styles = match ? match[3].trim() : '';
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title>`,
    ...(styles ? [styles] : []),
    '</head>',
    `<body${bodyAttributes}>${body}</body>`,
    '</html>',
  ].join('\n');
};

/** The preview shows what a reader sees: a person field with a default shows its default. */
const sampleView = (html) => html.replace(/\{\{\s*person\.\w+\s*\|\s*default:\s*"([^"]*)"\s*\}\}/g, '$1');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const editorPage = await browser.newPage();
  await editorPage.setContent(
    '<!DOCTYPE html><html><body><div id="gjs" style="height:900px"></div></body></html>',
  );
  await editorPage.addStyleTag({ path: join(modules, 'grapesjs/dist/css/grapes.min.css') });
  await editorPage.addScriptTag({ path: join(modules, 'grapesjs/dist/grapes.min.js') });
  await editorPage.addScriptTag({ path: join(modules, 'grapesjs-preset-newsletter/dist/index.js') });

  const previewPage = await browser.newPage({
    viewport: { width: 640, height: 400 },
    deviceScaleFactor: 0.75,
  });

  for (const file of readdirSync(sources)
    .filter((name) => name.endsWith('.html'))
    .sort()) {
    const name = basename(file, '.html');
    const source = readFileSync(join(sources, file), 'utf8');
    const style = /<style>([\s\S]*?)<\/style>/.exec(source)?.[1] ?? '';
    const body = source.replace(/<style>[\s\S]*?<\/style>/, '').trim();

    const { project, html } = await editorPage.evaluate(
      ({ body, style }) => {
        globalThis.document.getElementById('gjs').innerHTML = '';
        const editor = globalThis.grapesjs.init({
          container: '#gjs',
          height: '900px',
          fromElement: false,
          storageManager: false,
          // A build tool sends nothing out either: no vendor telemetry, no icon CDN.
          telemetry: false,
          cssIcons: '',
          components: body,
          style,
          plugins: [globalThis['grapesjs-preset-newsletter']],
          pluginsOpts: { 'grapesjs-preset-newsletter': { inlineCss: true } },
        });
        const result = { project: editor.getProjectData(), html: editor.runCommand('gjs-get-inlined-html') };
        editor.destroy();
        return result;
      },
      { body, style },
    );
    const title = name.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());
    const content = emailDocument(html, title);
    writeFileSync(join(out, `${name}.json`), `${JSON.stringify(project)}\n`);
    writeFileSync(join(out, `${name}.html`), `${content}\n`);

    await previewPage.setContent(sampleView(content), { waitUntil: 'load' });
    await previewPage.screenshot({ path: join(out, `${name}.png`), fullPage: true });
    console.log(`gallery: ${name}`);
  }
} finally {
  await browser.close();
}
