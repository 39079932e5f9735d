export { PersonLookupField, type PersonLookupFieldProps } from './person-lookup';
export { PERSON_LOOKUP_DEBOUNCE_MS, type PersonSelection } from './use-person-lookup';
