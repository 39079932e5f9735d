import { StaticListEntity } from './modules/static-lists/static-list.entity';
import { ContactImportEntity } from './modules/contact-import/contact-import.entity';
import { PersonEntity } from './modules/persons/person.entity';
import { PersonFieldEntity } from './modules/persons/person-field.entity';
import { ProductPersonEntity } from './modules/persons/product-person.entity';
import { EmailSettingEntity, SenderDomainEntity, UnsubscribeUrlEntity } from './modules/email-settings/email-settings.entity';
import { WebhookEntity } from './modules/webhooks/webhook.entity';
import { OrganisationSettingsEntity } from './modules/settings/settings.entity';
import { TemplateEntity } from './modules/templates/template.entity';
import { EmailTokenEntity } from './modules/tokens/email-token.entity';
import { PersonalisationKeyEntity } from './modules/personalisation/personalisation-key.entity';

/** Every entity of the campaign schema, for the data source. */
export const campaignEntities = [
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
];
