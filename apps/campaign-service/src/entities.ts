import { StaticListEntity } from './modules/contacts/static-lists/static-list.entity';
import { ContactImportEntity } from './modules/contacts/contact-import/contact-import.entity';
import { PersonEntity } from './modules/contacts/persons/person.entity';
import { PersonFieldEntity } from './modules/contacts/persons/person-field.entity';
import { ProductPersonEntity } from './modules/contacts/persons/product-person.entity';
import {
  EmailSettingEntity,
  SenderDomainEntity,
  UnsubscribeUrlEntity,
} from './modules/settings/email-settings/email-settings.entity';
import { WebhookEntity } from './modules/assets/webhooks/webhook.entity';
import { OrganisationSettingsEntity } from './modules/settings/organisation-settings/settings.entity';
import { TemplateEntity } from './modules/assets/templates/template.entity';
import { EmailTokenEntity } from './modules/assets/tokens/email-token.entity';
import { PersonalisationKeyEntity } from './modules/assets/personalisation/personalisation-key.entity';

import { InboundSyncBatchEntity } from './modules/contacts/inbound/inbound-sync-batch.entity';
import { CampaignEntity } from './modules/campaigns/campaigns/campaign.entity';

/** Every entity of the campaign schema, for the data source. */
export const campaignEntities = [
  InboundSyncBatchEntity,
  PersonEntity,
  PersonFieldEntity,
  ProductPersonEntity,
  OrganisationSettingsEntity,
  ContactImportEntity,
  StaticListEntity,
  EmailTokenEntity,
  PersonalisationKeyEntity,
  WebhookEntity,
  SenderDomainEntity,
  EmailSettingEntity,
  UnsubscribeUrlEntity,
  TemplateEntity,
  CampaignEntity,
];
