import { Controller } from '@nestjs/common';
import {
  type ParsedRequestOf,
  type ResponseOf,
  webhookCreateContract,
  webhookDeleteContract,
  webhookGetContract,
  webhookListAllContract,
  webhookListContract,
  webhookNameUpdateContract,
  webhookPreviewContract,
  webhookUpdateContract,
} from '@meridian/contracts';
import { Auth, Endpoint, Input, type RequestContext } from '@meridian/server-kit';
import { WebhookPreviewService } from './webhook-preview.service';
import { WebhooksService } from './webhooks.service';

type In<E extends Parameters<typeof Endpoint>[0]> = ParsedRequestOf<E>;

@Controller()
export class WebhooksController {
  constructor(
    private readonly webhooks: WebhooksService,
    private readonly previews: WebhookPreviewService,
  ) {}

  @Endpoint(webhookListContract)
  list(@Auth() auth: RequestContext, @Input() input: In<typeof webhookListContract>) {
    return this.webhooks.page(auth, input);
  }

  @Endpoint(webhookListAllContract)
  async all(@Auth() auth: RequestContext) {
    return { records: await this.webhooks.all(auth) };
  }

  @Endpoint(webhookCreateContract)
  async create(@Auth() auth: RequestContext, @Input() input: In<typeof webhookCreateContract>) {
    return { webhook: await this.webhooks.create(auth, input.name) };
  }

  @Endpoint(webhookGetContract)
  async get(@Auth() auth: RequestContext, @Input() input: In<typeof webhookGetContract>) {
    return { webhook: await this.webhooks.get(auth, input.webhook_id) };
  }

  @Endpoint(webhookUpdateContract)
  async update(@Auth() auth: RequestContext, @Input() input: In<typeof webhookUpdateContract>) {
    return { webhook: await this.webhooks.update(auth, input) };
  }

  @Endpoint(webhookNameUpdateContract)
  async rename(@Auth() auth: RequestContext, @Input() input: In<typeof webhookNameUpdateContract>) {
    return { webhook: await this.webhooks.rename(auth, input.webhook_id, input.name) };
  }

  @Endpoint(webhookDeleteContract)
  async remove(
    @Auth() auth: RequestContext,
    @Input() input: In<typeof webhookDeleteContract>,
  ): Promise<ResponseOf<typeof webhookDeleteContract>> {
    await this.webhooks.remove(auth, input.webhook_id);
    return { success: true };
  }

  @Endpoint(webhookPreviewContract)
  preview(@Auth() auth: RequestContext, @Input() input: In<typeof webhookPreviewContract>) {
    return this.previews.preview(auth, input);
  }
}
