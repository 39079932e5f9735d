import { Controller, Res } from '@nestjs/common';
import {
  type ParsedRequestOf,
  type ResponseOf,
  templateCloneContract,
  templateCreateContract,
  templateDeleteContract,
  templateGetContract,
  templateJsonContract,
  templateNameUpdateContract,
  templatesListContract,
  templateUpdateContract,
  templateVisualListContract,
  templateVisualPreviewContract,
} from '@meridian/contracts';
import { Auth, Endpoint, Input, type RequestContext } from '@meridian/server-kit';
import type { FastifyReply } from 'fastify';
import { TemplateGallery } from './template-gallery';
import { TemplatesService } from './templates.service';

type In<E extends Parameters<typeof Endpoint>[0]> = ParsedRequestOf<E>;

@Controller()
export class TemplatesController {
  constructor(
    private readonly templates: TemplatesService,
    private readonly gallery: TemplateGallery,
  ) {}

  @Endpoint(templatesListContract)
  list(@Auth() auth: RequestContext, @Input() input: In<typeof templatesListContract>) {
    return this.templates.page(auth, input);
  }

  @Endpoint(templateGetContract)
  async get(@Auth() auth: RequestContext, @Input() input: In<typeof templateGetContract>) {
    return { template: await this.templates.get(auth, input.template_id) };
  }

  @Endpoint(templateCreateContract)
  async create(@Auth() auth: RequestContext, @Input() input: In<typeof templateCreateContract>) {
    return { template: await this.templates.create(auth, input) };
  }

  @Endpoint(templateUpdateContract)
  async update(@Auth() auth: RequestContext, @Input() input: In<typeof templateUpdateContract>) {
    return { template: await this.templates.update(auth, input) };
  }

  @Endpoint(templateNameUpdateContract)
  async rename(@Auth() auth: RequestContext, @Input() input: In<typeof templateNameUpdateContract>) {
    return { template: await this.templates.rename(auth, input.template_id, input.name) };
  }

  @Endpoint(templateDeleteContract)
  async remove(
    @Auth() auth: RequestContext,
    @Input() input: In<typeof templateDeleteContract>,
  ): Promise<ResponseOf<typeof templateDeleteContract>> {
    await this.templates.remove(auth, input.template_id);
    return { success: true };
  }

  @Endpoint(templateCloneContract)
  async clone(@Auth() auth: RequestContext, @Input() input: In<typeof templateCloneContract>) {
    return { template: await this.templates.clone(auth, input.template_id, input.name) };
  }

  @Endpoint(templateVisualListContract)
  visualList() {
    return { templates: this.gallery.list() };
  }

  @Endpoint(templateJsonContract)
  starter(@Input() input: In<typeof templateJsonContract>) {
    return this.gallery.design(input.name);
  }

  @Endpoint(templateVisualPreviewContract)
  async preview(
    @Input() input: In<typeof templateVisualPreviewContract>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const image = await this.gallery.preview(input.name);
    // The starters change only with a release.
    void reply.header('content-type', 'image/png').header('cache-control', 'public, max-age=3600');
    return image;
  }
}
