import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { CONFIG } from '@meridian/server-kit';
import type { CampaignConfig } from '../../../config';
import { registerMultipart } from './multipart';
import { UploadStore } from './upload-store';

/** File uploads: multipart parsing on the app and the per-organisation upload folders. */
@Module({
  providers: [UploadStore],
  exports: [UploadStore],
})
export class UploadsModule implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(CONFIG) private readonly config: CampaignConfig,
  ) {}

  // Runs during app init, before Fastify is ready, which is when plugins may still be added.
  async onModuleInit(): Promise<void> {
    await registerMultipart(this.adapterHost.httpAdapter.getInstance(), this.config.UPLOAD_MAX_BYTES);
  }
}
