import { AccountEntity, AccountRoleEntity } from './modules/accounts/account.entity';
import { AccountTokenEntity } from './modules/accounts/account-token.entity';
import { ApiKeyEntity } from './modules/api-keys/api-key.entity';
import { OrganisationEntity } from './modules/organisations/organisation.entity';
import { SamlConfigEntity } from './modules/saml/saml-config.entity';
import {
  SamlConsumedAssertionEntity,
  SamlLoginCodeEntity,
  SamlRequestEntity,
} from './modules/saml/saml-login.entity';
import { LoginAttemptEntity } from './modules/sessions/login-attempt.entity';
import { SessionEntity } from './modules/sessions/session.entity';

/** Every entity of the auth schema, for the data source. */
export const authEntities = [
  OrganisationEntity,
  AccountEntity,
  AccountRoleEntity,
  AccountTokenEntity,
  SessionEntity,
  LoginAttemptEntity,
  ApiKeyEntity,
  SamlConfigEntity,
  SamlRequestEntity,
  SamlConsumedAssertionEntity,
  SamlLoginCodeEntity,
];
