import { AuthError } from '../../common/auth-error';

export type OrganisationsErrorCode = 'DomainAlreadyRegisteredException';

export class OrganisationsError extends AuthError<OrganisationsErrorCode> {}
