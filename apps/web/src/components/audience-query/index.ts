export { AudienceQueryBuilder, type AudienceQueryBuilderProps } from './query-builder';
export { AudienceQueryModal, type AudienceQueryModalProps } from './query-modal';
export { AudiencePreviewModal, type AudiencePreviewModalProps } from './preview-modal';
export { AudiencePreviewTable } from './preview-table';
export { callErrorText, queryFieldErrors } from './call-error';
export { audienceKeys } from './api';
export { emptyQuery, forSend, isQueryValid, queryErrors, toQuery } from './query-state';
