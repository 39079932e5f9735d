import { Controller } from '@nestjs/common';
import { type ParsedRequestOf, type ResponseOf, templateSendEmailContract } from '@meridian/contracts';
import { Auth, Endpoint, Input, type RequestContext } from '@meridian/server-kit';
import { TemplateTestSendService } from './template-test-send.service';

@Controller()
export class TemplateTestSendController {
  constructor(private readonly testSend: TemplateTestSendService) {}

  @Endpoint(templateSendEmailContract)
  async sendEmail(
    @Auth() auth: RequestContext,
    @Input() input: ParsedRequestOf<typeof templateSendEmailContract>,
  ): Promise<ResponseOf<typeof templateSendEmailContract>> {
    return { success: true, recipients: await this.testSend.send(auth, input) };
  }
}
