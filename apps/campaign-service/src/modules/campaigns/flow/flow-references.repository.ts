import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type Flow, flowMessages } from '@meridian/contracts';
import { DataSource, In } from 'typeorm';
import { TemplateEntity } from '../../assets/templates/template.entity';
import { WebhookEntity } from '../../assets/webhooks/webhook.entity';
import { StaticListEntity } from '../../contacts/static-lists/static-list.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Kind = 'template' | 'webhook' | 'static_list';
const fieldOf: Record<Kind, { field: string; message: string }> = {
  template: { field: 'template_id', message: flowMessages.templateRequired },
  webhook: { field: 'webhook_id', message: flowMessages.webhookRequired },
  static_list: { field: 'static_list_id', message: flowMessages.staticListRequired },
};

function referenceOf(type: string): Kind | null {
  if (type === 'send_email' || type === 'send_internal_email') return 'template';
  if (type === 'webhook') return 'webhook';
  if (type === 'add_to_static_list' || type === 'remove_from_static_list') return 'static_list';
  return null;
}

/**
 * Publish-time check that the templates, webhooks and static lists a flow names are the
 * organisation's and still exist (a draft may name one removed since, or a forged id), and that
 * a template has content. Answers
 * per step the field and the step's own 'required' message, as the publish errors show them.
 */
@Injectable()
export class FlowReferencesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async missing(organisationId: string, flow: Flow): Promise<Record<string, Record<string, string>>> {
    const wanted: { actionId: string; kind: Kind; id: string }[] = [];
    for (const node of flow.nodes) {
      const kind = node.is_deleted ? null : referenceOf(node.action_type);
      const id = kind ? node.action_options[fieldOf[kind].field] : undefined;
      if (kind && typeof id === 'string' && id.trim() !== '')
        wanted.push({ actionId: node.action_id, kind, id });
    }
    const found = await this.existing(organisationId, wanted);
    const errors: Record<string, Record<string, string>> = {};
    for (const { actionId, kind, id } of wanted)
      if (!found[kind].has(id)) errors[actionId] = { [fieldOf[kind].field]: fieldOf[kind].message };
    return errors;
  }

  private async existing(organisationId: string, wanted: { kind: Kind; id: string }[]) {
    const ids = (kind: Kind, uuidOnly: boolean) => [
      ...new Set(wanted.filter((w) => w.kind === kind && (!uuidOnly || UUID.test(w.id))).map((w) => w.id)),
    ];
    const templates = ids('template', true);
    const webhooks = ids('webhook', false);
    const lists = ids('static_list', true);
    const [t, w, l] = await Promise.all([
      // Spec 5: only templates with content are offered; one emptied since is as good as none.
      templates.length
        ? this.db
            .getRepository(TemplateEntity)
            .createQueryBuilder('t')
            .select('t.id', 'id')
            .where('t.organisation_id = :organisationId AND t.id IN (:...templates)', {
              organisationId,
              templates,
            })
            .andWhere("coalesce(btrim(t.content), '') <> ''")
            .getRawMany<{ id: string }>()
        : [],
      webhooks.length
        ? this.db.getRepository(WebhookEntity).find({
            select: { webhook_id: true },
            where: { organisation_id: organisationId, webhook_id: In(webhooks) },
          })
        : [],
      lists.length
        ? this.db.getRepository(StaticListEntity).find({
            select: { id: true },
            where: { organisation_id: organisationId, id: In(lists) },
          })
        : [],
    ]);
    return {
      template: new Set(t.map((row) => row.id)),
      webhook: new Set(w.map((row) => row.webhook_id)),
      static_list: new Set(l.map((row) => row.id)),
    };
  }
}
