import { Controller, Req, Res } from '@nestjs/common';
import {
  csvMessages,
  type ParsedRequestOf,
  type ResponseOf,
  staticListContactsListContract,
  staticListContactsRemoveAllContract,
  staticListContactsRemoveContract,
  staticListCreateContract,
  staticListDeleteContract,
  staticListFileInsertContract,
  staticListFileStatusContract,
  staticListFileUploadContract,
  staticListGetContract,
  staticListMatchContract,
  staticListRenameContract,
  staticListsAllContract,
  staticListsListContract,
  staticListTemplateDownloadContract,
} from '@meridian/contracts';
import { Auth, Endpoint, Input, type RequestContext } from '@meridian/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { StaticListMembersService } from './static-list-members.service';
import { StaticListsService } from './static-lists.service';

type In<E extends Parameters<typeof Endpoint>[0]> = ParsedRequestOf<E>;

@Controller()
export class StaticListsController {
  constructor(
    private readonly lists: StaticListsService,
    private readonly members: StaticListMembersService,
  ) {}

  @Endpoint(staticListsListContract)
  list(@Auth() auth: RequestContext, @Input() input: In<typeof staticListsListContract>) {
    return this.lists.page(auth, input);
  }

  @Endpoint(staticListsAllContract)
  async all(@Auth() auth: RequestContext) {
    return { records: await this.lists.all(auth) };
  }

  @Endpoint(staticListCreateContract)
  async create(@Auth() auth: RequestContext, @Input() input: In<typeof staticListCreateContract>) {
    return { static_list: await this.lists.create(auth, input.name) };
  }

  @Endpoint(staticListRenameContract)
  async rename(@Auth() auth: RequestContext, @Input() input: In<typeof staticListRenameContract>) {
    return { static_list: await this.lists.rename(auth, input.static_list_id, input.name) };
  }

  @Endpoint(staticListDeleteContract)
  async remove(
    @Auth() auth: RequestContext,
    @Input() input: In<typeof staticListDeleteContract>,
  ): Promise<ResponseOf<typeof staticListDeleteContract>> {
    await this.lists.remove(auth, input.static_list_id);
    return { success: true };
  }

  @Endpoint(staticListGetContract)
  async get(@Auth() auth: RequestContext, @Input() input: In<typeof staticListGetContract>) {
    return { static_list: await this.lists.get(auth, input.static_list_id) };
  }

  @Endpoint(staticListContactsListContract)
  contacts(@Auth() auth: RequestContext, @Input() input: In<typeof staticListContactsListContract>) {
    return this.members.page(auth, input);
  }

  @Endpoint(staticListContactsRemoveContract)
  async removeContacts(
    @Auth() auth: RequestContext,
    @Input() input: In<typeof staticListContactsRemoveContract>,
  ) {
    return { deleted_rowcount: await this.members.remove(auth, input.static_list_id, input.emails) };
  }

  @Endpoint(staticListContactsRemoveAllContract)
  async removeAll(
    @Auth() auth: RequestContext,
    @Input() input: In<typeof staticListContactsRemoveAllContract>,
  ) {
    return { deleted_rowcount: await this.members.removeAll(auth, input.static_list_id) };
  }

  @Endpoint(staticListFileUploadContract)
  async upload(
    @Auth() auth: RequestContext,
    @Req() request: FastifyRequest,
  ): Promise<ResponseOf<typeof staticListFileUploadContract>> {
    return { filepath: await this.members.upload(auth, request), message: csvMessages.uploaded };
  }

  @Endpoint(staticListFileStatusContract)
  status(@Auth() auth: RequestContext, @Input() input: In<typeof staticListFileStatusContract>) {
    return this.members.status(auth, input.static_list_id, input.filepath);
  }

  @Endpoint(staticListMatchContract)
  match(@Auth() auth: RequestContext, @Input() input: In<typeof staticListMatchContract>) {
    return this.members.match(auth, input.static_list_id, input.filepath);
  }

  @Endpoint(staticListFileInsertContract)
  async insert(@Auth() auth: RequestContext, @Input() input: In<typeof staticListFileInsertContract>) {
    return { copied_rowcount: await this.members.insert(auth, input.static_list_id, input.filename) };
  }

  @Endpoint(staticListTemplateDownloadContract)
  template(@Res({ passthrough: true }) reply: FastifyReply): string {
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="static-list-template.csv"');
    return 'email\r\n';
  }
}
