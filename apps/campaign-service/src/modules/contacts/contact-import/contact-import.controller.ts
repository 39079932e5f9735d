import { Controller, Req, Res, StreamableFile } from '@nestjs/common';
import {
  contactDuplicateReportContract,
  contactErrorReportContract,
  contactFileCancelContract,
  contactFileMatchContract,
  contactFileStatusContract,
  contactFileUploadContract,
  contactsImportContract,
  contactTemplateDownloadContract,
  csvMessages,
  type ParsedRequestOf,
  type ResponseOf,
} from '@meridian/contracts';
import { Auth, Endpoint, Input, type RequestContext } from '@meridian/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ContactImportService } from './contact-import.service';

const csv = (reply: FastifyReply, name: string) =>
  void reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`);

@Controller()
export class ContactImportController {
  constructor(private readonly imports: ContactImportService) {}

  @Endpoint(contactTemplateDownloadContract)
  template(@Res({ passthrough: true }) reply: FastifyReply): string {
    csv(reply, 'contacts-template.csv');
    return this.imports.template();
  }

  @Endpoint(contactFileUploadContract)
  async upload(
    @Auth() auth: RequestContext,
    @Req() request: FastifyRequest,
  ): Promise<ResponseOf<typeof contactFileUploadContract>> {
    return { filepath: await this.imports.upload(auth, request), message: csvMessages.uploaded };
  }

  @Endpoint(contactFileStatusContract)
  status(@Auth() auth: RequestContext, @Input() input: ParsedRequestOf<typeof contactFileStatusContract>) {
    return this.imports.status(auth, input.filepath);
  }

  @Endpoint(contactFileMatchContract)
  match(@Auth() auth: RequestContext, @Input() input: ParsedRequestOf<typeof contactFileMatchContract>) {
    return this.imports.match(auth, input.filepath);
  }

  @Endpoint(contactErrorReportContract)
  async errorReport(
    @Auth() auth: RequestContext,
    @Input() input: ParsedRequestOf<typeof contactErrorReportContract>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const stream = await this.imports.report(auth, input.filepath, 'errors');
    csv(reply, 'contacts-errors.csv');
    return new StreamableFile(stream);
  }

  @Endpoint(contactDuplicateReportContract)
  async duplicateReport(
    @Auth() auth: RequestContext,
    @Input() input: ParsedRequestOf<typeof contactDuplicateReportContract>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const stream = await this.imports.report(auth, input.filepath, 'duplicates');
    csv(reply, 'contacts-duplicates.csv');
    return new StreamableFile(stream);
  }

  @Endpoint(contactFileCancelContract)
  async cancel(
    @Auth() auth: RequestContext,
    @Input() input: ParsedRequestOf<typeof contactFileCancelContract>,
  ): Promise<ResponseOf<typeof contactFileCancelContract>> {
    await this.imports.cancel(auth, input.filepath);
    return { success: true };
  }

  @Endpoint(contactsImportContract)
  async start(
    @Auth() auth: RequestContext,
    @Input() input: ParsedRequestOf<typeof contactsImportContract>,
  ): Promise<ResponseOf<typeof contactsImportContract>> {
    const { filepath, ...options } = input;
    await this.imports.start(auth, filepath, options);
    return { filepath, status: 'processing' };
  }
}
