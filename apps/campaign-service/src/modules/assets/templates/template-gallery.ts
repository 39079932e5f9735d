import { Injectable } from '@nestjs/common';
import { type TemplateGalleryItem, templateVisualPreviewContract } from '@meridian/contracts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { StarterTemplateNotFoundError } from './templates.errors';

/**
 * The starter designs shipped with the product, in `gallery/`: for each, the visual editor's
 * project data (`<file>.json`, GrapesJS with the newsletter preset), the email HTML with its CSS
 * inlined (`<file>.html`) and a preview image (`<file>.png`). `tools/gallery/` regenerates the
 * JSON, inlined HTML and preview from the source HTML in `gallery/src/`.
 */
export const STARTERS = [
  { name: 'Monthly newsletter', file: 'monthly-newsletter' },
  { name: 'Product launch', file: 'product-launch' },
  { name: 'Welcome', file: 'welcome' },
  { name: 'Event invitation', file: 'event-invitation' },
  { name: 'Sale announcement', file: 'sale-announcement' },
] as const;

const GALLERY_DIR = join(__dirname, 'gallery');

function starter(name: string) {
  const found = STARTERS.find((entry) => entry.name.toLowerCase() === name.trim().toLowerCase());
  if (!found) throw new StarterTemplateNotFoundError();
  return found;
}

@Injectable()
export class TemplateGallery {
  list(): TemplateGalleryItem[] {
    return STARTERS.map((entry) => ({
      template_name: entry.name,
      template_preview: `${templateVisualPreviewContract.fullPath}?name=${encodeURIComponent(entry.name)}`,
    }));
  }

  async design(name: string): Promise<{ content: string; content_json: Record<string, unknown> }> {
    const { file } = starter(name);
    const [content, json] = await Promise.all([
      readFile(join(GALLERY_DIR, `${file}.html`), 'utf8'),
      readFile(join(GALLERY_DIR, `${file}.json`), 'utf8'),
    ]);
    return { content, content_json: JSON.parse(json) as Record<string, unknown> };
  }

  preview(name: string): Promise<Buffer> {
    return readFile(join(GALLERY_DIR, `${starter(name).file}.png`));
  }
}
